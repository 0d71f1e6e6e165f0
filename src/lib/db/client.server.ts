/**
 * One database handle for the process: PGlite in DATA_DIR by default, PostgreSQL
 * through `pg` when DATABASE_URL is set. Both speak the same Drizzle API.
 */
import type { PgDatabase, PgQueryResultHKT } from 'drizzle-orm/pg-core';
import { existsSync } from 'node:fs';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import * as schema from './schema.ts';
import { acquireDataDirLock } from './lock.server.ts';

export type Schema = typeof schema;
export type Db = PgDatabase<PgQueryResultHKT, Schema>;
/** A transaction handle; services accept `Db | Tx` so they can join a caller's transaction. */
export type Tx = Parameters<Parameters<Db['transaction']>[0]>[0];
export type DbOrTx = Db | Tx;

/** The rows of a raw `db.execute`: PGlite answers `{ rows }`, node-postgres a QueryResult with `rows` too. */
export function rowsOf<T>(result: unknown): T[] {
  return ((result as { rows?: T[] }).rows ?? (result as T[])) as T[];
}

/** PGlite's shared_buffers; PostgreSQL servers keep their own setting. */
export const PGLITE_SHARED_BUFFERS = '16MB';

export interface DatabaseOptions {
  driver: 'pglite' | 'postgres';
  /** PGlite: a folder, or `memory://` for tests. */
  dataDir?: string;
  url?: string;
}

export interface Database {
  db: Db;
  driver: 'pglite' | 'postgres';
  close(): Promise<void>;
  /**
   * LISTEN on `channel`: PostgreSQL through one dedicated connection (outside the pool), opened again
   * whenever it drops; PGlite in this process. `connected` runs each time listening (re)starts, so the
   * caller can catch up on what it may have missed meanwhile. Answers the way to stop.
   */
  listen(channel: string, handlers: ListenHandlers): Promise<() => Promise<void>>;
}

export interface ListenHandlers {
  notify(payload: string): void;
  connected(): void;
  error(error: unknown): void;
}

/** Waits between attempts to open the listening connection again: 0.25 s, doubling, at most 10 s. */
const RELISTEN_MAX_MS = 10_000;

/** One dedicated PostgreSQL connection that LISTENs on `channel`, reconnecting when it drops. */
async function listenOnPostgres(url: string | undefined, channel: string, handlers: ListenHandlers): Promise<() => Promise<void>> {
  const { default: pg } = await import('pg');
  let stopped = false;
  let current: InstanceType<typeof pg.Client> | undefined;
  let failures = 0;
  let retry: ReturnType<typeof setTimeout> | undefined;
  const schedule = () => {
    if (stopped || retry) return;
    const wait = Math.min(RELISTEN_MAX_MS, 250 * 2 ** Math.min(failures, 6));
    failures++;
    retry = setTimeout(() => {
      retry = undefined;
      void open();
    }, wait);
    retry.unref();
  };
  const open = async () => {
    if (stopped) return;
    const client = new pg.Client({ connectionString: url, keepAlive: true, application_name: 'bo-realtime-listener' });
    let dropped = false;
    const drop = (error?: unknown) => {
      if (dropped) return;
      dropped = true;
      if (error && !stopped) handlers.error(error);
      if (current === client) current = undefined;
      client.end().catch(() => {});
      schedule();
    };
    client.on('notification', (message) => {
      if (message.channel === channel) handlers.notify(message.payload ?? '');
    });
    client.on('error', drop);
    client.on('end', () => drop());
    try {
      await client.connect();
      await client.query(`LISTEN ${client.escapeIdentifier(channel)}`);
      if (stopped) {
        dropped = true;
        await client.end().catch(() => {});
        return;
      }
      current = client;
      failures = 0;
      handlers.connected();
    } catch (error) {
      drop(error);
    }
  };
  await open();
  return async () => {
    stopped = true;
    if (retry) clearTimeout(retry);
    const client = current;
    current = undefined;
    await client?.end().catch(() => {});
  };
}

