/**
 * Commission and the earnings ledger (issue 18 §1, §2, §6) on the real built server and its real
 * database: commission resolution (vendor+category rule > vendor rule > vendor rate > category rule
 * > category rate > store default, with dates) frozen on the line at placing; the entries a delivery
 * writes, at the rates of the delivery's IST date; reversal on refund; payable once the return
 * window has passed (a test clock the server reads: TEST_CLOCK_FILE); the kept balances equal a
 * rebuild from the entries; the ledger refuses updates and deletes; adjustments; vendor isolation on
 * the list, balances, export and statement.
 */
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { capturePayment, saveWebhookSecret } from '../helpers/payments.ts';
import { useServer } from '../helpers/vitest-server.ts';
import type { HttpClient } from '../helpers/http.ts';
import { expectErrorShape } from '../helpers/assertions.ts';
import { filter, query, type ApiRecord } from '../helpers/area-api.ts';
import { readPdf } from '../helpers/pdf.ts';
import { formatPaise } from '../../src/lib/money/paise.ts';

const clockDir = mkdtempSync(join(tmpdir(), 'bo-clock-'));
const clockFile = join(clockDir, 'now');
/** Sets the server's money clock (read at every use: no restart, no waiting). */
const setClock = (iso: string) => writeFileSync(clockFile, iso);
const realClock = () => writeFileSync(clockFile, '');
realClock();

const app = useServer({ env: { TEST_CLOCK_FILE: clockFile } });
afterAll(() => rmSync(clockDir, { recursive: true, force: true }));

let admin: HttpClient;
let vendor: HttpClient;
let support: HttpClient;
let writeKey: string;

const DFH_KURTA = 'DFH-KUR-001'; // Demo Fashion House, Clothing, ₹ 1,299.00 incl. 5 % GST, the 7-day policy
const KVH_SAREE = 'KVH-SAR-001'; // Kaveri Handlooms

let idem = 0;
async function place(lines: { sku: string; quantity: number }[], pincode = '560001') {
  const response = await fetch(new URL('/api/storefront/v1/orders', app.server.url), {
    method: 'POST',
    headers: { authorization: `Bearer ${writeKey}`, 'content-type': 'application/json', 'idempotency-key': `earn-${Date.now()}-${++idem}` },
    body: JSON.stringify({
      customer: { name: 'Ledger Buyer', email: 'ledger.buyer@example.com', phone: '9876502345' },
      shipping_address: { name: 'Ledger Buyer', phone: '9876502345', line1: '1 MG Road', pincode },
      lines,
      payment_method: 'prepaid',
    }),
  });
  const body = (await response.json()) as { data: { number: string; total_paise: number } };
  expect(response.status, JSON.stringify(body)).toBe(201);
  // Prepaid: confirmed once the gateway captures the payment (decision 042).
  await capturePayment(app.server.url, body.data.number, body.data.total_paise);
  const { body: list } = await admin.getJson(`/api/orders?${query({ q: body.data.number, per_page: 10 })}`);
  const subs = list.data as ApiRecord[];
  for (const sub of subs) versions.set(sub.id, sub.version as number);
  return { number: body.data.number, orderId: subs[0]!.order_id as number, subs };
}

/** Each sub-order's version as the last answer gave it: a staff move sends it (a stale one is a 409). */
const versions = new Map<number, number>();
const move = async (orderId: number, subId: number, action: string, extra: Record<string, unknown> = {}) => {
  const r = await admin.post(`/api/orders/${orderId}/sub-orders/${subId}/transitions`, { json: { action, version: versions.get(subId), ...extra } });
  const body = (await r.json()) as { data: { version: number } };
  expect(r.status, JSON.stringify(body)).toBe(200);
  versions.set(subId, body.data.version);
};

let swift: number;
async function deliver(orderId: number, sub: ApiRecord, partner = swift) {
  await move(orderId, sub.id, 'confirm');
  await move(orderId, sub.id, 'pack');
  await move(orderId, sub.id, 'ship', { delivery_partner_id: partner, awb: `AWB${sub.id}X${Date.now() % 100000}` });
  await move(orderId, sub.id, 'deliver');
}

