/**
 * The dashboard (issue 19 §1, §4) on the real built server and its real database: the daily
 * roll-ups, kept by triggers in each write's transaction, equal a full recount from the source
 * tables after a random stream (fast-check) of placings, customer cancellations and returns with
 * refunds through the real APIs, on days chosen by the money clock (some a minute either side of
 * IST midnight); a vendor's dashboard shows their own figures only and no other vendor's name; each
 * tile shows only with its area's permission; a bad custom range is said, not a 500.
 */
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { useServer } from '../helpers/vitest-server.ts';
import type { HttpClient } from '../helpers/http.ts';
import { filter, query, type ApiRecord } from '../helpers/area-api.ts';
import { istDate } from '../../src/lib/india/ist.ts';
import { formatPaise } from '../../src/lib/money/paise.ts';

const clockDir = mkdtempSync(join(tmpdir(), 'bo-dash-clock-'));
const clockFile = join(clockDir, 'now');
const setClock = (iso: string) => writeFileSync(clockFile, iso);
setClock('');

const app = useServer({ env: { TEST_CLOCK_FILE: clockFile } });
afterAll(() => rmSync(clockDir, { recursive: true, force: true }));

let admin: HttpClient;
let vendor: HttpClient;
let support: HttpClient;
let writeKey: string;
let swift: number;

const SKUS = ['DFH-KUR-001', 'KVH-SAR-001']; // Demo Fashion House (the demo vendor), Kaveri Handlooms

let idem = 0;
async function storefront(path: string, body: unknown, idempotent = false) {
  return fetch(new URL(`/api/storefront/v1${path}`, app.server.url), {
    method: 'POST',
    headers: {
      authorization: `Bearer ${writeKey}`,
      'content-type': 'application/json',
      ...(idempotent ? { 'idempotency-key': `dash-${Date.now()}-${++idem}` } : {}),
    },
    body: JSON.stringify(body),
  });
}

/** Places a cash-on-delivery order (no gateway capture needed); null when the stock ran out (409). */
async function place(lines: { sku: string; quantity: number }[]): Promise<{ number: string; orderId: number; subs: ApiRecord[] } | null> {
  const response = await storefront(
    '/orders',
    {
      customer: { name: 'Dash Buyer', email: `dash.buyer.${idem % 3}@example.com`, phone: `98765${String(10000 + (idem % 3))}` },
      shipping_address: { name: 'Dash Buyer', phone: '9876510000', line1: '1 MG Road', pincode: '560001' },
      lines,
      payment_method: 'cod',
    },
    true,
  );
  const body = (await response.json()) as { data: { number: string } };
  if (response.status === 409) return null;
  expect(response.status, JSON.stringify(body)).toBe(201);
  const { body: list } = await admin.getJson(`/api/orders?${query({ q: body.data.number, per_page: 10 })}`);
  const subs = list.data as ApiRecord[];
  return { number: body.data.number, orderId: subs[0]!.order_id as number, subs };
}

/** Units added to a SKU's first stock level, as a person adjusts it (a correction). */
async function addStock(sku: string, units: number) {
  const { body } = await admin.getJson(`/api/inventories?${query({ per_page: 10, ...filter('sku', 'equals', sku) })}`);
  const level = (body.data as ApiRecord[])[0]!;
  const r = await admin.post(`/api/inventories/${level.id}/adjustments`, {
    json: { version: level.version, reason: 'correction', delta: units, note: 'dashboard test' },
  });
  expect(r.status, await r.clone().text()).toBe(201);
}

/** Each sub-order's version as the last answer gave it: a staff move sends it (a stale one is a 409). */
const versions = new Map<number, number>();
const move = async (orderId: number, sub: ApiRecord, action: string, extra: Record<string, unknown> = {}) => {
  const r = await admin.post(`/api/orders/${orderId}/sub-orders/${sub.id}/transitions`, {
    json: { action, version: versions.get(sub.id) ?? sub.version, ...extra },
  });
  const body = (await r.clone().json()) as { data: { version: number } };
  expect(r.status, JSON.stringify(body)).toBe(200);
  versions.set(sub.id, body.data.version);
};

async function deliverAndRefund(orderId: number, sub: ApiRecord, refund: boolean) {
  await move(orderId, sub, 'confirm');
  await move(orderId, sub, 'pack');
  await move(orderId, sub, 'ship', { delivery_partner_id: swift, awb: `DASH${sub.id}X${Date.now() % 100000}` });
  await move(orderId, sub, 'deliver');
  if (!refund) return;
  await move(orderId, sub, 'request_return', { reason: 'Wrong size' });
  await move(orderId, sub, 'approve_return');
  await move(orderId, sub, 'receive_return');
  await move(orderId, sub, 'refund');
}

