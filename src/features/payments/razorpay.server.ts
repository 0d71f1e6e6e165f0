/**
 * Razorpay's webhook format (issue 17 §4, decision 042): the signature is the HMAC-SHA256, in hex,
 * of the raw request body with the webhook secret (header `X-Razorpay-Signature`); the event id is
 * the `x-razorpay-event-id` header. Amounts are in paise, as ours. Only what we act on is read:
 * `payment.authorized`, `payment.captured`, `payment.failed` and `refund.processed`; any other
 * event is accepted and ignored. A payment names our order through `notes.order_number`, which the
 * storefront sets when it opens Razorpay's checkout.
 */
import { createHmac, timingSafeEqual } from 'node:crypto';
import { z } from 'zod';

export const RAZORPAY_EVENTS = ['payment.authorized', 'payment.captured', 'payment.failed', 'refund.processed'] as const;
export type RazorpayEventName = (typeof RAZORPAY_EVENTS)[number];

/** The signature Razorpay sends for `rawBody` (what the simulator and the tests sign with, too). */
export const razorpaySignature = (rawBody: string | Uint8Array, secret: string): string => createHmac('sha256', secret).update(rawBody).digest('hex');

/** Compares in constant time; any malformed signature is simply wrong. */
export function verifyRazorpaySignature(rawBody: string | Uint8Array, signature: string | null, secret: string): boolean {
  if (!signature || !/^[0-9a-f]{64}$/i.test(signature) || !secret) return false;
  const expected = Buffer.from(razorpaySignature(rawBody, secret), 'hex');
  return timingSafeEqual(expected, Buffer.from(signature.toLowerCase(), 'hex'));
}

const notes = z.union([z.record(z.string(), z.unknown()), z.array(z.unknown())]).optional();
const paise = z.number().int().nonnegative();

const paymentEntity = z.looseObject({
  id: z.string().min(1).max(64),
  amount: paise,
  currency: z.string().optional(),
  status: z.string().optional(),
  method: z.string().nullish(),
  order_id: z.string().nullish(),
  notes,
  error_description: z.string().nullish(),
});

const refundEntity = z.looseObject({
  id: z.string().min(1).max(64),
  amount: paise,
  payment_id: z.string().min(1).max(64),
  status: z.string().optional(),
  notes,
});

export const razorpayEventSchema = z.looseObject({
  event: z.string().min(1).max(100),
  payload: z.looseObject({
    payment: z.looseObject({ entity: paymentEntity }).optional(),
    refund: z.looseObject({ entity: refundEntity }).optional(),
  }),
});
export type RazorpayEvent = z.infer<typeof razorpayEventSchema>;
export type RazorpayPayment = z.infer<typeof paymentEntity>;
export type RazorpayRefund = z.infer<typeof refundEntity>;

/** Our order number from a payment's or refund's notes (`notes.order_number`), if there. */
export function orderNumberOf(entity: { notes?: unknown }): string | null {
  const n = entity.notes;
  if (!n || Array.isArray(n) || typeof n !== 'object') return null;
  const v = (n as Record<string, unknown>).order_number;
  return typeof v === 'string' && v.length <= 40 ? v : null;
}

/** A webhook body as Razorpay sends it (the simulator's and the tests' builder). */
export function razorpayPaymentEvent(
  event: 'payment.authorized' | 'payment.captured' | 'payment.failed',
  p: { paymentId: string; amountPaise: number; orderNumber: string; errorDescription?: string },
): Record<string, unknown> {
  const status = event.split('.')[1];
  return {
    entity: 'event',
    account_id: 'acc_simulated',
    event,
    contains: ['payment'],
    payload: {
      payment: {
        entity: {
          id: p.paymentId,
          entity: 'payment',
          amount: p.amountPaise,
          currency: 'INR',
          status,
          method: 'upi',
          captured: event === 'payment.captured',
          notes: { order_number: p.orderNumber },
          error_code: event === 'payment.failed' ? 'BAD_REQUEST_ERROR' : null,
          error_description: event === 'payment.failed' ? (p.errorDescription ?? 'Payment failed') : null,
        },
      },
    },
    created_at: 0,
  };
}

/** A `refund.processed` body as Razorpay sends it. */
export function razorpayRefundEvent(p: { refundId: string; paymentId: string; amountPaise: number; orderNumber?: string }): Record<string, unknown> {
  return {
    entity: 'event',
    account_id: 'acc_simulated',
    event: 'refund.processed',
    contains: ['refund', 'payment'],
    payload: {
      refund: {
        entity: {
          id: p.refundId,
          entity: 'refund',
          amount: p.amountPaise,
          currency: 'INR',
          payment_id: p.paymentId,
          notes: p.orderNumber ? { order_number: p.orderNumber } : {},
          status: 'processed',
        },
      },
    },
    created_at: 0,
  };
}
