/**
 * Coupons (issue 18 §4, docs/money.md "Discounts") on the real built server: the area (CRUD,
 * validation, activity log), vendor isolation (a vendor's own coupons only, funded by them, their
 * own products), placing with a coupon (the split to the paisa, GST on the discounted lines, what
 * applied recorded), refusals that write nothing, 100 simultaneous orders for 10 uses, the
 * per-customer limit, a cancel giving the use back, the quote writing nothing, the platform-funded
 * discount credited in the ledger at delivery, and the delivery charge.
 */
import { beforeAll, describe, expect, it } from 'vitest';
import { useServer } from '../helpers/vitest-server.ts';
import type { HttpClient } from '../helpers/http.ts';
import { expectErrorShape } from '../helpers/assertions.ts';
import { areaApi, filter, query, type ApiRecord } from '../helpers/area-api.ts';
import { taxLine } from '../../src/lib/money/gst.ts';

const app = useServer();
let admin: HttpClient;
let vendor: HttpClient;
let writeKey: string;
const coupons = areaApi('coupons', () => admin);
const vendorCoupons = areaApi('coupons', () => vendor);

const DFH_KURTA = 'DFH-KUR-001'; // Demo Fashion House, ₹ 1,299.00
const KVH_TOWELS = 'KVH-TOW-002'; // Kaveri Handlooms, ₹ 649.00

let buyers = 0;
/** A new customer each time (the per-customer limit counts by customer). */
function buyer(n = ++buyers) {
  const phone = `98${String(Date.now() % 1000).padStart(3, '0')}${String(n).padStart(5, '0')}`;
  return { name: `Coupon Buyer ${n}`, email: `coupon.buyer.${Date.now()}.${n}@example.com`, phone };
}

let idem = 0;
function orderBody(lines: { sku: string; quantity: number }[], extra: Record<string, unknown> = {}, customer = buyer()) {
  return {
    customer,
    shipping_address: { name: customer.name, phone: customer.phone, line1: '1 MG Road', pincode: '560001' },
    lines,
    payment_method: 'cod',
    ...extra,
  };
}

async function storefront(path: string, json: unknown, idempotencyKey?: string) {
  const headers: Record<string, string> = { authorization: `Bearer ${writeKey}`, 'content-type': 'application/json', accept: 'application/json' };
  if (idempotencyKey) headers['idempotency-key'] = idempotencyKey;
  const response = await fetch(new URL(path, app.server.url), { method: 'POST', headers, body: JSON.stringify(json) });
  return { response, body: (await response.json()) as { data: ApiRecord; message?: string; errors?: Record<string, string[]> } };
}

const place = (lines: { sku: string; quantity: number }[], extra: Record<string, unknown> = {}, customer = buyer()) =>
  storefront('/api/storefront/v1/orders', orderBody(lines, extra, customer), `coupon-test-${Date.now()}-${++idem}`);
const quote = (lines: { sku: string; quantity: number }[], extra: Record<string, unknown> = {}) =>
  storefront('/api/storefront/v1/orders/quote', orderBody(lines, extra));

async function orderIdOf(number: string): Promise<number> {
  const { body } = await admin.getJson(`/api/orders?${query({ q: number, per_page: 10 })}`);
  return (body.data as ApiRecord[])[0]!.order_id as number;
}
async function details(orderId: number, as = admin) {
  const { status, body } = await as.getJson(`/api/orders/${orderId}`);
  expect(status, JSON.stringify(body)).toBe(200);
  return body.data as ApiRecord;
}
/** The newest sub-order's number: a refused order leaves it where it was (the number counter rolls back too). */
async function ordersTotal(): Promise<string> {
  const { status, body } = await admin.getJson(`/api/orders?${query({ per_page: 10, sort: 'number', order: 'desc' })}`);
  expect(status, JSON.stringify(body)).toBe(200);
  return (body.data as ApiRecord[])[0]!.number as string;
}
async function level(sku: string) {
  const { body } = await admin.getJson(`/api/inventories?${query({ per_page: 10, ...filter('sku', 'equals', sku) })}`);
  return (body.data as ApiRecord[])[0]!;
}
async function addStock(sku: string, units: number) {
  const lvl = await level(sku);
  const r = await admin.post(`/api/inventories/${lvl.id}/adjustments`, {
    json: { version: lvl.version, reason: 'correction', delta: units, note: 'coupon tests' },
  });
  expect(r.status, await r.clone().text()).toBe(201);
}
async function optionId(area: string, q: string, as = admin): Promise<number> {
  const { body } = await as.getJson<{ data: { value: number; label: string }[] }>(`/api/${area}/options?${new URLSearchParams({ q })}`);
  expect(body.data.length, `${area} option ${q}`).toBeGreaterThan(0);
  return body.data[0]!.value;
}

