/**
 * Starts the BUILT server (`node src/server/main.ts` serving dist/, run `npm run build` first) as a child
 * process on a free port, with its own temporary DATA_DIR (PGlite) or, when asked, its own fresh
 * PostgreSQL database. Real HTTP, real database, real sessions: nothing is mocked.
 *
 * No test-framework imports here: Vitest files and Playwright's global setup both use it.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { cpSync, mkdtempSync, rmSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';

export const ROOT = resolve(fileURLToPath(new URL('../..', import.meta.url)));

/** The server process's entry; it serves the build in DIST_DIR. */
export const SERVER_ENTRY = join(ROOT, 'src/server/main.ts');
/** The build to serve: dist/, or a private copy named by BO_DIST_DIR (to test another build). */
export const DIST_DIR = process.env.BO_DIST_DIR ? resolve(process.env.BO_DIST_DIR) : join(ROOT, 'dist');

export type Driver = 'pglite' | 'postgres';

/** Which database the integration run targets: set per Vitest project (see vitest.config.ts). */
export function testDriver(): Driver {
  return process.env.BO_TEST_DB === 'postgres' ? 'postgres' : 'pglite';
}

/** Variables of the server's config that must come from the test, never from the caller's shell. */
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
  'PG_POOL_MAX',
  'REALTIME_HEARTBEAT_SECONDS',
  'TEST_CLOCK_FILE',
  'UNPAID_EXPIRY_SECONDS',
];

export async function freePort(): Promise<number> {
  return new Promise((resolvePort, reject) => {
    const probe = createServer();
    probe.unref();
    probe.on('error', reject);
    probe.listen(0, '127.0.0.1', () => {
      const address = probe.address();
      const port = typeof address === 'object' && address ? address.port : 0;
      probe.close(() => resolvePort(port));
    });
  });
}

const live = new Set<ChildProcess>();
const stopping = new WeakSet<ChildProcess>();
process.once('exit', () => {
  // A crashed test file must not leave servers behind.
  for (const child of live) child.kill('SIGKILL');
});

function baseEnv(extra: Record<string, string | undefined>): NodeJS.ProcessEnv {
  const env: NodeJS.ProcessEnv = { ...process.env, BO_DIST_DIR: DIST_DIR };
  for (const key of CONFIG_VARS) delete env[key];
  for (const [k, v] of Object.entries(extra)) {
    if (v === undefined) delete env[k];
    else env[k] = v;
  }
  return env;
}

export interface ServerOptions {
  /** Extra environment (LOGIN_WINDOW_SECONDS, TRUST_PROXY…); wins over the defaults. */
  env?: Record<string, string | undefined>;
  /** Defaults to testDriver(). */
  driver?: Driver;
  /** Reuse a data folder (PGlite); by default a fresh temporary one. */
  dataDir?: string;
  /**
   * PGlite: a seeded data folder to copy into the fresh one (much faster than creating a
   * database; see createPgliteTemplate). Defaults to $BO_PGLITE_TEMPLATE. Ignored with `dataDir`.
   */
  template?: string;
  /**
   * PostgreSQL: the seeded database and data folder to copy (createPostgresTemplate; the folder
   * only when the server gets a fresh one). Defaults to $BO_POSTGRES_TEMPLATE; null starts from an
   * empty database.
   */
  postgresTemplate?: PostgresTemplate | null;
  /** How long to wait for GET /api/health = 200. */
  startTimeoutMs?: number;
}

/** A seeded PostgreSQL database and the data folder of the server that seeded it. */
export interface PostgresTemplate {
  database: string;
  dataDir: string;
}

type Query = (text: string, params?: unknown[]) => Promise<Record<string, unknown>[]>;

