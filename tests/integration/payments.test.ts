/**
 * Payments (issue 17 §4, decisions 042–043) on the real built server: Razorpay's webhook (a good
 * and a bad signature, a replayed event id, capture confirming a prepaid order, a failed payment
 * awaiting a retry), COD collected on delivery, refunds with one amount for the refund, the
 * ledger's reversal and the credit note, and who sees which payments on /api/payments and its export.
 */
import { beforeAll, describe, expect, it } from 'vitest';
import { useServer } from '../helpers/vitest-server.ts';
import type { HttpClient } from '../helpers/http.ts';
import { expectErrorShape } from '../helpers/assertions.ts';
import { query, type ApiRecord } from '../helpers/area-api.ts';
import { capturePayment, nextEventId, postWebhook, saveWebhookSecret, TEST_WEBHOOK_SECRET } from '../helpers/payments.ts';
import { razorpayPaymentEvent, razorpayRefundEvent } from '../../src/features/payments/razorpay.server.ts';

const app = useServer();
let admin: HttpClient;
let vendor: HttpClient;
let support: HttpClient;
let writeKey: string;
let swift: number;

const address = { name: 'Pay Buyer', phone: '9876503456', line1: '9 Museum Road', pincode: '560001' };
const customer = { name: 'Pay Buyer', email: 'pay.buyer@example.com', phone: '9876503456' };
let idem = 0;

/** Several list filters at once. */
const filters = (...f: [string, string, unknown][]) => ({
  filters: Object.fromEntries(f.map(([field, matchMode, value]) => [field, { operator: 'and', constraints: [{ matchMode, value }] }])),
});

async function place(lines: { sku: string; quantity: number }[], payment_method: 'prepaid' | 'cod') {
  const response = await fetch(new URL('/api/storefront/v1/orders', app.server.url), {
    method: 'POST',
    headers: { authorization: `Bearer ${writeKey}`, 'content-type': 'application/json', 'idempotency-key': `pay-test-${Date.now()}-${++idem}` },
    body: JSON.stringify({ customer, shipping_address: address, lines, payment_method }),
  });
  const body = (await response.json()) as { data: { number: string; total_paise: number } };
  expect(response.status, JSON.stringify(body)).toBe(201);
  const { body: list } = await admin.getJson(`/api/orders?${query({ q: body.data.number, per_page: 10 })}`);
  const subs = (list.data as ApiRecord[]).sort((a, b) => a.id - b.id);
  return { number: body.data.number, total: body.data.total_paise, orderId: subs[0]!.order_id as number, subs };
}

async function subOrder(orderId: number, subId: number) {
  const { body } = await admin.getJson(`/api/orders/${orderId}`);
  return ((body.data as ApiRecord).sub_orders as ApiRecord[]).find((s) => s.id === subId)!;
}

async function move(orderId: number, subId: number, action: string, extra: Record<string, unknown> = {}) {
  const sub = await subOrder(orderId, subId);
  return admin.post(`/api/orders/${orderId}/sub-orders/${subId}/transitions`, { json: { action, version: sub.version, ...extra } });
}

async function moveOk(orderId: number, subId: number, action: string, extra: Record<string, unknown> = {}) {
  const r = await move(orderId, subId, action, extra);
  expect(r.status, `${action}: ${await r.clone().text()}`).toBe(200);
}

async function deliver(orderId: number, subId: number) {
  await moveOk(orderId, subId, 'confirm');
  await moveOk(orderId, subId, 'pack');
  await moveOk(orderId, subId, 'ship', { delivery_partner_id: swift, awb: `SWXPAY${subId}X${idem}` });
  await moveOk(orderId, subId, 'deliver');
}

async function paymentsOf(as: HttpClient, orderNumber: string): Promise<ApiRecord[]> {
  const { status, body } = await as.getJson(
    `/api/payments?${query({ per_page: 100, sort: 'created_at', order: 'asc', ...filters(['order_number', 'equals', orderNumber]) })}`,
  );
  expect(status, JSON.stringify(body)).toBe(200);
  return body.data as ApiRecord[];
}

