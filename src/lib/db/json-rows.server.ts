/**
 * Many rows in one INSERT with one parameter: the rows as JSON, read back by `json_to_recordset`
 * with the table's own column types. Drizzle's multi-row INSERT binds one parameter per cell and
 * builds each (an `is()` check per chunk): at 100,000 variants of a dozen columns, building those
 * queries was most of a bulk import's time in the server, half of it in `is()` and the garbage
 * collector (profiled, docs/performance.md "Bulk import"). Here the server writes one JSON string
 * and the database parses it, on either driver.
 *
 * Values are the table's JavaScript values as Drizzle would write them (numbers, strings, booleans,
 * arrays, Dates as ISO strings, null). Rows with different sets of keys go in separate statements,
 * so a column a row leaves out takes its default, as in Drizzle's INSERT.
 */
import { getTableColumns, getTableName, sql, type SQL } from 'drizzle-orm';
import type { PgTable } from 'drizzle-orm/pg-core';
import { rowsOf, type DbOrTx } from './client.server.ts';

type Row<T extends PgTable> = Partial<T['$inferInsert']>;

/** A column's type as a record field: `serial` is a column's shorthand (integer with a sequence), not a type. */
const SERIAL_TYPES: Record<string, string> = { serial: 'integer', bigserial: 'bigint', smallserial: 'smallint' };
const recordType = (columnType: string) => SERIAL_TYPES[columnType] ?? columnType;

/** Inserts `rows` into `table`, answering the `returning` columns by their property names (rows of one set of keys together). */
export async function insertJsonRows<T extends PgTable, K extends keyof T['$inferSelect'] & string = never>(
  db: DbOrTx,
  table: T,
  rows: readonly Row<T>[],
  returning: readonly K[] = [],
): Promise<Pick<T['$inferSelect'], K>[]> {
  if (!rows.length) return [];
  const columns = getTableColumns(table) as Record<string, { name: string; getSQLType(): string }>;
  // One statement per set of keys, in first-seen order; answers come back in each statement's order.
  const groups = new Map<string, Row<T>[]>();
  for (const row of rows) {
    const keys = Object.keys(row)
      .filter((k) => (row as Record<string, unknown>)[k] !== undefined)
      .sort()
      .join(',');
    groups.set(keys, [...(groups.get(keys) ?? []), row]);
  }
  const answers: Pick<T['$inferSelect'], K>[] = [];
  for (const [keyList, group] of groups) {
    const keys = keyList ? keyList.split(',') : [];
    for (const key of [...keys, ...returning]) if (!columns[key]) throw new Error(`${getTableName(table)} has no column ${key}`);
    const names = keys.map((k) => sql.identifier(columns[k]!.name));
    const record = keys.map((k) => sql`${sql.identifier(columns[k]!.name)} ${sql.raw(recordType(columns[k]!.getSQLType()))}`);
    const json = JSON.stringify(group.map((row) => Object.fromEntries(keys.map((k) => [columns[k]!.name, (row as Record<string, unknown>)[k] ?? null]))));
    const back: SQL = returning.length
      ? sql` returning ${sql.join(
          returning.map((k) => sql`${sql.identifier(columns[k]!.name)} as ${sql.identifier(k)}`),
          sql`, `,
        )}`
      : sql``;
    if (!keys.length) throw new Error(`insertJsonRows(${getTableName(table)}): a row without values`);
    const statement = sql`insert into ${table} (${sql.join(names, sql`, `)}) select ${sql.join(names, sql`, `)} from json_to_recordset(${json}::json) as r(${sql.join(record, sql`, `)})${back}`;
    answers.push(...rowsOf<Pick<T['$inferSelect'], K>>(await db.execute(statement)));
  }
  return answers;
}
