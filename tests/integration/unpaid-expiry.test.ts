/**
 * Unpaid prepaid orders expire (issue 17 §4, decision 059) on the real built server: the job inside
 * the server (every second here) cancels a prepaid order the gateway has not captured within Global
 * settings' window (30 minutes), as the money clock (TEST_CLOCK_FILE) reads it: each parcel cancelled
 * through the move code (stock released, timeline, activity log by the system, the vendor told), the
 * payment failed with why. A paid order and a COD order are left alone, an order not yet past the
 * window too. A capture arriving afterwards is recorded and its money listed as refunds to make; the
 * order stays cancelled. On PostgreSQL, two servers on one database cancel each order once.
 */
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { useServer } from '../helpers/vitest-server.ts';
import { startServer, testDriver, type TestServer } from '../helpers/server.ts';
import type { HttpClient } from '../helpers/http.ts';
import { expectErrorShape } from '../helpers/assertions.ts';
import { filter, query, type ApiRecord } from '../helpers/area-api.ts';
import { capturePayment, postWebhook, saveWebhookSecret } from '../helpers/payments.ts';
import { razorpayPaymentEvent } from '../../src/features/payments/razorpay.server.ts';

const clockDir = mkdtempSync(join(tmpdir(), 'bo-expiry-clock-'));
const clockFile = join(clockDir, 'now');
const setClock = (at: Date) => writeFileSync(clockFile, at.toISOString());
writeFileSync(clockFile, '');
const MINUTE = 60_000;
/** The money clock's "now" at the start: every order here is placed at T0 or a few minutes before. */
const T0 = new Date(Math.floor(Date.now() / MINUTE) * MINUTE);

// The expiry job looks every second here (every minute by default).
const SHARED = { TEST_CLOCK_FILE: clockFile, UNPAID_EXPIRY_SECONDS: '1' };
const app = useServer({ env: SHARED });
afterAll(() => rmSync(clockDir, { recursive: true, force: true }));

let admin: HttpClient;
let vendor: HttpClient;
let writeKey: string;
let idem = 0;

const customer = { name: 'Late Payer', email: 'late.payer@example.com', phone: '9876504567' };
const address = { name: 'Late Payer', phone: '9876504567', line1: '5 Infantry Road', pincode: '560001' };

async function place(lines: { sku: string; quantity: number }[], payment_method: 'prepaid' | 'cod', baseUrl = app.server.url) {
  const response = await fetch(new URL('/api/storefront/v1/orders', baseUrl), {
    method: 'POST',
    headers: { authorization: `Bearer ${writeKey}`, 'content-type': 'application/json', 'idempotency-key': `expiry-${Date.now()}-${++idem}` },
    body: JSON.stringify({ customer, shipping_address: address, lines, payment_method }),
  });
  const body = (await response.json()) as { data: { number: string; total_paise: number } };
  expect(response.status, JSON.stringify(body)).toBe(201);
  const { body: list } = await admin.getJson(`/api/orders?${query({ q: body.data.number, per_page: 10 })}`);
  const subs = (list.data as ApiRecord[]).sort((a, b) => a.id - b.id);
  return { number: body.data.number, total: body.data.total_paise, orderId: subs[0]!.order_id as number, subs };
}

const details = async (orderId: number) => {
  const { status, body } = await admin.getJson(`/api/orders/${orderId}`);
  expect(status, JSON.stringify(body)).toBe(200);
  return body.data as ApiRecord;
};

/** Polls until the order reaches `status` (the job runs every second): what a person would see on reload. */
async function until(orderId: number, status: string, timeoutMs = 60_000): Promise<ApiRecord> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const order = await details(orderId);
    if (order.status === status) return order;
    if (Date.now() > deadline) throw new Error(`order ${order.number} is still ${order.status}, not ${status}`);
    await new Promise((r) => setTimeout(r, 100)); // a poll's pace, not a wait for something
  }
}

/** A SKU's stock level (the first warehouse holding it): on hand and reserved. */
async function levelRow(sku: string): Promise<ApiRecord> {
  const { body } = await admin.getJson(`/api/inventories?${query({ per_page: 10, ...filter('sku', 'equals', sku) })}`);
  return (body.data as ApiRecord[]).sort((a, b) => a.id - b.id)[0]!;
}
async function level(sku: string): Promise<{ on_hand: number; reserved: number }> {
  const row = await levelRow(sku);
  return { on_hand: row.on_hand as number, reserved: row.reserved as number };
}

beforeAll(async () => {
  admin = await app.as('admin');
  vendor = await app.as('vendor');
  const created = await admin.post('/api/storefront-api-keys', {
    json: { name: 'Expiry shop', scopes: ['read-catalogue', 'write-orders'], rate_limit_per_minute: 10000 },
  });
  writeKey = ((await created.json()) as { data: { secret: string } }).data.secret;
  await saveWebhookSecret(admin);
});