beforeAll(async () => {
  admin = await app.as('admin');
  vendor = await app.as('vendor');
  support = await app.as('support');
  const created = await admin.post('/api/storefront-api-keys', {
    json: { name: 'Payments shop', scopes: ['read-catalogue', 'write-orders'], rate_limit_per_minute: 10000 },
  });
  writeKey = ((await created.json()) as { data: { secret: string } }).data.secret;
  await saveWebhookSecret(admin);
  const { body } = await admin.getJson(`/api/delivery-partners?${query({ per_page: 10, ...filters(['name', 'equals', 'Swift Express']) })}`);
  swift = (body.data as ApiRecord[])[0]!.id;
});

describe('the Razorpay webhook', () => {
  it('refuses a wrong or missing signature with a 400 in the error shape, logs it, and changes nothing', async () => {
    const order = await place([{ sku: 'DFH-KUR-001', quantity: 1 }], 'prepaid');
    const event = razorpayPaymentEvent('payment.captured', { paymentId: `pay_bad${idem}`, amountPaise: order.total, orderNumber: order.number });
    const wrong = await expectErrorShape(await postWebhook(app.server.url, event, { secret: 'not-the-secret' }), 400);
    expect(wrong.message).toContain('signature');
    await expectErrorShape(await postWebhook(app.server.url, event, { signature: null }), 400);
    // Signed, then the body changed on the way: refused too.
    const raw = JSON.stringify(event);
    const { razorpaySignature } = await import('../../src/features/payments/razorpay.server.ts');
    const tampered = raw.replace(String(order.total), String(order.total - 100));
    await expectErrorShape(await postWebhook(app.server.url, null, { raw: tampered, signature: razorpaySignature(raw, TEST_WEBHOOK_SECRET) }), 400);

    const [payment] = await paymentsOf(admin, order.number);
    expect(payment).toMatchObject({ kind: 'payment', method: 'prepaid', status: 'created', gateway_ref: null, amount_paise: order.total });
    const log = await admin.getJson(
      `/api/activity-logs?${query({ per_page: 25, ...filters(['area', 'equals', 'payments'], ['action', 'equals', 'webhook_refused']) })}`,
    );
    expect(log.status, JSON.stringify(log.body)).toBe(200);
    expect((log.body.data as ApiRecord[]).length).toBeGreaterThanOrEqual(3);
  });

  it('takes no session and no CSRF token: a signed event from a server is enough', async () => {
    const order = await place([{ sku: 'DFH-KUR-001', quantity: 1 }], 'prepaid');
    const r = await postWebhook(
      app.server.url,
      razorpayPaymentEvent('payment.authorized', { paymentId: `pay_auth${idem}`, amountPaise: order.total, orderNumber: order.number }),
    );
    expect(r.status, await r.clone().text()).toBe(200);
    expect((await paymentsOf(admin, order.number))[0]).toMatchObject({ status: 'authorized', gateway_ref: `pay_auth${idem}` });
  });

  it('confirms a prepaid order only once the payment is captured, and a replayed event id changes nothing', async () => {
    const order = await place([{ sku: 'DFH-KUR-001', quantity: 1 }], 'prepaid');
    const sub = order.subs[0]!;
    const early = await expectErrorShape(await move(order.orderId, sub.id, 'confirm'), 409);
    expect(early.message).toContain('awaiting payment');
    expect((await admin.getJson(`/api/orders/${order.orderId}`)).body.data.awaiting_payment).toBe(true);

    const eventId = nextEventId();
    const paymentId = `pay_cap${idem}`;
    const captured = await postWebhook(
      app.server.url,
      razorpayPaymentEvent('payment.captured', { paymentId, amountPaise: order.total, orderNumber: order.number }),
      { eventId },
    );
    expect(captured.status).toBe(200);
    expect(((await captured.json()) as { data: ApiRecord }).data).toMatchObject({ duplicate: false, outcome: 'captured' });
    const [payment] = await paymentsOf(admin, order.number);
    expect(payment).toMatchObject({ status: 'captured', gateway_ref: paymentId, amount_paise: order.total });

    // The same event id again, even carrying another body: acknowledged, nothing changes.
    const replay = await postWebhook(
      app.server.url,
      razorpayPaymentEvent('payment.failed', { paymentId, amountPaise: order.total, orderNumber: order.number }),
      { eventId },
    );
    expect(replay.status).toBe(200);
    expect(((await replay.json()) as { data: ApiRecord }).data).toMatchObject({ duplicate: true });
    expect(await paymentsOf(admin, order.number)).toEqual([payment]);

    await moveOk(order.orderId, sub.id, 'confirm');
    const details = (await admin.getJson(`/api/orders/${order.orderId}`)).body.data as ApiRecord;
    expect(details.awaiting_payment).toBe(false);
    expect((details.timeline as ApiRecord[]).map((e) => e.action)).toContain('payment_captured');
  });

  it('records a failed payment; the order awaits payment and a retried payment confirms it', async () => {
    const order = await place([{ sku: 'DFH-KUR-001', quantity: 1 }], 'prepaid');
    const sub = order.subs[0]!;
    const failed = await postWebhook(
      app.server.url,
      razorpayPaymentEvent('payment.failed', {
        paymentId: `pay_fail${idem}`,
        amountPaise: order.total,
        orderNumber: order.number,
        errorDescription: 'Card declined',
      }),
    );
    expect(failed.status).toBe(200);
    const [attempt] = await paymentsOf(admin, order.number);
    expect(attempt).toMatchObject({ status: 'failed', gateway_ref: `pay_fail${idem}` });
    expect(attempt!.note).toContain('Card declined');
    await expectErrorShape(await move(order.orderId, sub.id, 'confirm'), 409);
    expect((await subOrder(order.orderId, sub.id)).status).toBe('placed');

    await capturePayment(app.server.url, order.number, order.total, `pay_retry${idem}`);
    const rows = await paymentsOf(admin, order.number);
    expect(rows.map((r) => [r.gateway_ref, r.status])).toEqual([
      [`pay_fail${idem}`, 'failed'],
      [`pay_retry${idem}`, 'captured'],
    ]);
    await moveOk(order.orderId, sub.id, 'confirm');
  });
});