async function entriesOf(as: HttpClient, subOrderNumber: string) {
  const { status, body } = await as.getJson(
    `/api/earnings?${query({ per_page: 100, sort: 'created_at', order: 'asc', ...filter('order_number', 'equals', subOrderNumber) })}`,
  );
  expect(status).toBe(200);
  return body.data as ApiRecord[];
}

/** The frozen terms of a sub-order's lines and the ledger's kept balances against a rebuild, read in the database. */
const db = <T>(fn: (q: (text: string, params?: unknown[]) => Promise<Record<string, unknown>[]>) => Promise<T>) => app.server.withDatabase(fn);

async function idOf(area: string, field: string, value: string): Promise<number> {
  const { body } = await admin.getJson(`/api/${area}?${query({ per_page: 10, ...filter(field, 'equals', value) })}`);
  return (body.data as ApiRecord[])[0]!.id;
}

beforeAll(async () => {
  admin = await app.as('admin');
  vendor = await app.as('vendor');
  support = await app.as('support');
  const created = await admin.post('/api/storefront-api-keys', {
    json: { name: 'Ledger shop', scopes: ['read-catalogue', 'write-orders'], rate_limit_per_minute: 10000 },
  });
  writeKey = ((await created.json()) as { data: { secret: string } }).data.secret;
  await saveWebhookSecret(admin);
  swift = await idOf('delivery-partners', 'name', 'Swift Express');
});

describe('the demo data', () => {
  it('has ledger entries from the delivered demo orders, some payable already', async () => {
    const { body } = await vendor.getJson('/api/earnings/balances');
    expect(body.data.payable_paise).toBeGreaterThan(0);
    expect(body.data.pending_paise).toBeGreaterThan(0);
    const entries = (await vendor.getJson(`/api/earnings?${query({ per_page: 100 })}`)).body.data as ApiRecord[];
    expect(new Set(entries.map((e) => e.type))).toEqual(new Set(['sale', 'commission', 'commission_gst', 'tcs', 'tds']));
    // The one to Chennai is inter-state: its TCS is IGST; the Bengaluru one CGST + SGST.
    expect(new Set(entries.filter((e) => e.type === 'tcs').map((e) => e.tax_head))).toEqual(new Set(['cgst', 'sgst', 'igst']));
    expect(entries.some((e) => e.state === 'payable') && entries.some((e) => e.state === 'pending')).toBe(true);
  });
});

