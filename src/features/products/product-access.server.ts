/**
 * The one way a product's own routes (images, delivery details, variants, the image files) find
 * "the product this person may see, or change": a vendor only their own, staff as their grants
 * say; anything else answers 404, since another vendor's product is not theirs to know of. The
 * list, add and edit go through the area's resource, which scopes the same way.
 */
import { and, eq, getTableColumns } from 'drizzle-orm';
import type { DbOrTx } from '@/lib/db/client.server.ts';
import type { Principal } from '@/lib/auth/principal.server.ts';
import { accessibleWhere, abilityOf } from '@/lib/permissions/scope.server.ts';
import { notFound } from '@/lib/http/errors.ts';
import { products } from './product.tables.ts';

export type ProductRow = typeof products.$inferSelect;

export const PRODUCT_NOT_FOUND = 'Product not found.';

/**
 * The product if `principal` may `action` it ('read': see it; 'update': change it), else 404.
 * `lock` takes the row for the rest of the transaction (a change that counts or versions it).
 */
export async function productFor(
  db: DbOrTx,
  principal: Principal,
  id: number,
  options: { action?: 'list' | 'update'; lock?: boolean } = {},
): Promise<ProductRow> {
  const query = db
    .select()
    .from(products)
    .where(and(eq(products.id, id), accessibleWhere(abilityOf(principal), options.action ?? 'list', 'products', getTableColumns(products))))
    .limit(1);
  const [row] = options.lock ? await query.for('update') : await query;
  if (!row) throw notFound(PRODUCT_NOT_FOUND);
  return row;
}
