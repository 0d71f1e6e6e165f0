/**
 * Razorpay's webhook (issue 17 §4, decision 042): `POST /api/webhooks/razorpay`, server to server
 * (no session, no CSRF: the signature is the authentication).
 *
 * 1. The signature (`X-Razorpay-Signature`, HMAC-SHA256 hex of the raw body with the webhook secret
 *    from Global settings) is checked first; a missing or wrong one is a 400, written to the request
 *    log and the activity log, and changes nothing.
 * 2. The event id (`x-razorpay-event-id`) is inserted into `payment_webhook_events` in the same
 *    transaction as what the event changes: a redelivery finds it there and changes nothing (200).
 * 3. `payment.authorized` / `payment.captured` / `payment.failed` move the order's gateway payment
 *    (found by its pay_… id, else the order's payment waiting for one, else a new attempt's row);
 *    a status never goes back (a late `authorized` after `captured` is ignored). Captured: the
 *    order's sub-orders can be confirmed. Failed: the order stays awaiting payment, for the customer
 *    to retry (a later capture confirms it); its stock stays reserved until then, a cancellation or the
 *    expiry of unpaid orders (unpaid-expiry.server.ts). A capture for cancelled parcels (the order
 *    expired, or was cancelled first) revives nothing: it is recorded and those parcels refunded.
 * 4. `refund.processed` marks the refund done (found by its rfnd_… id, else the oldest refund still
 *    to do against that payment with that amount; a refund made only in Razorpay's dashboard is
 *    recorded as it comes).
 *
 * An event we don't act on, or about an order we don't know, is acknowledged (200) and noted as
 * ignored: answering an error would only make Razorpay send it again.
 */
import { and, asc, eq, inArray, sql } from 'drizzle-orm';
import type { Db, DbOrTx, Tx } from '../../lib/db/client.server.ts';
import { badRequest } from '../../lib/http/errors.ts';
import { logActivity, type Actor } from '../../lib/activity/activity.server.ts';
import { now as clockNow } from '../../lib/time/clock.server.ts';
import { formatPaise } from '../../lib/money/paise.ts';
import { orderEvents, orders, payments, paymentWebhookEvents, subOrders } from '../../features/orders/orders.tables.ts';
import { notifyRole } from '../../lib/notifications/notify.server.ts';
import { recordRefund, refundDeliveryCharge, refundedOfSubOrder } from './refunds.server.ts';
import { paymentSettings } from '../../features/global-settings/payment-settings.server.ts';
import {
  orderNumberOf,
  razorpayEventSchema,
  verifyRazorpaySignature,
  type RazorpayEvent,
  type RazorpayPayment,
  type RazorpayRefund,
} from '../../features/payments/razorpay.server.ts';

export interface WebhookRequest {
  rawBody: Uint8Array;
  signature: string | null;
  eventId: string | null;
  actor: Actor;
  log: { warn: (o: object, m: string) => void; info: (o: object, m: string) => void };
}

export interface WebhookResult {
  event: string;
  duplicate: boolean;
  outcome: string;
}

/** How far a payment has got: a status never moves back. */
const RANK: Record<string, number> = { created: 0, failed: 1, authorized: 2, captured: 3, refunded: 4 };

export async function handleRazorpayWebhook(db: Db, req: WebhookRequest): Promise<WebhookResult> {
  const { razorpayWebhookSecret } = await paymentSettings(db);
  if (!verifyRazorpaySignature(req.rawBody, req.signature, razorpayWebhookSecret ?? '')) {
    const why = !razorpayWebhookSecret ? 'no webhook secret is set in Global settings' : req.signature ? 'the signature does not match' : 'no signature';
    req.log.warn({ eventId: req.eventId, why }, 'razorpay webhook refused');
    await logActivity(db, req.actor, { area: 'payments', action: 'webhook_refused', recordId: req.eventId?.slice(0, 64) ?? null, after: { why } });
    throw badRequest(`The webhook was refused: ${why}.`);
  }
  let parsed: unknown;
  try {
    parsed = JSON.parse(new TextDecoder().decode(req.rawBody));
  } catch {
    throw badRequest('The webhook body is not JSON.');
  }
  const result = razorpayEventSchema.safeParse(parsed);
  if (!result.success) throw badRequest('The webhook body is not a Razorpay event.');
  const event = result.data;
  const eventId = req.eventId?.trim();
  if (!eventId || eventId.length > 100) throw badRequest('The x-razorpay-event-id header is missing.');
  const done = await applyRazorpayEvent(db, eventId, event, req.actor);
  req.log.info({ eventId, event: event.event, outcome: done.outcome, duplicate: done.duplicate }, 'razorpay webhook');
  return done;
}

