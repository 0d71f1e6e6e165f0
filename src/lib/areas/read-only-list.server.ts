/**
 * A list that is only read (the activity log): the same list contract, allowlist, 422s and
 * keyset cursor as an area's resource, over a query that may join other tables. The declaration
 * says which table, which joins, which columns; nothing here can write.
 */
import type { AnyColumn, SQL } from 'drizzle-orm';
import type { PgColumn, PgTable } from 'drizzle-orm/pg-core';
import type { DbOrTx } from '@/lib/db/client.server.ts';
import { parseWith } from '@/lib/http/api.server.ts';
import { listQuerySchema, type ListQuery, type ListResult } from '@/lib/list/list-query.ts';
import { listPage, type Bind, type ListColumns, type ListTable } from '@/lib/list/list-sql.server.ts';
import type { AreaListDeclaration } from './area.ts';
import type { ApiRecord, RequestScope } from './resource.server.ts';

/** What a list page and a list endpoint need: CRUD resources and read-only lists both are one. */
export interface ListSource {
  parseListQuery(raw: Record<string, string>): ListQuery;
  list(db: DbOrTx, s: RequestScope, query: ListQuery): Promise<ListResult<ApiRecord>>;
}

export interface ReadOnlyListDefinition<Row extends Record<string, unknown>> {
  area: AreaListDeclaration;
  table: PgTable & { id: PgColumn };
  /** The table's SQL name, for the planner's row estimate. */
  tableName: string;
  /** The selected values, joined columns and computed expressions included. */
  selection: Record<string, AnyColumn | SQL | SQL.Aliased>;
  /**
   * Adds the joins to `select(...).from(table)`. Typed loosely on purpose: Drizzle's join
   * builder types don't survive being passed around generically.
   */
  joins?: (query: any) => any; // eslint-disable-line @typescript-eslint/no-explicit-any
  /** Filter/sort allowlist: API field → column (joined columns allowed) and kind. */
  columns: ListColumns;
  searchColumns: (AnyColumn | SQL)[];
  /** The search box's own condition, when "contains in searchColumns" is not what it means (as a resource's `search`). */
  search?: (q: string, bind: Bind) => SQL;
  serialize: (row: Row) => ApiRecord;
  /** Rows the requester may see (e.g. a vendor's own); `query` lets it leave out what the filters already say. */
  scope?: (s: RequestScope, query: ListQuery) => SQL | undefined;
}

export function defineReadOnlyList<Row extends Record<string, unknown>>(def: ReadOnlyListDefinition<Row>): ListSource & { def: ReadOnlyListDefinition<Row> } {
  const spec = { columns: def.columns, searchColumns: def.searchColumns, search: def.search, idColumn: def.table.id, defaultSort: def.area.defaultSort };
  const from = (db: DbOrTx, fields: Record<string, unknown>) => {
    const q = db.select(fields as never).from(def.table);
    return (def.joins ? def.joins(q) : q) as typeof q;
  };
  const listTable: ListTable = {
    spec,
    table: def.table,
    tableName: def.tableName,
    selection: def.selection,
    from,
    serialize: def.serialize as ListTable['serialize'],
  };
  return {
    def,
    parseListQuery: (raw) => parseWith(listQuerySchema, raw) as ListQuery,
    list: (db, s, query) => listPage(db, listTable, query, [def.scope?.(s, query)]),
  };
}
