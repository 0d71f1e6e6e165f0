/**
 * `node bench/mix.ts`: a realistic mix, for judging caches. Ten signed-in clients (six admin
 * sessions, four vendor sessions, each its own sign-in) browse lists (first pages, searches,
 * filters, sorts, next pages), open forms and records, and edit brands (PUT with the CSRF token and
 * the record's version), while their sessions' last-seen times are written every
 * SESSION_TOUCH_SECONDS (`--touch`, 1 s by default: a person on a page every few seconds and a
 * touch a minute makes about one touch per 20 requests, more than the mix's clients cause).
 *
 * Two servers run side by side on copies of the same filled database: A (as configured) and B
 * (A with a change: `--b-env`, e.g. PERMISSION_CACHE_SECONDS=0, or another build of the code:
 * `--b-dist`, a dist/ built from another commit with `npm run build -- --outDir …`; it migrates
 * its copy of the database at start). Only one is under load at a
 * time: bursts alternate A, B, B, A, … so a slow moment of this shared machine hits both. Reports
 * requests per second and p50/p95 of each server per burst, their medians, and B/A.
 *
 *   node bench/mix.ts --db pglite --b-env PERMISSION_CACHE_SECONDS=0
 *   node bench/mix.ts --db postgres --b-env PERMISSION_CACHE_SECONDS=0 --rounds 6 --seconds 5
 *
 * Uses the built server in dist/ (run `npm run build` first). PostgreSQL: DATABASE_URL or
 * TEST_DATABASE_URL names a server where databases of its own are created and dropped.
 */