/** A platform coupon of the store with the given terms (form fields: rupees, as a person types them). */
async function makeCoupon(fields: Record<string, string>) {
  return coupons.create({ kind: 'percent', funded_by: 'platform', scope: 'store', status: 'active', ...fields });
}

let fashionId: number;
let kurtaProductId: number;
let sareeProductId: number;

beforeAll(async () => {
  admin = await app.as('admin');
  vendor = await app.as('vendor');
  const created = await admin.post('/api/storefront-api-keys', {
    json: { name: 'Coupon shop', scopes: ['read-catalogue', 'write-orders'], rate_limit_per_minute: 100000 },
  });
  writeKey = ((await created.json()) as { data: { secret: string } }).data.secret;
  fashionId = (await vendorCoupons.find('code', 'DFH100')).vendor_id as number;
  kurtaProductId = await optionId('products', 'Cotton Kurta, Indigo');
  sareeProductId = await optionId('products', 'Kanchipuram Saree');
  await addStock(DFH_KURTA, 400);
  await addStock(KVH_TOWELS, 400);
});

describe('the coupons area', () => {
  it('adds, validates, edits and logs a coupon; money in paise; the code unique in any case', async () => {
    const made = await makeCoupon({
      code: 'Test10',
      description: 'Ten off',
      rate_percent: '10',
      max_discount: '150.00',
      min_order: '500.00',
      usage_limit: '5',
    });
    expect(made).toMatchObject({
      code: 'Test10',
      kind: 'percent',
      rate_bp: 1000,
      max_discount_paise: 15000,
      min_order_paise: 50000,
      usage_limit: 5,
      funded_by: 'platform',
      vendor_id: null,
      used: 0,
    });
    const duplicate = await expectErrorShape(await coupons.post({ code: 'TEST10', kind: 'flat', amount: '50', scope: 'store' }), 422);
    expect(duplicate.errors?.code?.[0]).toContain('in any case');
    const noRate = await expectErrorShape(await coupons.post({ code: 'NORATE', kind: 'percent', scope: 'store' }), 422);
    expect(noRate.errors?.rate_percent).toBeDefined();
    const noAmount = await expectErrorShape(await coupons.post({ code: 'NOAMT', kind: 'flat', scope: 'store' }), 422);
    expect(noAmount.errors?.amount).toBeDefined();
    const noProducts = await expectErrorShape(await coupons.post({ code: 'NOPROD', kind: 'flat', amount: '10', scope: 'products' }), 422);
    expect(noProducts.errors?.product_ids).toBeDefined();
    const badDates = await expectErrorShape(
      await coupons.post({ code: 'BADDATE', kind: 'flat', amount: '10', scope: 'store', starts_at: '2026-12-10T10:00', ends_at: '2026-12-01T10:00' }),
      422,
    );
    expect(badDates.errors?.ends_at).toBeDefined();
    const vendorless = await expectErrorShape(await coupons.post({ code: 'NOVENDOR', kind: 'flat', amount: '10', scope: 'store', funded_by: 'vendor' }), 422);
    expect(vendorless.errors?.vendor_id).toBeDefined();

    const { body: found } = await coupons.list({ q: 'test1' });
    expect(found.data.map((c) => c.code)).toContain('Test10');
    const edited = await coupons.put(made.id, {
      code: 'Test10',
      kind: 'flat',
      amount: '75.50',
      scope: 'store',
      funded_by: 'platform',
      status: 'inactive',
      version: String(made.version),
    });
    expect(edited.status, await edited.clone().text()).toBe(200);
    expect(await coupons.get(made.id)).toMatchObject({ kind: 'flat', amount_paise: 7550, rate_bp: null, max_discount_paise: null, status: 'inactive' });
    const log = await coupons.activity(made.id);
    expect(log.map((e) => e.action)).toEqual(['update', 'create']);
    expect(log[0]!.changes.kind).toEqual(['percent', 'flat']);

    const spare = await makeCoupon({ code: 'SPARE', rate_percent: '5' });
    expect((await coupons.delete(spare.id)).status).toBe(200);
  });
});

