/**
 * Turns a parsed list query into SQL, through the area's column allowlist: a sort or filter
 * column that is not declared never reaches SQL, and a bad filter answers 422 naming it.
 */
import { and, asc, Column, desc, eq, gt, gte, ilike, inArray, is, lt, lte, ne, not, or, sql, type AnyColumn, type SQL, type SQLWrapper } from 'drizzle-orm';
import { PgDialect, type PgTable } from 'drizzle-orm/pg-core';
import { rowsOf, type DbOrTx } from '@/lib/db/client.server.ts';
import { invalid } from '@/lib/http/errors.ts';
import { compiledStatement } from '@/lib/db/statements.server.ts';
import { appWriteGeneration } from '@/lib/db/app-writes.server.ts';
import { MODES_BY_KIND, type ColumnKind, type FilterConstraint, type ListMeta, type ListQuery, type ListResult } from './list-query.ts';
import { MAX_INT32, MIN_INT32 } from '@/lib/http/integers.ts';

/** Dates are compared on the calendar day as the marketplace sees it. */
export const STORE_UTC_OFFSET_MINUTES = 330; // Asia/Kolkata, no daylight saving

export interface ListColumn {
  column: AnyColumn | SQL;
  kind: ColumnKind;
  sortable?: boolean;
  filterable?: boolean;
  /** For `enum` columns: the accepted values. */
  options?: readonly string[];
  /**
   * A filter on a set of related rows (a user's roles): `column` is the related table's, and the
   * row matches when one of its related rows does: `within` wraps the filter's condition, e.g. in
   * `exists (select 1 from user_roles where user_roles.user_id = users.id and <condition>)`.
   */
  within?: (condition: SQL) => SQL;
}
export type ListColumns = Record<string, ListColumn>;

export interface ListSpec {
  columns: ListColumns;
  /** Columns the global search box looks in (ILIKE %q%). */
  searchColumns: (AnyColumn | SQL)[];
  /**
   * The search box's condition, when "contains in these columns" is not what it means (a product
   * is found by a word of its name, or by its exact SKU or barcode). Replaces `searchColumns`.
   */
  search?: (q: string, bind: Bind) => SQL;
  /** The unique, increasing id used as the tie-breaker and for keyset cursors. */
  idColumn: AnyColumn;
  defaultSort?: { field: string; order: 'asc' | 'desc' };
}

export const escapeLike = (s: string) => s.replace(/[\\%_]/g, (c) => `\\${c}`);

/**
 * How a filter's value enters the SQL. Left alone (`asIs`) a value becomes a parameter of that one
 * statement. A compiled list page passes a binder instead: each value becomes a named placeholder,
 * so the statement's text depends only on the query's shape and can be reused (`compiledStatement`).
 */
export type Bind = (value: string | number | boolean | Date) => SQLWrapper | string | number | boolean | Date;
const asIs: Bind = (value) => value;

/** A binder collecting values under placeholders p0, p1, … in the order the SQL uses them. */
function placeholderBinder(): { bind: Bind; values: Record<string, unknown> } {
  const values: Record<string, unknown> = {};
  let count = 0;
  return {
    values,
    bind: (value) => {
      const name = `p${count++}`;
      // As Drizzle's timestamp columns send dates: the placeholder skips the column's encoder.
      values[name] = value instanceof Date ? value.toISOString() : value;
      return sql.placeholder(name);
    },
  };
}

/**
 * "Contains, ignoring case": ILIKE '%value%'. On the tables that grow, a trigram index
 * (`gin_trgm_ops`, pg_trgm: drizzle/0005_pg_trgm.sql) serves it once the value has three
 * characters or more; shorter values, and small tables, are read in full.
 */
export function containsText(column: AnyColumn | SQL, value: string, bind: Bind = asIs): SQL {
  return ilike(column as AnyColumn, bind(`%${escapeLike(value)}%`) as never);
}

/** The values a global-search candidate is ranked by (`searchRank`): its searched columns as text. */
export function searchTexts(columns: (AnyColumn | SQL)[]): SQL<string[]> {
  return sql<string[]>`array[${sql.join(
    columns.map((c) => sql`${c}::text`),
    sql`, `,
  )}]`;
}