/**
 * Applies one verified event, once: the event id and what it changes in one transaction. The demo
 * data's payments come through here too (src/app/orders/orders.demo.server.ts).
 */
export async function applyRazorpayEvent(db: DbOrTx, eventId: string, event: RazorpayEvent, actor: Actor): Promise<WebhookResult> {
  return db.transaction(async (tx) => {
    const [fresh] = await tx
      .insert(paymentWebhookEvents)
      .values({ eventId, event: event.event, outcome: 'processing' })
      .onConflictDoNothing({ target: paymentWebhookEvents.eventId })
      .returning({ eventId: paymentWebhookEvents.eventId });
    if (!fresh) {
      const [seen] = await tx
        .select({ outcome: paymentWebhookEvents.outcome })
        .from(paymentWebhookEvents)
        .where(eq(paymentWebhookEvents.eventId, eventId))
        .limit(1);
      return { event: event.event, duplicate: true, outcome: seen?.outcome ?? 'seen' };
    }
    const at = clockNow();
    let done: { outcome: string; orderId: number | null };
    const payment = event.payload.payment?.entity;
    const refund = event.payload.refund?.entity;
    if ((event.event === 'payment.authorized' || event.event === 'payment.captured' || event.event === 'payment.failed') && payment) {
      done = await onPayment(tx, event.event.split('.')[1] as 'authorized' | 'captured' | 'failed', payment, at, actor);
    } else if (event.event === 'refund.processed' && refund) {
      done = await onRefundProcessed(tx, refund, at, actor);
    } else {
      done = { outcome: `ignored: ${event.event} is not acted on`, orderId: null };
    }
    await tx.update(paymentWebhookEvents).set({ outcome: done.outcome, orderId: done.orderId }).where(eq(paymentWebhookEvents.eventId, eventId));
    return { event: event.event, duplicate: false, outcome: done.outcome };
  });
}

