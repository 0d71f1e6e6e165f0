/**
 * Orders (issue 17) on the real built server and its real database: the storefront API and its
 * keys, placing (server prices, per-vendor sub-orders, GST heads, stock reserved, idempotency, short
 * lines, 50 orders racing for the last 10 units), the sub-order state machine over HTTP (every move
 * and its refusals, two racing ships, stock committed, released and restocked), and vendor isolation
 * on every order endpoint and the export.
 */
import { beforeAll, describe, expect, it } from 'vitest';
import { useServer } from '../helpers/vitest-server.ts';
import { DEMO_CREDENTIALS, type HttpClient } from '../helpers/http.ts';
import { expectErrorShape } from '../helpers/assertions.ts';
import { filter, query, type ApiRecord } from '../helpers/area-api.ts';
import { openEvents, type SseStream } from '../helpers/sse.ts';

const app = useServer();
let admin: HttpClient;
let vendor: HttpClient;
let support: HttpClient;
/** A key with both scopes, and one that may only read the catalogue. */
let writeKey: string;
let readKey: string;

/** A storefront request: the key in Authorization, no cookie, no CSRF token. */
function storefront(
  method: string,
  path: string,
  opts: { key?: string | null; json?: unknown; idempotencyKey?: string; headers?: Record<string, string> } = {},
) {
  const headers: Record<string, string> = { accept: 'application/json', ...opts.headers };
  const key = opts.key === undefined ? writeKey : opts.key;
  if (key) headers.authorization = `Bearer ${key}`;
  if (opts.json !== undefined) headers['content-type'] = 'application/json';
  if (opts.idempotencyKey) headers['idempotency-key'] = opts.idempotencyKey;
  return fetch(new URL(path, app.server.url), { method, headers, body: opts.json === undefined ? undefined : JSON.stringify(opts.json) });
}

const address = { name: 'Test Buyer', phone: '9876501234', line1: '1 MG Road', pincode: '560001' };
const customer = { name: 'Test Buyer', email: 'test.buyer@example.com', phone: '9876501234' };
let idem = 0;
const nextKey = () => `test-order-${Date.now()}-${++idem}`;

async function place(lines: { sku: string; quantity: number }[], extra: Record<string, unknown> = {}, key = nextKey()) {
  const response = await storefront('POST', '/api/storefront/v1/orders', {
    idempotencyKey: key,
    json: { customer, shipping_address: address, lines, payment_method: 'cod', ...extra },
  });
  return { response, body: (await response.json()) as { data: ApiRecord; message?: string; errors?: Record<string, string[]> }, key };
}

async function orderIdOf(number: string): Promise<number> {
  const { body } = await admin.getJson(`/api/orders?${query({ q: number, per_page: 10 })}`);
  return (body.data as ApiRecord[])[0]!.order_id as number;
}

async function details(as: HttpClient, orderId: number) {
  const { status, body } = await as.getJson(`/api/orders/${orderId}`);
  expect(status, JSON.stringify(body)).toBe(200);
  return body.data as ApiRecord;
}

const move = (as: HttpClient, orderId: number, subId: number, body: Record<string, unknown>) =>
  as.post(`/api/orders/${orderId}/sub-orders/${subId}/transitions`, { json: body });

async function level(sku: string) {
  const { body } = await admin.getJson(`/api/inventories?${query({ per_page: 10, ...filter('sku', 'equals', sku) })}`);
  return (body.data as ApiRecord[])[0]!;
}

async function partnerId(name: string): Promise<number> {
  const { body } = await admin.getJson(`/api/delivery-partners?${query({ per_page: 10, ...filter('name', 'equals', name) })}`);
  return (body.data as ApiRecord[])[0]!.id;
}

beforeAll(async () => {
  admin = await app.as('admin');
  vendor = await app.as('vendor');
  support = await app.as('support');
  const created = await admin.post('/api/storefront-api-keys', {
    json: { name: 'Test shop', scopes: ['read-catalogue', 'write-orders'], rate_limit_per_minute: 10000 },
  });
  expect(created.status).toBe(201);
  writeKey = ((await created.json()) as { data: { secret: string } }).data.secret;
  const read = await admin.post('/api/storefront-api-keys', { json: { name: 'Catalogue only', scopes: ['read-catalogue'] } });
  readKey = ((await read.json()) as { data: { secret: string } }).data.secret;
});