describe('a vendor', () => {
  it('sees and changes only their own coupons', async () => {
    const { body } = await vendorCoupons.list({ per_page: 100 });
    expect(body.data.length).toBeGreaterThan(0);
    expect(body.data.every((c) => c.vendor_id === fashionId && c.funded_by === 'vendor')).toBe(true);
    expect(body.data.map((c) => c.code)).not.toContain('WELCOME10');
    const welcome = await coupons.find('code', 'WELCOME10');
    await expectErrorShape(await vendor.get(`/api/coupons/${welcome.id}`), 404);
    await expectErrorShape(
      await vendor.put(`/api/coupons/${welcome.id}`, {
        json: { code: 'WELCOME10', kind: 'percent', rate_percent: 50, scope: 'store', version: welcome.version },
      }),
      404,
    );
    await expectErrorShape(await vendor.delete(`/api/coupons/${welcome.id}`), 404);
    expect((await coupons.get(welcome.id)).rate_bp).toBe(1000);
    const kaveri = await coupons.find('code', 'KAVERI15');
    await expectErrorShape(await vendor.get(`/api/coupons/${kaveri.id}`), 404);
  });

  it('makes coupons funded by themselves, for their store or their own products only', async () => {
    const kaveriId = (await coupons.find('code', 'KAVERI15')).vendor_id as string;
    const own = await vendorCoupons.create({
      code: 'DFHOWN5',
      kind: 'percent',
      rate_percent: '5',
      scope: 'store',
      funded_by: 'platform',
      vendor_id: String(kaveriId),
    });
    expect(own).toMatchObject({ funded_by: 'vendor', vendor_id: fashionId });
    const categories = await expectErrorShape(
      await vendorCoupons.post({ code: 'DFHCAT', kind: 'flat', amount: '10', scope: 'categories', category_ids: '[1]' }),
      422,
    );
    expect(categories.errors?.scope).toBeDefined();
    const others = await expectErrorShape(
      await vendorCoupons.post({ code: 'DFHSAREE', kind: 'flat', amount: '10', scope: 'products', product_ids: JSON.stringify([sareeProductId]) }),
      422,
    );
    expect(others.errors?.product_ids?.[0]).toContain('your own products');
    const kurta = await vendorCoupons.create({
      code: 'DFHKURTA',
      kind: 'flat',
      amount: '20',
      scope: 'products',
      product_ids: JSON.stringify([kurtaProductId]),
    });
    expect(kurta).toMatchObject({ scope: 'products', product_ids: [kurtaProductId], vendor_id: fashionId });
  });
});

