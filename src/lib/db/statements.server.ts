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
 * Rows are mapped with decoders looked up once per statement (`flatRowMapper`), not once per value.
 */
import { Column, is, SQL, Subquery } from 'drizzle-orm';
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
  if (db instanceof PgTransaction) return withFlatRows(build().prepare(UNNAMED));
  let statements = compiled.get(db);
  if (!statements) compiled.set(db, (statements = new Map()));
  const kept = statements.get(key) as CompiledStatement<Row> | undefined;
  if (kept) {
    statements.delete(key);
    statements.set(key, kept);
    return kept;
  }
  const statement = withFlatRows(build().prepare(UNNAMED));
  if (statements.size >= COMPILED_STATEMENTS) statements.delete(statements.keys().next().value!);
  statements.set(key, statement as CompiledStatement<unknown>);
  return statement;
}

/** One selected value as Drizzle describes it to its row mapping: where it goes, and what it is. */
export interface SelectedField {
  path: string[];
  field: unknown;
}
type RowMapper = (rows: unknown[][]) => Record<string, unknown>[];
const identity = (value: unknown) => value;

interface Decoder {
  mapFromDriverValue(value: unknown): unknown;
}
/** A selected value's decoder, found as Drizzle's mapResultRow finds it: a column decodes itself; SQL, a subquery and an alias carry one. */
function decoderOf(field: unknown): Decoder {
  if (is(field, Column)) return field;
  if (is(field, SQL)) return (field as unknown as { decoder: Decoder }).decoder;
  if (is(field, Subquery)) return (field._.sql as unknown as { decoder: Decoder }).decoder;
  return (field as { sql: { decoder: Decoder } }).sql.decoder;
}

/**
 * A row mapper for a statement whose values all go under plain keys (no nested objects): each
 * value's decoder is found once, here. Drizzle's own mapping (`mapResultRow`) finds it again for
 * every value of every row, with `is()` checks that walk class chains: about 5 % of the server's
 * CPU for a list page of 25 rows (docs/decisions/016-cheaper-list-rows.md). A value is decoded
 * exactly as there: null stays null, anything else goes through its decoder's `mapFromDriverValue`.
 * Undefined for a nested selection, which Drizzle maps (and nulls a left-joined object whose values
 * are all null).
 */
export function flatRowMapper(fields: readonly SelectedField[]): RowMapper | undefined {
  const keys: string[] = [];
  const decoders: ((value: unknown) => unknown)[] = [];
  for (const { path, field } of fields) {
    if (path.length !== 1) return undefined;
    const decoder = decoderOf(field);
    keys.push(path[0]!);
    // Text and most columns keep what the driver gives (Column's own mapFromDriverValue): no call.
    decoders.push(decoder.mapFromDriverValue === Column.prototype.mapFromDriverValue ? identity : (value) => decoder.mapFromDriverValue(value));
  }
  return (rows) =>
    rows.map((row) => {
      const record: Record<string, unknown> = {};
      for (let i = 0; i < keys.length; i++) {
        const value = row[i];
        record[keys[i]!] = value === null ? null : decoders[i]!(value);
      }
      return record;
    });
}

/**
 * Gives a prepared statement the flat row mapper. Drizzle's prepared queries (node-postgres and
 * PGlite alike) keep what they select in `fields` and map rows with `customResultMapper` when
 * one is set, which Drizzle's selects never set. Should a Drizzle version name either differently,
 * the statement keeps Drizzle's mapping: slower, never wrong. tests/unit/compiled-list.test.ts fails
 * then, so the upgrade notices.
 */
export function withFlatRows<S>(statement: S): S {
  const prepared = statement as { fields?: unknown; customResultMapper?: unknown };
  if (!Array.isArray(prepared.fields) || !('customResultMapper' in prepared) || prepared.customResultMapper) return statement;
  const mapper = flatRowMapper(prepared.fields as SelectedField[]);
  if (mapper) prepared.customResultMapper = mapper;
  return statement;
}

/** Whether a prepared statement maps its rows with `flatRowMapper` (tests). */
export function mapsFlatRows(statement: unknown): boolean {
  return typeof (statement as { customResultMapper?: unknown }).customResultMapper === 'function';
}

/** How many shapes are kept for this handle (tests). */
export function compiledCount(db: DbOrTx): number {
  return compiled.get(db)?.size ?? 0;
}
