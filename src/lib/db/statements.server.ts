/**
 * Statements compiled once and run many times: Drizzle builds a query's SQL text by walking its
 * builder objects, about a tenth of the server's CPU for a list page (measured under the bench's
 * load: docs/performance.md). A statement whose values are placeholders has the same text for
 * every request of its shape, so it is built once per shape and then only given its values.
 *
 * The statements stay unnamed on the wire: PostgreSQL still plans each one with its real values
 * (a named, generic plan could not see a LIKE pattern or a LIMIT and may pick a worse plan, and a
 * named statement doesn't survive a transaction-mode connection pooler).
 *
 * Per handle: a statement is bound to the handle that built it. Inside a transaction the handle
 * lives for one transaction, so nothing is kept and each statement is built as before.
 *
 * Rows are mapped by Drizzle, as for any query (decision 019 withdrew a faster mapping that
 * reached into Drizzle's private fields).
 */
import { PgTransaction } from 'drizzle-orm/pg-core';
import type { DbOrTx } from './client.server.ts';

/** Shapes kept per handle; the least recently used goes first. */
export const COMPILED_STATEMENTS = 500;

/** What Drizzle's `.prepare()` returns: run with the placeholders' values. */
export interface CompiledStatement<Row> {
  execute(values: Record<string, unknown>): Promise<Row[]>;
}
interface Preparable<Row> {
  prepare(name: string): CompiledStatement<Row>;
}

const compiled = new WeakMap<DbOrTx, Map<string, CompiledStatement<unknown>>>();

/** Drizzle names a statement only when given a name; without one it stays unnamed (see above). */
const UNNAMED = undefined as unknown as string;

/**
 * The statement `build()` makes for this shape, built once per handle. `key` must name everything
 * the statement's text depends on; the values it runs with are placeholders.
 */
export function compiledStatement<Row>(db: DbOrTx, key: string, build: () => Preparable<Row>): CompiledStatement<Row> {
  if (db instanceof PgTransaction) return build().prepare(UNNAMED);
  let statements = compiled.get(db);
  if (!statements) compiled.set(db, (statements = new Map()));
  const kept = statements.get(key) as CompiledStatement<Row> | undefined;
  if (kept) {
    statements.delete(key);
    statements.set(key, kept);
    return kept;
  }
  const statement = build().prepare(UNNAMED);
  if (statements.size >= COMPILED_STATEMENTS) statements.delete(statements.keys().next().value!);
  statements.set(key, statement as CompiledStatement<unknown>);
  return statement;
}

/** How many shapes are kept for this handle (tests). */
export function compiledCount(db: DbOrTx): number {
  return compiled.get(db)?.size ?? 0;
}