/**
 * How well a value answers a search, for the global search's ranking (decision 061): equal (3),
 * starts with (2), a word of it starts with (1), plus the trigram similarity (0–1); the best of
 * `texts` (a text[] expression, `searchTexts`). Written once in the statement, over the few candidate
 * rows every kind found through its indexes, rather than once per kind and column.
 */
export function searchRank(texts: SQL, value: string): SQL<number> {
  const q = value.toLowerCase();
  const word = escapeLike(q);
  return sql<number>`(select coalesce(max(case when lower(t) = ${q} then 3 when lower(t) like ${`${word}%`} then 2 when lower(t) like ${`% ${word}%`} then 1 else 0 end + coalesce(similarity(t, ${q}), 0)), 0) from unnest(${texts}) as t)`;
}

/** Starts or ends with, ignoring case. ILIKE with a fixed prefix can walk an index (pincodes). */
function affixText(column: AnyColumn | SQL, pattern: string, bind: Bind): SQL {
  return ilike(column as AnyColumn, bind(pattern) as never);
}

function fail(field: string, message: string): never {
  throw invalid({ filters: [`${field}: ${message}`] }, `Invalid filter on "${field}": ${message}`);
}

function dayRange(field: string, value: unknown): [Date, Date] {
  if (typeof value !== 'string' || !/^\d{4}-\d{2}-\d{2}/.test(value)) fail(field, 'a date must look like 2026-01-31.');
  const [y, m, d] = value.slice(0, 10).split('-').map(Number) as [number, number, number];
  const start = Date.UTC(y, m - 1, d) - STORE_UTC_OFFSET_MINUTES * 60_000;
  if (Number.isNaN(start)) fail(field, `"${value}" is not a date.`);
  return [new Date(start), new Date(start + 86_400_000)];
}

/** The numbers a column's SQL type can be compared with: a value outside fails in the database (22003, 22P02). */
interface NumberRange {
  min: number;
  max: number;
  integer: boolean;
  /** How the rule reads in an error message. */
  says: string;
}
const wholeNumbers = (min: number, max: number): NumberRange => ({ min, max, integer: true, says: `a whole number from ${min} to ${max}` });
const INT4_RANGE = wholeNumbers(MIN_INT32, MAX_INT32);
const INT2_RANGE = wholeNumbers(-32_768, 32_767);
const INT8_RANGE = wholeNumbers(Number.MIN_SAFE_INTEGER, Number.MAX_SAFE_INTEGER);
const FINITE_RANGE: NumberRange = { min: -Number.MAX_VALUE, max: Number.MAX_VALUE, integer: false, says: 'a number' };

/**
 * A number column's range, from its SQL type as Drizzle declares it (`getSQLType()`): integer and
 * serial → int4, smallint → int2, bigint → what a JavaScript number holds exactly, numeric, real
 * and double precision → any finite number. An SQL expression (a count, `count(*)::int`) or a type
 * not named here is read as int4: the narrow choice, never a database error.
 */
function numberRange(column: AnyColumn | SQL): NumberRange {
  if (!is(column, Column)) return INT4_RANGE;
  const type = column.getSQLType().toLowerCase();
  if (/^(smallint|smallserial|int2)\b/.test(type)) return INT2_RANGE;
  if (/^(bigint|bigserial|int8)\b/.test(type)) return INT8_RANGE;
  if (/^(numeric|decimal|real|double precision|float)/.test(type)) return FINITE_RANGE;
  return INT4_RANGE;
}

const fits = (range: NumberRange, n: unknown): n is number =>
  typeof n === 'number' && Number.isFinite(n) && n >= range.min && n <= range.max && (!range.integer || Number.isInteger(n));