/** Finds ./drizzle both from the source tree and from the built server (dist/server/…). */
export function migrationsFolder(): string {
  const candidates = [process.env.MIGRATIONS_DIR, join(process.cwd(), 'drizzle')];
  let dir = dirname(fileURLToPath(import.meta.url));
  for (let i = 0; i < 6; i++) {
    candidates.push(join(dir, 'drizzle'));
    dir = resolve(dir, '..');
  }
  const found = candidates.find((c) => c && existsSync(join(c, 'meta', '_journal.json')));
  if (!found) throw new Error('Migrations folder ./drizzle not found; run from the project folder or set MIGRATIONS_DIR.');
  return found;
}

export async function openDatabase(opts: DatabaseOptions): Promise<Database> {
  if (opts.driver === 'postgres') {
    const { default: pg } = await import('pg');
    const { drizzle } = await import('drizzle-orm/node-postgres');
    const { migrate } = await import('drizzle-orm/node-postgres/migrator');
    const pool = new pg.Pool({ connectionString: opts.url, max: Number(process.env.PG_POOL_MAX ?? 10) });
    // Several app servers may start at once: one migrates, the others wait on the advisory lock.
    const client = await pool.connect();
    try {
      await client.query('select pg_advisory_lock(727274)');
      await migrate(drizzle({ client, schema }), { migrationsFolder: migrationsFolder() });
    } finally {
      await client.query('select pg_advisory_unlock(727274)').catch(() => {});
      client.release();
    }
    const db = drizzle({ client: pool, schema }) as unknown as Db;
    return { db, driver: 'postgres', close: () => pool.end(), listen: (channel, handlers) => listenOnPostgres(opts.url, channel, handlers) };
  }

  const { PGlite } = await import('@electric-sql/pglite');
  const { drizzle } = await import('drizzle-orm/pglite');
  const { migrate } = await import('drizzle-orm/pglite/migrator');
  const dir = opts.dataDir ?? 'memory://';
  let release = () => {};
  let target = dir;
  if (!dir.startsWith('memory://')) {
    release = acquireDataDirLock(dir);
    target = join(dir, 'pglite');
  }
  try {
    const client = await PGlite.create(target, await pgliteOptions());
    const db = drizzle({ client, schema });
    await migrate(db, { migrationsFolder: migrationsFolder() });
    return {
      db: db as unknown as Db,
      driver: 'pglite',
      close: async () => {
        await client.close();
        release();
      },
      // One process, one connection: NOTIFY reaches this listener when the notifying transaction commits.
      listen: async (channel, handlers) => {
        const stop = await client.listen(channel, (payload) => handlers.notify(payload));
        handlers.connected();
        return async () => {
          if (!client.closed) await stop();
        };
      },
    };
  } catch (e) {
    release();
    throw e;
  }
}

/**
 * How every embedded database is opened, by the server and by tools that open a server's folder
 * (tests after a crash): a database with trigram indexes can't be opened without pg_trgm.
 */
export async function pgliteOptions() {
  const { PGlite } = await import('@electric-sql/pglite');
  const { pg_trgm } = await import('@electric-sql/pglite/contrib/pg_trgm');
  return {
    // pg_trgm: the trigram indexes of "contains" searches (drizzle/0005_pg_trgm.sql creates it).
    extensions: { pg_trgm },
    // 16 MB of shared buffers instead of PostgreSQL's 128 MB: the embedded database lives in this
    // process's memory. 128 → 32 MB was ~90 MiB of RSS for a few hundredths of a millisecond per
    // query (docs/decisions/012-measured-performance.md); 32 → 16 MB another 18 MiB at the peak of a
    // 100,000-row import, with list requests per second unchanged (docs/performance.md, "Bulk import").
    startParams: [...PGlite.defaultStartParams, '-c', `shared_buffers=${PGLITE_SHARED_BUFFERS}`],
  };
}