describe('placing with a coupon', () => {
  it('splits the discount over the eligible lines to the paisa, taxes the discounted value and records what applied', async () => {
    const coupon = await makeCoupon({ code: 'PCT20CAP', rate_percent: '20', max_discount: '300.00' });
    const { response, body } = await place(
      [
        { sku: DFH_KURTA, quantity: 1 },
        { sku: KVH_TOWELS, quantity: 1 },
      ],
      { coupon_code: 'pct20cap' },
    );
    expect(response.status, JSON.stringify(body)).toBe(201);
    const order = body.data;
    // 20 % of ₹ 1,948.00 is ₹ 389.60, capped at ₹ 300.00: 129900 : 64900 → 20005.13 + 9994.87 → 20005 + 9995.
    expect(order.discounts).toEqual([
      { kind: 'coupon', name: 'PCT20CAP', amount_paise: 30000, shipping_discount_paise: 0, reason: expect.stringContaining('20 % off') },
    ]);
    expect(order.skipped).toEqual([]);
    expect(order.discount_paise).toBe(30000);
    const lines = (order.sub_orders as ApiRecord[]).flatMap((s) => s.lines as ApiRecord[]);
    expect(lines.map((l) => [l.sku, l.discount_paise])).toEqual([
      [DFH_KURTA, 20005],
      [KVH_TOWELS, 9995],
    ]);
    // GST on the discounted value, line by line, as taxLine computes it; the order's total is its lines'.
    const shown = await details(await orderIdOf(order.number as string));
    for (const sub of shown.sub_orders as ApiRecord[]) {
      for (const l of sub.lines as ApiRecord[]) {
        const expected = taxLine(
          { unitPricePaise: l.unit_price_paise, quantity: l.quantity, discountPaise: l.discount_paise, rateBp: l.tax_rate_bp, priceMode: l.price_mode },
          sub.supply,
        );
        expect(l, l.sku).toMatchObject({
          taxable_paise: expected.taxablePaise,
          cgst_paise: expected.cgstPaise,
          sgst_paise: expected.sgstPaise,
          igst_paise: expected.igstPaise,
        });
        expect(l.platform_discount_paise).toBe(l.discount_paise);
      }
    }
    expect(shown.total_paise).toBe(lines.reduce((a, l) => a + (l.total_paise as number), 0));
    expect(shown.discounts).toMatchObject([{ kind: 'coupon', name: 'PCT20CAP', funded_by: 'platform', amount_paise: 30000 }]);
    expect((await coupons.get(coupon.id)).used).toBe(1);
  });

  it('applies a vendor-funded coupon to that vendor’s lines only, funded by them', async () => {
    await makeCoupon({ code: 'DFHFLAT', kind: 'flat', amount: '99.99', funded_by: 'vendor', vendor_id: String(fashionId) });
    const { response, body } = await place(
      [
        { sku: DFH_KURTA, quantity: 2 },
        { sku: KVH_TOWELS, quantity: 1 },
      ],
      { coupon_code: 'DFHFLAT' },
    );
    expect(response.status, JSON.stringify(body)).toBe(201);
    const lines = (body.data.sub_orders as ApiRecord[]).flatMap((s) => s.lines as ApiRecord[]);
    expect(lines.map((l) => [l.sku, l.discount_paise])).toEqual([
      [DFH_KURTA, 9999],
      [KVH_TOWELS, 0],
    ]);
    const shown = await details(await orderIdOf(body.data.number as string));
    const shownLines = (shown.sub_orders as ApiRecord[]).flatMap((s) => s.lines as ApiRecord[]);
    expect(shownLines.every((l) => l.platform_discount_paise === 0)).toBe(true);
  });

  it('refuses unknown, inactive, expired, not yet valid, below-minimum, inapplicable and used-up coupons, writing nothing', async () => {
    await makeCoupon({ code: 'SLEEPY', rate_percent: '10', status: 'inactive' });
    await makeCoupon({ code: 'BYGONE', rate_percent: '10', starts_at: '2025-01-01T00:00', ends_at: '2025-02-01T00:00' });
    await makeCoupon({ code: 'LATER', rate_percent: '10', starts_at: '2099-01-01T00:00' });
    await makeCoupon({ code: 'BIGSPEND', kind: 'flat', amount: '500', min_order: '5000.00' });
    const single = await makeCoupon({ code: 'ONLYONE', kind: 'flat', amount: '10', usage_limit: '1' });
    expect((await place([{ sku: KVH_TOWELS, quantity: 1 }], { coupon_code: 'ONLYONE' })).response.status).toBe(201);

    const before = { orders: await ordersTotal(), towels: await level(KVH_TOWELS) };
    const cases: [string, number, string][] = [
      ['NOSUCHCODE', 422, 'don’t know'],
      ['SLEEPY', 422, 'no longer available'],
      ['BYGONE', 422, 'expired'],
      ['LATER', 422, 'can be used from'],
      ['BIGSPEND', 422, 'at least ₹ 5,000.00'],
      ['KAVERI15', 422, 'doesn’t apply'],
      ['ONLYONE', 409, 'used up'],
    ];
    for (const [code, status, words] of cases) {
      const { response, body } = await place([{ sku: KVH_TOWELS, quantity: 1 }], { coupon_code: code });
      expect(response.status, `${code}: ${JSON.stringify(body)}`).toBe(status);
      expect(body.errors?.coupon_code?.[0], code).toContain(words);
    }
    expect(await ordersTotal()).toBe(before.orders);
    expect((await level(KVH_TOWELS)).reserved).toBe(before.towels.reserved);
    expect((await coupons.get(single.id)).used).toBe(1);
  });

  it('gives 100 simultaneous orders with a coupon limited to 10 uses exactly 10 discounts', async () => {
    const coupon = await makeCoupon({ code: 'RUSH10', kind: 'flat', amount: '25', usage_limit: '10' });
    const results = await Promise.all(Array.from({ length: 100 }, () => place([{ sku: KVH_TOWELS, quantity: 1 }], { coupon_code: 'RUSH10' })));
    const placed = results.filter((r) => r.response.status === 201);
    const refused = results.filter((r) => r.response.status !== 201);
    expect(placed).toHaveLength(10);
    expect(refused.map((r) => r.response.status)).toEqual(Array(90).fill(409));
    expect(refused.every((r) => r.body.errors?.coupon_code?.[0]?.includes('used up'))).toBe(true);
    expect(placed.every((r) => r.body.data.discount_paise === 2500)).toBe(true);
    expect((await coupons.get(coupon.id)).used).toBe(10);
  });

  it('holds the per-customer limit', async () => {
    await makeCoupon({ code: 'ONCEEACH', kind: 'flat', amount: '15', per_customer_limit: '1' });
    const someone = buyer();
    expect((await place([{ sku: KVH_TOWELS, quantity: 1 }], { coupon_code: 'ONCEEACH' }, someone)).response.status).toBe(201);
    const again = await place([{ sku: KVH_TOWELS, quantity: 1 }], { coupon_code: 'oncEEach' }, someone);
    expect(again.response.status).toBe(422);
    expect(again.body.errors?.coupon_code?.[0]).toContain('already used');
    expect((await place([{ sku: KVH_TOWELS, quantity: 1 }], { coupon_code: 'ONCEEACH' })).response.status).toBe(201);
  });

  it('gives the use back when the order is cancelled', async () => {
    const coupon = await makeCoupon({ code: 'COMEBACK', kind: 'flat', amount: '30', usage_limit: '1' });
    const first = await place([{ sku: KVH_TOWELS, quantity: 1 }], { coupon_code: 'COMEBACK' });
    expect(first.response.status).toBe(201);
    expect((await place([{ sku: KVH_TOWELS, quantity: 1 }], { coupon_code: 'COMEBACK' })).response.status).toBe(409);
    const cancelled = await storefront(`/api/storefront/v1/orders/${first.body.data.number as string}/cancel`, { reason: 'Changed my mind' });
    expect(cancelled.response.status, JSON.stringify(cancelled.body)).toBe(200);
    expect((await coupons.get(coupon.id)).used).toBe(0);
    expect((await coupons.activity(coupon.id)).map((e) => e.action)).toContain('use_released');
    expect((await place([{ sku: KVH_TOWELS, quantity: 1 }], { coupon_code: 'COMEBACK' })).response.status).toBe(201);
    expect((await coupons.get(coupon.id)).used).toBe(1);
  });
});