describe('commission', () => {
  it('is resolved most specific first, with dates, and frozen on the line at placing', async () => {
    const dfh = await idOf('vendors', 'store_name', 'Demo Fashion House');
    const clothing = await idOf('categories', 'name', 'Clothing');
    const rules = (body: Record<string, unknown>) => admin.post('/api/commission-rules', { json: body });
    /** Places a kurta; delivering it later shows the frozen commission in its ledger entry. */
    const placeKurta = async () => {
      const placed = await place([{ sku: DFH_KURTA, quantity: 1 }]);
      return { ...placed, sub: placed.subs[0]! };
    };
    const commissionOf = async (placed: Awaited<ReturnType<typeof placeKurta>>) => {
      await deliver(placed.orderId, placed.sub);
      return (await entriesOf(admin, placed.sub.number as string)).find((e) => e.type === 'commission')!;
    };
    const vendorRate = async (rate: number | null) => {
      const { version } = (await admin.getJson(`/api/vendors/${dfh}`)).body.data as ApiRecord;
      const r = await admin.put(`/api/vendors/${dfh}`, { json: { version, commission_rate: rate } });
      expect(r.status, await r.clone().text()).toBe(200);
    };
    // The demo sets nothing for Demo Fashion House, Clothing or Kurtas: the store default (10 %).
    // ₹ 1,299.00 incl. 5 %: taxable 1,23,714 paise → 10 % = 12,371.4 → 12,371.
    expect(await commissionOf(await placeKurta())).toMatchObject({ rate_bp: 1000, base_paise: 123714, amount_paise: -12371 });

    // The category's rate, then a rule for the category.
    const category = (await admin.getJson(`/api/categories/${clothing}`)).body.data as ApiRecord;
    const { name, slug, description, sort_order, status, version } = category;
    const put = await admin.put(`/api/categories/${clothing}`, { json: { name, slug, description, sort_order, status, version, commission_percent: 8 } });
    expect(put.status, await put.clone().text()).toBe(200);
    expect(await commissionOf(await placeKurta())).toMatchObject({ rate_bp: 800 });
    expect((await rules({ name: 'Clothing 2026', category_id: clothing, kind: 'percent', rate_percent: 7 })).status).toBe(201);
    expect(await commissionOf(await placeKurta())).toMatchObject({ rate_bp: 700 });
    // The vendor's own rate beats any category; a vendor rule beats it (6 % + ₹ 15.00 a line: 7,423 + 1,500).
    await vendorRate(12.5);
    expect(await commissionOf(await placeKurta())).toMatchObject({ rate_bp: 1250 });
    expect((await rules({ name: 'DFH launch', vendor_id: dfh, kind: 'percent_fee', rate_percent: 6, fee: 1500 })).status).toBe(201);
    expect(await commissionOf(await placeKurta())).toMatchObject({ rate_bp: 600, amount_paise: -(7423 + 1500) });
    // A vendor+category rule that starts tomorrow is not in force yet; one in force now wins.
    const tomorrow = new Date(Date.now() + 86_400_000).toISOString();
    expect((await rules({ name: 'DFH clothing later', vendor_id: dfh, category_id: clothing, rate_percent: 3, starts_at: tomorrow })).status).toBe(201);
    expect(await commissionOf(await placeKurta())).toMatchObject({ rate_bp: 600 });
    const both = await rules({ name: 'DFH clothing now', vendor_id: dfh, category_id: clothing, rate_percent: 5, ends_at: tomorrow });
    const bothId = ((await both.json()) as { data: ApiRecord }).data.id;
    const placedUnderIt = await placeKurta();

    // Changing the rule after placing never changes the placed line; a rule that priced a line can't be deleted (409).
    const rule = (await admin.getJson(`/api/commission-rules/${bothId}`)).body.data as ApiRecord;
    const changed = await admin.put(`/api/commission-rules/${bothId}`, {
      json: {
        name: rule.name,
        vendor_id: dfh,
        category_id: clothing,
        kind: 'percent',
        rate_percent: 30,
        ends_at: rule.ends_at,
        status: 'active',
        version: rule.version,
      },
    });
    expect(changed.status, await changed.clone().text()).toBe(200);
    expect(await commissionOf(placedUnderIt)).toMatchObject({ rate_bp: 500 });
    expect(await commissionOf(await placeKurta())).toMatchObject({ rate_bp: 3000 });
    const refused = await expectErrorShape(await admin.delete(`/api/commission-rules/${bothId}`), 409);
    expect(refused.message).toContain('priced 2 order lines');
    await vendorRate(null);

    // Bad input: a clear 422 in the one shape; a vendor or support can't read or write rules.
    const bad = await expectErrorShape(await rules({ name: 'Nothing', rate_percent: 150 }), 422);
    expect(Object.keys(bad.errors ?? {})).toEqual(expect.arrayContaining(['vendor_id', 'rate_percent']));
    await expectErrorShape(await rules({ name: 'Fee?', vendor_id: dfh, kind: 'percent_fee', rate_percent: 5 }), 422);
    await expectErrorShape(await vendor.get('/api/commission-rules'), 403);
    await expectErrorShape(await support.post('/api/commission-rules', { json: { name: 'x', vendor_id: dfh, rate_percent: 1 } }), 403);
  });
});