describe('cash on delivery', () => {
  it('records one captured payment per sub-order as it is delivered, for that sub-order’s total', async () => {
    const order = await place(
      [
        { sku: 'DFH-KUR-001', quantity: 1 },
        { sku: 'KVH-SAR-001', quantity: 1 },
      ],
      'cod',
    );
    const [first, second] = order.subs as [ApiRecord, ApiRecord];
    expect(await paymentsOf(admin, order.number)).toEqual([]);
    await deliver(order.orderId, first.id);
    let rows = await paymentsOf(admin, order.number);
    expect(rows.map((r) => [r.sub_order_id, r.kind, r.method, r.status, r.amount_paise])).toEqual([
      [first.id, 'payment', 'cod', 'captured', first.total_paise],
    ]);
    await deliver(order.orderId, second.id);
    rows = await paymentsOf(admin, order.number);
    expect(rows.map((r) => [r.sub_order_id, r.amount_paise])).toEqual([
      [first.id, first.total_paise],
      [second.id, second.total_paise],
    ]);
  });
});

describe('refunds', () => {
  it('record a return’s refund against the payment, with the same amount as the ledger’s reversal and the credit note; refund.processed marks it done', async () => {
    const order = await place([{ sku: 'DFH-KUR-001', quantity: 2 }], 'prepaid');
    const sub = order.subs[0]!;
    const paymentId = `pay_ret${idem}`;
    await capturePayment(app.server.url, order.number, order.total, paymentId);
    await deliver(order.orderId, sub.id);
    await moveOk(order.orderId, sub.id, 'request_return', { reason: 'Too small' });
    await moveOk(order.orderId, sub.id, 'approve_return');
    await moveOk(order.orderId, sub.id, 'receive_return');
    await moveOk(order.orderId, sub.id, 'refund');

    const refund = (await paymentsOf(admin, order.number)).find((r) => r.kind === 'refund')!;
    expect(refund).toMatchObject({
      method: 'prepaid',
      status: 'created',
      provider: 'manual',
      sub_order_id: sub.id,
      amount_paise: sub.total_paise,
      gateway_ref: null,
    });
    expect(refund.note).toContain('To do');
    expect(refund.note).toContain(paymentId);

    const docs = (await admin.getJson(`/api/orders/${order.orderId}/documents`)).body.data as ApiRecord[];
    expect(docs.find((d) => d.kind === 'credit_note')!.total_paise).toBe(refund.amount_paise);
    const ledger = await admin.getJson(
      `/api/earnings?${query({ per_page: 100, ...filters(['order_number', 'equals', sub.number], ['type', 'equals', 'refund_reversal']) })}`,
    );
    const saleReversed = (ledger.body.data as ApiRecord[])
      .filter((e) => String(e.description).includes('reverses sale'))
      .reduce((a, e) => a + (e.amount_paise as number), 0);
    expect(-saleReversed).toBe(refund.amount_paise);

    // Carried out at Razorpay: its refund.processed marks the row refunded.
    const done = await postWebhook(app.server.url, razorpayRefundEvent({ refundId: `rfnd_${idem}`, paymentId, amountPaise: refund.amount_paise }));
    expect(done.status).toBe(200);
    expect((await paymentsOf(admin, order.number)).find((r) => r.kind === 'refund')).toMatchObject({
      id: refund.id,
      status: 'refunded',
      gateway_ref: `rfnd_${idem}`,
    });
  });

  it('give back a prepaid parcel cancelled after capture, for that parcel only; an unpaid cancellation refunds nothing', async () => {
    const order = await place(
      [
        { sku: 'DFH-KUR-001', quantity: 1 },
        { sku: 'KVH-SAR-001', quantity: 1 },
      ],
      'prepaid',
    );
    await capturePayment(app.server.url, order.number, order.total);
    const kvh = order.subs.find((s) => String(s.number).length && s.vendor_id !== order.subs[0]!.vendor_id) ?? order.subs[1]!;
    await moveOk(order.orderId, kvh.id, 'cancel', { reason: 'Out of the colour' });
    const refunds = (await paymentsOf(admin, order.number)).filter((r) => r.kind === 'refund');
    expect(refunds.map((r) => [r.sub_order_id, r.amount_paise, r.status])).toEqual([[kvh.id, kvh.total_paise, 'created']]);

    const unpaid = await place([{ sku: 'DFH-KUR-001', quantity: 1 }], 'prepaid');
    await moveOk(unpaid.orderId, unpaid.subs[0]!.id, 'cancel', { reason: 'Changed my mind' });
    expect((await paymentsOf(admin, unpaid.number)).filter((r) => r.kind === 'refund')).toEqual([]);
  });
});

