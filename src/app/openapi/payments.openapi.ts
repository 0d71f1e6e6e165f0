/** Payments' part of the OpenAPI document (issue 17 §4, decisions 042–043): the list, its export and Razorpay's webhook. */
import { listQuerySchema } from '@/lib/list/list-query.ts';
import { razorpayEventSchema, razorpayPaymentEvent } from '@/features/payments/razorpay.server.ts';

const PAYMENTS = 'Payments';

export const PAYMENT_OPERATIONS: Record<
  string,
  {
    summary: string;
    tag: string;
    body?: typeof razorpayEventSchema;
    query?: typeof listQuerySchema;
    example?: unknown;
    responseExample?: unknown;
    headers?: { name: string; required: boolean; description: string; example: string }[];
  }
> = {
  'GET /api/payments': {
    summary:
      'Payments and refunds (the list contract), newest first: order_number, sub_order_number, kind (payment, refund), method (prepaid, cod), gateway_ref, amount_paise, status (created, authorized, captured, failed, refunded), provider, note (a refund to carry out says what to do), created_at. Filters: status, method, kind, created_at, order_number, gateway_ref, amount_paise, vendor_id (staff); search by order number or gateway reference. A vendor sees the payments of orders holding their sub-orders, never another vendor’s parcel’s',
    tag: PAYMENTS,
    query: listQuerySchema,
  },
  'GET /api/payments/export': {
    summary: 'The filtered (or chosen: ids=) payments as CSV, times in IST; a vendor’s as on the list',
    tag: PAYMENTS,
    query: listQuerySchema,
  },
  'POST /api/webhooks/razorpay': {
    summary:
      'Razorpay’s webhook: payment.authorized, payment.captured (confirms a prepaid order), payment.failed (the order awaits a retry), refund.processed (a refund done); others are acknowledged and ignored. The order is named by the payment’s notes.order_number. Once per x-razorpay-event-id: a redelivery answers 200 with duplicate: true and changes nothing',
    tag: PAYMENTS,
    body: razorpayEventSchema,
    example: razorpayPaymentEvent('payment.captured', { paymentId: 'pay_Q1w2E3r4T5y6U7', amountPaise: 129900, orderNumber: 'OD-2026-000123' }),
    responseExample: { data: { event: 'payment.captured', duplicate: false, outcome: 'captured' } },
    headers: [
      {
        name: 'X-Razorpay-Signature',
        required: true,
        description: 'HMAC-SHA256, hex, of the raw body with the webhook secret (Global settings → Payments)',
        example: '5f2b…',
      },
      { name: 'x-razorpay-event-id', required: true, description: 'The event’s id: the same id is applied once', example: 'evt_Q1w2E3r4T5y6U7' },
    ],
  },
};
