/**
 * The dashboard at a 1M-orders scale (issue 19 §1, decision 050): a fresh PostgreSQL database with
 * the demo data, 500 bench vendors, and the roll-up rows a year of 1,000,000 orders leaves (written
 * directly: the dashboard reads only them, so their number is what its time depends on):
 *
 * - `sales_daily`: 365 days × 501 vendors and the marketplace's row (≈ 2,740 orders a day);
 * - `product_sales_daily`: 3,000 products sold a day out of 50,000 (≈ 1.1 million rows);
 * - `sub_order_status_daily`: 365 days × 501 vendors × 5 statuses (≈ 0.9 million rows);
 *
 * then GET /dashboard (the whole server render, HTML) for staff and a vendor, over 30 days and over
 * the longest custom range (367 days), 2 clients. Budget: p95 ≤ 100 ms.
 *
 *   npm run build && node bench/dashboard.ts [--seconds 10] [--runs 3] [--root <another checkout, built> --label before]
 *
 * Needs a PostgreSQL server: BENCH_DATABASE_URL or TEST_DATABASE_URL (default
 * postgres://postgres@127.0.0.1:5432/test). The result goes to bench/results/<date>-postgres-dashboard.json.
 */
import { writeFileSync } from 'node:fs';
import { loadavg } from 'node:os';
import { join, resolve } from 'node:path';
import { parseArgs } from 'node:util';
import { cookieHeader, signIn, startPostgresBench } from './server.ts';
import { measure, type LoadResult } from './load.ts';

const ROOT = resolve(import.meta.dirname, '..');
const { values: argv } = parseArgs({ options: { seconds: { type: 'string' }, runs: { type: 'string' }, root: { type: 'string' }, label: { type: 'string' } } });
/** Rounds of the three measurements, one after the other; the result keeps each round and their medians. */
const RUNS = Number(argv.runs ?? 1);
/** Another checkout's built server to measure (a "before" build, in the same conditions as this one). */
const SERVER_ROOT = resolve(argv.root ?? ROOT);
const SECONDS = Number(argv.seconds ?? 10);
const VENDORS = 500;

const load = () => loadavg().map((n) => Number(n.toFixed(2)));
const log = (...a: unknown[]) => console.log(new Date().toISOString().slice(11, 19), ...a);