async function onPayment(tx: Tx, status: 'authorized' | 'captured' | 'failed', p: RazorpayPayment, at: Date, actor: Actor) {
  const number = orderNumberOf(p);
  const [order] = number
    ? await tx
        .update(orders)
        .set({ version: sql`${orders.version} + 1` })
        .where(eq(orders.number, number))
        .returning({ id: orders.id, number: orders.number, status: orders.status, paymentMethod: orders.paymentMethod, totalPaise: orders.totalPaise })
    : [];
  if (!order) return { outcome: `ignored: no order ${number ?? '(notes.order_number missing)'}`, orderId: null };
  if (order.paymentMethod !== 'prepaid') return { outcome: `ignored: ${order.number} is cash on delivery`, orderId: order.id };

  const [byRef] = await tx
    .select()
    .from(payments)
    .where(and(eq(payments.gatewayRef, p.id), eq(payments.kind, 'payment')))
    .limit(1);
  const [waiting] = byRef
    ? [byRef]
    : await tx
        .select()
        .from(payments)
        .where(and(eq(payments.orderId, order.id), eq(payments.kind, 'payment'), sql`${payments.gatewayRef} is null`, sql`${payments.subOrderId} is null`))
        .orderBy(asc(payments.id))
        .limit(1);
  if (waiting && waiting.orderId !== order.id) return { outcome: `ignored: ${p.id} belongs to another order`, orderId: order.id };
  const note =
    status === 'failed'
      ? `Failed: ${p.error_description ?? 'no reason given'}. The order awaits payment (the customer may retry).`
      : p.amount !== Number(order.totalPaise)
        ? `The gateway ${status} ${formatPaise(p.amount)}; the order's total is ${formatPaise(Number(order.totalPaise))}.`
        : null;
  let paymentId: number;
  if (waiting) {
    if (RANK[waiting.status]! >= RANK[status]!) return { outcome: `ignored: ${p.id} is already ${waiting.status}`, orderId: order.id };
    await tx
      .update(payments)
      .set({ gatewayRef: p.id, status, amountPaise: p.amount, note, provider: 'razorpay', updatedAt: at })
      .where(eq(payments.id, waiting.id));
    paymentId = waiting.id;
  } else {
    // A new attempt after a failed one (the customer retried): its own row.
    const [row] = await tx
      .insert(payments)
      .values({
        orderId: order.id,
        kind: 'payment',
        method: 'prepaid',
        gatewayRef: p.id,
        amountPaise: p.amount,
        status,
        note,
        provider: 'razorpay',
        createdAt: at,
        updatedAt: at,
      })
      .returning({ id: payments.id });
    paymentId = row!.id;
  }
  if (status !== 'authorized') {
    await tx.insert(orderEvents).values({
      orderId: order.id,
      action: status === 'captured' ? 'payment_captured' : 'payment_failed',
      fromStatus: order.status,
      toStatus: order.status,
      note: status === 'captured' ? `${formatPaise(p.amount)} captured (${p.id})` : `Payment ${p.id} failed: ${p.error_description ?? 'no reason given'}`,
      actorLabel: 'Razorpay',
      createdAt: at,
    });
  }
  await logActivity(tx, actor, {
    area: 'payments',
    action: status,
    recordId: paymentId,
    recordName: order.number,
    changes: { status: [waiting?.status ?? null, status], gateway_ref: [waiting?.gatewayRef ?? null, p.id], amount: [null, formatPaise(p.amount)] },
  });
  if (status === 'captured') {
    const flagged = await refundCancelledParcels(tx, order, p, at, actor);
    if (flagged) return { outcome: `captured; ${formatPaise(flagged)} to refund (paid for cancelled parcels)`, orderId: order.id };
  }
  return { outcome: status, orderId: order.id };
}

/**
 * A capture for parcels already cancelled (the order expired unpaid, or it was cancelled before the
 * customer's payment went through: decision 059) never revives them. The payment is recorded as it
 * came, and each cancelled parcel not yet refunded gets a refund against it through the refund
 * provider (by default a person's to do, listed on Payments), the timeline says so and every Super
 * Admin is told. Answers the amount flagged (0: nothing was cancelled).
 */