describe('storefront API keys', () => {
  it('are shown once and stored hashed: the list never carries the secret', async () => {
    expect(writeKey).toMatch(/^sk_live_/);
    const { status, body } = await admin.getJson('/api/storefront-api-keys');
    expect(status).toBe(200);
    expect(JSON.stringify(body)).not.toContain(writeKey);
    expect((body.data as ApiRecord[]).map((k) => k.name)).toEqual(expect.arrayContaining(['Test shop', 'Catalogue only']));
  });

  it('refuse a request without a key, with an unknown key, and without the scope', async () => {
    await expectErrorShape(await storefront('GET', '/api/storefront/v1/products', { key: null }), 401);
    await expectErrorShape(await storefront('GET', '/api/storefront/v1/products', { key: 'sk_live_nope' }), 401);
    expect((await storefront('GET', '/api/storefront/v1/products', { key: readKey })).status).toBe(200);
    const refused = await expectErrorShape(
      await storefront('POST', '/api/storefront/v1/orders', {
        key: readKey,
        idempotencyKey: nextKey(),
        json: { customer, shipping_address: address, lines: [{ sku: 'DFH-KUR-001', quantity: 1 }], payment_method: 'cod' },
      }),
      403,
    );
    expect(refused.message).toContain('write-orders');
  });

  it('never accept a back-office session, even with a valid key', async () => {
    const response = await admin.get('/api/storefront/v1/products', { headers: { authorization: `Bearer ${writeKey}` } });
    await expectErrorShape(response, 403);
    const post = await admin.post('/api/storefront/v1/customers', { json: customer, headers: { authorization: `Bearer ${writeKey}` } });
    await expectErrorShape(post, 403);
  });

  it('may be created and revoked only with global-settings:create, and a revoked key is refused at once', async () => {
    await expectErrorShape(await support.post('/api/storefront-api-keys', { json: { name: 'x', scopes: ['read-catalogue'] } }), 403);
    await expectErrorShape(await vendor.get('/api/storefront-api-keys'), 403);
    const created = await admin.post('/api/storefront-api-keys', { json: { name: 'Short-lived', scopes: ['read-catalogue'] } });
    const { data } = (await created.json()) as { data: { id: number; secret: string } };
    expect((await storefront('GET', '/api/storefront/v1/products', { key: data.secret })).status).toBe(200);
    expect((await admin.post(`/api/storefront-api-keys/${data.id}/revoke`)).status).toBe(200);
    const refused = await expectErrorShape(await storefront('GET', '/api/storefront/v1/products', { key: data.secret }), 401);
    expect(refused.message).toContain('revoked');
    await expectErrorShape(await admin.post(`/api/storefront-api-keys/${data.id}/revoke`), 409);
  });

  it('refuse past the key’s requests a minute with 429 and Retry-After', async () => {
    const created = await admin.post('/api/storefront-api-keys', { json: { name: 'Tiny limit', scopes: ['read-catalogue'], rate_limit_per_minute: 2 } });
    const { secret } = ((await created.json()) as { data: { secret: string } }).data;
    const statuses: number[] = [];
    for (let i = 0; i < 3; i++) statuses.push((await storefront('GET', '/api/storefront/v1/products?limit=1', { key: secret })).status);
    expect(statuses).toEqual([200, 200, 429]);
  });
});

describe('the storefront catalogue', () => {
  it('lists active products of active vendors with variants, prices in paise and availability by pincode', async () => {
    const response = await storefront('GET', '/api/storefront/v1/products?limit=100', { key: readKey });
    const body = (await response.json()) as { data: ApiRecord[] };
    const skus = body.data.flatMap((p) => (p.variants as ApiRecord[]).map((v) => v.sku));
    expect(skus).toContain('DFH-KUR-001');
    for (const p of body.data) for (const v of p.variants as ApiRecord[]) expect(Number.isInteger(v.price_paise)).toBe(true);
    const a = await storefront('GET', '/api/storefront/v1/availability?sku=DFH-KUR-001&pincode=560001', { key: readKey });
    expect(((await a.json()) as { data: ApiRecord }).data).toMatchObject({ serviceable: true, cod_available: true, can_order: true });
    const far = await storefront('GET', '/api/storefront/v1/availability?sku=DFH-KUR-001&pincode=110020', { key: readKey });
    expect(((await far.json()) as { data: ApiRecord }).data).toMatchObject({ serviceable: false, can_order: false });
    await expectErrorShape(await storefront('GET', '/api/storefront/v1/availability?sku=DFH-KUR-001&pincode=abc', { key: readKey }), 422);
  });
});