function scalar(field: string, col: ListColumn, value: unknown): string | number | boolean {
  switch (col.kind) {
    case 'number': {
      const n = typeof value === 'string' && value.trim() !== '' ? Number(value) : value;
      const range = numberRange(col.column);
      if (!fits(range, n)) fail(field, `the value must be ${range.says}.`);
      return n;
    }
    case 'boolean': {
      if (value === true || value === 'true') return true;
      if (value === false || value === 'false') return false;
      return fail(field, 'the value must be true or false.');
    }
    case 'enum': {
      if (typeof value !== 'string' || !col.options?.includes(value)) fail(field, `the value must be one of ${col.options?.join(', ')}.`);
      return value;
    }
    default: {
      if (typeof value !== 'string' && typeof value !== 'number') fail(field, 'the value must be text.');
      const s = String(value);
      if (s.length > 200) fail(field, 'the value is longer than 200 characters.');
      // PostgreSQL text can't hold NUL: refuse it here rather than fail in the database.
      if (s.includes('\u0000')) fail(field, 'the value contains a NUL character (\\u0000).');
      return s;
    }
  }
}

// Drizzle's operators take a column's own value type or any SQL; a bound value is either.
type Bound = never;

function constraintSql(field: string, col: ListColumn, c: FilterConstraint, bind: Bind): SQL | undefined {
  if (!MODES_BY_KIND[col.kind].includes(c.matchMode)) {
    fail(field, `"${c.matchMode}" does not apply to a ${col.kind} column (use ${MODES_BY_KIND[col.kind].join(', ')}).`);
  }
  // An empty value means "no constraint", as in a filter box left blank.
  if (c.value === null || c.value === undefined || c.value === '' || (Array.isArray(c.value) && c.value.length === 0)) return undefined;
  const column = col.column as AnyColumn;
  const text = col.kind === 'text';
  const value = (v: unknown) => bind(scalar(field, col, v)) as Bound;
  const day = (v: unknown, edge: 0 | 1) => bind(dayRange(field, v)[edge]) as Bound;
  const pattern = (before: string, after: string) => `${before}${escapeLike(String(scalar(field, col, c.value)))}${after}`;
  switch (c.matchMode) {
    case 'startsWith':
      return affixText(column, pattern('', '%'), bind);
    case 'contains':
      return containsText(column, String(scalar(field, col, c.value)), bind);
    case 'notContains':
      return not(containsText(column, String(scalar(field, col, c.value)), bind));
    case 'endsWith':
      return affixText(column, pattern('%', ''), bind);
    case 'equals':
      return text ? sql`lower(${column}) = lower(${value(c.value)})` : eq(column, value(c.value));
    case 'notEquals':
      return text ? sql`lower(${column}) <> lower(${value(c.value)})` : ne(column, value(c.value));
    case 'in': {
      if (!Array.isArray(c.value)) fail(field, '"in" takes a list of values.');
      if (c.value.length > 100) fail(field, '"in" takes at most 100 values.');
      const values = c.value.map((v) => scalar(field, col, v));
      return text
        ? inArray(
            sql`lower(${column})`,
            values.map((v) => bind(String(v).toLowerCase()) as Bound),
          )
        : inArray(
            column,
            values.map((v) => bind(v) as Bound),
          );
    }
    case 'lt':
      return lt(column, value(c.value));
    case 'lte':
      return lte(column, value(c.value));
    case 'gt':
      return gt(column, value(c.value));
    case 'gte':
      return gte(column, value(c.value));
    case 'between': {
      if (!Array.isArray(c.value) || c.value.length !== 2) fail(field, '"between" takes two values: [from, to].');
      const [from, to] = c.value as [unknown, unknown];
      if (col.kind === 'date') return and(from ? gte(column, day(from, 0)) : undefined, to ? lt(column, day(to, 1)) : undefined);
      return and(from === null || from === '' ? undefined : gte(column, value(from)), to === null || to === '' ? undefined : lte(column, value(to)));
    }
    case 'dateIs':
      return and(gte(column, day(c.value, 0)), lt(column, day(c.value, 1)));
    case 'dateIsNot':
      return or(lt(column, day(c.value, 0)), gte(column, day(c.value, 1)));
    case 'dateBefore':
      return lt(column, day(c.value, 0));
    case 'dateAfter':
      return gte(column, day(c.value, 1));
  }
}

