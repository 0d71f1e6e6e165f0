/**
 * First version of products: enough to prove vendor scoping end to end. The products issue
 * replaces this with the full area (forms, images, pricing, bulk upload) on the shared area pattern.
 */
import { and, asc, eq, or, sql, type SQL } from 'drizzle-orm';
import { z } from 'zod';
import type { Db } from '@/lib/db/client.server.ts';
import { vendors } from '@/lib/db/schema.ts';
import { products } from './product.tables.ts';
import { vendorScope } from '@/lib/permissions/scope.server.ts';
import type { Principal } from '@/lib/auth/principal.server.ts';
import { containsText } from '@/lib/list/list-sql.server.ts';
import { pageSchema } from '@/lib/http/integers.ts';

export const productListQuery = z.strictObject({
  page: pageSchema(),
  per_page: z.coerce
    .number()
    .int()
    .refine((n) => [10, 25, 50, 100].includes(n), 'per_page must be 10, 25, 50 or 100.')
    .default(25),
  q: z.string().trim().max(200).optional(),
});

const columns = {
  id: products.id,
  name: products.name,
  sku: products.skus,
  price_min_paise: products.priceMinPaise,
  price_max_paise: products.priceMaxPaise,
  status: products.status,
  vendor_id: products.vendorId,
  vendor_name: vendors.storeName,
  updated_at: products.updatedAt,
};

export async function listProducts(db: Db, principal: Principal, query: z.infer<typeof productListQuery>) {
  const where: (SQL | undefined)[] = [vendorScope(principal, 'products', products)];
  if (query.q) {
    where.push(or(containsText(products.name, query.q), containsText(products.skus, query.q)));
  }
  const condition = and(...where);
  const [rows, [count]] = await Promise.all([
    db
      .select(columns)
      .from(products)
      .leftJoin(vendors, eq(vendors.id, products.vendorId))
      .where(condition)
      .orderBy(asc(products.id))
      .limit(query.per_page)
      .offset((query.page - 1) * query.per_page),
    db
      .select({ total: sql<number>`count(*)::int` })
      .from(products)
      .where(condition),
  ]);
  return { data: rows, meta: { page: query.page, per_page: query.per_page, total: Number(count?.total ?? 0) } };
}

export async function getProduct(db: Db, principal: Principal, id: number) {
  const [row] = await db
    .select(columns)
    .from(products)
    .leftJoin(vendors, eq(vendors.id, products.vendorId))
    .where(and(eq(products.id, id), vendorScope(principal, 'products', products)))
    .limit(1);
  return row;
}

export async function searchProducts(db: Db, principal: Principal, q: string, limit: number) {
  const result = await listProducts(db, principal, { page: 1, per_page: 10, q });
  return result.data
    .slice(0, limit)
    .map((p) => ({ title: p.name, subtitle: `SKU ${p.sku}${p.vendor_name ? ` · ${p.vendor_name}` : ''}`, href: `/products/${p.id}/details` }));
}