describe('placing an order', () => {
  it('needs an Idempotency-Key, and refuses client prices, unknown SKUs and pincodes nobody serves', async () => {
    const noKey = await storefront('POST', '/api/storefront/v1/orders', {
      json: { customer, shipping_address: address, lines: [{ sku: 'DFH-KUR-001', quantity: 1 }], payment_method: 'cod' },
    });
    expect((await expectErrorShape(noKey, 422)).errors).toHaveProperty('Idempotency-Key');
    const priced = await place([{ sku: 'DFH-KUR-001', quantity: 1, price_paise: 1 } as never]);
    expect(priced.response.status).toBe(422);
    const unknown = await place([{ sku: 'NO-SUCH-SKU', quantity: 1 }]);
    expect(unknown.response.status).toBe(422);
    expect(unknown.body.errors).toHaveProperty(['lines.0.sku']);
    const far = await place([{ sku: 'DFH-KUR-001', quantity: 1 }], { shipping_address: { ...address, pincode: '110020' } });
    expect(far.response.status).toBe(422);
    expect(far.body.errors).toHaveProperty(['shipping_address.pincode']);
    // Chennai's courier takes no cash: cash on delivery there is refused, prepaid is fine.
    const cod = await place([{ sku: 'KVH-SAR-001', quantity: 1 }], { shipping_address: { ...address, pincode: '600002' } });
    expect(cod.response.status).toBe(422);
    expect(cod.body.message).toContain('cash on delivery');
  });

  it('prices on the server, splits per vendor, taxes CGST+SGST within the state and IGST across, and reserves stock', async () => {
    const before = await level('KVH-SAR-001');
    const { response, body } = await place([
      { sku: 'DFH-KUR-001', quantity: 2 },
      { sku: 'KVH-SAR-001', quantity: 1 },
    ]);
    expect(response.status, JSON.stringify(body)).toBe(201);
    const order = body.data;
    expect(order.number).toMatch(/^OD-\d{4}-\d{6}$/);
    const subs = order.sub_orders as ApiRecord[];
    expect(subs.map((s) => s.number)).toEqual([`${order.number}-1`, `${order.number}-2`]);
    const [dfh, kvh] = subs as [ApiRecord, ApiRecord];
    const dfhLine = (dfh.lines as ApiRecord[])[0]!;
    const kvhLine = (kvh.lines as ApiRecord[])[0]!;
    // Demo Fashion House ships from Bengaluru to Bengaluru; Kaveri Handlooms from Chennai.
    expect(dfhLine.cgst_paise).toBeGreaterThan(0);
    expect(dfhLine.igst_paise).toBe(0);
    expect(kvhLine.igst_paise).toBeGreaterThan(0);
    expect(kvhLine.cgst_paise + kvhLine.sgst_paise).toBe(0);
    for (const l of [dfhLine, kvhLine]) expect(l.total_paise).toBe(l.taxable_paise + l.cgst_paise + l.sgst_paise + l.igst_paise);
    expect(order.total_paise).toBe(subs.reduce((a, s) => a + (s.total_paise as number), 0));
    expect(order.total_paise).toBe((order.taxable_paise as number) + (order.tax_paise as number));
    // The catalogue's price, whatever a client might think it is.
    const catalogue = (await (await storefront('GET', '/api/storefront/v1/products?limit=100', { key: readKey })).json()) as { data: ApiRecord[] };
    const variant = catalogue.data.flatMap((p) => p.variants as ApiRecord[]).find((v) => v.sku === 'DFH-KUR-001')!;
    expect(dfhLine.unit_price_paise).toBe(variant.price_paise);
    expect((await level('KVH-SAR-001')).reserved).toBe(before.reserved + 1);
    // The storefront reads it back by number.
    const read = await storefront('GET', `/api/storefront/v1/orders/${order.number}`);
    expect(((await read.json()) as { data: ApiRecord }).data.number).toBe(order.number);
  });

  it('answers a retry with the same Idempotency-Key with the same order, and a reused key for another order with 422', async () => {
    const key = nextKey();
    const first = await place([{ sku: 'DFH-KUR-001', quantity: 1 }], {}, key);
    expect(first.response.status).toBe(201);
    const reserved = (await level('DFH-KUR-001')).reserved;
    const again = await place([{ sku: 'DFH-KUR-001', quantity: 1 }], {}, key);
    expect(again.response.status).toBe(200);
    expect(again.response.headers.get('idempotency-replayed')).toBe('true');
    expect(again.body.data.number).toBe(first.body.data.number);
    expect((await level('DFH-KUR-001')).reserved).toBe(reserved);
    const other = await place([{ sku: 'DFH-KUR-001', quantity: 2 }], {}, key);
    expect(other.response.status).toBe(422);
    // Ten retries at once still make one order.
    const burstKey = nextKey();
    const burst = await Promise.all(Array.from({ length: 10 }, () => place([{ sku: 'DFH-KUR-001', quantity: 1 }], {}, burstKey)));
    expect(new Set(burst.map((b) => b.body.data.number)).size).toBe(1);
    expect(burst.filter((b) => b.response.status === 201)).toHaveLength(1);
  });

  it('makes one customer of a new customer’s first orders placed at once', async () => {
    const buyer = { name: 'Nisha Verma', email: `nisha.${Date.now()}@example.com`, phone: '9123456780' };
    const results = await Promise.all(Array.from({ length: 5 }, () => place([{ sku: 'DFH-KUR-001', quantity: 1 }], { customer: buyer })));
    expect(results.map((r) => r.response.status)).toEqual([201, 201, 201, 201, 201]);
    const { body } = await admin.getJson(`/api/customers?${query({ q: buyer.email })}`);
    expect(body.meta.total).toBe(1);
    // The same phone with another email is somebody else: 409, nothing placed.
    const other = await place([{ sku: 'DFH-KUR-001', quantity: 1 }], { customer: { ...buyer, email: `other.${buyer.email}` } });
    expect(other.response.status).toBe(409);
    expect(other.body.errors).toHaveProperty(['customer.phone']);
  });

  it('answers 409 naming the short lines, and writes nothing', async () => {
    const before = await level('KVH-TOW-002');
    const { response, body } = await place([
      { sku: 'DFH-KUR-001', quantity: 1 },
      { sku: 'KVH-TOW-002', quantity: 50 },
    ]);
    expect(response.status).toBe(409);
    expect(body.errors).toHaveProperty(['lines.1.quantity']);
    expect(body.message).toContain('KVH-TOW-002');
    expect((await level('KVH-TOW-002')).reserved).toBe(before.reserved);
  });

  it('gives 50 concurrent orders for the last 10 units exactly 10 successes and 40 409s', async () => {
    const lvl = await level('DFH-SHI-002');
    const available = lvl.available as number;
    // Bring the level to exactly 10 available.
    const adjust = await admin.post(`/api/inventories/${lvl.id}/adjustments`, {
      json: { version: lvl.version, reason: 'correction', delta: 10 - available, note: 'test' },
    });
    expect(adjust.status, await adjust.clone().text()).toBe(201);
    expect((await level('DFH-SHI-002')).available).toBe(10);
    const results = await Promise.all(Array.from({ length: 50 }, () => place([{ sku: 'DFH-SHI-002', quantity: 1 }])));
    const statuses = results.map((r) => r.response.status).sort();
    expect(statuses.filter((s) => s === 201)).toHaveLength(10);
    expect(statuses.filter((s) => s === 409)).toHaveLength(40);
    expect(new Set(results.filter((r) => r.response.status === 201).map((r) => r.body.data.number)).size).toBe(10);
    const after = await level('DFH-SHI-002');
    expect(after.available).toBe(0);
    expect(after.reserved).toBe((lvl.reserved as number) + 10);
  });
});

