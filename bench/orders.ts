/**
 * Orders at scale (issue 17 §6): a fresh PostgreSQL database with the demo data and 1,000,000 orders
 * (about 1.6M sub-orders, one line each) written straight into the tables, then, at 10 clients:
 *
 * - each of the four order lists (`/api/orders`, `/api/pending-orders`, `/api/shipped-orders`,
 *   `/api/cancelled-orders`) filtered by a status and the last 30 days, for staff and for a vendor;
 *   budget p95 ≤ 25 ms;
 * - the order details page (`/orders/:id/details`, the whole server render) over 500 orders; budget
 *   p95 ≤ 50 ms;
 * - placing orders through the storefront API (a key, an Idempotency-Key each, one line of a SKU with
 *   enough stock); budget ≥ 200 orders/s with p95 ≤ 50 ms, and no oversell (the stock's reserved
 *   count equals the units placed).
 *
 *   npm run build && node bench/orders.ts [--orders 1000000] [--seconds 10]
 *
 * Needs a PostgreSQL server: BENCH_DATABASE_URL or TEST_DATABASE_URL (default
 * postgres://postgres@127.0.0.1:5432/test). The result goes to bench/results/<date>-postgres-orders.json.
 */
import { randomUUID } from 'node:crypto';
import { writeFileSync } from 'node:fs';
import { loadavg } from 'node:os';
import { join, resolve } from 'node:path';
import { parseArgs } from 'node:util';
import { cookieHeader, signIn, startPostgresBench } from './server.ts';
import { measure, percentile, type LoadResult } from './load.ts';
import { fillOrders } from './fill-orders.ts';

const ROOT = resolve(import.meta.dirname, '..');
const { values: argv } = parseArgs({ options: { orders: { type: 'string' }, seconds: { type: 'string' } } });
const ORDERS = Number(argv.orders ?? 1_000_000);
const SECONDS = Number(argv.seconds ?? 10);
const CLIENTS = 10;

const load = () => loadavg().map((n) => Number(n.toFixed(2)));
const log = (...a: unknown[]) => console.log(new Date().toISOString().slice(11, 19), ...a);
const summary = (r: LoadResult) => ({ rps: Math.round(r.rps), p50: r.p50, p95: r.p95, p99: r.p99, non2xx: r.non2xx, errors: r.errors });

