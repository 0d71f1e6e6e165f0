/**
 * The refund providers' requests (decision 043): what Razorpay's refund API is asked, by a fetch that
 * answers as Razorpay does, and what a person is told to do when nothing is called.
 */
import { describe, expect, it } from 'vitest';
import { manualRefundProvider, razorpayRefundProvider, type RefundRequest } from '../../src/app/payments/refunds.server.ts';

const parcel: RefundRequest = {
  orderNumber: 'ORD-2026-000123',
  subOrderNumber: 'ORD-2026-000123-1',
  method: 'prepaid',
  paymentRef: 'pay_abc123',
  amountPaise: 129900,
  reason: 'Out of stock',
};

function recordingFetch(answer: { status: number; body: unknown }) {
  const calls: { url: string; init: RequestInit }[] = [];
  const fetchFn = (async (url: string, init: RequestInit) => {
    calls.push({ url, init });
    return new Response(JSON.stringify(answer.body), { status: answer.status, headers: { 'content-type': 'application/json' } });
  }) as unknown as typeof fetch;
  return { calls, fetchFn };
}

describe('refund providers', () => {
  it("asks Razorpay to refund the payment's amount with the order and parcel in its notes", async () => {
    const { calls, fetchFn } = recordingFetch({ status: 200, body: { id: 'rfnd_1', status: 'processed' } });
    const outcome = await razorpayRefundProvider('rzp_key', 'secret', fetchFn).refund(parcel);
    expect(outcome).toMatchObject({ status: 'refunded', gatewayRef: 'rfnd_1' });
    expect(calls).toHaveLength(1);
    expect(calls[0]!.url).toBe('https://api.razorpay.com/v1/payments/pay_abc123/refund');
    expect((calls[0]!.init.headers as Record<string, string>).authorization).toBe(`Basic ${Buffer.from('rzp_key:secret').toString('base64')}`);
    expect(JSON.parse(String(calls[0]!.init.body))).toEqual({
      amount: 129900,
      notes: { order_number: 'ORD-2026-000123', sub_order_number: 'ORD-2026-000123-1', reason: 'Out of stock' },
    });
  });

  it("refunds the order's delivery charge (no parcel) with the order alone in its notes", async () => {
    const { calls, fetchFn } = recordingFetch({ status: 200, body: { id: 'rfnd_2', status: 'pending' } });
    const outcome = await razorpayRefundProvider('rzp_key', 'secret', fetchFn).refund({ ...parcel, subOrderNumber: null, amountPaise: 4900 });
    expect(outcome).toMatchObject({ status: 'created', gatewayRef: 'rfnd_2' });
    expect(JSON.parse(String(calls[0]!.init.body))).toEqual({ amount: 4900, notes: { order_number: 'ORD-2026-000123', reason: 'Out of stock' } });
  });

  it('leaves a refused refund, and cash, to a person, saying what to do', async () => {
    const { fetchFn } = recordingFetch({ status: 400, body: { error: { description: 'The amount exceeds the payment' } } });
    const refused = await razorpayRefundProvider('rzp_key', 'secret', fetchFn).refund(parcel);
    expect(refused.status).toBe('created');
    expect(refused.note).toContain('The amount exceeds the payment');
    expect(refused.note).toContain('₹ 1,299.00');
    const cash = await manualRefundProvider.refund({ ...parcel, method: 'cod', paymentRef: 'COD-ORD-2026-000123-1' });
    expect(cash.note).toContain('bank transfer or UPI');
  });
});