/** The WHERE of a list query: global search AND every field's filter. */
export function listWhere(spec: ListSpec, query: Pick<ListQuery, 'q' | 'filters'>, extra: (SQL | undefined)[] = [], bind: Bind = asIs): SQL | undefined {
  const parts: (SQL | undefined)[] = [...extra];
  if (query.q && spec.search) parts.push(spec.search(query.q, bind));
  else if (query.q && spec.searchColumns.length) {
    parts.push(or(...spec.searchColumns.map((c) => containsText(c, query.q!, bind))));
  }
  for (const [field, filter] of Object.entries(query.filters)) {
    const col = spec.columns[field];
    if (!col || !col.filterable) fail(field, 'this column cannot be filtered.');
    const clauses = filter.constraints.map((c) => constraintSql(field, col, c, bind)).filter((c): c is SQL => Boolean(c));
    if (!clauses.length) continue;
    const condition = (filter.operator === 'or' ? or(...clauses) : and(...clauses))!;
    parts.push(col.within ? col.within(condition) : condition);
  }
  const present = parts.filter((p): p is SQL => Boolean(p));
  return present.length ? and(...present) : undefined;
}

export function listOrder(spec: ListSpec, query: Pick<ListQuery, 'sort' | 'order'>): { field: string; order: 'asc' | 'desc'; by: SQL[] } {
  const field = query.sort ?? spec.defaultSort?.field;
  const order = query.sort ? query.order : (spec.defaultSort?.order ?? 'asc');
  const dir = order === 'desc' ? desc : asc;
  if (!field) return { field: '', order, by: [dir(spec.idColumn)] };
  const col = spec.columns[field];
  if (!col || !col.sortable) throw invalid({ sort: [`"${field}" cannot be sorted on.`] });
  // The id breaks ties, so paging is stable and a keyset cursor is unambiguous.
  return { field, order, by: [dir(col.column as AnyColumn), dir(spec.idColumn)] };
}

/** A cursor that was not made by this list (edited, truncated, or from another sort). */
const badCursor = () => invalid({ cursor: ['The cursor is not valid: start again from the first page.'] });

/**
 * A cursor's sort value, checked against the sort column as the list wrote it: text a string
 * (without NUL, which PostgreSQL text can't hold), a number one the column's type holds, a date
 * the ISO form the list sends, a boolean a boolean, an enum one of its options. Never null: the
 * list hands out no cursor after a row without a value (a row comparison with NULL matches
 * nothing), so a null here was not made by the list.
 */
function cursorSortValue(col: ListColumn, v: unknown): string | number | boolean | Date {
  switch (col.kind) {
    case 'number':
      if (fits(numberRange(col.column), v)) return v;
      break;
    case 'boolean':
      if (typeof v === 'boolean') return v;
      break;
    case 'enum':
      if (typeof v === 'string' && col.options?.includes(v)) return v;
      break;
    case 'date': {
      // Exactly as the list wrote it (toISOString): Date would also read "2026-02-31" (as 3 March).
      const date = typeof v === 'string' && v.length <= 30 ? new Date(v) : undefined;
      if (date && !Number.isNaN(date.getTime()) && date.toISOString() === v) return date;
      break;
    }
    default:
      if (typeof v === 'string' && !v.includes('\u0000')) return v;
  }
  throw badCursor();
}

interface Cursor {
  v: unknown;
  id: number;
}
export function encodeCursor(c: Cursor): string {
  return Buffer.from(JSON.stringify(c)).toString('base64url');
}

/** `{ v, id }` and nothing else, with `id` one the id column holds (a record id: 1 or more). */
function decodeCursor(raw: string, idColumn: AnyColumn): Cursor {
  let c: unknown;
  try {
    c = JSON.parse(Buffer.from(raw, 'base64url').toString('utf8'));
  } catch {
    throw badCursor();
  }
  if (typeof c !== 'object' || c === null || Array.isArray(c)) throw badCursor();
  const keys = Object.keys(c);
  if (keys.length !== 2 || !('v' in c) || !('id' in c)) throw badCursor();
  const { id } = c as Cursor;
  if (!fits(numberRange(idColumn), id) || id < 1) throw badCursor();
  return c as Cursor;
}

/**
 * The keyset condition "after this cursor" for the current sort. Both values are always bound,
 * whatever the cursor holds, so the statement's text depends on the sort alone: a cursor can't
 * change what another request of the same shape runs.
 */
