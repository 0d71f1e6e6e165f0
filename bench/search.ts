/**
 * The global search at a million (issue 19 §3, decision 061): a PostgreSQL database with the demo
 * data, 1,000,000 products (bench/fill-products.ts: 500 bench stores, 2.5 variants each) and
 * 1,000,000 orders (bench/fill-orders.ts: 1.6M sub-orders with their numbers, AWBs and phones),
 * then GET /api/search at 10 clients over what people type, keystroke by keystroke from the second
 * character: words of product names, the start of a SKU, of an order number, of an AWB, a phone's
 * digits, a store's and a customer's name. Staff (every kind) and a vendor (their own products and
 * orders). Budget: p95 ≤ 50 ms.
 *
 *   npm run build && node bench/search.ts [--seconds 10] [--runs 3] [--database postgres://…/bench_search_x] [--root ../before --label before]
 *   npm run bench -- --only search           (the same, from bench/run.ts)
 *
 * The fill takes minutes: `--database` reuses a database a run kept (BENCH_KEEP=1 keeps it; each fill
 * step skips what is there already). Needs a PostgreSQL server: BENCH_DATABASE_URL or
 * TEST_DATABASE_URL (default postgres://postgres@127.0.0.1:5432/test). The result goes to
 * bench/results/<date>-postgres-search.json.
 */
import { writeFileSync } from 'node:fs';
import { loadavg } from 'node:os';
import { join, resolve } from 'node:path';
import { parseArgs } from 'node:util';
import { openDatabase } from '../src/lib/db/client.server.ts';
import { cookieHeader, signIn, startPostgresBench } from './server.ts';
import { measure, type LoadResult } from './load.ts';
import { fillProducts } from './fill-products.ts';
import { fillOrders } from './fill-orders.ts';

const ROOT = resolve(import.meta.dirname, '..');
const { values: argv } = parseArgs({
  options: {
    seconds: { type: 'string' },
    runs: { type: 'string' },
    database: { type: 'string' },
    products: { type: 'string' },
    orders: { type: 'string' },
    root: { type: 'string' },
    label: { type: 'string' },
    clients: { type: 'string' },
  },
});
const SECONDS = Number(argv.seconds ?? 10);
const RUNS = Number(argv.runs ?? 1);
const PRODUCTS = Number(argv.products ?? 1_000_000);
const ORDERS = Number(argv.orders ?? 1_000_000);
const CLIENTS = Number(argv.clients ?? 10);
/** Another checkout's built server to measure on the same data (a "before" build). */
const SERVER_ROOT = resolve(argv.root ?? ROOT);

const load = () => loadavg().map((n) => Number(n.toFixed(2)));
const log = (...a: unknown[]) => console.log(new Date().toISOString().slice(11, 19), ...a);
const summary = (r: LoadResult) => ({ rps: Math.round(r.rps), p50: r.p50, p95: r.p95, p99: r.p99, non2xx: r.non2xx, errors: r.errors });

/** Every prefix of `text` from its second character: what the dialog asks as someone types it (debounced or not). */
const keystrokes = (text: string) => Array.from({ length: text.length - 1 }, (_, i) => text.slice(0, i + 2)).filter((q) => q.trim().length >= 2);

const result: Record<string, unknown> = { date: new Date().toISOString(), products: PRODUCTS, orders: ORDERS, clients: CLIENTS, load_before: load() };
const bench = await startPostgresBench({ name: 'search', root: SERVER_ROOT, portBase: 5690, databaseUrl: argv.database, log });
try {
  const { server, db } = bench;

  const started = performance.now();
  const drizzle = await openDatabase({ driver: 'postgres', url: bench.databaseUrl });
  log('products', (await fillProducts(drizzle.db, PRODUCTS, log)).note);
  const haveOrders = Number((await db.query(`select count(*)::int as n from orders where number like 'BN-%'`)).rows[0].n);
  if (haveOrders < ORDERS) log('orders', (await fillOrders(db, ORDERS - haveOrders, log)).rows);
  await drizzle.close();
  await db.query('vacuum analyze sub_orders');
  result.fill_seconds = Number(((performance.now() - started) / 1000).toFixed(1));

  // What people type: real values of the filled data, read back (a SKU, an order, an AWB, a phone).
  const one = async (text: string) => String(Object.values((await db.query(text)).rows[0] as object)[0]);
  const sku = await one(`select sku from product_variants where sku like 'BP4%' order by id limit 1 offset 777`);
  const number = await one(`select number from orders where number like 'BN-%' order by id desc limit 1 offset 4321`);
  const awb = await one(`select awb from sub_orders where awb like 'BNAWB%' order by id desc limit 1 offset 999`);
  const phone = (await one(`select customer_phone from sub_orders order by id desc limit 1`)).replace(/^\+91/, '');
  const customer = await one(`select customer_name from sub_orders order by id desc limit 1`);
  const vendorSku = await one(
    `select pv.sku from product_variants pv join users u on u.vendor_id = pv.vendor_id where u.email = 'vendor@example.com' order by pv.id limit 1`,
  );
  const typed = {
    staff: ['handwoven silk', 'cotton kurta', sku, number, awb, phone, 'Bench Store 123', customer],
    vendor: ['handwoven silk', 'kurta', vendorSku, number.slice(0, 9), phone, customer],
  };
  result.typed = typed;
  const paths = (texts: string[]) => texts.flatMap(keystrokes).map((q) => `/api/search?q=${encodeURIComponent(q)}`);

  const staff = await signIn(server.base, 'admin@example.com', 'Admin@12345');
  const vendor = await signIn(server.base, 'vendor@example.com', 'Vendor@12345');
  const run = async (label: string, jar: Map<string, string>, list: string[]) => {
    const r = await measure({
      url: server.base,
      connections: CLIENTS,
      seconds: SECONDS,
      headers: { cookie: cookieHeader(jar), accept: 'application/json' },
      warmupRequests: list.length,
      paths: list,
    });
    log(label, `${list.length} queries, ${r.rps.toFixed(0)} req/s, p50 ${r.p50} p95 ${r.p95} p99 ${r.p99} ms, non-2xx ${r.non2xx}`);
    return summary(r);
  };
  const rounds: Record<string, ReturnType<typeof summary>>[] = [];
  for (let i = 0; i < RUNS; i++)
    rounds.push({
      staff: await run('GET /api/search (staff, every kind)', staff, paths(typed.staff)),
      vendor: await run('GET /api/search (vendor, their own)', vendor, paths(typed.vendor)),
    });
  const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)]!;
  for (const who of ['staff', 'vendor'])
    result[who] = { p50: median(rounds.map((r) => r[who]!.p50)), p95: median(rounds.map((r) => r[who]!.p95)), runs: rounds.map((r) => r[who]) };
  result.load_after = load();
} finally {
  await bench.close();
}
const file = join(ROOT, 'bench/results', `${String(result.date).slice(0, 10)}-postgres-search${argv.label ? `-${argv.label}` : ''}.json`);
writeFileSync(file, JSON.stringify(result, null, 2) + '\n');
log('written', file);
