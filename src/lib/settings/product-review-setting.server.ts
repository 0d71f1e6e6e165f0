/**
 * Global Settings' "Review product changes" (src/features/global-settings), read where products
 * change: off unless an admin turned it on. Read in the caller's transaction, uncached: it is one
 * primary-key row, read only when a vendor edits an active product's content, and a change must
 * apply to the very next edit on every server.
 */
import { eq } from 'drizzle-orm';
import type { DbOrTx } from '@/lib/db/client.server.ts';
import { settings } from '@/lib/db/schema.ts';

export async function reviewProductChanges(db: DbOrTx): Promise<boolean> {
  const [row] = await db.select({ value: settings.value }).from(settings).where(eq(settings.key, 'global')).limit(1);
  const values = (row?.value as { values?: { review_product_changes?: unknown } } | undefined)?.values;
  return values?.review_product_changes === true;
}