describe('moving a sub-order', () => {
  let orderId: number;
  let dfhSub: ApiRecord;
  let kvhSub: ApiRecord;
  let swift: number;
  let dakshin: number;

  beforeAll(async () => {
    const { body } = await place([
      { sku: 'DFH-KUR-001', quantity: 1 },
      { sku: 'KVH-SAR-001', quantity: 1 },
    ]);
    orderId = await orderIdOf(body.data.number as string);
    const d = await details(admin, orderId);
    [dfhSub, kvhSub] = d.sub_orders as [ApiRecord, ApiRecord];
    swift = await partnerId('Swift Express');
    dakshin = await partnerId('Dakshin Couriers');
  });

  it('lets the vendor confirm and pack their own, refuses another vendor’s (404) and staff-only moves (403)', async () => {
    expect((await move(vendor, orderId, dfhSub.id, { action: 'confirm', version: dfhSub.version })).status).toBe(200);
    await expectErrorShape(await move(vendor, orderId, kvhSub.id, { action: 'confirm', version: kvhSub.version }), 404);
    const d = await details(vendor, orderId);
    expect((d.sub_orders as ApiRecord[]).map((s) => s.id)).toEqual([dfhSub.id]);
    const fresh = (d.sub_orders as ApiRecord[])[0]!;
    await expectErrorShape(await move(vendor, orderId, dfhSub.id, { action: 'hold', version: fresh.version, reason: 'x' }), 403);
    expect((await move(vendor, orderId, dfhSub.id, { action: 'pack', version: fresh.version })).status).toBe(200);
  });

  it('answers an illegal move and a stale version with 409 naming the state and the allowed actions', async () => {
    const d = await details(vendor, orderId);
    const sub = (d.sub_orders as ApiRecord[])[0]!;
    const illegal = await expectErrorShape(await move(vendor, orderId, sub.id, { action: 'confirm', version: sub.version }), 409);
    expect(illegal.message).toContain('packed');
    expect(illegal.errors?.status).toEqual(['packed']);
    expect(illegal.errors?.allowed).toEqual(['ship', 'cancel']);
    await expectErrorShape(await move(vendor, orderId, sub.id, { action: 'cancel', version: sub.version - 1, reason: 'x' }), 409);
  });

  it('lets support staff read and add notes, never move', async () => {
    await expectErrorShape(await move(support, orderId, dfhSub.id, { action: 'deliver', version: 1 }), 403);
    const note = await support.post(`/api/orders/${orderId}/notes`, { json: { body: 'Customer called about delivery time.' } });
    expect(note.status).toBe(201);
    await expectErrorShape(await support.post(`/api/orders/${orderId}/notes`, { json: { body: '  ' } }), 422);
    expect(((await details(admin, orderId)).notes as ApiRecord[]).map((n) => n.body)).toContain('Customer called about delivery time.');
  });

  it('ships with a partner serving the pincode and an AWB, exactly once under two racing requests, and commits the stock', async () => {
    const sub = ((await details(vendor, orderId)).sub_orders as ApiRecord[])[0]!;
    expect((await move(vendor, orderId, sub.id, { action: 'ship', version: sub.version })).status).toBe(422);
    const wrong = await move(vendor, orderId, sub.id, { action: 'ship', version: sub.version, delivery_partner_id: dakshin, awb: 'X1' });
    expect(wrong.status).toBe(422);
    const before = await level('DFH-KUR-001');
    const racing = await Promise.all([
      move(vendor, orderId, sub.id, { action: 'ship', version: sub.version, delivery_partner_id: swift, awb: 'SWXRACE1' }),
      move(admin, orderId, sub.id, { action: 'ship', version: sub.version, delivery_partner_id: swift, awb: 'SWXRACE2' }),
    ]);
    expect(racing.map((r) => r.status).sort()).toEqual([200, 409]);
    const after = await level('DFH-KUR-001');
    expect(after.on_hand).toBe((before.on_hand as number) - 1);
    expect(after.reserved).toBe((before.reserved as number) - 1);
    const d = await details(admin, orderId);
    const shipped = (d.sub_orders as ApiRecord[]).find((s) => s.id === sub.id)!;
    expect(shipped.status).toBe('shipped');
    expect(shipped.tracking_url).toMatch(/^https:\/\/track\.swiftexpress\.example\/awb\/SWXRACE[12]$/);
    expect(d.status).toBe('partially_shipped');
    expect((d.timeline as ApiRecord[]).map((e) => e.action)).toEqual(['place', 'place', 'confirm', 'pack', 'ship']);
    // The vendor can't deliver (staff's move); the listing finds it by AWB.
    await expectErrorShape(await move(vendor, orderId, sub.id, { action: 'deliver', version: shipped.version }), 403);
    const { body } = await admin.getJson(`/api/shipped-orders?${query({ q: shipped.awb })}`);
    expect((body.data as ApiRecord[]).map((r) => r.number)).toEqual([shipped.number]);
    // The courier of shipped parcels can't be deleted (deactivated instead).
    const removed = await expectErrorShape(await admin.delete(`/api/delivery-partners/${swift}`), 409);
    expect(removed.message).toMatch(/shipped \d+ orders?/);
  });

  it('cancels before shipping with a reason, releasing the reserved stock, and derives the order’s status', async () => {
    const before = await level('KVH-SAR-001');
    const sub = ((await details(admin, orderId)).sub_orders as ApiRecord[]).find((s) => s.id === kvhSub.id)!;
    expect((await move(admin, orderId, sub.id, { action: 'cancel', version: sub.version })).status).toBe(422);
    expect((await move(admin, orderId, sub.id, { action: 'cancel', version: sub.version, reason: 'Out of stock at the loom' })).status).toBe(200);
    expect((await level('KVH-SAR-001')).reserved).toBe((before.reserved as number) - 1);
    expect((await details(admin, orderId)).status).toBe('shipped');
    const cancelled = await admin.getJson(`/api/cancelled-orders?${query({ q: sub.number })}`);
    expect((cancelled.body.data as ApiRecord[]).map((r) => r.status)).toEqual(['cancelled']);
  });

  it('runs a return: delivered, requested by the customer, approved, received by the vendor (stock back), refunded', async () => {
    const sub = ((await details(admin, orderId)).sub_orders as ApiRecord[]).find((s) => s.id === dfhSub.id)!;
    expect((await move(admin, orderId, sub.id, { action: 'deliver', version: sub.version })).status).toBe(200);
    const number = (await details(admin, orderId)).number as string;
    const asked = await storefront('POST', `/api/storefront/v1/orders/${number}/return`, { json: { reason: 'Too small' } });
    expect(asked.status).toBe(200);
    const again = await storefront('POST', `/api/storefront/v1/orders/${number}/return`, { json: { reason: 'Too small' } });
    expect(again.status).toBe(409);
    let s = ((await details(admin, orderId)).sub_orders as ApiRecord[]).find((x) => x.id === dfhSub.id)!;
    expect(s.status).toBe('return_requested');
    expect((await move(admin, orderId, s.id, { action: 'approve_return', version: s.version })).status).toBe(200);
    const before = await level('DFH-KUR-001');
    s = ((await details(vendor, orderId)).sub_orders as ApiRecord[])[0]!;
    expect((await move(vendor, orderId, s.id, { action: 'receive_return', version: s.version })).status).toBe(200);
    expect((await level('DFH-KUR-001')).on_hand).toBe((before.on_hand as number) + 1);
    s = ((await details(admin, orderId)).sub_orders as ApiRecord[]).find((x) => x.id === dfhSub.id)!;
    expect((await move(admin, orderId, s.id, { action: 'refund', version: s.version })).status).toBe(200);
    const d = await details(admin, orderId);
    expect(d.status).toBe('refunded');
    // The cash collected on delivery, and its refund recorded for a person to carry out (decision 043).
    expect((d.payments as ApiRecord[]).map((p) => `${p.kind}:${p.status}`)).toEqual(['payment:captured', 'refund:created']);
    await expectErrorShape(await move(admin, orderId, s.id, { action: 'refund', version: s.version + 1 }), 409);
  });

  it('lets the customer cancel an order not yet shipped through the storefront, and not once it has shipped', async () => {
    const { body } = await place([{ sku: 'DFH-KUR-001', quantity: 1 }]);
    const cancel = await storefront('POST', `/api/storefront/v1/orders/${body.data.number}/cancel`, { json: { reason: 'Changed my mind' } });
    expect(cancel.status).toBe(200);
    expect(((await cancel.json()) as { data: ApiRecord }).data.status).toBe('cancelled');
    const number = (await details(admin, orderId)).number as string;
    await expectErrorShape(await storefront('POST', `/api/storefront/v1/orders/${number}/cancel`, { json: { reason: 'late' } }), 409);
  });

  it('writes an activity entry for every move, in its transaction', async () => {
    for (const a of ['placed', 'confirm', 'pack', 'ship', 'cancel', 'deliver', 'request_return', 'approve_return', 'receive_return', 'refund', 'note']) {
      const filters = {
        area: { operator: 'and', constraints: [{ matchMode: 'equals', value: 'orders' }] },
        action: { operator: 'and', constraints: [{ matchMode: 'equals', value: a }] },
      };
      const { status, body } = await admin.getJson(`/api/activity-logs?${query({ per_page: 10, filters })}`);
      expect(status).toBe(200);
      expect((body.data as ApiRecord[]).length, a).toBeGreaterThan(0);
    }
  });
});