const result: Record<string, unknown> = { date: new Date().toISOString(), orders: ORDERS, clients: CLIENTS, load_before: load() };
const bench = await startPostgresBench({ name: 'orders', root: ROOT, portBase: 5590, log });
try {
  const { server, db } = bench;

  // --- The fill (bench/fill-orders.ts).
  const filled = await fillOrders(db, ORDERS, log);
  result.rows = filled.rows;
  result.fill_seconds = filled.seconds;
  log('filled', filled.rows, `${filled.seconds} s`);

  // --- Reads at 10 clients.
  const staff = await signIn(server.base, 'admin@example.com', 'Admin@12345');
  const vendor = await signIn(server.base, 'vendor@example.com', 'Vendor@12345');
  const day = (offset: number) => new Date(Date.now() + 330 * 60_000 - offset * 86_400_000).toISOString().slice(0, 10);
  const listPath = (key: string, status: string) =>
    `/api/${key}?per_page=25&filters=${encodeURIComponent(
      JSON.stringify({
        status: { operator: 'and', constraints: [{ matchMode: 'equals', value: status }] },
        placed_at: { operator: 'and', constraints: [{ matchMode: 'between', value: [day(30), day(0)] }] },
      }),
    )}`;
  const run = async (label: string, url: string, jar: Map<string, string>, extra: { paths?: string[]; accept?: string } = {}) => {
    const r = await measure({
      url,
      connections: CLIENTS,
      seconds: SECONDS,
      headers: { cookie: cookieHeader(jar), accept: extra.accept ?? 'application/json' },
      warmupRequests: 30,
      ...(extra.paths ? { paths: extra.paths } : {}),
    });
    log(label, `${r.rps.toFixed(0)} req/s, p50 ${r.p50} p95 ${r.p95} p99 ${r.p99} ms, non-2xx ${r.non2xx}`);
    return summary(r);
  };
  const lists: Record<string, unknown> = {};
  for (const [key, statusOf] of [
    ['orders', 'delivered'],
    ['pending-orders', 'confirmed'],
    ['shipped-orders', 'shipped'],
    ['cancelled-orders', 'cancelled'],
  ] as const) {
    lists[`${key} (staff)`] = await run(`GET /api/${key} ${statusOf}, 30 days (staff)`, server.base + listPath(key, statusOf), staff);
    lists[`${key} (vendor)`] = await run(`GET /api/${key} ${statusOf}, 30 days (vendor)`, server.base + listPath(key, statusOf), vendor);
  }
  result.lists = lists;
  const ids = (await db.query(`select id from orders where number like 'BN-%' order by random() limit 500`)).rows.map((r) => Number(r.id));
  result.details = await run('GET /orders/:id/details (staff, 500 orders)', server.base, staff, {
    paths: ids.map((id) => `/orders/${id}/details`),
    accept: 'text/html',
  });

  // --- Placing through the storefront API, 10 clients, each order its own Idempotency-Key.
  const xsrf = decodeURIComponent(staff.get('XSRF-TOKEN') ?? '');
  const made = await fetch(`${server.base}/api/storefront-api-keys`, {
    method: 'POST',
    headers: { cookie: cookieHeader(staff), 'x-xsrf-token': xsrf, origin: server.base, 'content-type': 'application/json', accept: 'application/json' },
    body: JSON.stringify({ name: 'Bench shop', scopes: ['read-catalogue', 'write-orders'], rate_limit_per_minute: 100_000 }),
  });
  if (made.status !== 201) throw new Error(`Creating the storefront key answered ${made.status}: ${await made.text()}`);
  const key = ((await made.json()) as { data: { secret: string } }).data.secret;
  // A demo SKU that ships to 560001 (Bengaluru), given stock enough for every order of the run.
  const sku = 'DFH-KUR-001';
  await db.query(`update stock_levels set on_hand = on_hand + 10000000 where variant_id = (select id from product_variants where sku = $1)`, [sku]);
  const reservedBefore = Number(
    (await db.query(`select coalesce(sum(reserved), 0) as r from stock_levels sl join product_variants pv on pv.id = sl.variant_id where pv.sku = $1`, [sku]))
      .rows[0].r,
  );
  const latencies: number[] = [];
  let placed = 0;
  let failed = 0;
  const until = Date.now() + SECONDS * 1000;
  const place = async () => {
    const t0 = performance.now();
    const res = await fetch(`${server.base}/api/storefront/v1/orders`, {
      method: 'POST',
      headers: { authorization: `Bearer ${key}`, 'content-type': 'application/json', 'idempotency-key': randomUUID(), accept: 'application/json' },
      body: JSON.stringify({
        customer: { name: 'Bench Buyer', email: 'bench.buyer@example.com', phone: '9876512345' },
        shipping_address: { name: 'Bench Buyer', phone: '9876512345', line1: '1 Bench Road', pincode: '560001' },
        lines: [{ sku, quantity: 1 }],
        payment_method: 'cod',
      }),
    });
    await res.arrayBuffer();
    return { ok: res.status === 201, ms: performance.now() - t0 };
  };
  for (let i = 0; i < 20; i++) await place(); // warm-up, not counted (and counted in the stock below)
  const t0 = performance.now();
  await Promise.all(
    Array.from({ length: CLIENTS }, async () => {
      while (Date.now() < until) {
        const r = await place();
        if (r.ok) {
          placed++;
          latencies.push(r.ms);
        } else failed++;
      }
    }),
  );
  const elapsed = (performance.now() - t0) / 1000;
  latencies.sort((a, b) => a - b);
  const reservedAfter = Number(
    (await db.query(`select coalesce(sum(reserved), 0) as r from stock_levels sl join product_variants pv on pv.id = sl.variant_id where pv.sku = $1`, [sku]))
      .rows[0].r,
  );
  result.placing = {
    orders_per_second: Math.round(placed / elapsed),
    p50: Number(percentile(latencies, 50).toFixed(1)),
    p95: Number(percentile(latencies, 95).toFixed(1)),
    p99: Number(percentile(latencies, 99).toFixed(1)),
    placed,
    failed,
    reserved_units_added: reservedAfter - reservedBefore,
    oversell: reservedAfter - reservedBefore !== placed + 20,
  };
  log('POST /api/storefront/v1/orders', result.placing);
  result.load_after = load();
} finally {
  await bench.close();
}
const file = join(ROOT, 'bench/results', `${String(result.date).slice(0, 10)}-postgres-orders.json`);
writeFileSync(file, JSON.stringify(result, null, 2) + '\n');
log('written', file);