import { spawnSync } from 'node:child_process';
import { cpSync, mkdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { parseArgs } from 'node:util';
import { percentile } from './load.ts';
import { cookieHeader, killAll, PINNING, runFill, signIn, startServer, type CookieJar, type RunningServer } from './server.ts';
import { median } from './pages.ts';

const ROOT = resolve(fileURLToPath(new URL('..', import.meta.url)));

const { values: argv } = parseArgs({
  options: {
    db: { type: 'string', default: 'pglite' },
    brands: { type: 'string', default: '10000' },
    rounds: { type: 'string', default: '4' },
    seconds: { type: 'string', default: '5' },
    touch: { type: 'string', default: '1' },
    'a-env': { type: 'string', multiple: true, default: [] },
    'b-env': { type: 'string', multiple: true, default: [] },
    'a-dist': { type: 'string' },
    'b-dist': { type: 'string' },
    port: { type: 'string', default: '5400' },
    out: { type: 'string' },
  },
});

const opts = {
  rounds: Math.max(1, Number(argv.rounds)),
  seconds: Math.max(1, Number(argv.seconds)),
  brands: Number(argv.brands),
  port: Number(argv.port),
};
const envOf = (pairs: string[]) => Object.fromEntries(pairs.map((p) => [p.slice(0, p.indexOf('=')), p.slice(p.indexOf('=') + 1)]));
const log = (line: string) => console.log(line);

const ADMIN = { email: 'admin@example.com', password: 'Admin@12345' };
const VENDOR = { email: 'vendor@example.com', password: 'Vendor@12345' };

// The client runs on core 1, the servers on core 0 (as bench/run.ts does).
if (PINNING) spawnSync('taskset', ['-c', '-p', '1', String(process.pid)], { stdio: 'ignore' });

/** A deterministic pseudo-random sequence (mulberry32): the same mix every run. */
function random(seed: number): () => number {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

const SEARCH_TERMS = ['an', 'ind', 'tech', 'son', 'ltd', 'ra', 'sha', 'group', 'pvt', 'kum', 'ent', 'ar', 'mal', 'sys'];
const filters = (f: object) => encodeURIComponent(JSON.stringify(f));

interface Sample {
  kind: string;
  ms: number;
  status: number;
}

interface Client {
  jar: CookieJar;
  role: 'admin' | 'vendor';
  rnd: () => number;
  /** The last list answer's next cursor, and the query it continues. */
  next?: { path: string; cursor: string };
  brandIds: number[];
  warehouseIds: number[];
}

async function request(base: string, c: Client, kind: string, path: string, samples: Sample[], init: RequestInit = {}): Promise<unknown> {
  const started = performance.now();
  const res = await fetch(base + path, { ...init, redirect: 'manual', headers: { cookie: cookieHeader(c.jar), ...(init.headers as Record<string, string>) } });
  const type = res.headers.get('content-type') ?? '';
  const body = type.includes('json') ? await res.json() : await res.arrayBuffer();
  samples.push({ kind, ms: performance.now() - started, status: res.status });
  // The server may issue a fresh CSRF cookie (a new session binding): keep it as a browser does.
  for (const line of res.headers.getSetCookie()) {
    const [pair] = line.split(';');
    const eq = pair!.indexOf('=');
    if (pair!.slice(0, eq) === 'XSRF-TOKEN' && pair!.slice(eq + 1)) c.jar.set('XSRF-TOKEN', pair!.slice(eq + 1));
  }
  return body;
}

const pick = <T>(c: Client, xs: readonly T[]): T => xs[Math.floor(c.rnd() * xs.length)]!;

/** One step of a person's work: mostly lists, then forms, then an edit now and then. */
async function step(base: string, c: Client, samples: Sample[]): Promise<void> {
  const r = c.rnd();
  const remember = (path: string, body: unknown) => {
    const cursor = (body as { meta?: { next_cursor?: string | null } }).meta?.next_cursor;
    c.next = cursor ? { path, cursor } : undefined;
    const ids = ((body as { data?: { id: number }[] }).data ?? []).map((row) => row.id);
    if (ids.length === 0) return;
    if (c.role === 'admin') c.brandIds = ids;
    else c.warehouseIds = ids;
  };
  if (c.role === 'vendor') {
    if (r < 0.45) {
      const path = pick(c, ['/api/warehouses?page=1', `/api/warehouses?q=${pick(c, ['a', 'ware', 'blr', 'main'])}`, '/api/warehouses?sort=name&order=desc']);
      remember(path, await request(base, c, 'list', path, samples));
    } else if (r < 0.65) {
      const id = c.warehouseIds.length ? pick(c, c.warehouseIds) : undefined;
      if (id) await request(base, c, 'record', `/api/warehouses/${id}`, samples);
    } else if (r < 0.8) {
      const id = c.warehouseIds.length ? pick(c, c.warehouseIds) : undefined;
      if (id) await request(base, c, 'page', `/warehouse/${id}/edit`, samples);
    } else if (r < 0.9) await request(base, c, 'page', '/warehouses', samples);
    else await request(base, c, 'page', '/dashboard', samples);
    return;
  }
  if (r < 0.5) {
    // Lists: a next page of what was shown, or a new view of it.
    if (c.next && c.rnd() < 0.3) {
      const { path, cursor } = c.next;
      remember(path, await request(base, c, 'list', `${path}&cursor=${encodeURIComponent(cursor)}`, samples));
      return;
    }
    const term = pick(c, SEARCH_TERMS);
    const path = pick(c, [
      '/api/brands?page=1&per_page=25',
      `/api/brands?q=${term}&page=1`,
      `/api/brands?filters=${filters({ name: { operator: 'and', constraints: [{ value: term, matchMode: 'contains' }] } })}&sort=name`,
      `/api/brands?filters=${filters({ status: { operator: 'and', constraints: [{ value: 'active', matchMode: 'equals' }] } })}&sort=created_at&order=desc`,
      `/api/brands?sort=updated_at&order=desc&page=${1 + Math.floor(c.rnd() * 4)}`,
    ]);
    remember(path, await request(base, c, 'list', path, samples));
  } else if (r < 0.58) {
    await request(
      base,
      c,
      'list',
      pick(c, [
        '/api/activity-logs?page=1',
        `/api/pincodes?filters=${filters({ pincode: { operator: 'and', constraints: [{ value: pick(c, ['56', '11', '40']), matchMode: 'startsWith' }] } })}&sort=pincode`,
      ]),
      samples,
    );
  } else if (r < 0.7) {
    const id = c.brandIds.length ? pick(c, c.brandIds) : undefined;
    if (id) await request(base, c, 'record', `/api/brands/${id}`, samples);
  } else if (r < 0.78) {
    const id = c.brandIds.length ? pick(c, c.brandIds) : undefined;
    await request(base, c, 'page', id && c.rnd() < 0.7 ? `/brands/${id}/edit` : '/brands/listing', samples);
  } else if (r < 0.82) {
    await request(base, c, 'page', '/dashboard', samples);
  } else {
    // An edit: open the record, save it changed (its version), as the form does.
    const id = c.brandIds.length ? pick(c, c.brandIds) : undefined;
    if (!id) return;
    const record = (await request(base, c, 'record', `/api/brands/${id}`, samples)) as { data?: Record<string, unknown> };
    const data = record.data;
    if (!data) return;
    const body = { name: data.name, slug: data.slug, status: data.status, description: `Edited by the mix at ${Date.now()}`, version: data.version };
    await request(base, c, 'write', `/api/brands/${id}`, samples, {
      method: 'PUT',
      body: JSON.stringify(body),
      headers: { 'content-type': 'application/json', 'x-xsrf-token': decodeURIComponent(c.jar.get('XSRF-TOKEN') ?? '') },
    });
  }
}

/**
 * CPU time a process has used (user + system, ms), from /proc: unlike requests per second, CPU per
 * request hardly moves when the machine's other tenants take the cores.
 */
function cpuMs(pid: number): number {
  try {
    // Fields after the command's closing parenthesis: utime and stime are the 12th and 13th.
    const fields = readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ')[1]!.split(' ');
    return ((Number(fields[11]) + Number(fields[12])) * 1000) / CLOCK_TICKS;
  } catch {
    return 0;
  }
}
const CLOCK_TICKS = Number(spawnSync('getconf', ['CLK_TCK'], { encoding: 'utf8' }).stdout.trim()) || 100;

/** The PostgreSQL backends serving a database, and the CPU each has used so far. */
async function backendsCpu(adminUrl: string | undefined, dbName: string | undefined): Promise<Map<number, number>> {
  const cpu = new Map<number, number>();
  if (!adminUrl || !dbName) return cpu;
  const { default: pg } = await import('pg');
  const client = new pg.Client({ connectionString: adminUrl });
  await client.connect();
  try {
    const r = await client.query<{ pid: number }>('select pid from pg_stat_activity where datname = $1', [dbName]);
    for (const { pid } of r.rows) cpu.set(Number(pid), cpuMs(Number(pid)));
  } finally {
    await client.end();
  }
  return cpu;
}

async function burst(base: string, clients: Client[], seconds: number): Promise<Sample[]> {
  const samples: Sample[] = [];
  const until = performance.now() + seconds * 1000;
  await Promise.all(
    clients.map(async (c) => {
      while (performance.now() < until) await step(base, c, samples);
    }),
  );
  return samples;
}

interface BurstFigure {
  rps: number;
  p50: number;
  p95: number;
  listP95: number;
  writes: number;
  bad: number;
  /** CPU per request (ms): the server process, and the PostgreSQL backends of its database. */
  serverCpu: number;
  dbCpu: number;
  /** Per kind of request: how many, and their mean time (ms). */
  kinds: Record<string, { n: number; meanMs: number }>;
}

function summarise(samples: Sample[], seconds: number, cpu: { server: number; db: number }): BurstFigure {
  const all = samples.map((s) => s.ms).sort((a, b) => a - b);
  const lists = samples
    .filter((s) => s.kind === 'list')
    .map((s) => s.ms)
    .sort((a, b) => a - b);
  return {
    rps: samples.length / seconds,
    serverCpu: cpu.server / samples.length,
    dbCpu: cpu.db / samples.length,
    p50: percentile(all, 50),
    p95: percentile(all, 95),
    listP95: percentile(lists, 95),
    writes: samples.filter((s) => s.kind === 'write').length,
    bad: samples.filter((s) => s.status >= 400 && !(s.kind === 'write' && s.status === 409)).length,
    kinds: Object.fromEntries(
      [...new Set(samples.map((s) => s.kind))].map((kind) => {
        const of = samples.filter((s) => s.kind === kind);
        return [kind, { n: of.length, meanMs: of.reduce((sum, s) => sum + s.ms, 0) / of.length }];
      }),
    ),
  };
}

async function signInClients(base: string): Promise<Client[]> {
  const clients: Client[] = [];
  for (let i = 0; i < 10; i++) {
    const role = i < 6 ? 'admin' : 'vendor';
    const who = role === 'admin' ? ADMIN : VENDOR;
    clients.push({ jar: await signIn(base, who.email, who.password), role, rnd: random(1000 + i), brandIds: [], warehouseIds: [] });
  }
  return clients;
}

async function adminQuery(adminUrl: string, text: string): Promise<void> {
  const { default: pg } = await import('pg');
  const client = new pg.Client({ connectionString: adminUrl });
  await client.connect();
  try {
    await client.query(text);
  } finally {
    await client.end();
  }
}

async function main(): Promise<void> {
  const db = argv.db as 'pglite' | 'postgres';
  const work = join('/tmp', `bench-mix-${db}-${process.pid}`);
  rmSync(work, { recursive: true, force: true });
  mkdirSync(work, { recursive: true });
  // Copies: the tree is shared, and a rebuild of dist/ mid-run must not change what is measured.
  const dist = join(ROOT, 'bench/.build', `mix-${process.pid}`);
  cpSync(resolve(argv['a-dist'] ?? join(ROOT, 'dist')), join(dist, 'A'), { recursive: true });
  cpSync(resolve(argv['b-dist'] ?? join(ROOT, 'dist')), join(dist, 'B'), { recursive: true });
  const common = {
    DEMO_DATA: 'false',
    SESSION_TOUCH_SECONDS: argv.touch!,
    LOGIN_MAX_ATTEMPTS_PER_ACCOUNT: '10000',
    LOGIN_MAX_ATTEMPTS_PER_IP: '10000',
    LOG_LEVEL: 'warn',
  };
  const adminUrl = process.env.DATABASE_URL || process.env.TEST_DATABASE_URL;
  const dbNames: string[] = [];
  const servers: RunningServer[] = [];
  try {
    const fillEnv: Record<string, string> = { DATA_DIR: join(work, 'fill') };
    let template = '';
    if (db === 'postgres') {
      if (!adminUrl) throw new Error('--db postgres: set DATABASE_URL or TEST_DATABASE_URL');
      template = `bench_mix_${process.pid}`;
      await adminQuery(adminUrl, `create database "${template}"`);
      dbNames.push(template);
      const url = new URL(adminUrl);
      url.pathname = `/${template}`;
      fillEnv.DATABASE_URL = url.toString();
    }
    log(`${db}: filling (${opts.brands} brands)…`);
    await runFill(ROOT, opts.brands, fillEnv, join(work, 'fill.log'));
    const variants = [
      { name: 'A', env: envOf(argv['a-env']!) },
      { name: 'B', env: envOf(argv['b-env']!) },
    ];
    const clientsOf: Client[][] = [];
    const databaseOf: Record<string, string> = {};
    for (const [i, v] of variants.entries()) {
      const env: Record<string, string> = { ...common, BO_DIST_DIR: join(dist, v.name), ...v.env };
      if (db === 'postgres') {
        // Each server its own copy of the filled database, so both start from the same rows.
        const name = `${template}_${v.name.toLowerCase()}`;
        await adminQuery(adminUrl!, `create database "${name}" template "${template}"`);
        dbNames.push(name);
        const url = new URL(adminUrl!);
        url.pathname = `/${name}`;
        env.DATABASE_URL = url.toString();
        env.DATA_DIR = join(work, `data-${v.name}`);
        databaseOf[v.name] = name;
      } else {
        env.DATA_DIR = join(work, `data-${v.name}`);
        cpSync(join(work, 'fill'), env.DATA_DIR, { recursive: true, filter: (src) => !src.endsWith('.lock') });
      }
      const server = await startServer({
        entry: join(ROOT, 'src/server/main.ts'),
        cwd: ROOT,
        port: opts.port + i,
        env,
        logFile: join(work, `server-${v.name}.log`),
      });
      servers.push(server);
      clientsOf.push(await signInClients(server.base));
      log(`  server ${v.name} (${JSON.stringify(v.env)}) on ${server.base}`);
    }
    // Warm-up: JIT, pools, caches; not counted.
    for (const [i, s] of servers.entries()) await burst(s.base, clientsOf[i]!, 2);
    const figures: Record<string, BurstFigure[]> = { A: [], B: [] };
    for (let round = 0; round < opts.rounds; round++) {
      const order = round % 2 === 0 ? [0, 1] : [1, 0];
      for (const i of order) {
        const name = variants[i]!.name;
        const server = servers[i]!;
        const [serverBefore, dbBefore] = [cpuMs(server.pid), await backendsCpu(adminUrl, databaseOf[name])];
        const samples = await burst(server.base, clientsOf[i]!, opts.seconds);
        const [serverAfter, dbAfter] = [cpuMs(server.pid), await backendsCpu(adminUrl, databaseOf[name])];
        const db = [...dbAfter].reduce((sum, [pid, ms]) => sum + ms - (dbBefore.get(pid) ?? 0), 0);
        const f = summarise(samples, opts.seconds, { server: serverAfter - serverBefore, db });
        figures[name]!.push(f);
        log(
          `  round ${round + 1} ${name}: ${f.rps.toFixed(0)} req/s, CPU/request ${f.serverCpu.toFixed(2)} ms server + ${f.dbCpu.toFixed(2)} ms database, p50 ${f.p50.toFixed(2)} ms, p95 ${f.p95.toFixed(2)} ms, lists p95 ${f.listP95.toFixed(2)} ms, ${f.writes} writes${f.bad ? `, ${f.bad} failed` : ''}; ${Object.entries(
            f.kinds,
          )
            .map(([k, v]) => `${k} ${v.n}×${v.meanMs.toFixed(1)}`)
            .join(' ')}`,
        );
      }
    }
    const med = (name: string, key: Exclude<keyof BurstFigure, 'kinds'>) => median(figures[name]!.map((f) => f[key]));
    const summary = {
      db,
      a: variants[0]!.env,
      b: variants[1]!.env,
      rounds: opts.rounds,
      seconds: opts.seconds,
      touchSeconds: Number(argv.touch),
      median: Object.fromEntries(
        ['A', 'B'].map((n) => [
          n,
          {
            rps: med(n, 'rps'),
            serverCpu: med(n, 'serverCpu'),
            dbCpu: med(n, 'dbCpu'),
            p50: med(n, 'p50'),
            p95: med(n, 'p95'),
            listP95: med(n, 'listP95'),
            writes: med(n, 'writes'),
          },
        ]),
      ),
      ratio: {
        cpuPerRequest: (med('B', 'serverCpu') + med('B', 'dbCpu')) / (med('A', 'serverCpu') + med('A', 'dbCpu')),
        rps: med('B', 'rps') / med('A', 'rps'),
        p95: med('B', 'p95') / med('A', 'p95'),
        listP95: med('B', 'listP95') / med('A', 'listP95'),
      },
    };
    log(`MIX_RESULT ${JSON.stringify(summary)}`);
    if (argv.out) writeFileSync(argv.out, JSON.stringify({ ...summary, figures }, null, 2) + '\n');
  } finally {
    for (const s of servers) await s.stop();
    rmSync(dist, { recursive: true, force: true });
    rmSync(work, { recursive: true, force: true });
    for (const name of dbNames.reverse()) await adminQuery(adminUrl!, `drop database if exists "${name}" with (force)`).catch(() => {});
  }
}

process.once('SIGINT', () => {
  killAll();
  process.exit(130);
});
main().then(
  () => process.exit(0),
  (e) => {
    console.error(e instanceof Error ? e.stack : e);
    killAll();
    process.exit(2);
  },
);