describe('bulk confirm and pack from Pending Orders', () => {
  it('moves the selected sub-orders one by one, names those that could not move, and keeps a vendor to their own', async () => {
    const placed = await Promise.all([0, 1].map(() => place([{ sku: 'DFH-KUR-001', quantity: 1 }])));
    const numbers = placed.map((p) => `${p.body.data.number}-1`);
    const rows = (await vendor.getJson(`/api/pending-orders?${query({ per_page: 100, ...filter('number', 'in', numbers) })}`)).body.data as ApiRecord[];
    expect(rows.map((r) => r.status)).toEqual(['placed', 'placed']);
    const ids = rows.map((r) => r.id);
    const confirmed = await vendor.post('/api/pending-orders/bulk-status', { json: { ids, status: 'confirmed' } });
    expect(confirmed.status, await confirmed.clone().text()).toBe(200);
    expect(((await confirmed.json()) as { count: number }).count).toBe(2);
    // Packing one of them first: the bulk pack moves the other and says why the first didn't.
    const one = (await vendor.getJson(`/api/pending-orders?${query(filter('number', 'equals', numbers[0]))}`)).body.data[0] as ApiRecord;
    expect((await move(vendor, one.order_id, one.id, { action: 'pack', version: one.version })).status).toBe(200);
    const packed = await vendor.post('/api/pending-orders/bulk-status', { json: { ids, status: 'packed' } });
    const body = (await packed.json()) as { message: string; count: number };
    expect(packed.status).toBe(200);
    expect(body.count).toBe(1);
    expect(body.message).toContain(numbers[0]);
    // Nothing left to pack: 409; a status the list doesn't offer: 422; support may not: 403.
    await expectErrorShape(await vendor.post('/api/pending-orders/bulk-status', { json: { ids, status: 'packed' } }), 409);
    await expectErrorShape(await vendor.post('/api/pending-orders/bulk-status', { json: { ids, status: 'shipped' } }), 422);
    await expectErrorShape(await support.post('/api/pending-orders/bulk-status', { json: { ids, status: 'confirmed' } }), 403);
    // Another vendor's sub-order is not the vendor's to move, even by id.
    const kvh = await place([{ sku: 'KVH-SAR-001', quantity: 1 }]);
    const kvhRow = (await admin.getJson(`/api/pending-orders?${query(filter('number', 'equals', `${kvh.body.data.number}-1`))}`)).body.data[0] as ApiRecord;
    await expectErrorShape(await vendor.post('/api/pending-orders/bulk-status', { json: { ids: [kvhRow.id], status: 'confirmed' } }), 409);
    expect(((await details(admin, kvhRow.order_id)).sub_orders as ApiRecord[])[0]!.status).toBe('placed');
    // Staff may confirm every row matching a filter.
    const all = await admin.post('/api/pending-orders/bulk-status', {
      json: { filter: { filters: filter('number', 'equals', kvhRow.number).filters }, status: 'confirmed' },
    });
    expect(all.status, await all.clone().text()).toBe(200);
    expect(((await details(admin, kvhRow.order_id)).sub_orders as ApiRecord[])[0]!.status).toBe('confirmed');
  });
});