describe('the quote', () => {
  it('prices the cart with the coupon as placing would, and writes nothing', async () => {
    const coupon = await makeCoupon({ code: 'QUOTE15', rate_percent: '15', usage_limit: '3' });
    const before = { orders: await ordersTotal(), kurta: await level(DFH_KURTA) };
    const lines = [
      { sku: DFH_KURTA, quantity: 1 },
      { sku: KVH_TOWELS, quantity: 2 },
    ];
    const { response, body } = await quote(lines, { coupon_code: 'quote15' });
    expect(response.status, JSON.stringify(body)).toBe(200);
    expect(body.data.discounts).toMatchObject([{ kind: 'coupon', name: 'QUOTE15', amount_paise: 38955 }]);
    expect(body.data.total_paise).toBe(
      (body.data.lines as ApiRecord[]).reduce((a, l) => a + (l.total_paise as number), 0) + (body.data.shipping_paise as number),
    );
    expect(await ordersTotal()).toBe(before.orders);
    expect((await level(DFH_KURTA)).reserved).toBe(before.kurta.reserved);
    expect((await coupons.get(coupon.id)).used).toBe(0);
    // The same cart placed costs what the quote said.
    const placed = await place(lines, { coupon_code: 'QUOTE15' });
    expect(placed.body.data.total_paise).toBe(body.data.total_paise);
    const unknown = await quote(lines, { coupon_code: 'NOPE' });
    expect(unknown.response.status).toBe(422);
    expect(unknown.body.errors?.coupon_code?.[0]).toContain('don’t know');
  });
});

