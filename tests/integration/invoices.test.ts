/**
 * GST tax documents (issue 17 §3–§4, decisions 040 and 041) on the real built server and its real
 * database: the invoice issued in the ship transaction with the right heads (intra-state CGST +
 * SGST, inter-state IGST) and the buyer's GSTIN, numbers without gaps under 20 concurrent ships and
 * across a ship that rolls back after taking its number, credit notes on refund and RTO, the PDFs
 * (application/pdf, read back by PDF.js), labels, bulk print with its cap and skipped parcels,
 * vendor isolation on every document route, and the storefront's download for its own key only.
 */
import { beforeAll, describe, expect, it } from 'vitest';
import { capturePayment, saveWebhookSecret } from '../helpers/payments.ts';
import { useServer } from '../helpers/vitest-server.ts';
import type { HttpClient } from '../helpers/http.ts';
import { expectErrorShape } from '../helpers/assertions.ts';
import { filter, query, type ApiRecord } from '../helpers/area-api.ts';
import { isPdf, readPdf } from '../helpers/pdf.ts';

const app = useServer();
let admin: HttpClient;
let vendor: HttpClient;
let support: HttpClient;
let writeKey: string;
let otherKey: string;
let swift: number;

function storefront(path: string, key: string | null = writeKey, init: { method?: string; json?: unknown; idempotencyKey?: string } = {}) {
  const headers: Record<string, string> = { accept: 'application/json' };
  if (key) headers.authorization = `Bearer ${key}`;
  if (init.json !== undefined) headers['content-type'] = 'application/json';
  if (init.idempotencyKey) headers['idempotency-key'] = init.idempotencyKey;
  return fetch(new URL(path, app.server.url), {
    method: init.method ?? 'GET',
    headers,
    body: init.json === undefined ? undefined : JSON.stringify(init.json),
  });
}

const address = { name: 'Invoice Buyer', phone: '9876501299', line1: '5 Cubbon Road', pincode: '560001' };
const customer = { name: 'Invoice Buyer', email: 'invoice.buyer@example.com', phone: '9876501299' };
let idem = 0;

/** Places an order through the storefront; its number, id and sub-orders (by vendor SKU prefix). */
async function place(lines: { sku: string; quantity: number }[], extra: Record<string, unknown> = {}, key = writeKey) {
  const response = await storefront('/api/storefront/v1/orders', key, {
    method: 'POST',
    idempotencyKey: `invoice-test-${Date.now()}-${++idem}`,
    json: { customer, shipping_address: address, lines, payment_method: 'cod', ...extra },
  });
  const body = (await response.json()) as { data: ApiRecord };
  expect(response.status, JSON.stringify(body)).toBe(201);
  const number = body.data.number as string;
  // A prepaid order is confirmed once the gateway captures its payment (decision 042).
  if (extra.payment_method === 'prepaid') await capturePayment(app.server.url, number, body.data.total_paise as number);
  const { body: list } = await admin.getJson(`/api/orders?${query({ q: number, per_page: 10 })}`);
  const rows = list.data as ApiRecord[];
  return { number, orderId: rows[0]!.order_id as number, subs: rows.sort((a, b) => a.id - b.id) };
}

async function subOrder(orderId: number, subId: number) {
  const { body } = await admin.getJson(`/api/orders/${orderId}`);
  return ((body.data as ApiRecord).sub_orders as ApiRecord[]).find((s) => s.id === subId)!;
}

async function move(as: HttpClient, orderId: number, subId: number, action: string, extra: Record<string, unknown> = {}) {
  const sub = await subOrder(orderId, subId);
  return as.post(`/api/orders/${orderId}/sub-orders/${subId}/transitions`, { json: { action, version: sub.version, ...extra } });
}

async function shipOne(orderId: number, subId: number, awb: string) {
  for (const action of ['confirm', 'pack']) expect((await move(admin, orderId, subId, action)).status).toBe(200);
  const shipped = await move(admin, orderId, subId, 'ship', { delivery_partner_id: swift, awb });
  expect(shipped.status, await shipped.clone().text()).toBe(200);
}