const db = <T>(fn: (q: (text: string, params?: unknown[]) => Promise<Record<string, unknown>[]>) => Promise<T>) => app.server.withDatabase(fn);

type Row = Record<string, number>;
const SALES_FIELDS = ['orders', 'sub_orders', 'gmv_paise', 'items', 'cancellations', 'cancelled_paise', 'refunds_paise', 'commission_paise', 'new_customers'];

/** Adds `values` to the row `key` of `into`. */
function add(into: Map<string, Row>, key: string, values: Row) {
  const row = into.get(key) ?? {};
  for (const [k, v] of Object.entries(values)) row[k] = (row[k] ?? 0) + Number(v);
  into.set(key, row);
}

/** Rows without a non-zero figure say nothing: both sides drop them. */
function normalised(rows: Map<string, Row>, fields: string[]): Record<string, Row> {
  const out: Record<string, Row> = {};
  for (const [key, row] of [...rows].sort(([a], [b]) => a.localeCompare(b))) {
    const clean = Object.fromEntries(fields.map((f) => [f, Number(row[f] ?? 0)]));
    if (Object.values(clean).some((v) => v !== 0)) out[key] = clean;
  }
  return out;
}

/** The kept roll-ups and a recount from the source tables, IST days computed here (not by the database's ist_day). */
async function keptAndRecounted() {
  return db(async (q) => {
    const kept = {
      sales: new Map<string, Row>(),
      products: new Map<string, Row>(),
      statuses: new Map<string, Row>(),
      marketStatuses: new Map<string, Row>(),
    };
    for (const r of await q(`select *, to_char(day, 'YYYY-MM-DD') as d from sales_daily`))
      add(kept.sales, `${r.d}|${r.vendor_id}`, Object.fromEntries(SALES_FIELDS.map((f) => [f, Number(r[f])])));
    for (const r of await q(`select *, to_char(day, 'YYYY-MM-DD') as d from product_sales_daily`))
      add(kept.products, `${r.d}|${r.vendor_id}|${r.product_id}`, { items: Number(r.items), gmv_paise: Number(r.gmv_paise) });
    for (const r of await q(`select *, to_char(day, 'YYYY-MM-DD') as d from sub_order_status_daily`))
      add(kept.statuses, `${r.d}|${r.vendor_id}|${r.status}`, { sub_orders: Number(r.sub_orders) });
    for (const r of await q(`select *, to_char(day, 'YYYY-MM-DD') as d from status_daily`))
      add(kept.marketStatuses, `${r.d}|${r.status}`, { sub_orders: Number(r.sub_orders) });

    const recount = {
      sales: new Map<string, Row>(),
      products: new Map<string, Row>(),
      statuses: new Map<string, Row>(),
      marketStatuses: new Map<string, Row>(),
    };
    const day = (v: unknown) => istDate(v as Date | string);
    for (const o of await q(`select placed_at from orders`)) add(recount.sales, `${day(o.placed_at)}|0`, { orders: 1 });
    const subs = new Map<number, Record<string, unknown>>();
    for (const s of await q(`select id, placed_at, vendor_id, total_paise, status from sub_orders`)) {
      subs.set(Number(s.id), s);
      add(recount.sales, `${day(s.placed_at)}|${s.vendor_id}`, { sub_orders: 1, gmv_paise: Number(s.total_paise) });
      add(recount.statuses, `${day(s.placed_at)}|${s.vendor_id}|${s.status}`, { sub_orders: 1 });
      add(recount.marketStatuses, `${day(s.placed_at)}|${s.status}`, { sub_orders: 1 });
    }
    for (const l of await q(
      `select l.sub_order_id, l.quantity, l.total_paise, v.product_id from order_lines l join product_variants v on v.id = l.variant_id`,
    )) {
      const s = subs.get(Number(l.sub_order_id))!;
      add(recount.sales, `${day(s.placed_at)}|${s.vendor_id}`, { items: Number(l.quantity) });
      add(recount.products, `${day(s.placed_at)}|${s.vendor_id}|${l.product_id}`, { items: Number(l.quantity), gmv_paise: Number(l.total_paise) });
    }
    for (const e of await q(`select sub_order_id, created_at, from_status, to_status from order_events where sub_order_id is not null`)) {
      if (!['cancelled', 'rto'].includes(String(e.to_status)) || e.from_status === e.to_status) continue;
      const s = subs.get(Number(e.sub_order_id))!;
      add(recount.sales, `${day(e.created_at)}|${s.vendor_id}`, { cancellations: 1, cancelled_paise: Number(s.total_paise) });
    }
    for (const p of await q(`select sub_order_id, created_at, amount_paise, status from payments where kind = 'refund'`)) {
      if (p.status === 'failed') continue;
      const vendorId = p.sub_order_id === null ? 0 : subs.get(Number(p.sub_order_id))!.vendor_id;
      add(recount.sales, `${day(p.created_at)}|${vendorId}`, { refunds_paise: Number(p.amount_paise) });
    }
    const entries = await q(`select id, type, vendor_id, amount_paise, created_at, reverses_entry_id from earning_entries`);
    const typeOf = new Map(entries.map((e) => [Number(e.id), String(e.type)]));
    for (const e of entries) {
      const commission = e.type === 'commission' || (e.type === 'refund_reversal' && typeOf.get(Number(e.reverses_entry_id)) === 'commission');
      if (commission) add(recount.sales, `${day(e.created_at)}|${e.vendor_id}`, { commission_paise: -Number(e.amount_paise) });
    }
    for (const c of await q(`select created_at from customers`)) add(recount.sales, `${day(c.created_at)}|0`, { new_customers: 1 });

    return {
      kept: {
        sales: normalised(kept.sales, SALES_FIELDS),
        products: normalised(kept.products, ['items', 'gmv_paise']),
        statuses: normalised(kept.statuses, ['sub_orders']),
        marketStatuses: normalised(kept.marketStatuses, ['sub_orders']),
      },
      recounted: {
        sales: normalised(recount.sales, SALES_FIELDS),
        products: normalised(recount.products, ['items', 'gmv_paise']),
        statuses: normalised(recount.statuses, ['sub_orders']),
        marketStatuses: normalised(recount.marketStatuses, ['sub_orders']),
      },
    };
  });
}