export function keysetWhere(spec: ListSpec, order: { field: string; order: 'asc' | 'desc' }, rawCursor: string, bind: Bind = asIs): SQL {
  const c = decodeCursor(rawCursor, spec.idColumn);
  const cmp = order.order === 'desc' ? sql`<` : sql`>`;
  if (!order.field) {
    // Paged by id alone: the list writes no sort value.
    if (c.v !== null) throw badCursor();
    return sql`${spec.idColumn} ${cmp} ${bind(c.id)}`;
  }
  const col = spec.columns[order.field]!;
  return sql`(${col.column}, ${spec.idColumn}) ${cmp} (${bind(cursorSortValue(col, c.v))}, ${bind(c.id)})`;
}

/** Above this many rows an unfiltered count uses the planner's estimate (COUNT(*) on 1M rows costs seconds). */
export const EXACT_COUNT_LIMIT = 200_000;

/**
 * A filtered count stops after this many matching rows: counting all 5,000 brands whose name contains
 * "an" costs a scan of the whole table on every page, while "about 5,400" says as much to a person (and 500 is twenty pages of 25).
 * Beyond it `total` is the planner's estimate (never below the cap + 1) and `total_is_estimate` is true.
 */
export const FILTERED_COUNT_CAP = 500;

/**
 * Rows of a whole table counted, at most EXACT_COUNT_LIMIT + 1 of them. The cap is what keeps the
 * statement cheap to *plan* as well as to run: an uncapped `count(*)` of 10M rows is costed as a
 * scan of all of them even in a branch that never runs, and a plan that costly is compiled by
 * PostgreSQL's JIT (~10–50 ms) on every execution — it made an unfiltered page of a 10M-row list
 * 60× slower than the page itself.
 */
const cappedTableCount = (table: PgTable) => sql`(select count(*) from (select 1 from ${table} limit ${sql.raw(String(EXACT_COUNT_LIMIT + 1))}) as capped)`;

/** What a total read as `allRowsCount` says: negative, or past the cap (statistics behind the table), is an estimate. */
const totalOfAll = (n: number): { total: number; estimate: boolean } => ({ total: Math.abs(n), estimate: n < 0 || n > EXACT_COUNT_LIMIT });

/** The count of every row, the planner's estimate above EXACT_COUNT_LIMIT (no filter: joins never change it). */
async function countAll(db: DbOrTx, table: PgTable, tableName: string): Promise<{ total: number; estimate: boolean }> {
  const [row] = rowsOf<{ n: number }>(await db.execute(sql`select ${allRowsCount(table, tableName)} as n`));
  return totalOfAll(Number(row?.n ?? 0));
}

/**
 * The count of every row, as a value the page's own statement carries (one round trip instead of
 * two or three): `count(*)` (capped), or above EXACT_COUNT_LIMIT the planner's estimate, negated to
 * say it is one. The subquery of the branch not taken is never run.
 */
const allRowsCount = (table: PgTable, tableName: string) =>
  sql<number>`(select case when c.reltuples > ${sql.raw(String(EXACT_COUNT_LIMIT))} then -(c.reltuples::bigint) else ${cappedTableCount(table)} end from pg_class c where c.relname = ${sql.raw(`'${tableName.replace(/'/g, "''")}'`)})`.mapWith(
    Number,
  );

/** `count(*)` of at most FILTERED_COUNT_CAP + 1 of `matching` rows, as a value another query can carry. */
const cappedCount = (matching: SQLWrapper) => sql<number>`(select count(*)::int from (${matching}) as capped)`.mapWith(Number);

/** Where a list reads from: `select <fields> from <table> <joins>`. */
export interface ListTable {
  spec: ListSpec;
  table: PgTable;
  /** The table's SQL name, for the planner's row estimate. */
  tableName: string;
  /** What a page selects (joined and computed values included). */
  selection: Record<string, unknown>;
  /** The query builder for `fields`; counts ask for left joins, which the database drops when nothing filters on a parent. */
  from(db: DbOrTx, fields: Record<string, unknown>, join?: 'innerJoin' | 'leftJoin'): PgSelectOf;
  serialize(row: Record<string, unknown>): Record<string, unknown> & { id: number };
}
// Drizzle's builder types don't survive being passed around generically: the calls made here are few.
// eslint-disable-next-line @typescript-eslint/no-explicit-any
type PgSelectOf = any;