describe('the delivery charge', () => {
  it('goes back once the whole prepaid order is cancelled (not when a parcel is), also when paid late; never shown to a vendor', async () => {
    await saveWebhookSecret(admin, TEST_WEBHOOK_SECRET, { delivery_charge: '49.00' });
    try {
      const order = await place(
        [
          { sku: 'DFH-KUR-001', quantity: 1 },
          { sku: 'KVH-SAR-001', quantity: 1 },
        ],
        'prepaid',
      );
      const parcels = order.subs.reduce((a, s) => a + (s.total_paise as number), 0);
      expect(order.total - parcels).toBe(4900);
      await capturePayment(app.server.url, order.number, order.total);
      const [first, second] = order.subs;
      await moveOk(order.orderId, first!.id, 'cancel', { reason: 'Out of the colour' });
      const refundsOf = async (n: string) => (await paymentsOf(admin, n)).filter((r) => r.kind === 'refund').map((r) => [r.sub_order_id, r.amount_paise]);
      // One parcel cancelled: the other still travels, so the delivery charge stays.
      expect(await refundsOf(order.number)).toEqual([[first!.id, first!.total_paise]]);
      await moveOk(order.orderId, second!.id, 'cancel', { reason: 'Changed my mind' });
      expect(await refundsOf(order.number)).toEqual([
        [first!.id, first!.total_paise],
        [second!.id, second!.total_paise],
        [null, 4900],
      ]);
      // Everything paid is given back, the delivery charge as a row of no parcel.
      const all = await paymentsOf(admin, order.number);
      const charge = all.find((r) => r.kind === 'refund' && r.sub_order_id === null)!;
      expect(charge.status).toBe('created');
      expect(String(charge.note)).toContain('delivery charge');
      expect(all.filter((r) => r.kind === 'refund').reduce((a, r) => a + (r.amount_paise as number), 0)).toBe(order.total);
      // The vendor sees the order's payment and their own parcel's refund, not the marketplace's delivery charge.
      const seen = await paymentsOf(vendor, order.number);
      expect(seen.some((r) => r.kind === 'refund' && r.sub_order_id === null)).toBe(false);
      expect(seen.map((r) => r.kind)).toContain('payment');

      // Cancelled before the payment went through, then captured: the parcel and the delivery charge both go back.
      const late = await place([{ sku: 'DFH-KUR-001', quantity: 1 }], 'prepaid');
      await moveOk(late.orderId, late.subs[0]!.id, 'cancel', { reason: 'Ordered twice' });
      expect(await refundsOf(late.number)).toEqual([]);
      await capturePayment(app.server.url, late.number, late.total);
      expect(await refundsOf(late.number)).toEqual([
        [late.subs[0]!.id, late.subs[0]!.total_paise],
        [null, 4900],
      ]);

      // Cash on delivery: nothing was paid, nothing to give back.
      const cod = await place([{ sku: 'DFH-KUR-001', quantity: 1 }], 'cod');
      await moveOk(cod.orderId, cod.subs[0]!.id, 'cancel', { reason: 'Ordered twice' });
      expect(await refundsOf(cod.number)).toEqual([]);
    } finally {
      await saveWebhookSecret(admin, TEST_WEBHOOK_SECRET, { delivery_charge: '0.00' });
    }
  });
});