export interface TestServer {
  readonly url: string;
  readonly port: number;
  readonly driver: Driver;
  readonly dataDir: string;
  /** PostgreSQL only: the database of this server. */
  readonly databaseUrl: string | undefined;
  readonly pid: number | undefined;
  /** Everything the process printed so far. */
  output(): string;
  /** Stops the process (SIGTERM, then SIGKILL) and waits for it to exit. */
  stop(): Promise<void>;
  /** Kills the process with SIGKILL (no clean-up at all, like a crash or `kill -9`) and waits for it. */
  killHard(): Promise<void>;
  /** Starts the process again on the same data (on a new port). */
  start(): Promise<void>;
  /**
   * Runs SQL against this server's database. PostgreSQL: directly, while the server runs.
   * PGlite (one process per data folder): the server is stopped, the folder opened here, then
   * the server is started again (on a new port; clients built with `() => server.url` follow),
   * unless `restart: false` (a last look after a crash: the test ends there).
   */
  withDatabase<T>(fn: (query: Query) => Promise<T>, options?: { restart?: boolean }): Promise<T>;
  /** Stops the server and removes its data folder / drops its database. */
  dispose(): Promise<void>;
}

async function adminQuery(sql: string): Promise<void> {
  const admin = process.env.TEST_DATABASE_URL;
  if (!admin) throw new Error('TEST_DATABASE_URL is not set: the PostgreSQL run needs an admin connection');
  const { default: pg } = await import('pg');
  const client = new pg.Client({ connectionString: admin });
  await client.connect();
  try {
    await client.query(sql);
  } finally {
    await client.end();
  }
}

/**
 * A fresh database on the TEST_DATABASE_URL server; answers its URL. A copy of `template` (a
 * migrated and seeded database, see createPostgresTemplate) when given: PostgreSQL copies its
 * files in well under a second, where migrating and seeding an empty one takes the server about seven.
 */
export async function createTestDatabase(template?: string): Promise<{ name: string; url: string }> {
  const name = `bo_test_${randomBytes(6).toString('hex')}`;
  await adminQuery(`CREATE DATABASE "${name}"${template ? ` TEMPLATE "${template}"` : ''}`);
  const url = new URL(process.env.TEST_DATABASE_URL!);
  url.pathname = `/${name}`;
  return { name, url: url.toString() };
}

export async function dropTestDatabase(name: string): Promise<void> {
  await adminQuery(`DROP DATABASE IF EXISTS "${name}" WITH (FORCE)`);
}

function waitForExit(child: ChildProcess): Promise<void> {
  if (child.exitCode !== null || child.signalCode !== null) return Promise.resolve();
  return new Promise((done) => child.once('exit', () => done()));
}

async function waitForHealth(url: string, child: ChildProcess, output: () => string, timeoutMs: number): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  let exited = false;
  child.once('exit', () => (exited = true));
  while (Date.now() < deadline) {
    if (exited || child.exitCode !== null) {
      throw new Error(`The server exited (code ${child.exitCode}) before answering /api/health:\n${output()}`);
    }
    try {
      const response = await fetch(`${url}/api/health`, { signal: AbortSignal.timeout(2000) });
      await response.arrayBuffer();
      // Only this child's own announcement proves the answer came from it: two servers started
      // at once can probe the same free port, and the loser must not take the winner's answers.
      if (response.status === 200 && output().includes(`listening on ${url}`)) return;
    } catch {
      /* not listening yet */
    }
    await new Promise((r) => setTimeout(r, 100));
  }
  child.kill('SIGKILL');
  throw new Error(`The server did not answer /api/health within ${timeoutMs} ms:\n${output()}`);
}