describe('the expiry setting', () => {
  it('is 30 minutes by default, on Global settings, and refuses less than 5 minutes', async () => {
    const { body } = await admin.getJson('/api/global-settings');
    expect(body.data.unpaid_order_expiry_minutes).toBe(30);
    const { id: _id, updated_at: _u, ...view } = body.data as Record<string, unknown>;
    const values = Object.fromEntries(Object.entries(view).filter(([k]) => !k.endsWith('_set')));
    const refused = await expectErrorShape(await admin.put('/api/global-settings', { json: { ...values, unpaid_order_expiry_minutes: 2 } }), 422);
    expect(refused.errors?.unpaid_order_expiry_minutes?.[0]).toContain('At least 5');
    const page = await admin.get('/global-settings');
    expect(await page.text()).toContain('Unpaid prepaid orders expire after (minutes)');
  });
});

describe('unpaid prepaid orders', () => {
  it('expire past the window: parcels cancelled, stock released, payment failed; paid, COD and recent orders untouched; a late capture is refunded', async () => {
    // Placed 3 minutes before T0: once it expires, a look with the clock at T0 + 29 min has run.
    setClock(new Date(T0.getTime() - 3 * MINUTE));
    const early = await place([{ sku: 'KVH-SAR-001', quantity: 1 }], 'prepaid');
    setClock(T0);
    const shirt = await level('DFH-SHI-002');
    const towel = await level('KVH-TOW-002');
    // Two vendors' parcels, never paid.
    const unpaid = await place(
      [
        { sku: 'DFH-SHI-002', quantity: 2 },
        { sku: 'KVH-TOW-002', quantity: 1 },
      ],
      'prepaid',
    );
    expect(unpaid.subs).toHaveLength(2);
    expect(await level('DFH-SHI-002')).toEqual({ ...shirt, reserved: shirt.reserved + 2 });
    const paid = await place([{ sku: 'DFH-KUR-020-M-IND', quantity: 1 }], 'prepaid');
    await capturePayment(app.server.url, paid.number, paid.total);
    const cod = await place([{ sku: 'DFH-KUR-020-M-WHT', quantity: 1 }], 'cod');
    // Placed last, also never paid: once it is cancelled, the look that cancelled it has passed the others.
    const last = await place([{ sku: 'KVH-SAR-001', quantity: 1 }], 'prepaid');

    // 29 minutes on: only the order placed 3 minutes earlier is past the window.
    setClock(new Date(T0.getTime() + 29 * MINUTE));
    await until(early.orderId, 'cancelled');
    expect((await details(unpaid.orderId)).status).toBe('placed');
    expect((await details(last.orderId)).status).toBe('placed');

    // 31 minutes on: the unpaid ones expire.
    setClock(new Date(T0.getTime() + 31 * MINUTE));
    await until(last.orderId, 'cancelled');
    const expired = await until(unpaid.orderId, 'cancelled');
    const subs = expired.sub_orders as ApiRecord[];
    expect(subs.map((s) => [s.status, s.cancel_reason ?? null])).toEqual([
      ['cancelled', 'Payment not received within 30 minutes of placing'],
      ['cancelled', 'Payment not received within 30 minutes of placing'],
    ]);
    const timeline = expired.timeline as ApiRecord[];
    const cancels = timeline.filter((e) => e.action === 'cancel');
    expect(cancels).toHaveLength(2);
    expect(cancels.every((e) => e.actor === 'System (unpaid order expiry)' && String(e.note).startsWith('Payment not received'))).toBe(true);
    expect(timeline.filter((e) => e.action === 'payment_expired')).toHaveLength(1);
    expect(expired.awaiting_payment).toBe(false);
    expect((expired.payments as ApiRecord[]).map((p) => [p.kind, p.status])).toEqual([['payment', 'failed']]);
    expect(String((expired.payments as ApiRecord[])[0]!.note)).toContain('Expired');
    // The stock held for it is free again.
    expect(await level('DFH-SHI-002')).toEqual(shirt);
    expect(await level('KVH-TOW-002')).toEqual(towel);

    // Paid and COD: untouched.
    expect(((await details(paid.orderId)).sub_orders as ApiRecord[]).map((s) => s.status)).toEqual(['placed']);
    expect(((await details(cod.orderId)).sub_orders as ApiRecord[]).map((s) => s.status)).toEqual(['placed']);
    const paidSub = ((await details(paid.orderId)).sub_orders as ApiRecord[])[0]!;
    const confirmPaid = await admin.post(`/api/orders/${paid.orderId}/sub-orders/${paidSub.id}/transitions`, {
      json: { action: 'confirm', version: paidSub.version },
    });
    expect(confirmPaid.status, await confirmPaid.clone().text()).toBe(200);

    // The vendor was told, by the move's own notification.
    const dfhSub = subs.find((s) => String(s.number) === String(unpaid.subs[0]!.number))!;
    const { body: bell } = await vendor.getJson(`/api/notifications?${query({ per_page: 50 })}`);
    expect((bell.data as ApiRecord[]).some((n) => n.title === `${dfhSub.number}: cancelled`)).toBe(true);

    // The customer's payment goes through after all: recorded, the order stays cancelled, and the
    // money is listed as refunds to make (one per parcel, the default provider: a person's to do).
    const late = await postWebhook(
      app.server.url,
      razorpayPaymentEvent('payment.captured', { paymentId: `pay_late${idem}`, amountPaise: unpaid.total, orderNumber: unpaid.number }),
    );
    expect(late.status, await late.clone().text()).toBe(200);
    expect(((await late.json()) as { data: { outcome: string } }).data.outcome).toMatch(/^captured; .* to refund/);
    const after = await details(unpaid.orderId);
    expect(after.status).toBe('cancelled');
    const pays = after.payments as ApiRecord[];
    expect(pays.find((p) => p.kind === 'payment')).toMatchObject({ status: 'captured', gateway_ref: `pay_late${idem}`, amount_paise: unpaid.total });
    const refunds = pays.filter((p) => p.kind === 'refund');
    expect(refunds.map((r) => [r.sub_order_id, r.amount_paise, r.status])).toEqual(subs.map((s) => [s.id, s.total_paise, 'created']));
    expect(refunds.reduce((n, r) => n + (r.amount_paise as number), 0)).toBe(unpaid.total);
    expect((after.timeline as ApiRecord[]).some((e) => e.action === 'payment_late')).toBe(true);
    // Still nothing to confirm: a cancelled parcel stays cancelled.
    const confirm = await admin.post(`/api/orders/${unpaid.orderId}/sub-orders/${subs[0]!.id}/transitions`, {
      json: { action: 'confirm', version: subs[0]!.version },
    });
    await expectErrorShape(confirm, 409);
    expect(await level('DFH-SHI-002')).toEqual(shirt);

    // The activity log (its API, as staff read it) has each cancellation by the system (no user), and the payment's expiry.
    const logged: ApiRecord[] = [];
    for (const [area, action] of [
      ['orders', 'cancel'],
      ['payments', 'expired'],
    ]) {
      const { status, body } = await admin.getJson(
        `/api/activity-logs?${query({ per_page: 100, sort: 'at', order: 'asc', q: unpaid.number, ...filter('area', 'equals', area) })}`,
      );
      expect(status, JSON.stringify(body)).toBe(200);
      logged.push(...(body.data as ApiRecord[]).filter((l) => l.action === action).sort((x, y) => String(x.record_name).localeCompare(String(y.record_name))));
    }
    expect(logged.map((l) => [l.area, l.action, l.record_name, l.actor_id, l.user_agent])).toEqual([
      ['orders', 'cancel', subs[0]!.number, null, 'system'],
      ['orders', 'cancel', subs[1]!.number, null, 'system'],
      ['payments', 'expired', unpaid.number, null, 'system'],
    ]);
  });
});

