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
export const PGLITE_SHARED_BUFFERS = '32MB';

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
    return { db, driver: 'postgres', close: () => pool.end() };
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
    // 32 MB of shared buffers instead of PostgreSQL's 128 MB: the embedded database lives in this
    // process's memory, and the difference is ~90 MiB of RSS for a few hundredths of a millisecond
    // per query on the bench's data (docs/decisions/012-measured-performance.md).
    startParams: [...PGlite.defaultStartParams, '-c', `shared_buffers=${PGLITE_SHARED_BUFFERS}`],
  };
}
