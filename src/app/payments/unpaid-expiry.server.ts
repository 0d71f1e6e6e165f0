/**
 * Unpaid prepaid orders expire (issue 17 §4, decision 059). A prepaid order holds its stock from
 * placing until the gateway captures its payment; when that hasn't happened within Global settings'
 * "Unpaid prepaid orders expire after (minutes)" (30 by default), this job cancels it:
 *
 * - each parcel still before confirmation (placed, on hold) is cancelled through the one move code
 *   (`moveSubOrder`, action `cancel`, reason "Payment not received…"): the stock goes back, the
 *   timeline, the activity log (the system actor), the vendor's notification and the realtime event
 *   are the move's own;
 * - the order's payment still waiting (created, or authorized and never captured) is marked
 *   `failed`, with why, and the order's timeline says the payment expired.
 *
 * It runs inside every server (like the payout cycles' job): every UNPAID_EXPIRY_SECONDS, and at
 * start. Each order is one transaction that first takes the order's row `FOR UPDATE SKIP LOCKED`:
 * with several servers on one PostgreSQL, the one holding the row cancels and the others skip it (and
 * then find it cancelled); a move or a webhook holding the row makes it wait for the next look. The
 * conditions are checked again under the lock, so a capture committed meanwhile keeps the order.
 *
 * A capture arriving after the expiry is recorded and its money flagged for a refund: see
 * `refundCancelledParcels` in payment-webhook.server.ts. Time is the money clock (TEST_CLOCK_FILE in tests).
 */
import { and, asc, eq, inArray, lt, sql } from 'drizzle-orm';
import type { Db, Tx } from '@/lib/db/client.server.ts';
import { logActivity, SYSTEM_ACTOR } from '@/lib/activity/activity.server.ts';
import { now } from '@/lib/time/clock.server.ts';
import { orderEvents, orders, payments, subOrders } from '@/features/orders/orders.tables.ts';
import { paymentSettings } from '@/features/global-settings/payment-settings.server.ts';
import { moveSubOrder, type Mover } from '@/app/orders/order-transitions.server.ts';
import { prepaidCaptured } from '@/app/payments/payment-state.server.ts';

/** The states an unpaid prepaid parcel can be in: `confirm` waits for the capture (decision 042). */
const UNPAID_OPEN = ['placed', 'on_hold'];
/** Orders per look: the rest wait for the next (oldest first). */
const BATCH = 50;

const EXPIRY_MOVER: Mover = { kind: 'staff', vendorId: null, userId: null, label: 'System (unpaid order expiry)', actor: SYSTEM_ACTOR };

type Log = { info(o: object, m: string): void; error(o: object, m: string): void };

/** One look: cancels the unpaid prepaid orders past the window; answers how many it cancelled. */
export async function runUnpaidExpiry(db: Db, log?: Log): Promise<number> {
  const { unpaidOrderExpiryMinutes: minutes } = await paymentSettings(db);
  const at = now();
  const cutoff = new Date(at.getTime() - minutes * 60_000);
  // Candidates through the sub-orders' (status, placed_at) index; re-checked under each order's lock.
  const due = await db
    .selectDistinct({ orderId: subOrders.orderId, placedAt: subOrders.placedAt })
    .from(subOrders)
    .where(
      and(
        inArray(subOrders.status, UNPAID_OPEN),
        eq(subOrders.paymentMethod, 'prepaid'),
        lt(subOrders.placedAt, cutoff),
        sql`not exists (select 1 from payments p where p.order_id = ${subOrders.orderId} and p.kind = 'payment' and p.status = 'captured' and p.sub_order_id is null)`,
      ),
    )
    .orderBy(asc(subOrders.placedAt), asc(subOrders.orderId))
    .limit(BATCH);
  let expired = 0;
  for (const { orderId } of due) {
    const number = await db.transaction((tx) => expireOrder(tx, orderId, cutoff, minutes, at));
    if (number) {
      expired++;
      log?.info({ order: number, minutes }, 'unpaid prepaid order expired');
    }
  }
  return expired;
}

/** Cancels one order if it is still unpaid and past the window; answers its number, or null when another server has it or it was paid. */
async function expireOrder(tx: Tx, orderId: number, cutoff: Date, minutes: number, at: Date): Promise<string | null> {
  const [order] = await tx
    .select({ id: orders.id, number: orders.number, paymentMethod: orders.paymentMethod, placedAt: orders.placedAt })
    .from(orders)
    .where(eq(orders.id, orderId))
    .for('update', { skipLocked: true });
  if (!order || order.paymentMethod !== 'prepaid' || order.placedAt >= cutoff) return null;
  if (await prepaidCaptured(tx, orderId)) return null;
  const open = await tx
    .select({ id: subOrders.id })
    .from(subOrders)
    .where(and(eq(subOrders.orderId, orderId), inArray(subOrders.status, UNPAID_OPEN)))
    .orderBy(asc(subOrders.id));
  if (!open.length) return null;
  const reason = `Payment not received within ${minutes} minutes of placing`;
  for (const s of open) await moveSubOrder(tx, EXPIRY_MOVER, orderId, s.id, { action: 'cancel', reason });

  const waiting = await tx
    .select({ id: payments.id, status: payments.status })
    .from(payments)
    .where(
      and(
        eq(payments.orderId, orderId),
        eq(payments.kind, 'payment'),
        inArray(payments.status, ['created', 'authorized']),
        sql`${payments.subOrderId} is null`,
      ),
    );
  const note = `Expired: not captured within ${minutes} minutes of placing; the order was cancelled. A capture arriving later is recorded and refunded.`;
  for (const p of waiting) {
    await tx.update(payments).set({ status: 'failed', note, updatedAt: at }).where(eq(payments.id, p.id));
    await logActivity(tx, SYSTEM_ACTOR, {
      area: 'payments',
      action: 'expired',
      recordId: p.id,
      recordName: order.number,
      changes: { status: [p.status, 'failed'], note: [null, note] },
    });
  }
  const [after] = await tx.select({ status: orders.status }).from(orders).where(eq(orders.id, orderId));
  await tx.insert(orderEvents).values({
    orderId,
    action: 'payment_expired',
    fromStatus: after!.status,
    toStatus: after!.status,
    note: `Not paid within ${minutes} minutes of placing: cancelled and the stock released.`,
    actorLabel: EXPIRY_MOVER.label,
    createdAt: at,
  });
  return order.number;
}

let timer: NodeJS.Timeout | undefined;
let running: Promise<unknown> | undefined;

/** Starts this server's look at unpaid orders: now, then every `seconds`. */
export function startUnpaidExpiry(db: Db, seconds: number, log: Log): void {
  if (timer) return;
  const tick = () => {
    if (running) return;
    running = runUnpaidExpiry(db, log)
      .catch((err: unknown) => log.error({ err }, 'unpaid order expiry failed'))
      .finally(() => (running = undefined));
  };
  timer = setInterval(tick, seconds * 1000);
  timer.unref();
  tick();
}

/** Lets the look under way finish, then stops. */
export async function stopUnpaidExpiry(): Promise<void> {
  if (timer) clearInterval(timer);
  timer = undefined;
  await running;
}