beforeAll(async () => {
  admin = await app.as('admin');
  vendor = await app.as('vendor');
  support = await app.as('support');
  const created = await admin.post('/api/storefront-api-keys', {
    json: { name: 'Dashboard shop', scopes: ['read-catalogue', 'write-orders'], rate_limit_per_minute: 10000 },
  });
  writeKey = ((await created.json()) as { data: { secret: string } }).data.secret;
  const { body } = await admin.getJson(`/api/delivery-partners?${query({ per_page: 10, ...filter('name', 'equals', 'Swift Express') })}`);
  swift = (body.data as ApiRecord[])[0]!.id;
});

/** One step of the stream: what a shop and the back-office do to orders. */
type Step =
  | { kind: 'place'; lines: { sku: string; quantity: number }[]; at: string }
  | { kind: 'cancel'; pick: number; at: string }
  | { kind: 'deliver'; pick: number; refund: boolean; at: string };

// Days in January 2026, and instants a minute either side of IST midnight (18:30 UTC) among them.
const instant = fc
  .tuple(fc.integer({ min: 3, max: 12 }), fc.constantFrom('18:29:00', '18:31:00', '06:00:00', '12:15:00'))
  .map(([d, t]) => `2026-01-${String(d).padStart(2, '0')}T${t}Z`);
const step: fc.Arbitrary<Step> = fc.oneof(
  {
    weight: 3,
    arbitrary: fc.record({
      kind: fc.constant('place' as const),
      lines: fc.uniqueArray(fc.record({ sku: fc.constantFrom(...SKUS), quantity: fc.integer({ min: 1, max: 2 }) }), {
        minLength: 1,
        maxLength: 2,
        selector: (l) => l.sku,
      }),
      at: instant,
    }),
  },
  { weight: 1, arbitrary: fc.record({ kind: fc.constant('cancel' as const), pick: fc.nat(), at: instant }) },
  { weight: 1, arbitrary: fc.record({ kind: fc.constant('deliver' as const), pick: fc.nat(), refund: fc.boolean(), at: instant }) },
);