async function documents(as: HttpClient, orderId: number) {
  const { status, body } = await as.getJson(`/api/orders/${orderId}/documents`);
  expect(status, JSON.stringify(body)).toBe(200);
  return body.data as ApiRecord[];
}

async function pdfOf(response: Response) {
  expect(response.status, response.status === 200 ? '' : await response.clone().text()).toBe(200);
  expect(response.headers.get('content-type')).toBe('application/pdf');
  const bytes = new Uint8Array(await response.arrayBuffer());
  expect(isPdf(bytes)).toBe(true);
  return readPdf(bytes);
}

const serialOf = (number: string) => Number(number.split('/')[2]!.replace(/^C/, ''));

async function receive(sku: string, units: number) {
  const { body } = await admin.getJson(`/api/inventories?${query({ per_page: 10, ...filter('sku', 'equals', sku) })}`);
  const level = (body.data as ApiRecord[])[0]!;
  const response = await admin.post(`/api/inventories/${level.id}/adjustments`, {
    json: { version: level.version, reason: 'received', delta: units, note: 'Invoice tests' },
  });
  expect(response.status).toBe(201);
}

beforeAll(async () => {
  admin = await app.as('admin');
  vendor = await app.as('vendor');
  support = await app.as('support');
  const created = await admin.post('/api/storefront-api-keys', { json: { name: 'Invoice shop', scopes: ['write-orders'], rate_limit_per_minute: 10000 } });
  writeKey = ((await created.json()) as { data: { secret: string } }).data.secret;
  await saveWebhookSecret(admin);
  const other = await admin.post('/api/storefront-api-keys', { json: { name: 'Other shop', scopes: ['write-orders'], rate_limit_per_minute: 10000 } });
  otherKey = ((await other.json()) as { data: { secret: string } }).data.secret;
  const { body } = await admin.getJson(`/api/delivery-partners?${query({ per_page: 10, ...filter('name', 'equals', 'Swift Express') })}`);
  swift = (body.data as ApiRecord[])[0]!.id;
  await receive('DFH-KUR-001', 60);
});

describe('the demo orders', () => {
  it('that shipped have their tax invoice, issued by the same code path', async () => {
    const { body } = await admin.getJson(`/api/shipped-orders?${query({ per_page: 50 })}`);
    const shipped = (body.data as ApiRecord[]).filter((r) => String(r.awb ?? '').startsWith('SWX1000000'));
    expect(shipped.length).toBeGreaterThan(0);
    for (const row of shipped) {
      const docs = await documents(admin, row.order_id as number);
      const invoice = docs.find((d) => d.sub_order_number === row.number && d.kind === 'invoice');
      expect(invoice?.number).toMatch(/^DFH\/\d{4}\/\d{6}$/);
    }
  });
});