describe('/api/payments', () => {
  it('filters by status, kind and method, and finds a row by its gateway reference', async () => {
    const order = await place([{ sku: 'DFH-KUR-001', quantity: 1 }], 'prepaid');
    await capturePayment(app.server.url, order.number, order.total, `pay_find${idem}`);
    const found = await admin.getJson(`/api/payments?${query({ q: `pay_find${idem}` })}`);
    expect((found.body.data as ApiRecord[]).map((r) => r.order_number)).toEqual([order.number]);
    const byOrder = await admin.getJson(`/api/payments?${query({ q: order.number })}`);
    expect((byOrder.body.data as ApiRecord[]).map((r) => r.gateway_ref)).toEqual([`pay_find${idem}`]);
    const captured = await admin.getJson(
      `/api/payments?${query({ per_page: 100, ...filters(['status', 'equals', 'captured'], ['kind', 'equals', 'payment'], ['method', 'equals', 'prepaid']) })}`,
    );
    const rows = captured.body.data as ApiRecord[];
    expect(rows.length).toBeGreaterThan(0);
    expect(rows.every((r) => r.status === 'captured' && r.kind === 'payment' && r.method === 'prepaid')).toBe(true);
    const bad = await expectErrorShape(await admin.get(`/api/payments?${query(filters(['status', 'equals', 'lost']))}`), 422);
    expect(bad.message).toBeTruthy();
  });

  it('shows a vendor only the payments of orders holding their sub-orders, and of those never another vendor’s parcel; the export too', async () => {
    const order = await place(
      [
        { sku: 'DFH-KUR-001', quantity: 1 },
        { sku: 'KVH-SAR-001', quantity: 1 },
      ],
      'prepaid',
    );
    const n = idem;
    await capturePayment(app.server.url, order.number, order.total, `pay_iso${n}`);
    const dfh = order.subs.find((s) => String(s.vendor_name).includes('Demo Fashion'))!;
    const kvh = order.subs.find((s) => s.id !== dfh.id)!;
    await moveOk(order.orderId, kvh.id, 'cancel', { reason: 'Vendor out of stock' });
    const kvhOnly = await place([{ sku: 'KVH-SAR-001', quantity: 1 }], 'prepaid');
    await capturePayment(app.server.url, kvhOnly.number, kvhOnly.total, `pay_kvh${n}`);

    // Staff: the order-wide payment and KVH's refund.
    expect((await paymentsOf(admin, order.number)).map((r) => r.kind)).toEqual(['payment', 'refund']);
    // The vendor (Demo Fashion House): the order's payment, not Kaveri's refund, nothing of Kaveri's own order.
    const mine = await paymentsOf(vendor, order.number);
    expect(mine.map((r) => [r.kind, r.gateway_ref])).toEqual([['payment', `pay_iso${n}`]]);
    expect(await paymentsOf(vendor, kvhOnly.number)).toEqual([]);
    const search = await vendor.getJson(`/api/payments?${query({ q: `pay_kvh${n}` })}`);
    expect(search.body.data).toEqual([]);
    // Asking for Kaveri's rows by the vendor filter changes nothing: the scope still applies.
    const asked = await vendor.getJson(`/api/payments?${query({ per_page: 100, ...filters(['vendor_id', 'in', [kvh.vendor_id]]) })}`);
    expect((asked.body.data as ApiRecord[]).some((r) => r.sub_order_id === kvh.id || r.order_number === kvhOnly.number)).toBe(false);

    const csv = await (await vendor.get(`/api/payments/export?${query({ q: order.number })}`)).text();
    expect(csv).toContain(`pay_iso${n}`);
    expect(csv).not.toContain(kvh.number as string);
    const allCsv = await (await vendor.get('/api/payments/export')).text();
    expect(allCsv).not.toContain(`pay_kvh${n}`);
    expect(allCsv).not.toContain('Vendor out of stock');

    // Staff's vendor filter: Kaveri's rows and the order-wide payments of Kaveri's orders.
    const staffKvh = await admin.getJson(`/api/payments?${query({ per_page: 100, ...filters(['vendor_id', 'in', [kvh.vendor_id]]) })}`);
    const refs = (staffKvh.body.data as ApiRecord[]).map((r) => r.gateway_ref);
    expect(refs).toEqual(expect.arrayContaining([`pay_iso${n}`, `pay_kvh${n}`]));
  });

  it('is refused without accountings:payment-list (support staff), the export and the page too', async () => {
    await expectErrorShape(await support.get('/api/payments'), 403);
    await expectErrorShape(await support.get('/api/payments/export'), 403);
    expect((await support.get('/payments/listing')).status).toBe(403);
    expect((await app.client().get('/api/payments')).status).toBe(401);
  });
});

