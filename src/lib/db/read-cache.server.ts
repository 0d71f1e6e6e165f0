/**
 * A cache of list pages for the embedded database, where it can be exact.
 *
 * With PGlite the database lives inside this one process (the data folder is locked to it), so
 * this process sees every statement that could change what a list shows: each one passes through
 * Drizzle's logger (`noteStatement`). Anything but a SELECT, EXPLAIN or SHOW starts a new
 * generation and empties the cache. A page read is kept only when no such statement ran while it
 * was being read, so a page is never older than the last write. PGlite runs one statement at a time
 * and a transaction holds it until COMMIT, so a read that starts after a write inside a transaction
 * sees that transaction's outcome.
 *
 * Not used:
 * - with PostgreSQL, where other app servers (or a SQL console) write without this process seeing
 *   it;
 * - inside a transaction (the caller passes the transaction's handle, which is not the root one):
 *   what it reads may still be rolled back;
 * - for lists whose values depend on the clock (a widget's "live" or "expired"): the list declares
 *   that, see `readsTheClock` in src/lib/list/list-sql.server.ts.
 *
 * docs/decisions/014-embedded-list-cache.md has the measurements and the reasoning.
 */
import type { DbOrTx } from './client.server.ts';

/** Distinct list pages kept; the least recently used goes first. */
export const READ_CACHE_ENTRIES = 500;

const READ_ONLY_STATEMENT = /^\s*(select|explain|show)\b/i;

const BENCH_OFF = new Set((process.env.BENCH_CACHES_OFF ?? '').split(',')); // TEMPORARY (issue 12 measurement)
let root: DbOrTx | undefined;
let generation = 0;
const entries = new Map<string, { generation: number; value: unknown }>();

/** Turns the cache on for this root handle (the embedded database), or off (`undefined`). */
export function useReadCache(rootHandle: DbOrTx | undefined): void {
  root = rootHandle;
  generation++;
  entries.clear();
}

/** Turns the cache off if it serves this handle (the database is closing). */
export function stopReadCache(rootHandle: DbOrTx): void {
  if (root === rootHandle) useReadCache(undefined);
}

/** Drizzle's logger calls this before every statement it sends. */
export function noteStatement(statement: string): void {
  if (READ_ONLY_STATEMENT.test(statement)) return;
  generation++;
  if (entries.size) entries.clear();
}

/** Whether `cachedRead` keeps pages read through this handle (the root embedded database only). */
export function readCacheServes(db: DbOrTx): boolean {
  return !BENCH_OFF.has('read') && root !== undefined && db === root;
}

/** `read()`, or what it answered last time for `key` when nothing has been written since. */
export async function cachedRead<T>(db: DbOrTx, key: string, read: () => Promise<T>): Promise<T> {
  if (!readCacheServes(db)) return read();
  const hit = entries.get(key);
  if (hit && hit.generation === generation) {
    entries.delete(key);
    entries.set(key, hit);
    return hit.value as T;
  }
  const seen = generation;
  const value = await read();
  if (seen === generation) {
    if (entries.size >= READ_CACHE_ENTRIES) entries.delete(entries.keys().next().value!);
    entries.set(key, { generation: seen, value });
  }
  return value;
}