describe('the tax invoice', () => {
  it('is issued when a parcel ships: CGST + SGST within the state, IGST across, each vendor the supplier', async () => {
    const order = await place([
      { sku: 'DFH-KUR-001', quantity: 1 },
      { sku: 'KVH-SAR-001', quantity: 1 },
    ]);
    const [dfh, kvh] = order.subs as [ApiRecord, ApiRecord];
    expect(await documents(admin, order.orderId)).toEqual([]);
    await shipOne(order.orderId, dfh.id, 'SWXINV0001');
    await shipOne(order.orderId, kvh.id, 'SWXINV0002');
    const docs = await documents(admin, order.orderId);
    expect(docs.map((d) => [d.kind, d.sub_order_number])).toEqual([
      ['invoice', dfh.number],
      ['invoice', kvh.number],
    ]);
    const [dfhInvoice, kvhInvoice] = docs as [ApiRecord, ApiRecord];
    expect(dfhInvoice.number).toMatch(/^DFH\/\d{4}\/\d{6}$/);
    expect(kvhInvoice.number).toMatch(/^KH\/\d{4}\/\d{6}$/);
    expect(dfhInvoice.total_paise).toBe((await subOrder(order.orderId, dfh.id)).total_paise);

    const intra = (await pdfOf(await admin.get(dfhInvoice.pdf_url as string)))[0]!.text;
    expect(intra).toContain('TAX INVOICE');
    expect(intra).toContain(dfhInvoice.number as string);
    expect(intra).toContain('GSTIN 29AAFCD1234K1ZN');
    expect(intra).toContain('CGST');
    expect(intra).not.toContain('IGST');
    expect(intra).toContain('₹');
    const inter = (await pdfOf(await admin.get(kvhInvoice.pdf_url as string)))[0]!.text;
    expect(inter).toContain(kvhInvoice.number as string);
    expect(inter).toContain('GSTIN 33AAKFK5678R1ZE');
    expect(inter).toContain('IGST');
    expect(inter).not.toContain('CGST');
    expect(inter).toContain('Place of supply');
    expect(inter).toContain('Karnataka (state code 29)');

    // The activity log names the invoice.
    const { body } = await admin.getJson(`/api/activity-logs?${query({ per_page: 50, ...filter('record_name', 'equals', dfh.number) })}`);
    expect(JSON.stringify(body.data)).toContain(dfhInvoice.number as string);
  });

  it('prints the buyer’s GSTIN from the billing address, and refuses one of another state than the billing address', async () => {
    const wrong = await storefront('/api/storefront/v1/orders', writeKey, {
      method: 'POST',
      idempotencyKey: `invoice-test-gstin-${Date.now()}`,
      json: {
        customer,
        shipping_address: address,
        billing_address: { ...address, gstin: '33AAKFK5678R1ZE' },
        lines: [{ sku: 'DFH-KUR-001', quantity: 1 }],
        payment_method: 'prepaid',
      },
    });
    const refused = await expectErrorShape(wrong, 422);
    expect(refused.errors?.['billing_address.gstin']?.[0]).toContain('Tamil Nadu');
    const order = await place([{ sku: 'DFH-KUR-001', quantity: 1 }], {
      billing_address: { ...address, name: 'Acme Traders', gstin: '29aafcd1234k1zn' },
      payment_method: 'prepaid',
    });
    await shipOne(order.orderId, order.subs[0]!.id, 'SWXINV0003');
    const [invoice] = await documents(admin, order.orderId);
    const text = (await pdfOf(await admin.get(invoice!.pdf_url as string)))[0]!.text;
    expect(text).toContain('Acme Traders');
    expect(text).toContain('GSTIN 29AAFCD1234K1ZN');
    expect(text).not.toContain('Unregistered');
  });

  it('numbers run without a gap or a duplicate when 20 parcels of one vendor ship at once, and a rolled-back ship gives its number back', async () => {
    const orders = await Promise.all(Array.from({ length: 22 }, () => place([{ sku: 'DFH-KUR-001', quantity: 1 }], { payment_method: 'prepaid' })));
    // Confirmed and packed in bulk (Pending Orders' "Set status…"), each as from its details page.
    const ids = orders.map((o) => o.subs[0]!.id);
    for (const status of ['confirmed', 'packed']) {
      const moved = await admin.post('/api/pending-orders/bulk-status', { json: { ids, status } });
      expect(moved.status, await moved.clone().text()).toBe(200);
    }
    const [probe, failing, ...racing] = orders as [(typeof orders)[number], (typeof orders)[number], ...(typeof orders)[number][]];
    const ship = async (o: (typeof orders)[number], awb: string) => {
      const sub = await subOrder(o.orderId, o.subs[0]!.id);
      return admin.post(`/api/orders/${o.orderId}/sub-orders/${sub.id}/transitions`, {
        json: { action: 'ship', version: sub.version, delivery_partner_id: swift, awb },
      });
    };
    // The serial before: the probe's.
    expect((await ship(probe, 'SWXPROBE01')).status).toBe(200);
    const last = serialOf((await documents(admin, probe.orderId))[0]!.number as string);

    // A ship whose transaction fails after it has taken its number: a trigger (the test's own)
    // refuses its invoice row, so the whole move rolls back, the counter's increment with it.
    await app.server.withDatabase(async (q) => {
      await q(`create function test_refuse_invoice() returns trigger language plpgsql as $$
        begin
          if new.sub_order_number = '${failing.subs[0]!.number}' then raise exception 'refused by the test'; end if;
          return new;
        end $$`);
      await q('create trigger test_refuse_invoice before insert on tax_documents for each row execute function test_refuse_invoice()');
    });
    const failed = await ship(failing, 'SWXFAIL0001');
    expect(failed.status).toBe(500);
    expect((await subOrder(failing.orderId, failing.subs[0]!.id)).status).toBe('packed');
    expect(await documents(admin, failing.orderId)).toEqual([]);

    const ships = await Promise.all(racing.map((o, i) => ship(o, `SWXRUN${String(i).padStart(4, '0')}`)));
    expect(ships.map((r) => r.status)).toEqual(racing.map(() => 200));
    const numbers = (await Promise.all(racing.map((o) => documents(admin, o.orderId)))).map((d) => d[0]!.number as string);
    expect(new Set(numbers).size).toBe(20);
    // The 20 serials follow the probe's without a gap: nobody kept the failed ship's number.
    expect(numbers.map(serialOf).sort((a, b) => a - b)).toEqual(Array.from({ length: 20 }, (_, i) => last + 1 + i));
  });
});

