/**
 * Refunds (issue 17 §4, decision 043): a refund is recorded against the payment it gives money back
 * from, in the transaction of the move that causes it (a return refunded, a prepaid parcel cancelled
 * after capture or returned to origin). The money itself moves through a `RefundProvider`:
 *
 * - `manual` (the default): nothing is called; the refund is `created`, with what a person must do,
 *   and shows so on Payments until Razorpay's `refund.processed` (or a person) marks it done;
 * - `razorpay` (Global settings → Payments): Razorpay's refund API for prepaid payments; COD money
 *   was cash, so its refunds stay with a person whatever the setting.
 *
 * Composed here (src/app): it reads orders' payments and the global settings.
 */
import { and, asc, eq, inArray, isNull, sql, type SQL } from 'drizzle-orm';
import type { Tx } from '../../lib/db/client.server.ts';
import { logActivity, type Actor } from '../../lib/activity/activity.server.ts';
import { formatPaise } from '../../lib/money/paise.ts';
import { orders, payments } from '../../features/orders/orders.tables.ts';
import { paymentSettings, type PaymentSettings } from '../../features/global-settings/payment-settings.server.ts';

export interface RefundRequest {
  orderNumber: string;
  /** The parcel refunded; null for the order's own delivery charge. */
  subOrderNumber: string | null;
  method: 'prepaid' | 'cod';
  /** The gateway's id of the payment refunded (pay_…), or COD-… for cash. */
  paymentRef: string | null;
  amountPaise: number;
  reason: string;
}

export interface RefundOutcome {
  /** 'created': to be carried out (or waiting for the gateway); 'refunded': done. */
  status: 'created' | 'refunded';
  gatewayRef: string | null;
  note: string;
}

export interface RefundProvider {
  name: 'manual' | 'razorpay';
  refund(request: RefundRequest): Promise<RefundOutcome>;
}

/** Records the refund for a person to carry out: what to refund, from which payment, and how. */
export const manualRefundProvider: RefundProvider = {
  name: 'manual',
  async refund(r) {
    const how =
      r.method === 'cod'
        ? 'by bank transfer or UPI (paid in cash)'
        : `in Razorpay’s dashboard, payment ${r.paymentRef ?? '(no gateway id yet)'}; Razorpay’s refund.processed then marks it refunded`;
    return { status: 'created', gatewayRef: null, note: `To do: refund ${formatPaise(r.amountPaise)} ${how}. Reason: ${r.reason}.` };
  },
};

/** Razorpay's refund API (`POST /v1/payments/:id/refund`, basic auth with the key id and secret). */
export function razorpayRefundProvider(keyId: string, keySecret: string, fetchFn: typeof fetch = fetch): RefundProvider {
  return {
    name: 'razorpay',
    async refund(r) {
      if (r.method === 'cod' || !r.paymentRef) return manualRefundProvider.refund(r);
      const response = await fetchFn(`https://api.razorpay.com/v1/payments/${encodeURIComponent(r.paymentRef)}/refund`, {
        method: 'POST',
        headers: { authorization: `Basic ${Buffer.from(`${keyId}:${keySecret}`).toString('base64')}`, 'content-type': 'application/json' },
        body: JSON.stringify({
          amount: r.amountPaise,
          notes: { order_number: r.orderNumber, ...(r.subOrderNumber ? { sub_order_number: r.subOrderNumber } : {}), reason: r.reason.slice(0, 200) },
        }),
        signal: AbortSignal.timeout(10_000),
      }).catch((e: unknown) => ({ ok: false, status: 0, json: async () => ({ error: { description: String(e) } }) }) as unknown as Response);
      const body = (await response.json().catch(() => ({}))) as { id?: string; status?: string; error?: { description?: string } };
      if (!response.ok || !body.id) {
        const manual = await manualRefundProvider.refund(r);
        return { ...manual, note: `Razorpay refused the refund (${body.error?.description ?? `HTTP ${response.status}`}). ${manual.note}` };
      }
      return {
        status: body.status === 'processed' ? 'refunded' : 'created',
        gatewayRef: body.id,
        note: `Asked of Razorpay (${body.id}); refund.processed marks it refunded.`,
      };
    },
  };
}

/** The provider the settings choose. */
export function refundProviderFor(s: PaymentSettings): RefundProvider {
  return s.refundProvider === 'razorpay' && s.razorpayKeyId && s.razorpayKeySecret
    ? razorpayRefundProvider(s.razorpayKeyId, s.razorpayKeySecret)
    : manualRefundProvider;
}

export interface RecordRefundInput {
  orderId: number;
  orderNumber: string;
  /** The parcel refunded; null for the order's own delivery charge (the marketplace's, on no parcel). */
  subOrderId: number | null;
  subOrderNumber: string | null;
  method: 'prepaid' | 'cod';
  amountPaise: number;
  reason: string;
  at: Date;
  actor: Actor;
}