describe('vendor isolation', () => {
  it('gives a vendor only their own sub-orders in every list and export, and 404 for an order with none of theirs', async () => {
    const me = await vendor.getJson('/api/user');
    const mine = (me.body as { vendor_id: number }).vendor_id;
    expect(mine).toBeGreaterThan(0);
    for (const key of ['orders', 'pending-orders', 'shipped-orders', 'cancelled-orders']) {
      const { status, body } = await vendor.getJson(`/api/${key}?per_page=100`);
      expect(status, key).toBe(200);
      const vendors = new Set((body.data as ApiRecord[]).map((r) => r.vendor_id));
      expect(
        [...vendors].every((v) => v === mine),
        key,
      ).toBe(true);
      expect((body.data as ApiRecord[]).every((r) => String(r.number).length > 0)).toBe(true);
      // Staff see the other vendor's too.
      const all = await admin.getJson(`/api/${key}?per_page=100`);
      expect((all.body.data as ApiRecord[]).length).toBeGreaterThanOrEqual((body.data as ApiRecord[]).length);
    }
    const staffRows = (await admin.getJson('/api/orders?per_page=100')).body.data as ApiRecord[];
    const vendorRows = (await vendor.getJson('/api/orders?per_page=100')).body.data as ApiRecord[];
    const vendorIds = new Set(vendorRows.map((r) => r.vendor_id));
    expect(vendorIds.size).toBe(1);
    const [own] = [...vendorIds];
    const others = staffRows.filter((r) => r.vendor_id !== own);
    expect(others.length).toBeGreaterThan(0);
    // An order with only another vendor's parcel: 404, for the details, the notes and the moves.
    const onlyOthers = others.find((r) => !staffRows.some((x) => x.order_id === r.order_id && x.vendor_id === own))!;
    await expectErrorShape(await vendor.get(`/api/orders/${onlyOthers.order_id}`), 404);
    await expectErrorShape(await vendor.post(`/api/orders/${onlyOthers.order_id}/notes`, { json: { body: 'peek' } }), 404);
    await expectErrorShape(await move(vendor, onlyOthers.order_id, onlyOthers.id, { action: 'cancel', version: onlyOthers.version, reason: 'x' }), 404);
    const page = await vendor.get(`/orders/${onlyOthers.order_id}/details`);
    expect(page.status).toBe(404);
    // The export holds the vendor's own rows only.
    const csv = await (await vendor.get('/api/orders/export')).text();
    for (const r of others) expect(csv).not.toContain(`${r.number},`);
    for (const r of vendorRows.slice(0, 5)) expect(csv).toContain(String(r.number));
  });

  it('serves a staff role holding only one list its rows: Pending Orders without Orders, and a details page with orders:view alone', async () => {
    await app.server.withDatabase(async (q) => {
      const [role] = await q(`insert into roles (name, description) values ('Packing desk', 'Pending Orders only') returning id`);
      await q(
        `insert into role_permissions (role_id, permission_id)
           select $1, id from permissions where name in ('orders:pending-list', 'orders:view', 'dashboard:view', 'profile:view-details')`,
        [role!.id],
      );
      const [user] = await q(
        `insert into users (name, email, password_hash, user_type)
           select 'Packing Desk', 'packing.desk@example.com', password_hash, 'staff' from users where email = 'support@example.com' returning id`,
      );
      await q(`insert into user_roles (user_id, role_id) values ($1, $2)`, [user!.id, role!.id]);
    });
    const desk = app.client();
    await desk.login({ email: 'packing.desk@example.com', password: DEMO_CREDENTIALS.support.password });
    const all = (await admin.getJson('/api/pending-orders?per_page=100')).body.data as ApiRecord[];
    expect(all.length).toBeGreaterThan(0);
    const seen = await desk.getJson('/api/pending-orders?per_page=100');
    expect(seen.status).toBe(200);
    expect((seen.body.data as ApiRecord[]).map((r) => r.id)).toEqual(all.map((r) => r.id));
    await expectErrorShape(await desk.get('/api/orders'), 403);
    const one = await desk.getJson(`/api/orders/${all[0]!.order_id}`);
    expect(one.status).toBe(200);
  });

  it('keeps the lists to their statuses and filters by payment method', async () => {
    const pending = (await admin.getJson('/api/pending-orders?per_page=100')).body.data as ApiRecord[];
    expect(pending.every((r) => ['placed', 'confirmed', 'packed'].includes(r.status))).toBe(true);
    const cancelled = (await admin.getJson('/api/cancelled-orders?per_page=100')).body.data as ApiRecord[];
    expect(cancelled.every((r) => ['cancelled', 'rto'].includes(r.status))).toBe(true);
    await expectErrorShape(await admin.get(`/api/pending-orders?${query(filter('status', 'equals', 'shipped'))}`), 422);
    const prepaid = (await admin.getJson(`/api/orders?${query({ per_page: 100, ...filter('payment_method', 'equals', 'prepaid') })}`)).body.data as ApiRecord[];
    expect(prepaid.length).toBeGreaterThan(0);
    expect(prepaid.every((r) => r.payment_method === 'prepaid')).toBe(true);
  });

  it('serves the list and details pages to staff and vendors, and shows the demo orders made through the storefront path', async () => {
    for (const path of ['/orders/listing', '/pending-orders/listing', '/shipped-orders/listing', '/cancelled-orders/listing']) {
      expect((await admin.get(path)).status, path).toBe(200);
      expect((await vendor.get(path)).status, path).toBe(200);
    }
    const rows = (await admin.getJson(`/api/orders?${query({ per_page: 100, ...filter('awb', 'equals', 'SWX100000004') })}`)).body.data as ApiRecord[];
    expect(rows.map((r) => r.status)).toEqual(['delivered']);
    const page = await admin.get(`/orders/${rows[0]!.order_id}/details`);
    expect(page.status).toBe(200);
    const html = await page.text();
    expect(html).toContain(String(rows[0]!.number));
    expect(html).toContain('SWX100000004');
    expect((await admin.get('/global-settings/storefront-api-keys')).status).toBe(200);
  });
});