describe('credit notes', () => {
  it('are issued for a refund after a return, against the invoice, for all it charged', async () => {
    const order = await place([{ sku: 'DFH-KUR-001', quantity: 2 }], { payment_method: 'prepaid' });
    const sub = order.subs[0]!;
    await shipOne(order.orderId, sub.id, 'SWXCN0001');
    for (const [action, extra] of [
      ['deliver', {}],
      ['request_return', { reason: 'Colour differs from the photo' }],
      ['approve_return', {}],
      ['receive_return', {}],
      ['refund', {}],
    ] as const) {
      const moved = await move(admin, order.orderId, sub.id, action, extra);
      expect(moved.status, await moved.clone().text()).toBe(200);
    }
    const [invoice, creditNote] = (await documents(admin, order.orderId)) as [ApiRecord, ApiRecord];
    expect(creditNote).toMatchObject({ kind: 'credit_note', invoice_number: invoice.number, total_paise: invoice.total_paise });
    expect(creditNote.number).toMatch(/^DFH\/\d{4}\/C\d{5}$/);
    expect(creditNote.reason).toBe('Goods returned: Colour differs from the photo');
    const text = (await pdfOf(await admin.get(creditNote.pdf_url as string)))[0]!.text;
    expect(text).toContain('CREDIT NOTE');
    expect(text).toContain(creditNote.number as string);
    expect(text).toContain(`${invoice.number as string} of`);
  });

  it('are issued when a parcel comes back undelivered (RTO)', async () => {
    const order = await place([{ sku: 'DFH-KUR-001', quantity: 1 }]);
    const sub = order.subs[0]!;
    await shipOne(order.orderId, sub.id, 'SWXRTO0001');
    expect((await move(admin, order.orderId, sub.id, 'rto', { reason: 'Customer not reachable' })).status).toBe(200);
    const docs = await documents(admin, order.orderId);
    expect(docs.map((d) => d.kind)).toEqual(['invoice', 'credit_note']);
    expect(docs[1]!.reason).toBe('Returned to origin, not delivered: Customer not reachable');
  });
});

describe('labels', () => {
  it('print a shipped parcel’s AWB, addresses and COD amount; a parcel not shipped has none (409)', async () => {
    const order = await place([{ sku: 'DFH-KUR-001', quantity: 1 }]);
    const sub = order.subs[0]!;
    await expectErrorShape(await admin.get(`/api/orders/${order.orderId}/sub-orders/${sub.id}/label`), 409);
    await shipOne(order.orderId, sub.id, 'SWXLBL0001');
    const pages = await pdfOf(await admin.get(`/api/orders/${order.orderId}/sub-orders/${sub.id}/label`));
    expect(pages).toHaveLength(1);
    expect(pages[0]).toMatchObject({ width: 288, height: 432 });
    expect(pages[0]!.text).toContain('AWB SWXLBL0001');
    expect(pages[0]!.text).toContain('Swift Express');
    expect(pages[0]!.text).toMatch(/COLLECT ₹ [\d,]+\.\d\d/);
    expect(pages[0]!.text).toContain(sub.number as string);
  });
});