export async function startServer(options: ServerOptions = {}): Promise<TestServer> {
  const driver = options.driver ?? testDriver();
  const ownDataDir = !options.dataDir;
  const dataDir = options.dataDir ?? mkdtempSync(join(tmpdir(), 'bo-test-'));
  const template = options.template ?? process.env.BO_PGLITE_TEMPLATE;
  if (ownDataDir && driver === 'pglite' && template) cpSync(template, dataDir, { recursive: true });
  const pgTemplate = driver === 'postgres' && options.postgresTemplate !== null ? (options.postgresTemplate ?? postgresTemplateOfEnv()) : undefined;
  if (ownDataDir && pgTemplate) cpSync(pgTemplate.dataDir, dataDir, { recursive: true });
  // A server given another's database (several servers on one) neither creates nor drops one.
  const sharedDatabaseUrl = driver === 'postgres' ? options.env?.DATABASE_URL : undefined;
  const database = driver === 'postgres' && !sharedDatabaseUrl ? await createTestDatabase(pgTemplate?.database) : undefined;

  let child: ChildProcess | undefined;
  let port = 0;
  let log = '';
  const appendLog = (chunk: Buffer) => {
    log += chunk.toString();
    if (log.length > 200_000) log = log.slice(-100_000);
  };

  const launch = async () => {
    for (let attempt = 1; ; attempt++) {
      const before = log.length;
      try {
        return await launchOnce();
      } catch (error) {
        // The free port was taken between probing and binding: pick another.
        if (attempt < 3 && log.slice(before).includes('EADDRINUSE')) continue;
        throw error;
      }
    }
  };

  const launchOnce = async () => {
    port = await freePort();
    const env = baseEnv({
      NODE_ENV: 'production',
      PORT: String(port),
      HOST: '127.0.0.1',
      DATA_DIR: dataDir,
      LOG_LEVEL: 'warn',
      // The unpaid-order expiry stays off: the demo's prepaid order awaiting a retry (placed when the
      // template was made) would expire in a run longer than 30 minutes. Its own tests turn it on.
      UNPAID_EXPIRY_SECONDS: '0',
      ...(database ? { DATABASE_URL: database.url, DEMO_DATA: 'true', PG_POOL_MAX: '4' } : {}),
      ...options.env,
    });
    const proc = spawn(process.execPath, [SERVER_ENTRY], { cwd: ROOT, env, stdio: ['ignore', 'pipe', 'pipe'] });
    child = proc;
    live.add(proc);
    proc.once('exit', (code, signal) => {
      live.delete(proc);
      // Only stop() ends a server on purpose; anything else is a crash worth seeing in the test output.
      if (!stopping.has(proc)) console.error(`[test server on port ${port} exited unexpectedly: code ${code}, signal ${signal}]\n${log.slice(-8000)}`);
    });
    proc.stdout!.on('data', appendLog);
    proc.stderr!.on('data', appendLog);
    await waitForHealth(`http://127.0.0.1:${port}`, proc, () => log, options.startTimeoutMs ?? 180_000);
  };

  const stop = async () => {
    const proc = child;
    if (!proc || proc.exitCode !== null || proc.signalCode !== null) return;
    const exited = waitForExit(proc);
    stopping.add(proc);
    proc.kill('SIGTERM');
    // Past the server's own 10 s limit on stopping (src/lib/startup.server.ts): on a loaded machine a clean
    // stop (requests finished, the embedded database checkpointed and unlocked) can take seconds.
    const timer = setTimeout(() => proc.kill('SIGKILL'), 15_000);
    await exited;
    clearTimeout(timer);
  };

  const cleanup = async () => {
    await stop();
    if (database) await dropTestDatabase(database.name).catch(() => {});
    if (ownDataDir) rmSync(dataDir, { recursive: true, force: true });
  };

  try {
    await launch();
  } catch (error) {
    await cleanup();
    throw error;
  }

  const server: TestServer = {
    get url() {
      return `http://127.0.0.1:${port}`;
    },
    get port() {
      return port;
    },
    driver,
    dataDir,
    databaseUrl: database?.url ?? sharedDatabaseUrl,
    get pid() {
      return child?.pid;
    },
    output: () => log,
    stop,
    async killHard() {
      const proc = child;
      if (!proc || proc.exitCode !== null || proc.signalCode !== null) return;
      const exited = waitForExit(proc);
      stopping.add(proc);
      proc.kill('SIGKILL');
      await exited;
    },
    start: launch,
    async withDatabase(fn, options) {
      const url = database?.url ?? sharedDatabaseUrl;
      if (url) {
        const { default: pg } = await import('pg');
        const client = new pg.Client({ connectionString: url });
        await client.connect();
        try {
          return await fn(async (text, params) => (await client.query(text, params as unknown[])).rows);
        } finally {
          await client.end();
        }
      }
      await stop();
      const pglite = await openPgliteFolder(dataDir);
      try {
        return await fn(async (text, params) => (await pglite.query<Record<string, unknown>>(text, params as unknown[])).rows);
      } finally {
        await pglite.close();
        if (options?.restart !== false) await launch();
      }
    },
    dispose: cleanup,
  };
  return server;
}

