/**
 * The products row's summary of its variants and stock (price range, variant count, SKUs,
 * available stock), written in the same transaction as the variants or stock it summarises, so the
 * list can filter and sort on it at a million products without joining (docs/products.md).
 */
import { sql } from 'drizzle-orm';
import type { DbOrTx } from '../../lib/db/client.server.ts';

/** Recomputes every summary column of one product from its variants and stock levels. */
export async function refreshProductSummary(tx: DbOrTx, productId: number): Promise<void> {
  await tx.execute(sql`
    update products p set
      price_min_paise = v.price_min,
      price_max_paise = v.price_max,
      variant_count = v.variants,
      skus = v.skus,
      stock_available = coalesce((
        select sum(l.on_hand - l.reserved)::int from stock_levels l
        join product_variants pv on pv.id = l.variant_id
        where pv.product_id = ${productId}
      ), 0)
    from (
      select min(price_paise) filter (where status = 'active') as price_min,
             max(price_paise) filter (where status = 'active') as price_max,
             count(*)::int as variants,
             coalesce(string_agg(sku, ' ' order by position, id), '') as skus
      from product_variants where product_id = ${productId}
    ) v
    where p.id = ${productId}`);
}