describe('vendor isolation and roles', () => {
  let order: Awaited<ReturnType<typeof place>>;
  let kvhInvoice: ApiRecord;
  beforeAll(async () => {
    order = await place([{ sku: 'KVH-SAR-001', quantity: 1 }]);
    await shipOne(order.orderId, order.subs[0]!.id, 'SWXISO0001');
    [kvhInvoice] = (await documents(admin, order.orderId)) as [ApiRecord];
  });

  it('another vendor’s order, invoice, label and bulk print are 404 to a vendor', async () => {
    await expectErrorShape(await vendor.get(`/api/orders/${order.orderId}/documents`), 404);
    await expectErrorShape(await vendor.get(kvhInvoice.pdf_url as string), 404);
    await expectErrorShape(await vendor.get(`/api/orders/${order.orderId}/sub-orders/${order.subs[0]!.id}/label`), 404);
    await expectErrorShape(await vendor.post('/api/shipped-orders/bulk-print', { json: { ids: [order.subs[0]!.id] } }), 404);
    await expectErrorShape(await vendor.post('/api/orders/bulk-print', { json: { ids: [order.subs[0]!.id] } }), 404);
    // A document id of the vendor's own order does not open another order's document either.
    const { body } = await vendor.getJson(`/api/shipped-orders?${query({ per_page: 10 })}`);
    const own = (body.data as ApiRecord[])[0]!;
    await expectErrorShape(await vendor.get(`/api/orders/${own.order_id}/documents/${kvhInvoice.id}/pdf`), 404);
  });

  it('a vendor prints their own; support staff (orders:view) read invoices and labels', async () => {
    const { body } = await vendor.getJson(`/api/shipped-orders?${query({ per_page: 10 })}`);
    const own = (body.data as ApiRecord[])[0]!;
    const docs = await documents(vendor, own.order_id as number);
    expect(docs.length).toBeGreaterThan(0);
    await pdfOf(await vendor.get(docs[0]!.pdf_url as string));
    await pdfOf(await support.get(kvhInvoice.pdf_url as string));
    await pdfOf(await support.get(`/api/orders/${order.orderId}/sub-orders/${order.subs[0]!.id}/label`));
    expect((await support.post('/api/shipped-orders/bulk-print', { json: { ids: [order.subs[0]!.id] } })).status).toBe(200);
  });

  it('a bad document id is a 404, never a 500', async () => {
    await expectErrorShape(await admin.get(`/api/orders/${order.orderId}/documents/abc/pdf`), 404);
    await expectErrorShape(await admin.get(`/api/orders/${order.orderId}/documents/99999999/pdf`), 404);
    await expectErrorShape(await admin.get(`/api/orders/${order.orderId}/sub-orders/0/label`), 404);
  });
});