export interface ExitResult {
  code: number | null;
  signal: NodeJS.Signals | null;
  output: string;
  /** True when the process was still running at the deadline (and was killed). */
  timedOut: boolean;
}

/**
 * Runs the built server expecting it to stop by itself (bad configuration, locked data folder).
 * Answers its exit code and everything it printed.
 */
export async function runServerUntilExit(options: { env?: Record<string, string | undefined>; dataDir: string; timeoutMs?: number }): Promise<ExitResult> {
  const port = await freePort();
  const env = baseEnv({ NODE_ENV: 'production', PORT: String(port), HOST: '127.0.0.1', DATA_DIR: options.dataDir, LOG_LEVEL: 'warn', ...options.env });
  const proc = spawn(process.execPath, [SERVER_ENTRY], { cwd: ROOT, env, stdio: ['ignore', 'pipe', 'pipe'] });
  live.add(proc);
  let output = '';
  proc.stdout!.on('data', (c: Buffer) => (output += c.toString()));
  proc.stderr!.on('data', (c: Buffer) => (output += c.toString()));
  let timedOut = false;
  const timer = setTimeout(() => {
    timedOut = true;
    proc.kill('SIGKILL');
  }, options.timeoutMs ?? 90_000);
  const [code, signal] = await new Promise<[number | null, NodeJS.Signals | null]>((done) => proc.once('close', (c, s) => done([c, s])));
  clearTimeout(timer);
  live.delete(proc);
  return { code, signal, output, timedOut };
}

/**
 * A seeded PGlite data folder for test servers to copy (`template` of startServer): creating a
 * PGlite database (initdb) takes seconds, copying a ready one milliseconds. The BUILT server makes
 * it (migrations + demo data, as in production); it is then opened and closed cleanly here so
 * every copy starts without crash recovery. Remove it with rmSync when done.
 */
/** A server's PGlite folder, opened here while no server holds it, as the server opens it. */
async function openPgliteFolder(dataDir: string) {
  const { PGlite } = await import('@electric-sql/pglite');
  const { pgliteOptions } = await import('../../src/lib/db/client.server.ts');
  return PGlite.create(join(dataDir, 'pglite'), await pgliteOptions());
}

/**
 * The same for PostgreSQL: a database the BUILT server migrated and seeded, then stopped (so no
 * session holds it: a template can't be copied while one does), and that server's data folder,
 * which goes with it: the encryption key of the seeded bank accounts and the seeded uploads live
 * there. Drop both with disposePostgresTemplate when done.
 */
export async function createPostgresTemplate(): Promise<PostgresTemplate> {
  const dataDir = makeTempDir('bo-template-');
  const server = await startServer({ driver: 'postgres', dataDir, postgresTemplate: null });
  await server.stop();
  rmSync(join(dataDir, 'session-secret'), { force: true });
  return { database: new URL(server.databaseUrl!).pathname.slice(1), dataDir };
}

export async function disposePostgresTemplate(template: PostgresTemplate): Promise<void> {
  await dropTestDatabase(template.database).catch(() => {});
  rmSync(template.dataDir, { recursive: true, force: true });
}

/** $BO_POSTGRES_TEMPLATE, as vitest-global-setup.ts writes it (JSON), or undefined. */
function postgresTemplateOfEnv(): PostgresTemplate | undefined {
  const text = process.env.BO_POSTGRES_TEMPLATE;
  return text ? (JSON.parse(text) as PostgresTemplate) : undefined;
}

export async function createPgliteTemplate(): Promise<string> {
  const dir = makeTempDir('bo-template-');
  try {
    const server = await startServer({ driver: 'pglite', dataDir: dir });
    await server.stop();
    const db = await openPgliteFolder(dir);
    await db.query('checkpoint');
    await db.close();
  } catch (error) {
    rmSync(dir, { recursive: true, force: true });
    throw error;
  }
  // Each server makes its own secret, and the lock belongs to no one.
  rmSync(join(dir, 'session-secret'), { force: true });
  rmSync(join(dir, 'db.lock'), { force: true });
  return dir;
}

export function makeTempDir(prefix = 'bo-test-', template?: string): string {
  const dir = mkdtempSync(join(tmpdir(), prefix));
  if (template) cpSync(template, dir, { recursive: true });
  return dir;
}