describe('the ledger', () => {
  it('writes nothing before delivery, the delivery’s entries at the rates of its IST date, payable after the return window', async () => {
    // Delivered at 00:00 IST on 10 July 2024, the day GST TCS went from 1 % to 0.5 %.
    setClock('2024-07-09T18:30:00.000Z');
    try {
      const placed = await place([{ sku: KVH_SAREE, quantity: 1 }]);
      const sub = placed.subs[0]!;
      await deliver(placed.orderId, sub);
      const entries = await entriesOf(admin, sub.number as string);
      const tcs = entries.filter((e) => e.type === 'tcs');
      expect(tcs.every((e) => e.rate_bp === 50)).toBe(true);
      // TDS was still 1 % then (0.1 % from 1 October 2024).
      expect(entries.find((e) => e.type === 'tds')?.rate_bp).toBe(100);
      expect(entries.find((e) => e.type === 'commission_gst')?.rate_bp).toBe(1800);
      const sale = entries.find((e) => e.type === 'sale')!;
      expect(sale.amount_paise).toBe(sub.total_paise);
      // Payable from the IST midnight after the window: delivered 10 July, window of the policy, + 1 day.
      expect(new Date(sale.payable_at as string).getTime()).toBeGreaterThan(new Date('2024-07-10T18:30:00Z').getTime());
      // A minute earlier, 9 July, was still the 1 % TCS.
      setClock('2024-07-09T18:29:00.000Z');
      const earlier = await place([{ sku: KVH_SAREE, quantity: 1 }]);
      await deliver(earlier.orderId, earlier.subs[0]!);
      const old = await entriesOf(admin, earlier.subs[0]!.number as string);
      expect(old.filter((e) => e.type === 'tcs').map((e) => e.rate_bp)).toEqual(expect.arrayContaining([100]));
    } finally {
      realClock();
    }
  });

  it('adds up: sale − commission − GST on it − TCS − TDS, each rounded per line, and a cancellation or RTO writes nothing', async () => {
    const placed = await place([
      { sku: DFH_KURTA, quantity: 2 },
      { sku: KVH_SAREE, quantity: 1 },
    ]);
    const [a, b] = placed.subs;
    await deliver(placed.orderId, a!);
    const cancelled = await place([{ sku: DFH_KURTA, quantity: 1 }]);
    await move(cancelled.orderId, cancelled.subs[0]!.id, 'cancel', { reason: 'Customer changed their mind' });
    const rto = await place([{ sku: DFH_KURTA, quantity: 1 }]);
    const r = rto.subs[0]!;
    await move(rto.orderId, r.id, 'confirm');
    await move(rto.orderId, r.id, 'pack');
    await move(rto.orderId, r.id, 'ship', { delivery_partner_id: swift, awb: `RTO${r.id}` });
    await move(rto.orderId, r.id, 'rto', { reason: 'Nobody home' });
    expect(await entriesOf(admin, cancelled.subs[0]!.number as string)).toEqual([]);
    expect(await entriesOf(admin, r.number as string)).toEqual([]);
    expect(await entriesOf(admin, b!.number as string)).toEqual([]);

    const entries = await entriesOf(admin, a!.number as string);
    const of = (type: string) => entries.filter((e) => e.type === type).reduce((n, e) => n + (e.amount_paise as number), 0);
    const commissionEntry = entries.find((e) => e.type === 'commission')!;
    const taxable = commissionEntry.base_paise as number;
    const commission = -(commissionEntry.amount_paise as number);
    expect(of('sale')).toBe(a!.total_paise);
    expect(commission).toBe(Math.round((taxable * (commissionEntry.rate_bp as number)) / 10000 + 1e-9));
    expect(of('commission_gst')).toBe(-Math.round((commission * 18) / 100 + 1e-9));
    // Today's rates: TCS 0.5 % (0.25 % CGST + 0.25 % SGST within a state, 0.5 % IGST across), TDS 0.1 % (the vendor gave a PAN).
    const tcs = entries.filter((e) => e.type === 'tcs');
    const halves = tcs.some((e) => e.tax_head === 'cgst');
    expect(tcs.map((e) => e.tax_head)).toEqual(halves ? ['cgst', 'sgst'] : ['igst']);
    expect(tcs.map((e) => e.amount_paise)).toEqual(halves ? [-Math.round(taxable * 0.0025), -Math.round(taxable * 0.0025)] : [-Math.round(taxable * 0.005)]);
    expect(of('tds')).toBe(-Math.round(taxable * 0.001));
    expect(entries.every((e) => e.state === 'pending')).toBe(true);
  });

  it('reverses on refund, in full, and becomes payable once the return window has passed', async () => {
    const placed = await place([{ sku: DFH_KURTA, quantity: 1 }]);
    const sub = placed.subs[0]!;
    await deliver(placed.orderId, sub);
    const before = (await vendor.getJson('/api/earnings/balances')).body.data as ApiRecord;
    const entries = await entriesOf(vendor, sub.number as string);
    const net = entries.reduce((n, e) => n + (e.amount_paise as number), 0);
    // Eight days later the 7-day window has passed: the net moves from pending to payable (same total).
    setClock(new Date(Date.now() + 9 * 86_400_000).toISOString());
    try {
      const later = (await vendor.getJson('/api/earnings/balances')).body.data as ApiRecord;
      expect(later.total_paise).toBe(before.total_paise);
      expect((later.payable_paise as number) - (before.payable_paise as number)).toBeGreaterThanOrEqual(net);
      expect((await entriesOf(vendor, sub.number as string)).every((e) => e.state === 'payable')).toBe(true);
    } finally {
      realClock();
    }
    await move(placed.orderId, sub.id, 'request_return', { reason: 'Too small' });
    await move(placed.orderId, sub.id, 'approve_return');
    await move(placed.orderId, sub.id, 'receive_return');
    await move(placed.orderId, sub.id, 'refund');
    const all = await entriesOf(vendor, sub.number as string);
    const reversals = all.filter((e) => e.type === 'refund_reversal');
    expect(reversals).toHaveLength(entries.length);
    expect(all.reduce((n, e) => n + (e.amount_paise as number), 0)).toBe(0);
    for (const e of entries) expect(reversals.find((r) => r.reverses_entry_id === e.id)?.amount_paise).toBe(-(e.amount_paise as number));
  });

  it('keeps balances equal to a rebuild from the entries, and refuses to update or delete an entry', async () => {
    const kvh = await idOf('vendors', 'store_name', 'Kaveri Handlooms');
    const made = await admin.post('/api/earnings/adjustments', {
      json: { vendor_id: kvh, direction: 'credit', amount: 1000, reason: 'To be settled by a payout' },
    });
    const linked = ((await made.json()) as { data: { id: number } }).data.id;
    const mismatches = await db(async (q) => {
      const balances = await q(`
        select v.id, coalesce(b.total_paise, 0) as kept_total, coalesce(b.paid_paise, 0) as kept_paid,
               coalesce((select sum(amount_paise) from earning_entries e where e.vendor_id = v.id), 0) as total,
               coalesce((select -sum(amount_paise) from earning_entries e where e.vendor_id = v.id and e.type = 'payout'), 0) as paid
          from vendors v left join vendor_balances b on b.vendor_id = v.id`);
      const days = await q(`
        select e.vendor_id, e.payable_at, sum(e.amount_paise) as rebuilt, d.amount_paise as kept
          from earning_entries e left join vendor_balance_days d on d.vendor_id = e.vendor_id and d.payable_at = e.payable_at
         group by e.vendor_id, e.payable_at, d.amount_paise having d.amount_paise is distinct from sum(e.amount_paise)`);
      const refusals: string[] = [];
      for (const sql of [
        `update earning_entries set amount_paise = amount_paise + 1 where id = ${linked}`,
        `delete from earning_entries where id = ${linked}`,
      ]) {
        try {
          await q(sql);
        } catch (e) {
          refusals.push(String((e as Error).message));
        }
      }
      // Setting the payout link once is the one change allowed (on the adjustment made for it).
      await q(`update earning_entries set payout_id = 424242 where id = $1`, [linked]);
      try {
        await q(`update earning_entries set payout_id = 1 where id = $1`, [linked]);
      } catch (e) {
        refusals.push(String((e as Error).message));
      }
      return { balances: balances.filter((b) => Number(b.kept_total) !== Number(b.total) || Number(b.kept_paid) !== Number(b.paid)), days, refusals };
    });
    expect(mismatches.balances).toEqual([]);
    expect(mismatches.days).toEqual([]);
    expect(mismatches.refusals).toHaveLength(3);
    for (const m of mismatches.refusals) expect(m).toContain('append-only');
  });
});

