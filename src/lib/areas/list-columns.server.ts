/**
 * The list API's sort and filter allowlist, derived from the area's declaration: a column's kind,
 * sortability, filterability and options are written once, in the area's `columns`. The resource
 * only says where a value comes from when the name doesn't: by default the API field `state_name`
 * reads the computed value or table column `stateName`.
 */
import { Column, getTableColumns, is, type AnyColumn, type SQL } from 'drizzle-orm';
import type { PgTable } from 'drizzle-orm/pg-core';
import type { ListColumn, ListColumns } from '@/lib/list/list-sql.server.ts';
import type { AreaDeclaration } from './area.ts';

/** `state_name` → `stateName`: the API's snake_case field as a Drizzle row key. */
export const rowKeyOfField = (field: string) => field.replace(/_([a-z0-9])/g, (_, c: string) => c.toUpperCase());

export interface ListColumnSources {
  table: PgTable;
  /** The resource's computed values (counts, joined names), by row key. */
  computed?: Record<string, SQL | AnyColumn>;
  /** Where an API field's value comes from when it is not the same-named computed value or table column. */
  sources?: Record<string, SQL | AnyColumn>;
  /**
   * Fields the API sorts or filters on that the list doesn't show (another area's page filtering
   * by this record's parent id): written here, once, because the area doesn't declare them.
   */
  queryOnly?: ListColumns;
}

/**
 * The area's sortable or filterable columns, each read from its source; plus, for every column
 * showing a related record (`relation.field`), that record's id as a number filter; plus
 * `created_at` and `updated_at`, which every record has. A declared column without a source fails
 * at start-up, naming it.
 */
export function deriveListColumns(area: Pick<AreaDeclaration, 'key' | 'columns' | 'scopedLists'>, from: ListColumnSources): ListColumns {
  const tableColumns = Object.fromEntries(Object.entries(getTableColumns(from.table)).filter(([, c]) => !c.generated)) as Record<string, AnyColumn>;
  const sourceOf = (field: string): SQL | AnyColumn => {
    const key = rowKeyOfField(field);
    const source = from.sources?.[field] ?? from.computed?.[key] ?? tableColumns[key];
    if (!source)
      throw new Error(
        `${area.key}: list column "${field}" is sortable or filterable but has no source (a table column, a computed value or resource.sources.${field}).`,
      );
    return source;
  };
  /** A related record's id filters; it sorts too unless it can be NULL (a keyset cursor can't step past NULL). */
  const idFilter = (field: string): ListColumn => {
    const column = sourceOf(field);
    return { column, kind: 'number', sortable: is(column, Column) && column.notNull, filterable: true };
  };
  const derived: ListColumns = {};
  for (const c of area.columns) {
    if (c.relation && !derived[c.relation.field]) derived[c.relation.field] = idFilter(c.relation.field);
    if (!c.sortable && !c.filterable) continue;
    derived[c.field] = {
      column: sourceOf(c.field),
      kind: c.kind,
      sortable: c.sortable ?? false,
      filterable: c.filterable ?? false,
      ...(c.kind === 'enum' && c.options ? { options: c.options.map((o) => o.value) } : {}),
    };
  }
  for (const s of area.scopedLists ?? []) derived[s.field] ??= idFilter(s.field);
  for (const stamp of ['created_at', 'updated_at']) {
    if (!derived[stamp] && tableColumns[rowKeyOfField(stamp)]) derived[stamp] = { column: sourceOf(stamp), kind: 'date', sortable: true, filterable: true };
  }
  return { ...derived, ...from.queryOnly };
}
