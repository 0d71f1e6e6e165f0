/**
 * The earnings ledger at scale (issue 18 §7): a fresh PostgreSQL database with the demo data, then
 * N ledger entries (10,000,000 by default) over 500 bench vendors and the demo vendor, written the
 * way the app writes them (INSERT … SELECT in chunks of 1,000,000: the balances trigger keeps every
 * vendor's balance as it goes, so the kept balances are the real ones), then:
 *
 * - GET /api/earnings, 10 clients: staff (every vendor, newest first) and a vendor (their own);
 *   budget p95 ≤ 25 ms;
 * - a vendor's balance read (the two queries of readBalances), p50/p95 over 500 reads; budget ≤ 5 ms;
 *   and GET /api/earnings/balances, 10 clients, for context;
 * - the kept balances checked against the entries summed, for every vendor.
 *
 *   npm run build && node bench/earnings.ts [--entries 10000000] [--seconds 10]
 *
 * Needs a PostgreSQL server: BENCH_DATABASE_URL or TEST_DATABASE_URL (default
 * postgres://postgres@127.0.0.1:5432/test) names one whose user may create databases. The result
 * goes to bench/results/<date>-postgres-earnings.json, with the load average before and after.
 * BENCH_KEEP=1 keeps the filled database afterwards (its address is logged), to read query plans on it.
 */
import { writeFileSync } from 'node:fs';
import { loadavg } from 'node:os';
import { join, resolve } from 'node:path';
import { parseArgs } from 'node:util';
import { cookieHeader, signIn, startPostgresBench } from './server.ts';
import { measure, percentile } from './load.ts';

const ROOT = resolve(import.meta.dirname, '..');
const { values: argv } = parseArgs({ options: { entries: { type: 'string' }, seconds: { type: 'string' } } });
const ENTRIES = Number(argv.entries ?? 10_000_000);
const SECONDS = Number(argv.seconds ?? 10);
const CHUNK = 1_000_000;
const VENDORS = 500;

const load = () => loadavg().map((n) => Number(n.toFixed(2)));
const log = (...a: unknown[]) => console.log(new Date().toISOString().slice(11, 19), ...a);

const result: Record<string, unknown> = { date: new Date().toISOString(), entries: ENTRIES, vendors: VENDORS + 1, load_before: load() };
const bench = await startPostgresBench({ name: 'earnings', root: ROOT, portBase: 5390, log });
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
  // Spread over two years of created_at and a year of payable_at; types in the delivery's proportions.
  const started = performance.now();
  for (let from = 1; from <= ENTRIES; from += CHUNK) {
    const to = Math.min(ENTRIES, from + CHUNK - 1);
    await db.query(`
      insert into earning_entries (vendor_id, type, order_number, amount_paise, rate_bp, base_paise, tax_head, payable_at, created_at)
      select v.id,
             (array['sale','commission','commission_gst','tcs','tcs','tds'])[g % 6 + 1],
             'OD-BENCH-' || lpad((g / 6)::text, 9, '0') || '-1',
             case when g % 6 = 0 then 100000 + (g % 9000) * 10 else -(100 + g % 5000) end,
             case when g % 6 = 0 then null else 50 end,
             case when g % 6 = 0 then null else 100000 end,
             case when g % 6 in (3, 4) then (array['cgst','sgst'])[g % 2 + 1] else null end,
             date_trunc('day', now() - interval '365 days') + ((g / 6) % 400) * interval '1 day',
             now() - interval '730 days' + (g::float8 / ${ENTRIES}) * interval '730 days'
        from generate_series(${from}, ${to}) g
        join bench_vendors v on v.n = (g / 6) % ${vendorIds.length}`);
    log(`filled ${to.toLocaleString('en-IN')} entries`);
  }
  await db.query('analyze earning_entries; analyze vendor_balances; analyze vendor_balance_days');
  result.fill_seconds = Number(((performance.now() - started) / 1000).toFixed(1));

  // Kept balances = the entries summed, for every vendor.
  const { rows: drift } = await db.query(`
    select count(*)::int as n from (
      select e.vendor_id, sum(e.amount_paise) as total from earning_entries e group by e.vendor_id
    ) s join vendor_balances b on b.vendor_id = s.vendor_id where b.total_paise <> s.total`);
  result.balance_mismatches = Number(drift[0].n);

  // The balance read, as readBalances does it (two index reads), timed in the database client.
  const times: number[] = [];
  for (let i = 0; i < 500; i++) {
    const t = performance.now();
    await db.query(
      `select coalesce(sum(total_paise), 0), coalesce(sum(paid_paise), 0), coalesce(sum(entries_count), 0) from vendor_balances where vendor_id = $1`,
      [demoVendor],
    );
    await db.query(`select coalesce(sum(amount_paise), 0) from vendor_balance_days where vendor_id = $1 and payable_at > $2`, [demoVendor, new Date()]);
    times.push(performance.now() - t);
  }
  times.sort((a, b) => a - b);
  result.balance_read_ms = {
    p50: Number(percentile(times, 50).toFixed(2)),
    p95: Number(percentile(times, 95).toFixed(2)),
    max: Number(times.at(-1)!.toFixed(2)),
  };
  log('balance read', result.balance_read_ms);

  const staff = await signIn(server.base, 'admin@example.com', 'Admin@12345');
  const vendor = await signIn(server.base, 'vendor@example.com', 'Vendor@12345');
  const run = async (label: string, path: string, jar: Map<string, string>) => {
    const r = await measure({
      url: server.base + path,
      connections: 10,
      seconds: SECONDS,
      headers: { cookie: cookieHeader(jar), accept: 'application/json' },
      warmupRequests: 200,
    });
    log(label, `${r.rps.toFixed(0)} req/s, p50 ${r.p50} p95 ${r.p95} p99 ${r.p99} ms, non-2xx ${r.non2xx}`);
    return r;
  };
  // The same client and server on a list of 10,000 rows less: the machine's own ceiling at this moment,
  // so a run on a busy machine can be read as a ratio.
  result.baseline_brands = await run('GET /api/brands (staff, baseline)', '/api/brands', staff);
  result.list_staff = await run('GET /api/earnings (staff)', '/api/earnings', staff);
  result.list_staff_type = await run(
    'GET /api/earnings?type=tds (staff)',
    `/api/earnings?filters=${encodeURIComponent(JSON.stringify({ type: { operator: 'and', constraints: [{ matchMode: 'equals', value: 'tds' }] } }))}`,
    staff,
  );
  result.list_vendor = await run('GET /api/earnings (vendor)', '/api/earnings', vendor);
  result.balances_http = await run('GET /api/earnings/balances (vendor)', '/api/earnings/balances', vendor);
  result.load_after = load();
} finally {
  await bench.close();
}
const file = join(ROOT, 'bench/results', `${String(result.date).slice(0, 10)}-postgres-earnings.json`);
writeFileSync(file, JSON.stringify(result, null, 2) + '\n');
log('written', file);