describe('bulk print', () => {
  it('puts each selected parcel’s invoice and label in one PDF, and counts what has not shipped', async () => {
    const shipped = await place([{ sku: 'DFH-KUR-001', quantity: 1 }]);
    await shipOne(shipped.orderId, shipped.subs[0]!.id, 'SWXBLK0001');
    const pending = await place([{ sku: 'DFH-KUR-001', quantity: 1 }]);
    const response = await admin.post('/api/orders/bulk-print', { json: { ids: [shipped.subs[0]!.id, pending.subs[0]!.id] } });
    expect(decodeURIComponent(response.headers.get('result-summary') ?? '')).toBe(
      '1 order printed; 1 not: 1 has not shipped yet (no invoice or label until it ships).',
    );
    expect(response.headers.get('content-disposition')).toMatch(/^attachment; filename="invoices-and-labels-[\d-]+\.pdf"$/);
    const pages = await pdfOf(response);
    expect(pages.map((p) => `${p.width}x${p.height}`)).toEqual(['595x842', '595x842', '288x432']);
    expect(pages[0]!.text).toContain(pending.subs[0]!.number as string);
    expect(pages[1]!.text).toContain('TAX INVOICE');
    expect(pages[2]!.text).toContain('AWB SWXBLK0001');
  });

  it('takes the list’s filter, as the other bulk actions do', async () => {
    const shipped = await place([{ sku: 'DFH-KUR-001', quantity: 1 }]);
    await shipOne(shipped.orderId, shipped.subs[0]!.id, 'SWXBLK0002');
    const response = await admin.post('/api/shipped-orders/bulk-print', { json: { filter: { q: 'SWXBLK0002' } } });
    const pages = await pdfOf(response);
    expect(pages).toHaveLength(2);
    expect(pages[1]!.text).toContain('AWB SWXBLK0002');
    const none = await expectErrorShape(await admin.post('/api/shipped-orders/bulk-print', { json: { filter: { q: 'NO-SUCH-AWB' } } }), 422);
    expect(none.errors?.filter?.[0]).toContain('No order matches');
  });

  it('refuses more than 500 at once, nothing printable, and bad bodies, with a clear 422', async () => {
    const many = Array.from({ length: 501 }, (_, i) => i + 1);
    const over = await expectErrorShape(await admin.post('/api/orders/bulk-print', { json: { ids: many } }), 422);
    expect(over.errors?.ids?.[0]).toContain('At most 500');
    const pending = await place([{ sku: 'DFH-KUR-001', quantity: 1 }]);
    const nothing = await expectErrorShape(await admin.post('/api/orders/bulk-print', { json: { ids: [pending.subs[0]!.id] } }), 422);
    expect(nothing.errors?.ids?.[0]).toContain('shipped yet');
    await expectErrorShape(await admin.post('/api/orders/bulk-print', { json: {} }), 422);
    await expectErrorShape(await admin.post('/api/orders/bulk-print', { json: { ids: [1], filter: {} } }), 422);
    await expectErrorShape(await admin.post('/api/orders/bulk-print', { json: { ids: ['x'] } }), 422);
  });

  it('is not offered on Pending Orders, whose parcels have no invoice or label yet', async () => {
    expect((await admin.post('/api/pending-orders/bulk-print', { json: { ids: [1] } })).status).toBe(404);
  });
});

describe('the storefront', () => {
  let order: Awaited<ReturnType<typeof place>>;
  beforeAll(async () => {
    order = await place([{ sku: 'DFH-KUR-001', quantity: 1 }]);
    await shipOne(order.orderId, order.subs[0]!.id, 'SWXSTF0001');
  });

  it('lists and downloads the invoices of an order its key placed', async () => {
    const list = await storefront(`/api/storefront/v1/orders/${order.number}/documents`);
    expect(list.status).toBe(200);
    const docs = ((await list.json()) as { data: ApiRecord[] }).data;
    expect(docs).toHaveLength(1);
    expect(docs[0]).not.toHaveProperty('sub_order_id');
    expect(docs[0]!.pdf_url).toBe(`/api/storefront/v1/orders/${order.number}/documents/${docs[0]!.id}/pdf`);
    const text = (await pdfOf(await storefront(docs[0]!.pdf_url as string)))[0]!.text;
    expect(text).toContain(docs[0]!.number as string);
  });

  it('never for another key’s order, without a key, or with a back-office session', async () => {
    const [doc] = await documents(admin, order.orderId);
    await expectErrorShape(await storefront(`/api/storefront/v1/orders/${order.number}/documents`, otherKey), 404);
    await expectErrorShape(await storefront(`/api/storefront/v1/orders/${order.number}/documents/${doc!.id}/pdf`, otherKey), 404);
    await expectErrorShape(await storefront(`/api/storefront/v1/orders/${order.number}/documents/${doc!.id}/pdf`, null), 401);
    await expectErrorShape(
      await admin.get(`/api/storefront/v1/orders/${order.number}/documents/${doc!.id}/pdf`, { headers: { authorization: `Bearer ${writeKey}` } }),
      403,
    );
    // A document of another order of the same key's is not reachable through this order's number.
    const other = await place([{ sku: 'DFH-KUR-001', quantity: 1 }]);
    await expectErrorShape(await storefront(`/api/storefront/v1/orders/${other.number}/documents/${doc!.id}/pdf`), 404);
  });
});