const TOTAL = '__list_total';
const dialect = new PgDialect();

/** Per list source, a name for the statements it compiles (two sources may share a table). */
const sourceNames = new WeakMap<ListTable, string>();
let sourceCount = 0;
function nameOf(source: ListTable): string {
  let name = sourceNames.get(source);
  if (!name) sourceNames.set(source, (name = `${source.tableName}#${++sourceCount}`));
  return name;
}

/**
 * One page of a list: the rows, and in the same statement the capped count of all matching rows
 * (one round trip: a list is the hottest read of a back-office). Paged by offset, or by the keyset
 * cursor when there is one. Rows are read from the database every time. Past the cap the total is
 * the planner's estimate, and the same WHERE is not counted again until the next write through
 * the app (`keptEstimate`), so a write is in the very next read's total (decision 022).
 */
export async function listPage(
  db: DbOrTx,
  source: ListTable,
  query: ListQuery,
  scope: (SQL | undefined)[] = [],
): Promise<ListResult<ReturnType<ListTable['serialize']>>> {
  const { spec } = source;
  const order = listOrder(spec, query);
  // The page's statement, with the filters' values as placeholders: built once per shape.
  const binder = placeholderBinder();
  const where = listWhere(spec, query, scope, binder.bind);
  const keyset = query.cursor ? keysetWhere(spec, order, query.cursor, binder.bind) : undefined;
  // What the text depends on besides the WHERE: the source, the order, and a cursor's presence.
  // Scope values (a vendor's id) are not placeholders: they stay in the rendered WHERE's parameters.
  // The count of placeholders bound is part of the key too: should some input ever change how
  // many values a shape binds, it gets a statement of its own instead of one missing a value.
  // Taken before anything is read: an estimate read while a write ran is not kept.
  const generation = appWriteGeneration();
  const rendered = where ? dialect.sqlToQuery(where) : undefined;
  // A WHERE found past the cap since the last write through the app (and in the last few seconds)
  // is not counted again: its total is the planner's estimate anyway, and counting 501 matches only
  // to learn that again was most of the database's work for a broad search of a large list.
  const estimateKey = rendered ? JSON.stringify([nameOf(source), rendered.sql, rendered.params, binder.values]) : '';
  const knownEstimate = rendered ? keptEstimate(estimateKey) : undefined;
  const counts = where !== undefined && knownEstimate === undefined;
  const placeholders = Object.keys(binder.values).length;
  const shape = `${nameOf(source)}\u0000${order.field}\u0000${order.order}\u0000${keyset ? 1 : 0}\u0000${counts ? 1 : 0}\u0000${placeholders}\u0000${rendered?.sql ?? ''}\u0000${rendered ? JSON.stringify(rendered.params) : ''}`;
  const statement = compiledStatement<Record<string, unknown>>(db, shape, () => {
    const counted = counts
      ? {
          [TOTAL]: cappedCount(
            source
              .from(db, { one: sql`1` }, 'leftJoin')
              .where(where)
              .limit(FILTERED_COUNT_CAP + 1),
          ),
        }
      : where === undefined
        ? { [TOTAL]: allRowsCount(source.table, source.tableName) }
        : {};
    return source
      .from(db, { ...source.selection, ...counted })
      .where(and(where, keyset))
      .orderBy(...order.by)
      .limit(sql.placeholder('limit'))
      .offset(sql.placeholder('offset'));
  });
  // Undefined when a keyset cursor pages instead.
  const offset = query.cursor ? undefined : (query.page - 1) * query.per_page;
  const rows = await statement.execute({ ...binder.values, limit: query.per_page + 1, offset: offset ?? 0 });
  // The rare second reads (a page past the end, a planner estimate) take the values in place.
  const matching = () => source.from(db, { one: sql`1` }, 'leftJoin').where(listWhere(spec, query, scope));
  const data = rows.slice(0, query.per_page).map(source.serialize);
  const last = data.at(-1);
  // After a row without a sort value no cursor can continue (NULL compares as nothing): none is
  // handed out, and paging by number still reaches the rest. The DataTable pages by number.
  const lastValue = last && order.field ? serializeValue(last[order.field] ?? null) : null;
  const nextCursor = rows.length > query.per_page && last && (!order.field || lastValue !== null) ? encodeCursor({ v: lastValue, id: last.id }) : null;

  let total: { total: number; estimate: boolean };
  if (!where) {
    // Carried by every row of the page; a page past the end (no row) counts on its own.
    const carried = rows.length ? Number(rows[0]![TOTAL]) : undefined;
    total = carried === undefined ? await countAll(db, source.table, source.tableName) : totalOfAll(carried);
  } else if (knownEstimate !== undefined && rows.length > query.per_page) total = { total: knownEstimate, estimate: true };
  else if (knownEstimate !== undefined && rows.length && offset !== undefined) {
    // Uncounted, and this page holds the end of the list: its rows say the total exactly.
    total = { total: offset + rows.length, estimate: false };
  } else {
    // No row carried the count: none match (first page), the page is past the end, or the count
    // was left out and the page can't tell (count now).
    const capped =
      rows.length && counts
        ? Number(rows[0]![TOTAL])
        : offset === 0 && counts
          ? 0
          : Number(rowsOf<{ n: number }>(await db.execute(sql`select ${cappedCount(matching().limit(FILTERED_COUNT_CAP + 1))} as n`))[0]?.n ?? 0);
    total =
      capped <= FILTERED_COUNT_CAP
        ? { total: capped, estimate: false }
        : { total: keepEstimate(estimateKey, generation, Math.max(FILTERED_COUNT_CAP + 1, await plannedRows(db, matching()))), estimate: true };
  }
  return { data, meta: listMeta(query, total, nextCursor) };
}