async function refundCancelledParcels(
  tx: Tx,
  order: { id: number; number: string; status: string; totalPaise: number | string },
  p: RazorpayPayment,
  at: Date,
  actor: Actor,
): Promise<number> {
  const cancelled = await tx
    .select({ id: subOrders.id, number: subOrders.number, totalPaise: subOrders.totalPaise })
    .from(subOrders)
    .where(and(eq(subOrders.orderId, order.id), eq(subOrders.status, 'cancelled')))
    .orderBy(asc(subOrders.id));
  const wholeOrder = cancelled.length > 0 && cancelled.length === (await parcelsOf(tx, order.id));
  let flagged = 0;
  for (const [i, s] of cancelled.entries()) {
    // The whole order cancelled and more captured than its total: the excess goes back with the last parcel.
    const excess = wholeOrder && i === cancelled.length - 1 ? Math.max(0, p.amount - Number(order.totalPaise)) : 0;
    const amount = Number(s.totalPaise) + excess - (await refundedOfSubOrder(tx, s.id));
    const refund = await recordRefund(tx, {
      orderId: order.id,
      orderNumber: order.number,
      subOrderId: s.id,
      subOrderNumber: s.number,
      method: 'prepaid',
      amountPaise: amount,
      reason: `Paid (${p.id}) after ${s.number} was cancelled`,
      at,
      actor,
    });
    flagged += refund?.amountPaise ?? 0;
  }
  // Every parcel cancelled: the delivery charge paid with them goes back too (refunds.server.ts).
  if (wholeOrder) {
    flagged += await refundDeliveryCharge(tx, {
      orderId: order.id,
      reason: `Paid (${p.id}) after ${order.number} was cancelled: its delivery charge`,
      at,
      actor,
    });
  }
  if (!flagged) return 0;
  await tx.insert(orderEvents).values({
    orderId: order.id,
    action: 'payment_late',
    fromStatus: order.status,
    toStatus: order.status,
    note: `${formatPaise(p.amount)} captured (${p.id}) for cancelled parcels: ${formatPaise(flagged)} to refund, listed under Payments.`,
    actorLabel: 'Razorpay',
    createdAt: at,
  });
  await notifyRole(tx, 'Super Admin', {
    type: 'orders.paid_after_cancel',
    title: `Paid after cancellation: ${order.number}`,
    body: `Razorpay captured ${formatPaise(p.amount)} (${p.id}) for cancelled parcels. Refund ${formatPaise(flagged)}: see Payments.`,
    link: `/orders/${order.id}/details`,
  });
  return flagged;
}

const parcelsOf = async (tx: Tx, orderId: number) => (await tx.select({ id: subOrders.id }).from(subOrders).where(eq(subOrders.orderId, orderId))).length;

async function onRefundProcessed(tx: Tx, r: RazorpayRefund, at: Date, actor: Actor) {
  const [paid] = await tx
    .select({ id: payments.id, orderId: payments.orderId, method: payments.method })
    .from(payments)
    .where(and(eq(payments.gatewayRef, r.payment_id), eq(payments.kind, 'payment')))
    .limit(1);
  if (!paid) return { outcome: `ignored: no payment ${r.payment_id}`, orderId: null };
  const [known] = await tx
    .select()
    .from(payments)
    .where(and(eq(payments.gatewayRef, r.id), eq(payments.kind, 'refund')))
    .limit(1);
  const [todo] = known
    ? [known]
    : await tx
        .select()
        .from(payments)
        .where(
          and(
            eq(payments.paymentId, paid.id),
            eq(payments.kind, 'refund'),
            eq(payments.status, 'created'),
            eq(payments.amountPaise, r.amount),
            sql`${payments.gatewayRef} is null`,
          ),
        )
        .orderBy(asc(payments.id))
        .limit(1);
  let refundId: number;
  if (todo) {
    if (todo.status === 'refunded') return { outcome: `ignored: ${r.id} is already refunded`, orderId: paid.orderId };
    await tx
      .update(payments)
      .set({ gatewayRef: r.id, status: 'refunded', note: `Refunded by Razorpay (${r.id}).`, updatedAt: at })
      .where(and(eq(payments.id, todo.id), inArray(payments.status, ['created'])));
    refundId = todo.id;
  } else {
    const [row] = await tx
      .insert(payments)
      .values({
        orderId: paid.orderId,
        paymentId: paid.id,
        kind: 'refund',
        method: paid.method,
        gatewayRef: r.id,
        amountPaise: r.amount,
        status: 'refunded',
        provider: 'razorpay',
        note: 'Refunded in Razorpay’s dashboard (no refund was recorded here first).',
        createdAt: at,
        updatedAt: at,
      })
      .returning({ id: payments.id });
    refundId = row!.id;
  }
  await logActivity(tx, actor, {
    area: 'payments',
    action: 'refunded',
    recordId: refundId,
    recordName: r.id,
    changes: { status: [todo?.status ?? null, 'refunded'], amount: [null, formatPaise(r.amount)] },
  });
  return { outcome: 'refunded', orderId: paid.orderId };
}
