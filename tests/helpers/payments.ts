/**
 * Razorpay as the tests play it (decision 042): the webhook secret saved in Global settings through
 * the real form API, and events signed the way Razorpay signs them (HMAC-SHA256 hex of the raw
 * body), posted server to server: no cookie, no CSRF token.
 */
import { expect } from 'vitest';
import type { HttpClient } from './http.ts';
import { razorpayPaymentEvent, razorpaySignature } from '../../src/features/payments/razorpay.server.ts';

export const TEST_WEBHOOK_SECRET = 'whsec_test_4f1c2a9e8b7d6c5e';

/** Saves `secret` as the Razorpay webhook secret (the other settings kept). */
export async function saveWebhookSecret(admin: HttpClient, secret = TEST_WEBHOOK_SECRET, extra: Record<string, unknown> = {}): Promise<void> {
  const { body } = await admin.getJson('/api/global-settings');
  const { id: _id, updated_at: _u, ...view } = body.data as Record<string, unknown>;
  const values = Object.fromEntries(Object.entries(view).filter(([k]) => !k.endsWith('_set')));
  const saved = await admin.put('/api/global-settings', { json: { ...values, razorpay_webhook_secret: secret, ...extra } });
  expect(saved.status, await saved.clone().text()).toBe(200);
}

let events = 0;
/** A fresh event id, as Razorpay's `x-razorpay-event-id`. */
export const nextEventId = () => `evt_test${Date.now().toString(36)}${++events}`;

/** Posts `body` to the webhook, signed with `secret` (or with the given signature). */
export function postWebhook(baseUrl: string, body: unknown, opts: { secret?: string; eventId?: string; signature?: string | null; raw?: string } = {}) {
  const raw = opts.raw ?? JSON.stringify(body);
  const headers: Record<string, string> = { 'content-type': 'application/json', 'x-razorpay-event-id': opts.eventId ?? nextEventId() };
  const signature = opts.signature === undefined ? razorpaySignature(raw, opts.secret ?? TEST_WEBHOOK_SECRET) : opts.signature;
  if (signature !== null) headers['x-razorpay-signature'] = signature;
  return fetch(new URL('/api/webhooks/razorpay', baseUrl), { method: 'POST', headers, body: raw });
}

/** The gateway captures a prepaid order's payment (its sub-orders may then be confirmed). */
export async function capturePayment(
  baseUrl: string,
  orderNumber: string,
  amountPaise: number,
  paymentId = `pay_${orderNumber.replace(/\W/g, '')}`,
): Promise<void> {
  const r = await postWebhook(baseUrl, razorpayPaymentEvent('payment.captured', { paymentId, amountPaise, orderNumber }));
  expect(r.status, await r.clone().text()).toBe(200);
}