describe('the ledger', () => {
  it('credits the vendor at delivery what the platform funded of the discount', async () => {
    await makeCoupon({ code: 'LEDGER50', kind: 'flat', amount: '50' });
    const { body } = await place([{ sku: DFH_KURTA, quantity: 1 }], { coupon_code: 'LEDGER50' });
    const orderId = await orderIdOf(body.data.number as string);
    let sub = (await details(orderId)).sub_orders[0] as ApiRecord;
    const swift = await optionId('delivery-partners', 'Swift Express');
    for (const step of [
      { action: 'confirm' },
      { action: 'pack' },
      { action: 'ship', delivery_partner_id: swift, awb: `CPN${Date.now() % 1000000}` },
      { action: 'deliver' },
    ]) {
      const r = await admin.post(`/api/orders/${orderId}/sub-orders/${sub.id}/transitions`, { json: { ...step, version: sub.version } });
      expect(r.status, await r.clone().text()).toBe(200);
      sub = { ...sub, version: ((await r.json()) as { data: { version: number } }).data.version };
    }
    const { body: entries } = await vendor.getJson(`/api/earnings?${query({ per_page: 50, ...filter('order_number', 'equals', sub.number) })}`);
    const types = Object.fromEntries((entries.data as ApiRecord[]).map((e) => [e.type, e.amount_paise]));
    expect(types.platform_discount).toBe(5000);
    expect(types.sale).toBe(129900 - 5000);
  });
});