describe('live updates (GET /api/events)', () => {
  it('tells the order’s vendor and staff of a new order and of each move, and never another vendor', async () => {
    const [vendorStream, adminStream] = await Promise.all([openEvents(vendor), openEvents(admin)]);
    try {
      await Promise.all([vendorStream, adminStream].map((s) => s.waitFor((x) => x.events.some((e) => e.event === 'counts'), 'the counts')));
      // First an order with only another vendor's parcel, then one with the demo vendor's too.
      const others = await place([{ sku: 'KVH-SAR-001', quantity: 1 }]);
      const both = await place([
        { sku: 'DFH-KUR-001', quantity: 1 },
        { sku: 'KVH-SAR-001', quantity: 1 },
      ]);
      const orderOf = (s: SseStream, number: unknown, placed: boolean) =>
        s.events.find((e) => e.event === 'order' && e.data.number === number && e.data.placed === placed);
      const mine = await vendorStream.waitFor((s) => orderOf(s, both.body.data.number, true), 'the vendor’s new order');
      // Events arrive in commit order: the other vendor's order, placed first, would be here by now.
      expect(vendorStream.events.filter((e) => e.event === 'order').map((e) => e.data.number)).not.toContain(others.body.data.number);
      await adminStream.waitFor((s) => orderOf(s, others.body.data.number, true), 'staff hear of the other vendor’s order');
      const staffView = await adminStream.waitFor((s) => orderOf(s, both.body.data.number, true), 'staff hear of the new order');
      // The bell: the vendor's people and the marketplace's Super Admins get a notification.
      await vendorStream.waitFor(
        (s) =>
          s.events.find(
            (e) => e.event === 'notifications' && e.data.items.some((n: { title: string }) => n.title.startsWith(`New order ${both.body.data.number}`)),
          ),
        'the vendor’s notification',
      );
      await adminStream.waitFor(
        (s) =>
          s.events.find((e) => e.event === 'notifications' && e.data.items.some((n: { title: string }) => n.title === `New order ${both.body.data.number}`)),
        'the admin’s notification',
      );
      // The vendor sees their own sub-order only; staff see both.
      const orderId = mine.data.id as number;
      const d = await details(admin, orderId);
      const subs = d.sub_orders as ApiRecord[];
      const own = (await details(vendor, orderId)).sub_orders as ApiRecord[];
      expect(mine.data.stamp).toBe(own.map((s) => `${s.id}:${s.status}:${s.version}`).join(','));
      expect(staffView.data.stamp).toBe(subs.map((s) => `${s.id}:${s.status}:${s.version}`).join(','));
      // A move reaches both open views with the new stamp (what the details page compares with its own).
      const sub = own[0]!;
      expect((await move(vendor, orderId, sub.id, { action: 'confirm', version: sub.version })).status).toBe(200);
      const moved = await vendorStream.waitFor(
        (s) => s.events.find((e) => e.event === 'order' && e.data.id === orderId && !e.data.placed),
        'the vendor’s view of the move',
      );
      expect(moved.data.stamp).toBe(`${sub.id}:confirmed:${sub.version + 1}`);
      expect(moved.data.status_label).toBe('Confirmed');
      const staffMoved = await adminStream.waitFor(
        (s) => s.events.find((e) => e.event === 'order' && e.data.id === orderId && !e.data.placed),
        'staff’s view of the move',
      );
      expect(staffMoved.data.stamp).toContain(`${sub.id}:confirmed:${sub.version + 1}`);
      expect(staffMoved.data.stamp.split(',')).toHaveLength(2);
    } finally {
      vendorStream.close();
      adminStream.close();
    }
  });
});

