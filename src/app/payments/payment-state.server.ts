/**
 * Whether a prepaid order has been paid (decision 042): a gateway payment of the order captured.
 * Until then its sub-orders wait for payment: they can't be confirmed (order-transitions.server.ts),
 * though they can be cancelled (the stock goes back).
 */
import { and, eq, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../lib/db/client.server.ts';
import { payments } from '../../features/orders/orders.tables.ts';

export async function prepaidCaptured(db: DbOrTx, orderId: number): Promise<boolean> {
  const [row] = await db
    .select({ id: payments.id })
    .from(payments)
    .where(and(eq(payments.orderId, orderId), eq(payments.kind, 'payment'), eq(payments.status, 'captured'), sql`${payments.subOrderId} is null`))
    .limit(1);
  return Boolean(row);
}