describe('adjustments', () => {
  it('need earning-adjust and a reason, and move the balance at once', async () => {
    const dfh = await idOf('vendors', 'store_name', 'Demo Fashion House');
    const before = (await vendor.getJson('/api/earnings/balances')).body.data as ApiRecord;
    const made = await admin.post('/api/earnings/adjustments', { json: { vendor_id: dfh, direction: 'debit', amount: 25_000, reason: 'Courier charge-back' } });
    expect(made.status).toBe(201);
    const after = (await vendor.getJson('/api/earnings/balances')).body.data as ApiRecord;
    expect((after.payable_paise as number) - (before.payable_paise as number)).toBe(-25_000);
    const bad = await expectErrorShape(
      await admin.post('/api/earnings/adjustments', { json: { vendor_id: dfh, direction: 'credit', amount: 0, reason: '' } }),
      422,
    );
    expect(Object.keys(bad.errors ?? {})).toEqual(expect.arrayContaining(['amount', 'reason']));
    await expectErrorShape(
      await admin.post('/api/earnings/adjustments', {
        json: { vendor_id: dfh, direction: 'credit', amount: 100, reason: 'x', order_number: 'OD-1999-000001-1' },
      }),
      422,
    );
    await expectErrorShape(await vendor.post('/api/earnings/adjustments', { json: { vendor_id: dfh, direction: 'credit', amount: 100, reason: 'Me' } }), 403);
  });
});