describe('the roll-ups', () => {
  it('equal a full recount after a random stream of placings, cancellations and refunds', async () => {
    // The demo data (placed at start) is already in them.
    const before = await keptAndRecounted();
    expect(before.kept).toEqual(before.recounted);
    expect(Object.keys(before.kept.sales).length).toBeGreaterThan(0);

    await fc.assert(
      fc.asyncProperty(fc.array(step, { minLength: 3, maxLength: 7 }), async (steps) => {
        const open: { orderId: number; subs: ApiRecord[] }[] = [];
        for (const s of steps) {
          setClock(s.at);
          if (s.kind === 'place') {
            const placed = await place(s.lines);
            if (placed) open.push(placed);
          } else if (open.length) {
            const target = open.splice(s.pick % open.length, 1)[0]!;
            if (s.kind === 'cancel') {
              const r = await storefront(`/orders/${encodeURIComponent((target.subs[0]!.number as string).replace(/-\d+$/, ''))}/cancel`, {
                reason: 'Changed my mind',
              });
              expect(r.status, await r.clone().text()).toBe(200);
            } else {
              for (const sub of target.subs) await deliverAndRefund(target.orderId, sub, s.refund);
            }
          }
        }
        // Every stream ends with a return refunded, so deliveries, commission and refunds are in each check.
        const last = open.pop();
        if (last) for (const sub of last.subs) await deliverAndRefund(last.orderId, sub, true);
        setClock('');
        const { kept, recounted } = await keptAndRecounted();
        expect(kept).toEqual(recounted);
      }),
      { numRuns: 3 },
    );
    // The rebuild (`npm run rollups:rebuild`) recomputes every roll-up, the marketplace's status roll-up too, to the same rows.
    const kept = (await keptAndRecounted()).kept;
    await db(async (q) => {
      await q(`delete from product_sales_daily`);
      await q(`delete from status_daily`);
      await q(`update sales_daily set gmv_paise = gmv_paise + 1`);
    });
    expect((await keptAndRecounted()).kept).not.toEqual(kept);
    await db((q) => q(`select rollups_rebuild()`));
    expect((await keptAndRecounted()).kept).toEqual(kept);
    const after = Object.values((await keptAndRecounted()).recounted.sales);
    for (const figure of ['refunds_paise', 'commission_paise', 'cancellations', 'new_customers'])
      expect(
        after.some((row) => row[figure]! > 0),
        figure,
      ).toBe(true);
  });
});