describe.runIf(testDriver() === 'postgres')('two servers on one PostgreSQL database', () => {
  let second: TestServer | undefined;
  afterAll(async () => {
    await second?.stop();
  }, 30_000);

  it('cancel each expired order once', async () => {
    second = await startServer({ driver: 'postgres', env: { ...SHARED, DATABASE_URL: app.server.databaseUrl, DEMO_DATA: 'false' } });
    const at = new Date(T0.getTime() + 2 * 60 * MINUTE);
    setClock(at);
    const lvl = await levelRow('KVH-TOW-002');
    const adjust = await admin.post(`/api/inventories/${lvl.id}/adjustments`, {
      json: { version: lvl.version, reason: 'correction', delta: 20, note: 'test' },
    });
    expect(adjust.status, await adjust.clone().text()).toBe(201);
    const before = await level('KVH-TOW-002');
    const placed: Awaited<ReturnType<typeof place>>[] = [];
    for (let i = 0; i < 8; i++) placed.push(await place([{ sku: 'KVH-TOW-002', quantity: 1 }], 'prepaid', i % 2 ? second.url : app.server.url));
    setClock(new Date(at.getTime() + 31 * MINUTE));
    for (const o of placed) await until(o.orderId, 'cancelled');
    const rows = await app.server.withDatabase((q) =>
      q(
        `select o.number,
                (select count(*) from order_events e where e.order_id = o.id and e.action = 'cancel')::int as cancels,
                (select count(*) from order_events e where e.order_id = o.id and e.action = 'payment_expired')::int as expiries,
                (select count(*) from stock_movements m where m.order_ref in (o.number, o.number || '-1'))::int as movements
           from orders o where o.id = any($1) order by o.id`,
        [placed.map((o) => o.orderId)],
      ),
    );
    // One cancel, one expiry, two stock movements (reserve, release) per order: nobody did it twice.
    expect(rows.map((r) => [r.cancels, r.expiries, r.movements])).toEqual(placed.map(() => [1, 1, 2]));
    expect(await level('KVH-TOW-002')).toEqual(before);
    for (const s of [app.server, second]) expect(s.output()).not.toContain('unpaid order expiry failed');
  });
});