describe('npm run storefront:simulate', () => {
  it('plays a storefront against the server: orders placed, prepaid ones paid through a signed webhook', async () => {
    const { execFile } = await import('node:child_process');
    const { promisify } = await import('node:util');
    const before = (await admin.getJson(`/api/payments?${query({ per_page: 100, ...filters(['gateway_ref', 'startsWith', 'pay_sim']) })}`)).body
      .data as ApiRecord[];
    const { stdout } = await promisify(execFile)(
      process.execPath,
      [
        'scripts/storefront-simulate.ts',
        '--base-url',
        app.server.url,
        '--key',
        writeKey,
        '--webhook-secret',
        TEST_WEBHOOK_SECRET,
        '--rate',
        '3',
        '--seconds',
        '2',
        '--fail',
        '0',
        '--cod',
        '0.5',
      ],
      { timeout: 60_000 },
    );
    expect(stdout).toMatch(/orders placed \((cod|prepaid)\): \d+/);
    expect(stdout).not.toContain('webhook 400');
    expect(stdout).not.toContain('errors');
    const placedPrepaid = Number(/orders placed \(prepaid\): (\d+)/.exec(stdout)?.[1] ?? 0);
    const after = (await admin.getJson(`/api/payments?${query({ per_page: 100, ...filters(['gateway_ref', 'startsWith', 'pay_sim']) })}`)).body
      .data as ApiRecord[];
    expect(after.length - before.length).toBe(placedPrepaid);
    expect(after.every((r) => r.status === 'captured')).toBe(true);
  });
});