/** The figures of a dashboard's HTML: `data-kpi` / `data-queue` → the number's text. */
function tiles(html: string): Record<string, string> {
  const out: Record<string, string> = {};
  for (const m of html.matchAll(/data-(?:kpi|queue)="([a-z-]+)"[\s\S]*?<p class="mt-1 text-2xl[^"]*"[^>]*>\s*(?:<a [^>]*>)?\s*([^<]+?)\s*</g))
    out[m[1]!] = m[2]!;
  return out;
}

async function dashboard(as: HttpClient, search = '') {
  const r = await as.get(`/dashboard${search}`);
  expect(r.status).toBe(200);
  return r.text();
}

describe('the dashboard page', () => {
  const JAN = '?range=custom&from=2026-01-01&to=2026-01-31';

  it('shows a vendor their own store only: their figures, and no other vendor’s name', async () => {
    setClock('2026-01-20T10:00:00Z');
    // SKUs the random stream leaves alone, so their stock is there whatever it did.
    expect(await place(['DFH-SHI-002', 'KVH-TOW-002'].map((sku) => ({ sku, quantity: 1 })))).not.toBeNull();
    setClock('');
    const html = await dashboard(vendor, JAN);
    const { own, others } = await db(async (q) => {
      const [me] = await q(`select u.vendor_id from users u where u.email = 'vendor@example.com'`);
      const subs = await q(`select placed_at, total_paise from sub_orders where vendor_id = $1`, [me!.vendor_id]);
      const names = await q(`select store_name from vendors where id <> $1 and store_name is not null`, [me!.vendor_id]);
      const inJan = subs.filter((s) => istDate(s.placed_at as Date).startsWith('2026-01'));
      return { own: { gmv: inJan.reduce((a, s) => a + Number(s.total_paise), 0), orders: inJan.length }, others: names.map((n) => String(n.store_name)) };
    });
    const t = tiles(html);
    expect(t.gmv).toBe(formatPaise(own.gmv));
    expect(t.orders).toBe(String(own.orders));
    expect(own.orders).toBeGreaterThan(0);
    for (const name of others) expect(html, name).not.toContain(name);
    expect(html).not.toContain('Top vendors');
    expect(t).toHaveProperty('to-ship');
    expect(t).toHaveProperty('earnings-payable');
    expect(t).not.toHaveProperty('customers');
    expect(t).not.toHaveProperty('vendors-waiting');
    // Their own payouts on their way and their products' reviews; not the moderation queue.
    expect(t).toHaveProperty('payouts-due');
    expect(t).toHaveProperty('reviews-received');
    expect(t).not.toHaveProperty('reviews-pending');
  });

  it('shows staff the marketplace: every vendor, the chart with its table, each number linked to its list', async () => {
    const html = await dashboard(admin, JAN);
    const t = tiles(html);
    const totals = await db(async (q) => {
      const [r] = await q(
        `select coalesce(sum(gmv_paise), 0) as gmv, coalesce(sum(orders), 0) as orders from sales_daily where day between '2026-01-01' and '2026-01-31'`,
      );
      return { gmv: Number(r!.gmv), orders: Number(r!.orders) };
    });
    expect(t.gmv).toBe(formatPaise(totals.gmv));
    expect(t.orders).toBe(String(totals.orders));
    for (const key of ['gmv', 'orders', 'aov', 'commission', 'refunds', 'customers', 'vendors-waiting', 'products-waiting', 'low-stock', 'earnings-payable'])
      expect(t, key).toHaveProperty(key);
    // Every vendor's payouts still to pay, and the reviews waiting for moderation, each linked to its list.
    const due = await db(async (q) => {
      const [r] = await q(`select coalesce(sum(amount_paise), 0) as total from payouts where status in ('requested', 'approved', 'processing')`);
      const [p] = await q(`select count(*) as n from reviews where status = 'pending'`);
      return { payouts: Number(r!.total), reviews: Number(p!.n) };
    });
    expect(t['payouts-due']).toBe(formatPaise(due.payouts));
    expect(t['reviews-pending']).toBe(String(due.reviews));
    expect(html).toMatch(/href="\/payouts\/listing\?[^"]*requested/);
    expect(html).toContain('Top vendors');
    expect(html).toContain('Kaveri Handlooms');
    expect(html).toMatch(/<svg[^>]*data-chart="chart-gmv-by-day"/);
    expect(html).toContain('Show the figures as a table');
    // The GMV links to the orders placed in the range.
    const href = /data-kpi="gmv"[\s\S]*?<a href="([^"]+)"/.exec(html)![1]!.replaceAll('&amp;', '&');
    const url = new URL(href, 'http://x');
    expect(url.pathname).toBe('/orders/listing');
    expect(JSON.parse(url.searchParams.get('filters')!)).toEqual({
      placed_at: { operator: 'and', constraints: [{ matchMode: 'between', value: ['2026-01-01', '2026-01-31'] }] },
    });
    const list = await admin.get(href);
    expect(list.status).toBe(200);
    // No island of its own: the page's scripts are the shell's.
    expect(html).not.toMatch(/<astro-island[^>]*component-url="[^"]*(Chart|Dashboard)/);
  });

  it('lists the top products, the top vendors and what waits to ship as a recount says, after a sale today and one on a past day', async () => {
    // "Today" is 20 January: the range's days before it are summed once and kept (decision 060), today's read on each view.
    const RANGE = '?range=custom&from=2026-01-01&to=2026-01-20';
    const shown = async () => {
      const html = await dashboard(admin, RANGE);
      const table = html.slice(html.indexOf('Top 10 products by GMV'));
      const rows = [...table.slice(0, table.indexOf('</table>')).matchAll(/\/products\/(\d+)\/details[\s\S]*?<td[^>]*>(\d+)<\/td>\s*<td[^>]*>([^<]+)<\/td>/g)];
      const byVendor = html.slice(html.indexOf('Top 10 vendors by GMV'));
      const vendorRows = [
        ...byVendor
          .slice(0, byVendor.indexOf('</table>'))
          .matchAll(/<th scope="row"[^>]*>([^<]*)<\/th>\s*<td[^>]*>(?:<a[^>]*>)?(\d+)(?:<\/a>)?<\/td>\s*<td[^>]*>([^<]+)<\/td>/g),
      ];
      return {
        top: rows.map((m) => `${m[1]} ${m[2]} ${m[3]}`),
        topVendors: vendorRows.map((m) => `${m[1]!.replaceAll('&amp;', '&').replaceAll('&#39;', "'")} ${m[2]} ${m[3]}`),
        toShip: tiles(html)['to-ship'],
      };
    };
    const recounted = () =>
      db(async (q) => {
        const rows = await q(
          `select v.product_id, sum(l.quantity)::int as items, sum(l.total_paise)::bigint as gmv
             from order_lines l join sub_orders s on s.id = l.sub_order_id join product_variants v on v.id = l.variant_id
            where ((s.placed_at at time zone 'UTC') + interval '330 minutes')::date between '2026-01-01' and '2026-01-20'
            group by v.product_id order by gmv desc, v.product_id limit 10`,
        );
        const vendorRows = await q(
          `select coalesce(v.store_name, (select u.name from users u where u.vendor_id = v.id order by u.id limit 1), 'Vendor #' || v.id) as name,
                  count(*)::int as n, sum(s.total_paise)::bigint as gmv
             from sub_orders s join vendors v on v.id = s.vendor_id
            where ((s.placed_at at time zone 'UTC') + interval '330 minutes')::date between '2026-01-01' and '2026-01-20'
            group by v.id order by gmv desc, v.id limit 10`,
        );
        const [ship] = await q(`select count(*)::int as n from sub_orders where status in ('confirmed', 'packed')`);
        return {
          top: rows.map((r) => `${r.product_id} ${r.items} ${formatPaise(Number(r.gmv))}`),
          topVendors: vendorRows.map((r) => `${r.name} ${r.n} ${formatPaise(Number(r.gmv))}`),
          toShip: String(ship!.n),
        };
      });
    // Stock enough for the three sales below, whatever the random stream above left.
    for (const sku of ['DFH-SHI-002', 'KVH-TOW-002']) await addStock(sku, 10);
    try {
      // Views follow each other with no direct database access between them (on PGlite that restarts
      // the server, and with it what it keeps in memory): the kept sums are what is checked.
      setClock('2026-01-08T09:00:00Z');
      expect(await place([{ sku: 'DFH-SHI-002', quantity: 1 }])).not.toBeNull();
      setClock('2026-01-20T10:00:00Z');
      const first = await shown(); // the days before today summed and kept
      expect(await place([{ sku: 'KVH-TOW-002', quantity: 2 }])).not.toBeNull();
      const afterToday = await shown(); // today's sale read live beside the kept sums
      setClock('2026-01-08T09:00:00Z');
      expect(await place([{ sku: 'DFH-SHI-002', quantity: 2 }])).not.toBeNull();
      setClock('2026-01-20T10:00:00Z');
      const afterPast = await shown(); // a sale on a past day: the fingerprint differs, the sums are made again
      expect(afterPast).toEqual(await recounted());
      const [towel] = await db((q) => q(`select product_id from product_variants where sku = 'KVH-TOW-002'`));
      const row = (top: string[]) => top.find((r) => r.startsWith(`${towel!.product_id} `));
      expect(first.top.length).toBeGreaterThan(0);
      expect(first.topVendors.length).toBeGreaterThan(0);
      // Today's sale added to the kept sums of the towel's vendor: one more order than before.
      const [towelVendor] = await db((q) =>
        q(
          `select v.store_name as name from product_variants pv join products p on p.id = pv.product_id join vendors v on v.id = p.vendor_id where pv.sku = 'KVH-TOW-002'`,
        ),
      );
      const vendorOrders = (top: string[]) => {
        const found = top.find((r) => r.startsWith(`${towelVendor!.name} `));
        return found ? Number(/ (\d+) ₹/.exec(found)![1]) : 0;
      };
      expect(vendorOrders(afterToday.topVendors)).toBeGreaterThan(0);
      expect(vendorOrders(afterToday.topVendors)).toBe(vendorOrders(first.topVendors) + 1);
      expect(row(afterToday.top)?.split(' ')[1]).toBe(String(Number(row(first.top)?.split(' ')[1] ?? 0) + 2));
      expect(afterToday.top.filter((r) => r !== row(afterToday.top))).toEqual(first.top.filter((r) => r !== row(first.top)));
    } finally {
      setClock('');
    }
  });

  it('shows each tile only with the permission of its area', async () => {
    const t = tiles(await dashboard(support, JAN));
    // Support: orders and customers, no money, vendors, products or stock.
    expect(Object.keys(t).sort()).toEqual(['aov', 'customers', 'gmv', 'orders', 'refunds', 'to-ship']);
  });

  it('says when a custom range cannot be read, and shows the last 7 days', async () => {
    const html = await dashboard(admin, '?range=custom&from=2026-02-10&to=2026-01-01');
    expect(html).toContain('The custom range must start on or before its end.');
    const other = await dashboard(admin, '?range=custom&from=nonsense&to=');
    expect(other).toContain('Enter both dates of the custom range.');
  });
});