describe('the delivery charge', () => {
  it('is charged once per order, in the total and the quote, and a free-delivery store charges none', async () => {
    const { body: settings } = await admin.getJson('/api/global-settings');
    const { id: _id, updated_at: _u, ...view } = settings.data as Record<string, unknown>;
    const values = Object.fromEntries(Object.entries(view).filter(([k]) => !k.endsWith('_set')));
    expect(values.delivery_charge).toBe('0.00');
    const saved = await admin.put('/api/global-settings', { json: { ...values, delivery_charge: '49.00' } });
    expect(saved.status, await saved.clone().text()).toBe(200);
    const lines = [
      { sku: DFH_KURTA, quantity: 1 },
      { sku: KVH_TOWELS, quantity: 1 },
    ];
    const quoted = await quote(lines);
    expect(quoted.body.data.shipping_paise).toBe(4900);
    const { body } = await place(lines);
    expect(body.data.shipping_paise).toBe(4900);
    expect(body.data.total_paise).toBe((body.data.taxable_paise as number) + (body.data.tax_paise as number) + 4900);
    expect(body.data.total_paise).toBe(quoted.body.data.total_paise);
    // The sub-orders (the vendors') don't carry it.
    const subsTotal = (body.data.sub_orders as ApiRecord[]).reduce((a, s) => a + (s.total_paise as number), 0);
    expect(body.data.total_paise - subsTotal).toBe(4900);
  });
});

describe('promotions and a coupon at placing (after the delivery charge above: ₹ 49.00)', () => {
  const promotions = areaApi('promotions', () => admin);

  it('applies the promotions without a code, and with a coupon keeps the better deal for the customer', async () => {
    const kaveri = await optionId('vendors', 'Kaveri');
    await promotions.create({
      name: 'Free delivery above 999',
      kind: 'free_shipping',
      scope: 'store',
      min_order: '999.00',
      starts_at: '2020-01-01T00:00',
      ends_at: '2099-12-31T23:59',
      priority: '10',
      stacks_with_coupons: 'true',
      status: 'active',
    });
    await promotions.create({
      name: 'Kaveri 10 % off',
      kind: 'percent_off',
      rate_percent: '10',
      scope: 'vendors',
      vendor_ids: JSON.stringify([kaveri]),
      starts_at: '2020-01-01T00:00',
      ends_at: '2099-12-31T23:59',
      priority: '20',
      stacks_with_coupons: 'false',
      status: 'active',
    });
    const lines = [
      { sku: DFH_KURTA, quantity: 1 },
      { sku: KVH_TOWELS, quantity: 1 },
    ];

    // No code: 10 % off the towels (₹ 64.90) and the delivery charge waived.
    const plain = await place(lines);
    expect(plain.response.status, JSON.stringify(plain.body)).toBe(201);
    expect(plain.body.data.discounts).toEqual([
      expect.objectContaining({ kind: 'promotion', name: 'Kaveri 10 % off', amount_paise: 6490, shipping_discount_paise: 0 }),
      expect.objectContaining({ kind: 'promotion', name: 'Free delivery above 999', amount_paise: 0, shipping_discount_paise: 4900 }),
    ]);
    const plainLines = (plain.body.data.sub_orders as ApiRecord[]).flatMap((s) => s.lines as ApiRecord[]);
    expect(plainLines.map((l) => [l.sku, l.discount_paise])).toEqual([
      [DFH_KURTA, 0],
      [KVH_TOWELS, 6490],
    ]);
    expect(plain.body.data.total_paise).toBe((plain.body.data.taxable_paise as number) + (plain.body.data.tax_paise as number));

    // A ₹ 500 code beats the 10 % that doesn't combine with codes: the code and free delivery apply, and the answer says why.
    await makeCoupon({ code: 'FLAT500', kind: 'flat', amount: '500.00' });
    const coded = await place(lines, { coupon_code: 'FLAT500' });
    expect(coded.response.status, JSON.stringify(coded.body)).toBe(201);
    const kinds = (coded.body.data.discounts as ApiRecord[]).map((d) => [d.kind, d.name]);
    expect(kinds).toEqual(
      expect.arrayContaining([
        ['coupon', 'FLAT500'],
        ['promotion', 'Free delivery above 999'],
      ]),
    );
    expect(kinds).not.toContainEqual(['promotion', 'Kaveri 10 % off']);
    expect(coded.body.data.discount_paise).toBe(50000);
    expect((coded.body.data.skipped as ApiRecord[]).map((s) => s.name)).toContain('Kaveri 10 % off');
  });
});
