/**
 * The built server as the bench runs it: a child process pinned to a core of its own, a clean
 * environment (nothing leaks from the caller's shell), its RSS read from /proc, and sign-in over
 * HTTP exactly like the login form.
 */
import { spawn, spawnSync, type ChildProcess } from 'node:child_process';
import { existsSync, mkdtempSync, openSync, readdirSync, readFileSync, rmSync, closeSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import type { FillReport } from './fill.ts';
import { cpus, tmpdir } from 'node:os';
import pg from 'pg';
import { SERVER_NODE_FLAGS, serverEnv } from '../scripts/server-flags.mjs';

/** The server's configuration variables (src/lib/config.server.ts) plus what the process reads. */
const CONFIG_VARS = [
  'NODE_ENV',
  'DATA_DIR',
  'DATABASE_URL',
  'SESSION_SECRET',
  'ENCRYPTION_KEY',
  'PUBLIC_URL',
  'DEMO_DATA',
  'LOG_LEVEL',
  'SESSION_IDLE_MINUTES',
  'SESSION_MAX_HOURS',
  'SESSION_TOUCH_SECONDS',
  'PERMISSION_CACHE_SECONDS',
  'LOGIN_MAX_ATTEMPTS_PER_ACCOUNT',
  'LOGIN_MAX_ATTEMPTS_PER_IP',
  'LOGIN_WINDOW_SECONDS',
  'TRUST_PROXY',
  'MAX_BODY_BYTES',
  'MAX_UPLOAD_BYTES',
  'MAIL_FROM',
  'SMTP_URL',
  'TWILIO_ACCOUNT_SID',
  'TWILIO_AUTH_TOKEN',
  'TWILIO_FROM',
  'PORT',
  'HOST',
  'MIGRATIONS_DIR',
  'UNPAID_EXPIRY_SECONDS',
  'PG_POOL_MAX',
  'GEOGRAPHY_FILE',
];

export function cleanEnv(extra: Record<string, string | undefined>): NodeJS.ProcessEnv {
  const env: NodeJS.ProcessEnv = { ...process.env };
  for (const key of CONFIG_VARS) delete env[key];
  delete env.TEST_DATABASE_URL;
  for (const [k, v] of Object.entries(extra)) if (v !== undefined) env[k] = v;
  return env;
}

/** Core pinning: the server on core 0, load clients and the browser on core 1, where `taskset` exists. */
export const PINNING = existsSync('/usr/bin/taskset') && cpus().length >= 2 && spawnSync('taskset', ['-c', '0', 'true']).status === 0;

export function pinned(core: number, command: string, args: string[]): [string, string[]] {
  return PINNING ? ['taskset', ['-c', String(core), command, ...args]] : [command, args];
}

const children = new Set<ChildProcess>();
/** Children the bench started; killed if the bench dies, so it never leaves processes behind. */
export function track(child: ChildProcess): ChildProcess {
  children.add(child);
  child.once('exit', () => children.delete(child));
  return child;
}
export function killAll(): void {
  for (const child of children) child.kill('SIGKILL');
}
process.once('exit', killAll);

export function rssMiB(pid: number): number {
  try {
    const m = /^VmRSS:\s+(\d+) kB/m.exec(readFileSync(`/proc/${pid}/status`, 'utf8'));
    return m ? Number(m[1]) / 1024 : NaN;
  } catch {
    return NaN;
  }
}

/** Samples a process's RSS until stopped; answers the highest value seen. */
export function sampleRss(pid: number, everyMs = 100): { stop(): number } {
  let peak = rssMiB(pid);
  const timer = setInterval(() => (peak = Math.max(peak, rssMiB(pid))), everyMs);
  return {
    stop() {
      clearInterval(timer);
      return Math.max(peak, rssMiB(pid));
    },
  };
}

export interface RunningServer {
  base: string;
  pid: number;
  /** Spawn → first 200 from GET /api/health. */
  firstOkMs: number;
  /** Spawn → first 200 of a rendered page (/auth/login). */
  firstPageMs: number;
  stop(): Promise<void>;
}

export const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

export async function startServer(opts: {
  entry: string;
  cwd: string;
  port: number;
  env: Record<string, string | undefined>;
  logFile: string;
}): Promise<RunningServer> {
  const base = `http://127.0.0.1:${opts.port}`;
  const log = openSync(opts.logFile, 'a');
  // With the flags and allocator settings `npm start` gives it (scripts/server-flags.mjs), plus any in BENCH_SERVER_NODE_FLAGS:
  // `BENCH_SERVER_NODE_FLAGS="--cpu-prof --cpu-prof-dir=/tmp/prof"` profiles the server under the bench's load.
  const extraFlags = (process.env.BENCH_SERVER_NODE_FLAGS ?? '').split(/\s+/).filter(Boolean);
  const [cmd, args] = pinned(0, process.execPath, [...SERVER_NODE_FLAGS, ...extraFlags, opts.entry]);
  const started = performance.now();
  const child = track(
    spawn(cmd, args, {
      cwd: opts.cwd,
      // The filled orders' unpaid prepaid parcels are synthetic: the expiry job (decision 059) would cancel them mid-measure.
      env: serverEnv(cleanEnv({ NODE_ENV: 'production', HOST: '127.0.0.1', PORT: String(opts.port), UNPAID_EXPIRY_SECONDS: '0', ...opts.env })),
      stdio: ['ignore', log, log],
    }),
  );
  closeSync(log);
  let exited = false;
  child.once('exit', () => (exited = true));

  const waitFor = async (path: string): Promise<number> => {
    const deadline = started + 120_000;
    while (performance.now() < deadline) {
      if (exited) throw new Error(`The server exited (code ${child.exitCode}) before answering ${path}; see ${opts.logFile}`);
      try {
        const res = await fetch(base + path, { redirect: 'manual', signal: AbortSignal.timeout(5_000) });
        await res.arrayBuffer();
        if (res.status === 200) return performance.now() - started;
      } catch {
        /* not listening yet */
      }
      await sleep(10);
    }
    throw new Error(`The server did not answer ${path} with 200 within 120 s; see ${opts.logFile}`);
  };

  try {
    const firstOkMs = await waitFor('/api/health');
    const firstPageMs = await waitFor('/auth/login');
    return {
      base,
      pid: child.pid!,
      firstOkMs,
      firstPageMs,
      async stop() {
        if (exited) return;
        const gone = new Promise<void>((r) => child.once('exit', () => r()));
        child.kill('SIGTERM');
        const timer = setTimeout(() => child.kill('SIGKILL'), 10_000);
        await gone;
        clearTimeout(timer);
      },
    };
  } catch (e) {
    child.kill('SIGKILL');
    throw e;
  }
}

export type CookieJar = Map<string, string>;

export function cookieHeader(jar: CookieJar): string {
  return [...jar].map(([k, v]) => `${k}=${v}`).join('; ');
}

function absorb(jar: CookieJar, res: Response): void {
  for (const line of res.headers.getSetCookie()) {
    const [pair, ...attrs] = line.split(';');
    const eq = pair!.indexOf('=');
    const name = pair!.slice(0, eq).trim();
    const value = pair!.slice(eq + 1).trim();
    const expired = attrs.some((a) => /^\s*max-age=0\s*$/i.test(a));
    if (!value || expired) jar.delete(name);
    else jar.set(name, value);
  }
}

/** Signs in like the login form: GET the form for the CSRF cookie, POST the fields with Origin. */
export async function signIn(base: string, email: string, password: string): Promise<CookieJar> {
  const jar: CookieJar = new Map();
  const form = await fetch(`${base}/auth/login`, { redirect: 'manual' });
  absorb(jar, form);
  await form.arrayBuffer();
  const token = jar.get('XSRF-TOKEN');
  if (!token) throw new Error('GET /auth/login set no XSRF-TOKEN cookie');
  const res = await fetch(`${base}/auth/login`, {
    method: 'POST',
    redirect: 'manual',
    headers: { 'content-type': 'application/x-www-form-urlencoded', origin: base, cookie: cookieHeader(jar) },
    body: new URLSearchParams({ _token: decodeURIComponent(token), email, password }),
  });
  absorb(jar, res);
  await res.arrayBuffer();
  if (res.status !== 302 && res.status !== 303) throw new Error(`Signing in as ${email} answered ${res.status}, not a redirect`);
  if (!jar.has('bo_session')) throw new Error(`Signing in as ${email} set no session cookie`);
  return jar;
}

/** A process's parent, from /proc; undefined once it is gone. */
function parentOf(pid: number): number | undefined {
  try {
    const m = /^PPid:\s+(\d+)/m.exec(readFileSync(`/proc/${pid}/status`, 'utf8'));
    return m ? Number(m[1]) : undefined;
  } catch {
    return undefined;
  }
}

function isPostgres(pid: number): boolean {
  try {
    return /^postgres\b/.test(readFileSync(`/proc/${pid}/comm`, 'utf8'));
  } catch {
    return false;
  }
}

/** The processes whose parent is `pid`. */
function childrenOf(pid: number): number[] {
  let entries: string[] = [];
  try {
    entries = readdirSync('/proc').filter((name) => /^\d+$/.test(name));
  } catch {
    return [];
  }
  return entries.map(Number).filter((child) => parentOf(child) === pid);
}

/** `taskset -c -p`: the CPU list a process may run on ("0,1"), or undefined. */
function cpuListOf(pid: number): string | undefined {
  const r = spawnSync('taskset', ['-c', '-p', String(pid)], { encoding: 'utf8' });
  return r.status === 0 ? /:\s*(\S+)\s*$/.exec(r.stdout.trim())?.[1] : undefined;
}

const setCpuList = (pid: number, list: string) => spawnSync('taskset', ['-c', '-p', list, String(pid)], { stdio: 'ignore' }).status === 0;

export interface DatabasePinning {
  /** Whether PostgreSQL's processes were moved; `why` says why not. */
  pinned: boolean;
  why?: string;
  /** Gives every PostgreSQL process the CPU list the postmaster had before. */
  restore(): void;
}

/**
 * Moves a PostgreSQL on this machine to the load client's core while the load runs: like the
 * load client, the database must not take the server's core, since the bench measures the app
 * server (in production the database has CPUs of its own). `backendPid` is any backend's pid
 * (`select pg_backend_pid()`, read while connected); its parent is the postmaster, whose
 * children are all of PostgreSQL's processes, and new ones inherit its CPU list.
 *
 * Only where `taskset` can re-pin them (as root or as the postgres user). Otherwise nothing
 * changes, and `why` says so for the results' notes. The old CPU list comes back with `restore()`,
 * and in any case when the bench exits.
 */
export function pinPostgres(backendPid: number, core: number): DatabasePinning {
  const none = (why: string): DatabasePinning => ({ pinned: false, why, restore() {} });
  if (!PINNING) return none('no core pinning on this machine');
  // A remote database's backend pid may name some other process here: both must be PostgreSQL's.
  const postmaster = parentOf(backendPid);
  if (!postmaster || !isPostgres(backendPid) || !isPostgres(postmaster)) return none('PostgreSQL is not a process on this machine');
  const original = cpuListOf(postmaster);
  if (!original) return none('the postmaster’s CPU list could not be read');
  if (!setCpuList(postmaster, String(core))) return none('this user may not re-pin PostgreSQL’s processes');
  for (const child of childrenOf(postmaster)) setCpuList(child, String(core));
  let restored = false;
  const restore = () => {
    if (restored) return;
    restored = true;
    setCpuList(postmaster, original);
    for (const child of childrenOf(postmaster)) setCpuList(child, original);
  };
  process.once('exit', restore);
  return { pinned: true, restore };
}

/**
 * Fills a database through the product's own code (bench/fill.ts, a child process with `env`),
 * writes its output to `logFile`, and answers its report. `onLine` sees each line as it comes.
 */
export function runFill(
  root: string,
  brands: number,
  env: Record<string, string>,
  logFile: string,
  onLine?: (line: string) => void,
  products?: string,
): Promise<FillReport> {
  return new Promise((done, reject) => {
    const child = track(
      spawn(process.execPath, [join(root, 'bench/fill.ts'), '--brands', String(brands), ...(products !== undefined ? ['--products', products] : [])], {
        cwd: root,
        env: cleanEnv(env),
        stdio: ['ignore', 'pipe', 'pipe'],
      }),
    );
    let out = '';
    child.stdout!.on('data', (d: Buffer) => {
      out += d;
      if (onLine) for (const line of d.toString().split('\n')) onLine(line);
    });
    child.stderr!.on('data', (d: Buffer) => (out += d));
    child.on('exit', (code) => {
      writeFileSync(logFile, out);
      const line = out.split('\n').find((l) => l.startsWith('BENCH_FILL_REPORT '));
      if (code === 0 && line) done(JSON.parse(line.slice('BENCH_FILL_REPORT '.length)) as FillReport);
      else reject(new Error(`The fill failed (exit ${code}):\n${out.slice(-3000)}`));
    });
  });
}

/**
 * A fresh PostgreSQL database for a bench run (startPostgresBench): created on the
 * server that BENCH_DATABASE_URL or TEST_DATABASE_URL names (default postgres://postgres@127.0.0.1:5432/test,
 * whose user may create databases), and dropped by `drop()`.
 */
export async function freshPostgresDatabase(prefix: string): Promise<{ name: string; url: string; drop(): Promise<void> }> {
  const { randomBytes } = await import('node:crypto');
  const adminUrl = process.env.BENCH_DATABASE_URL ?? process.env.TEST_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/test';
  const name = `${prefix}_${randomBytes(4).toString('hex')}`;
  const admin = async (sqlText: string) => {
    const c = new pg.Client({ connectionString: adminUrl });
    await c.connect();
    try {
      await c.query(sqlText);
    } finally {
      await c.end();
    }
  };
  await admin(`create database "${name}"`);
  const url = new URL(adminUrl);
  url.pathname = `/${name}`;
  return { name, url: url.toString(), drop: () => admin(`drop database if exists "${name}" with (force)`).catch(() => {}) };
}

/** A PostgreSQL bench's setting: the built server on its database, and a client for the fill and the checks. */
export interface PostgresBench {
  server: RunningServer;
  db: pg.Client;
  databaseUrl: string;
  dataDir: string;
  /** Stops the client and the server, removes the data folder, and drops the database unless it is kept. */
  close(): Promise<void>;
}

/**
 * What every PostgreSQL bench (earnings, dashboard, orders, search) starts from: a data folder, a fresh
 * database (freshPostgresDatabase) or `databaseUrl` (one an earlier run kept: never dropped), the built
 * server of `root` on it with the demo data, and a client. BENCH_KEEP=1 keeps the database, its address
 * logged, to run again on it (`--database`) or to read query plans.
 */
export async function startPostgresBench(opts: {
  name: string;
  root: string;
  /** The first of a hundred ports one is picked from (benches run one after another may overlap). */
  portBase: number;
  databaseUrl?: string;
  log: (...a: unknown[]) => void;
}): Promise<PostgresBench> {
  const dataDir = mkdtempSync(join(tmpdir(), `bench-${opts.name}-`));
  const database = opts.databaseUrl ? { url: opts.databaseUrl, drop: async () => {} } : await freshPostgresDatabase(`bench_${opts.name}`);
  const kept = Boolean(opts.databaseUrl || process.env.BENCH_KEEP);
  let server: RunningServer | undefined;
  let db: pg.Client | undefined;
  const close = async () => {
    await db?.end().catch(() => {});
    await server?.stop().catch(() => {});
    killAll();
    if (kept) opts.log('kept', database.url);
    else await database.drop();
    rmSync(dataDir, { recursive: true, force: true });
  };
  try {
    server = await startServer({
      entry: join(opts.root, 'src/server/main.ts'),
      cwd: opts.root,
      port: opts.portBase + Math.floor(Math.random() * 100),
      env: { DATABASE_URL: database.url, DEMO_DATA: 'true', DATA_DIR: dataDir, LOG_LEVEL: 'warn' },
      logFile: join(dataDir, 'server.log'),
    });
    opts.log('server up', server.base);
    db = new pg.Client({ connectionString: database.url });
    await db.connect();
    // Dropping the database at the end ends this connection: not an error of the run.
    db.on('error', () => {});
    return { server, db, databaseUrl: database.url, dataDir, close };
  } catch (error) {
    await close();
    throw error;
  }
}