describe('global search', () => {
  it('finds an order by its number and by its AWB, scoped as the Orders list is', async () => {
    const staffRows = (await admin.getJson('/api/orders?per_page=100')).body.data as ApiRecord[];
    const mine = (await vendor.getJson('/api/orders?per_page=100')).body.data as ApiRecord[];
    const ownVendor = mine[0]!.vendor_id;
    const others = staffRows.find((r) => r.vendor_id !== ownVendor && !staffRows.some((x) => x.order_id === r.order_id && x.vendor_id === ownVendor))!;
    const orderNumber = (row: ApiRecord) => String(row.number).replace(/-\d+$/, '');
    const found = async (as: HttpClient, q: string) => {
      const { status, body } = await as.getJson(`/api/search?q=${encodeURIComponent(q)}`);
      expect(status, JSON.stringify(body)).toBe(200);
      return (body.data as { type: string; title: string; href: string; area?: string }[]).filter((r) => r.area === 'Orders');
    };
    // Staff find another vendor's parcel by its order number; the vendor does not.
    const hit = await found(admin, orderNumber(others));
    expect(hit.map((r) => r.href)).toContain(`/orders/${others.order_id}/details`);
    expect(await found(vendor, orderNumber(others))).toEqual([]);
    // The vendor finds their own, with the order's page as the link.
    const own = await found(vendor, orderNumber(mine[0]!));
    expect(own.map((r) => r.href)).toContain(`/orders/${mine[0]!.order_id}/details`);
    // By AWB (a shipped parcel's).
    const shipped = staffRows.find((r) => typeof r.awb === 'string' && r.awb.length > 0)!;
    expect((await found(admin, String(shipped.awb))).map((r) => r.title)).toContain(shipped.number);
    // Support staff see orders (not move them): they find it too.
    expect((await found(support, orderNumber(others))).map((r) => r.href)).toContain(`/orders/${others.order_id}/details`);
  });
});
