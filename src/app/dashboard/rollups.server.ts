/**
 * The dashboard's roll-ups (decision 050): kept by the database's triggers in each write's own
 * transaction (drizzle/…_dashboard_rollups.sql), and rebuilt here from the source tables by the
 * one SQL function the migration defines (`npm run rollups:rebuild`).
 */
import { sql } from 'drizzle-orm';
import type { DbOrTx } from '../../lib/db/client.server.ts';

/** Recomputes every roll-up from orders, sub-orders, lines, timeline, payments, ledger and customers, in one transaction. */
export async function rebuildRollups(db: DbOrTx): Promise<void> {
  await db.transaction(async (tx) => {
    await tx.execute(sql`select rollups_rebuild()`);
  });
}