/**
 * Totals past the cap, kept per list and WHERE (values included) until the next write through the
 * app (`appWriteGeneration`) and for ESTIMATE_TTL_MS at most, the bound on how late a change made by
 * another process (another app server) is seen. Within that a full page shows the kept estimate,
 * and a page holding the list's end says the total exactly.
 */
const ESTIMATE_TTL_MS = 10_000;
const ESTIMATES_KEPT = 500;
const estimates = new Map<string, { rows: number; until: number; generation: number }>();

function keptEstimate(key: string, now = Date.now()): number | undefined {
  const kept = estimates.get(key);
  return kept && kept.until > now && kept.generation === appWriteGeneration() ? kept.rows : undefined;
}

/** Keeps `rows` for `key` if no write through the app has started since `generation` was taken. */
function keepEstimate(key: string, generation: number | undefined, rows: number): number {
  if (generation === undefined || generation !== appWriteGeneration()) return rows;
  estimates.delete(key);
  if (estimates.size >= ESTIMATES_KEPT) estimates.delete(estimates.keys().next().value!);
  estimates.set(key, { rows, until: Date.now() + ESTIMATE_TTL_MS, generation });
  return rows;
}

/** The planner's row estimate for a query: EXPLAIN only plans it, no rows are read. */
export async function plannedRows(db: DbOrTx, query: SQLWrapper): Promise<number> {
  const rows = rowsOf<Record<string, unknown>>(await db.execute(sql`explain (format json) ${query}`));
  const raw = rows[0] ? Object.values(rows[0])[0] : undefined;
  const plan = (typeof raw === 'string' ? JSON.parse(raw) : raw) as { Plan?: { 'Plan Rows'?: number } }[] | undefined;
  return Math.round(Number(plan?.[0]?.Plan?.['Plan Rows'] ?? 0));
}

function serializeValue(v: unknown): unknown {
  return v instanceof Date ? v.toISOString() : v;
}

export function listMeta(query: ListQuery, total: { total: number; estimate: boolean }, nextCursor: string | null): ListMeta {
  return { page: query.page, per_page: query.per_page, total: total.total, total_is_estimate: total.estimate, next_cursor: nextCursor };
}