describe('vendor isolation', () => {
  it('gives a vendor only their own entries, balances, export and statement', async () => {
    const kvh = await idOf('vendors', 'store_name', 'Kaveri Handlooms');
    const own = (await vendor.getJson(`/api/earnings?${query({ per_page: 100 })}`)).body.data as ApiRecord[];
    const dfh = own[0]!.vendor_id;
    expect(own.every((e) => e.vendor_id === dfh)).toBe(true);
    // Asking for another vendor's rows by filter finds nothing; by vendor_id is a 404.
    expect((await vendor.getJson(`/api/earnings?${query(filter('vendor_id', 'equals', kvh))}`)).body.data).toEqual([]);
    await expectErrorShape(await vendor.get(`/api/earnings/balances?vendor_id=${kvh}`), 404);
    const month = new Date(Date.now() + 5.5 * 3600_000).toISOString().slice(0, 7);
    await expectErrorShape(await vendor.get(`/api/earnings/statement?month=${month}&vendor_id=${kvh}`), 404);
    const csv = await (await vendor.get('/api/earnings/export')).text();
    expect(csv).not.toContain('Kaveri');
    expect(csv.split('\r\n')[0]).not.toContain('Vendor');
    const staffCsv = await (await admin.get('/api/earnings/export')).text();
    expect(staffCsv).toContain('Kaveri Handlooms');
    // Support holds no earnings permission.
    await expectErrorShape(await support.get('/api/earnings'), 403);
    await expectErrorShape(await support.get(`/api/earnings/statement?month=${month}&vendor_id=${kvh}`), 403);
  });

  it('serves the statement as JSON, CSV and PDF, reconciling opening + entries = closing', async () => {
    const month = new Date(Date.now() + 5.5 * 3600_000).toISOString().slice(0, 7);
    const { status, body } = await vendor.getJson(`/api/earnings/statement?month=${month}&format=json`);
    expect(status).toBe(200);
    const s = body.data as { opening_paise: number; closing_paise: number; entries: { amount_paise: number }[]; totals: { amount_paise: number }[] };
    expect(s.closing_paise).toBe(s.opening_paise + s.entries.reduce((n, e) => n + e.amount_paise, 0));
    expect(s.totals.reduce((n, t) => n + t.amount_paise, 0)).toBe(s.closing_paise - s.opening_paise);
    const csv = await vendor.get(`/api/earnings/statement?month=${month}&format=csv`);
    expect(csv.headers.get('content-type')).toMatch(/^text\/csv/);
    expect(await csv.text()).toContain('Closing balance');
    const pdf = await vendor.get(`/api/earnings/statement?month=${month}`);
    expect(pdf.headers.get('content-type')).toBe('application/pdf');
    // Lines as the page sets them: a label and its amount may sit on two lines of the extracted text.
    const text = (await readPdf(new Uint8Array(await pdf.arrayBuffer())))
      .map((p) => p.text)
      .join('\n')
      .replace(/\s+/g, ' ');
    expect(text).toContain('Earnings statement');
    expect(text).toContain('Demo Fashion House');
    expect(text).toContain(`Closing balance ${formatPaise(s.closing_paise)}`);
    expect(text).toContain('GST TCS');
    await expectErrorShape(await vendor.get('/api/earnings/statement?month=2026-13'), 422);
    await expectErrorShape(await admin.get(`/api/earnings/statement?month=${month}`), 422);
  });

  it('renders the Earnings page with the balance cards for a vendor, and refuses it to support', async () => {
    const html = await (await vendor.get('/earnings/listing', { headers: { accept: 'text/html' } })).text();
    expect(html).toContain('data-testid="balance-payable"');
    expect(html).toContain('Monthly statement');
    expect((await support.get('/earnings/listing', { headers: { accept: 'text/html' } })).status).toBe(403);
  });
});