/** What has been refunded of a sub-order so far (every refund row, done or to do). */
export async function refundedOfSubOrder(tx: Tx, subOrderId: number): Promise<number> {
  return paymentsSum(tx, and(eq(payments.subOrderId, subOrderId), eq(payments.kind, 'refund'))!);
}

/** The amount of the payment rows `where` picks (refunds given so far, of a parcel, a payment or a charge). */
async function paymentsSum(tx: Tx, where: SQL): Promise<number> {
  const [row] = await tx
    .select({ sum: sql<number>`coalesce(sum(${payments.amountPaise}), 0)::bigint` })
    .from(payments)
    .where(where);
  return Number(row?.sum ?? 0);
}

/**
 * Records a refund of `amountPaise` against the captured payment it comes from (a prepaid order's
 * gateway payment, or the sub-order's COD collection), at most what that payment has left. Nothing
 * captured, nothing to refund: null.
 */
export async function recordRefund(
  tx: Tx,
  input: RecordRefundInput,
  provider?: RefundProvider,
): Promise<{ id: number; amountPaise: number; status: string } | null> {
  if (!Number.isSafeInteger(input.amountPaise) || input.amountPaise <= 0) return null;
  const [paid] = await tx
    .select({ id: payments.id, gatewayRef: payments.gatewayRef, amountPaise: payments.amountPaise })
    .from(payments)
    .where(
      and(
        eq(payments.orderId, input.orderId),
        eq(payments.kind, 'payment'),
        eq(payments.status, 'captured'),
        input.method === 'cod' && input.subOrderId !== null ? eq(payments.subOrderId, input.subOrderId) : sql`${payments.subOrderId} is null`,
      ),
    )
    .orderBy(asc(payments.id))
    .limit(1)
    .for('update');
  if (!paid) return null;
  const given = await paymentsSum(tx, and(eq(payments.paymentId, paid.id), inArray(payments.status, ['created', 'refunded']))!);
  const amount = Math.min(input.amountPaise, Number(paid.amountPaise) - given);
  if (amount <= 0) return null;
  const chosen = provider ?? refundProviderFor(await paymentSettings(tx));
  const outcome = await chosen.refund({
    orderNumber: input.orderNumber,
    subOrderNumber: input.subOrderNumber,
    method: input.method,
    paymentRef: paid.gatewayRef,
    amountPaise: amount,
    reason: input.reason,
  });
  const [row] = await tx
    .insert(payments)
    .values({
      orderId: input.orderId,
      subOrderId: input.subOrderId,
      paymentId: paid.id,
      kind: 'refund',
      method: input.method,
      gatewayRef: outcome.gatewayRef,
      amountPaise: amount,
      status: outcome.status,
      provider: chosen.name,
      note: outcome.note,
      createdAt: input.at,
      updatedAt: input.at,
    })
    .returning({ id: payments.id });
  await logActivity(tx, input.actor, {
    area: 'payments',
    action: 'refund',
    recordId: row!.id,
    recordName: input.subOrderNumber ?? input.orderNumber,
    after: {
      ...(input.subOrderId === null ? { delivery_charge: true } : {}),
      amount_paise: amount,
      status: outcome.status,
      provider: chosen.name,
      payment: paid.gatewayRef,
      reason: input.reason,
    },
  });
  return { id: row!.id, amountPaise: amount, status: outcome.status };
}

/**
 * The delivery charge back (docs/money.md, "The delivery charge"): a prepaid order whose every parcel
 * was cancelled — nothing shipped, so nothing was delivered for the charge — gets the delivery charge
 * it paid (less any free-shipping discount) refunded against its gateway payment, as a refund row of
 * no parcel (the charge is the marketplace's own, on no vendor's sub-order, invoice or ledger). The
 * caller says the whole order is cancelled. Once only: what earlier rows gave back is deducted. Nothing
 * captured yet (an unpaid order): nothing now; a late capture refunds it then (payment-webhook.server.ts).
 * Answers the amount recorded.
 */
export async function refundDeliveryCharge(
  tx: Tx,
  input: { orderId: number; reason: string; at: Date; actor: Actor },
  provider?: RefundProvider,
): Promise<number> {
  const [order] = await tx
    .select({
      number: orders.number,
      paymentMethod: orders.paymentMethod,
      shippingPaise: orders.shippingPaise,
      shippingDiscountPaise: orders.shippingDiscountPaise,
    })
    .from(orders)
    .where(eq(orders.id, input.orderId))
    .limit(1);
  if (!order || order.paymentMethod !== 'prepaid') return 0;
  const given = await paymentsSum(tx, and(eq(payments.orderId, input.orderId), eq(payments.kind, 'refund'), isNull(payments.subOrderId))!);
  const due = Number(order.shippingPaise) - Number(order.shippingDiscountPaise) - given;
  if (due <= 0) return 0;
  const refund = await recordRefund(
    tx,
    { ...input, orderNumber: order.number, subOrderId: null, subOrderNumber: null, method: 'prepaid', amountPaise: due },
    provider,
  );
  return refund?.amountPaise ?? 0;
}