const result: Record<string, unknown> = { date: new Date().toISOString(), orders_equivalent: 1_000_000, vendors: VENDORS + 1, load_before: load() };
const bench = await startPostgresBench({ name: 'dashboard', root: SERVER_ROOT, portBase: 5490, log });
try {
  const { server, db } = bench;
  const demoVendor = Number((await db.query(`select vendor_id from users where email = 'vendor@example.com'`)).rows[0].vendor_id);
  const { rows: made } = await db.query(
    `insert into vendors (store_name, slug, status, store_setup_completed_at)
       select 'Bench vendor ' || g, 'bench-vendor-' || g, 'active', now() from generate_series(1, ${VENDORS}) g returning id`,
  );
  const vendorIds = [demoVendor, ...made.map((r) => Number(r.id))];
  await db.query(`create temp table bench_vendors (n int primary key, id int not null)`);
  await db.query(`insert into bench_vendors select ordinality - 1, id from unnest($1::int[]) with ordinality as t(id)`, [vendorIds]);
  const started = performance.now();
  // A year up to today (IST), added to what the demo data left.
  const days = `generate_series(0, 364) d`;
  const day = `((now() at time zone 'UTC') + interval '5 hours 30 minutes')::date - d`;
  await db.query(`
    insert into sales_daily (day, vendor_id, orders, new_customers)
    select ${day}, 0, 2740 + (d % 7) * 10, 300 from ${days}
    on conflict (day, vendor_id) do update set orders = sales_daily.orders + excluded.orders`);
  await db.query(`
    insert into sales_daily (day, vendor_id, sub_orders, gmv_paise, items, cancellations, cancelled_paise, refunds_paise, commission_paise)
    select ${day}, v.id, 7, 7 * (150000 + (v.n * 37 + d) % 90000), 11, (v.n + d) % 2, 120000, ((v.n + d) % 3) * 50000, 7 * 15000
      from ${days} cross join bench_vendors v
    on conflict (day, vendor_id) do update set sub_orders = sales_daily.sub_orders + excluded.sub_orders, gmv_paise = sales_daily.gmv_paise + excluded.gmv_paise`);
  await db.query(`
    insert into product_sales_daily (day, vendor_id, product_id, items, gmv_paise)
    select ${day}, v.id, 1000000 + p, 1 + p % 3, (1 + p % 3) * (50000 + p % 200000)
      from ${days} cross join generate_series(0, 2999) k
      cross join lateral (select ((k * 16 + d * 131) % 50000) as p) pp
      join bench_vendors v on v.n = pp.p % ${vendorIds.length}
    on conflict do nothing`);
  await db.query(`
    insert into sub_order_status_daily (day, vendor_id, status, sub_orders)
    select ${day}, v.id, s, 1 + (v.n + d) % 3
      from ${days} cross join bench_vendors v cross join unnest(array['placed','confirmed','shipped','delivered','cancelled']) s
    on conflict (day, vendor_id, status) do update set sub_orders = sub_order_status_daily.sub_orders + excluded.sub_orders`);
  // The roll-up of decision 060, from the daily rows as the migration and the rebuild make it.
  const has = async (table: string) => (await db.query(`select to_regclass($1) is not null as ok`, [table])).rows[0].ok === true;
  if (await has('status_daily'))
    await db.query(`
    insert into status_daily (day, status, sub_orders)
    select day, status, sum(sub_orders) from sub_order_status_daily group by 1, 2
    on conflict (day, status) do update set sub_orders = excluded.sub_orders`);
  for (const t of ['sales_daily', 'product_sales_daily', 'sub_order_status_daily', 'status_daily']) if (await has(t)) await db.query(`vacuum analyze ${t}`);
  const counts = await db.query(`select (select count(*) from sales_daily)::int as sales, (select count(*) from product_sales_daily)::int as products,
    (select count(*) from sub_order_status_daily)::int as statuses`);
  result.rows = counts.rows[0];
  result.fill_seconds = Number(((performance.now() - started) / 1000).toFixed(1));
  log('filled', result.rows);

  const staff = await signIn(server.base, 'admin@example.com', 'Admin@12345');
  const vendor = await signIn(server.base, 'vendor@example.com', 'Vendor@12345');
  const today = new Date(Date.now() + 330 * 60_000).toISOString().slice(0, 10);
  const yearAgo = new Date(Date.now() + 330 * 60_000 - 366 * 86_400_000).toISOString().slice(0, 10);
  const run = async (label: string, path: string, jar: Map<string, string>) => {
    const r = await measure({
      url: server.base + path,
      connections: 2,
      seconds: SECONDS,
      headers: { cookie: cookieHeader(jar), accept: 'text/html' },
      warmupRequests: 20,
    });
    log(label, `${r.rps.toFixed(0)} req/s, p50 ${r.p50} p95 ${r.p95} p99 ${r.p99} ms, non-2xx ${r.non2xx}`);
    return r;
  };
  const rounds: Record<string, LoadResult>[] = [];
  for (let i = 0; i < RUNS; i++) {
    rounds.push({
      staff_30d: await run('GET /dashboard?range=30d (staff)', '/dashboard?range=30d', staff),
      staff_367d: await run('GET /dashboard 367 days (staff)', `/dashboard?range=custom&from=${yearAgo}&to=${today}`, staff),
      vendor_30d: await run('GET /dashboard?range=30d (vendor)', '/dashboard?range=30d', vendor),
    });
  }
  const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)]!;
  for (const key of Object.keys(rounds[0]!)) {
    result[key] =
      RUNS === 1
        ? rounds[0]![key]
        : { p50: median(rounds.map((r) => r[key]!.p50)), p95: median(rounds.map((r) => r[key]!.p95)), runs: rounds.map((r) => r[key]) };
  }
  result.load_after = load();
} finally {
  await bench.close();
}
const file = join(ROOT, 'bench/results', `${String(result.date).slice(0, 10)}-postgres-dashboard${argv.label ? `-${argv.label}` : ''}.json`);
writeFileSync(file, JSON.stringify(result, null, 2) + '\n');
log('written', file);
