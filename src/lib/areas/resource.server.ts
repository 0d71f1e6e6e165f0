/**
 * The server half of an area: one declaration turns into list, get, create, update (optimistic
 * locking), delete (with in-use guards), bulk actions and CSV export — every change with its
 * activity-log entry in the same transaction. Areas add only what is specific to them.
 */
import { and, asc, eq, getTableColumns, inArray, sql, type AnyColumn, type SQL } from 'drizzle-orm';
import type { PgColumn, PgTable } from 'drizzle-orm/pg-core';
import type { z } from 'zod';
import type { Db, DbOrTx, Tx } from '@/lib/db/client.server.ts';
import type { Principal } from '@/lib/auth/principal.server.ts';
import { diffRecords, logActivities, logActivity, type Actor, type Changes } from '@/lib/activity/activity.server.ts';
import { conflict, invalid, notFound } from '@/lib/http/errors.ts';
import { parseWith } from '@/lib/http/api.server.ts';
import { sqlState } from '@/lib/db/pg-errors.ts';
import { listQuerySchema, type ListQuery, type ListResult } from '@/lib/list/list-query.ts';
import { listOrder, listPage, listWhere, searchTexts, type Bind, type ListColumns, type ListTable } from '@/lib/list/list-sql.server.ts';
import { VENDOR_OWNED } from '@/lib/permissions/ability.ts';
import { abilityOf, accessibleWhere, requiredValues } from '@/lib/permissions/scope.server.ts';
import { readImageUpload, uploads } from '@/lib/uploads/storage.server.ts';
import { areaAction, inSentence, type AreaDeclaration } from './area.ts';
import { deriveListColumns } from './list-columns.server.ts';
import type { BulkTarget } from './area-schemas.ts';

/** The permission action a resource call needs, as the route registry checks it (area-routes.ts). */
type AreaAction = 'list' | 'create' | 'update' | 'delete';

export type Row = Record<string, unknown> & { id: number; version: number };
export type ApiRecord = Record<string, unknown> & { id: number };

export interface RequestScope {
  principal: Principal;
  actor: Actor;
}

export interface UniqueRule {
  /** The form field that gets the error. */
  field: string;
  /** The SQL expression compared (e.g. lower(name)). */
  expression: (table: PgTable) => SQL | AnyColumn;
  value: (values: Record<string, unknown>) => unknown;
  /**
   * Where the value must be unique, when not across the whole table: the rows a saved record's
   * value is compared with (the same owner's). Must match the unique index.
   */
  within?: (table: PgTable, values: Record<string, unknown>) => SQL;
  message: string;
}

export interface ImageField {
  /** The form field carrying the file (`logo`). */
  field: string;
  /** The row property storing the upload key (`logoPath`). */
  column: string;
}

export interface ResourceDefinition<S extends z.ZodObject> {
  area: AreaDeclaration<S>;
  table: PgTable & { id: PgColumn; version: PgColumn; updatedAt: PgColumn };
  /** The table's SQL name, for the planner's row estimate. */
  tableName: string;
  /**
   * Where a list column's value comes from, for the few whose API field doesn't name it (an
   * expression, another table's column): by default `state_name` is the computed value or table
   * column `stateName`. Kinds, sortability, filterability and options come from the area's
   * columns (list-columns.server.ts): each is declared once.
   */
  sources?: Record<string, SQL | AnyColumn>;
  /** Fields the API sorts or filters on that the area's list doesn't show, with their kinds. */
  queryOnly?: ListColumns;
  searchColumns: (AnyColumn | SQL)[];
  /**
   * The search box's condition when it is more than "contains" in `searchColumns` (a product's
   * exact SKU or barcode beside a word of its name). Every value goes through `bind`.
   */
  search?: (q: string, bind: Bind) => SQL;
  /**
   * The global search's exact matches (decision 061), found through their own indexes and ranked
   * first: a product's SKU (or its start) or barcode. Optional; the rest of the search is the list's.
   */
  searchExact?: (q: string) => SQL;
  /** Row (camelCase) → API record (snake_case). */
  serialize: (row: Row) => ApiRecord;
  /**
   * The record's name in its activity entries, from a stored row, when the title field is not a column
   * of its own (a tax rate reads "GST TCS (s.52) 0.50 % from 2024-07-10"); otherwise the title column.
   */
  recordName?: (row: Row) => string;
  /** Parsed form input → row values. `existing` is set on update. */
  toValues: (input: z.infer<S>, existing?: Row) => Record<string, unknown>;
  unique?: UniqueRule[];
  images?: ImageField[];
  /** Why a record can't be deleted (still used elsewhere), or undefined. */
  deleteBlocker?: (db: DbOrTx, ids: number[]) => Promise<Map<number, string>>;
  /** Values computed in SQL and read like columns (counts of related rows, a joined table's column…). */
  computed?: Record<string, SQL | AnyColumn>;
  /**
   * Columns and computed values (row keys, camelCase) that one record's read, the export and the
   * pickers carry but list pages don't: the list shows none of them, and each costs every row of
   * every page (a related name is an index probe per row). List records leave out their API
   * fields (the key in snake_case: `taxName` → `tax_name`).
   */
  detailOnly?: string[];
  /**
   * Parents joined for the columns lists show, sort and filter on (a city's state name): each row
   * has exactly one (a NOT NULL foreign key to a primary key). A join lets the database use the
   * parent's indexes, where a correlated subquery runs once per row.
   */
  joins?: { table: PgTable; on: SQL }[];
  /**
   * Checks and values that need the database, after toValues: a referenced record exists, a value
   * derived from it (a pincode's state from its city). Throw invalid() to answer 422.
   */
  resolve?: (db: DbOrTx, values: Record<string, unknown>, existing?: Row) => Promise<Record<string, unknown>>;
  /** How a record reads in other areas' pickers; defaults to its title field. */
  optionLabel?: (record: ApiRecord) => string;
  /** What an area adds around its writes and reads (a delivery zone's pincodes): see ResourceHooks. */
  hooks?: ResourceHooks<z.infer<S>>;
  /** Rules of the bulk status change beyond "one of the options" (a product's workflow): see StatusChangeRules. */
  statusChange?: StatusChangeRules;
  /**
   * Files kept in other tables' rows that go with the records (a product's image copies): read in
   * the delete's transaction, before the rows cascade away, and removed once it has committed, so
   * an undone delete never loses a file.
   */
  filesOnDelete?: {
    collect: (tx: Tx, ids: number[]) => Promise<string[]>;
    remove: (path: string) => Promise<void>;
  };
}

/**
 * An area whose status is a workflow (products: a draft is not made active by a bulk action)
 * says which changes it refuses, and what it records beside them (a product's status history).
 */
export interface StatusChangeRules {
  /** Why a record with status `from` can't be given `to` by the bulk action, or undefined when it can. */
  refuse: (from: string, to: string) => string | undefined;
  /**
   * Refusals that need the database, in the change's transaction (a product made active needs an
   * active vendor): the reason by record id, for the records `refuse` let through.
   */
  refuseInTransaction?: (tx: Tx, changed: { id: number; from: string }[], to: string, scope: RequestScope) => Promise<Map<number, string>>;
  /** In the change's transaction, after the rows changed: the area's own records of it. */
  afterChange?: (tx: Tx, changed: { id: number; from: string }[], to: string, scope: RequestScope) => Promise<void>;
}

/**
 * An area's own steps around the kit's writes and reads, so a need of one area stays in that
 * area instead of growing the core (a delivery zone saves its pincodes, rows of another table too
 * many to be columns, edited in its form and read only on the record itself).
 */
export interface ResourceHooks<I, P = unknown> {
  /**
   * Before anything is written: checks the input against the database (throw invalid() for 422)
   * and answers what `afterWrite` needs, and the table values it implies (a stored count).
   */
  beforeWrite: (db: DbOrTx, input: I, existing: Row | undefined, scope: RequestScope) => Promise<{ plan: P; values?: Record<string, unknown> }>;
  /**
   * In the record's transaction, after its row: answers the activity entry's changes (kept small:
   * counts and samples). Throwing here (a 409 for a rule that needs the written state) undoes the write.
   */
  afterWrite: (tx: Tx, id: number, plan: P, existing: Row | undefined, scope: RequestScope) => Promise<Changes>;
  /** After the transaction committed: what must not happen for a write that was undone (a user's invitation mail). */
  afterCommit?: (db: Db, id: number, plan: P, scope: RequestScope) => Promise<void>;
  /** Values added to one record's answer (GET /api/<key>/:id), never to lists. */
  afterRead?: (db: DbOrTx, id: number) => Promise<Record<string, unknown>>;
}

/** One choice in a picker: GET /api/<area>/options. */
export interface RelationOption {
  value: number;
  label: string;
  /** The record's status is not the first (active) one: still choosable, shown as such. */
  inactive?: boolean;
}

export const OPTIONS_LIMIT = 50;

const PG_UNIQUE_VIOLATION = '23505';
const PG_FOREIGN_KEY_VIOLATION = '23503';

const isUniqueViolation = (e: unknown) => sqlState(e) === PG_UNIQUE_VIOLATION;
/** A referenced record deleted meanwhile, or one added to a record being deleted: a race the pre-checks can't close. */
const isForeignKeyViolation = (e: unknown) => sqlState(e) === PG_FOREIGN_KEY_VIOLATION;

/** A list page's selection and serializer: the full ones, without the `detailOnly` keys and their API fields. */
function listSelection(selection: Record<string, unknown>, serialize: (row: Row) => ApiRecord, detailOnly: string[] = []) {
  if (!detailOnly.length) return { selection, serialize: serialize as ListTable['serialize'] };
  for (const key of detailOnly) if (!(key in selection)) throw new Error(`detailOnly: "${key}" is neither a column nor a computed value`);
  const fields = detailOnly.map((key) => key.replace(/[A-Z]/g, (c) => `_${c.toLowerCase()}`));
  return {
    selection: Object.fromEntries(Object.entries(selection).filter(([key]) => !detailOnly.includes(key))),
    serialize: ((row: Row) => {
      const record = serialize(row);
      for (const field of fields) delete record[field];
      return record;
    }) as ListTable['serialize'],
  };
}

export function defineResource<S extends z.ZodObject>(def: ResourceDefinition<S>) {
  const { table, area } = def;
  const listColumns = deriveListColumns(area, { table: table as PgTable, computed: def.computed, sources: def.sources, queryOnly: def.queryOnly });
  const spec = { columns: listColumns, searchColumns: def.searchColumns, search: def.search, idColumn: table.id, defaultSort: area.defaultSort };
  // Generated columns (a name's lower-case copy for searching) are the database's, not the record's.
  const columns = Object.fromEntries(Object.entries(getTableColumns(table as PgTable)).filter(([, c]) => !c.generated));
  const selection = { ...columns, ...(def.computed ?? {}) };
  /**
   * Vendor-owned areas (VENDOR_OWNED in ability.ts, by the area's permission area): the rows the
   * principal's CASL rules allow `action` on, as SQL. A vendor lists, reads, changes and deletes
   * only their own; staff are not limited. Other areas are not scoped.
   */
  const owned = Boolean(VENDOR_OWNED[area.permissionArea]);
  const scope = (s: RequestScope, action: AreaAction) =>
    owned ? accessibleWhere(abilityOf(s.principal), areaAction(area, action), area.permissionArea, columns as Record<string, PgColumn>) : undefined;
  /** A row without its computed and joined values: the activity log compares stored columns only. */
  const tableKeys = Object.keys(columns);
  const ownColumns = (row: Row) => Object.fromEntries(tableKeys.map((k) => [k, row[k]]));
  /**
   * `select fields from table` with the area's joins. Inner joins let a sort on a parent's column
   * walk the parent's index; counts use left joins, which the database drops when the filter
   * doesn't name the parent (same rows: every row has its parent).
   */
  const from = (db: DbOrTx, fields: Record<string, unknown>, join: 'innerJoin' | 'leftJoin' = 'innerJoin') => {
    let q = db.select(fields as never).from(table as PgTable);
    for (const j of def.joins ?? []) q = (q as unknown as Record<typeof join, (t: PgTable, on: SQL) => typeof q>)[join](j.table, j.on);
    return q;
  };

  /**
   * The record's name for its activity entries (the title field: a brand's `name`), read from a
   * stored row, whose keys are the columns' (`question`, `pincode`; camelCase when two words).
   */
  const titleKey = area.titleField.replace(/_([a-z])/g, (_, c: string) => c.toUpperCase());
  /** The title's column, read with a bulk status change that selects only what it changes. */
  const titleColumn = (columns as Record<string, PgColumn>)[titleKey] ?? (columns as Record<string, PgColumn>)[area.titleField];
  const recordName = (row: Row | undefined) => {
    const title = row && def.recordName ? def.recordName(row) : (row?.[area.titleField] ?? row?.[titleKey]);
    return title === null || title === undefined || title === '' ? null : String(title);
  };

  /** The API field (`is_serviceable`) names a list column; the row property is that column's key (`isServiceable`). */
  function rowKeyOf(field: string): string | undefined {
    const listColumn = listColumns[field]?.column;
    return Object.entries(columns).find(([, c]) => c === listColumn)?.[0];
  }
  const listTable: ListTable = {
    spec,
    table: table as PgTable,
    tableName: def.tableName,
    ...listSelection(selection, def.serialize, def.detailOnly),
    from,
  };
  const reorderKey = area.reorder ? rowKeyOf(area.reorder.field) : undefined;
  if (owned && !columns[VENDOR_OWNED[area.permissionArea]!])
    throw new Error(`${area.key}: a vendor-owned area's table needs a ${VENDOR_OWNED[area.permissionArea]} column`);
  /**
   * What the ability requires of a record the principal saves (a vendor's own id as its owner) is
   * set by the server, never taken from what they send; staff choose the owner through the form.
   */
  const stampOwner = (s: RequestScope, action: AreaAction, values: Record<string, unknown>) =>
    owned ? { ...values, ...requiredValues(abilityOf(s.principal), areaAction(area, action), area.permissionArea) } : values;
  if (area.reorder && (!reorderKey || !listColumns[area.reorder.field]?.sortable)) {
    throw new Error(`${area.key}: reorder.field "${area.reorder.field}" must be a sortable list column backed by a table column`);
  }

  async function findRow(db: DbOrTx, s: RequestScope, id: number, action: AreaAction = 'list'): Promise<Row | undefined> {
    const [row] = await from(db, selection)
      .where(and(eq(table.id, id), scope(s, action)))
      .limit(1);
    return row as Row | undefined;
  }

  const titleOf = (r: Row) => String(r[area.titleField] ?? r.id);

  /**
   * The rows a bulk call names, as a condition on the table alone: the ids, or the list's search
   * and filters (the same allowlist as GET /api/<area>: 422 naming a bad filter) in a subquery,
   * since they may read the joined parents. Either way only rows the caller may `action`.
   */
  function targetWhere(db: DbOrTx, s: RequestScope, target: BulkTarget, action: AreaAction): SQL | undefined {
    if ('ids' in target) return and(inArray(table.id, [...new Set(target.ids)]), scope(s, action));
    const where = listWhere(spec, { q: target.filter.q, filters: target.filter.filters ?? {} }, [scope(s, action)]);
    return inArray(table.id, from(db, { id: table.id }).where(where) as unknown as SQL);
  }

  /** Why each record can't be deleted, asked in slices (a filter can name thousands; the guards take their ids as parameters). */
  async function blockersOf(db: DbOrTx, ids: number[]): Promise<Map<number, string>> {
    const blocked = new Map<number, string>();
    if (!def.deleteBlocker) return blocked;
    for (const chunk of chunks(ids)) for (const [id, reason] of await def.deleteBlocker(db, chunk)) blocked.set(id, reason);
    return blocked;
  }

  async function checkUnique(db: DbOrTx, values: Record<string, unknown>, exceptId?: number) {
    const errors: Record<string, string[]> = {};
    for (const rule of def.unique ?? []) {
      const value = rule.value(values);
      if (value === undefined || value === null || value === '') continue;
      const [hit] = await db
        .select({ id: table.id })
        .from(table as PgTable)
        .where(and(sql`${rule.expression(table)} = ${value}`, rule.within?.(table as PgTable, values), exceptId ? sql`${table.id} <> ${exceptId}` : undefined))
        .limit(1);
      if (hit) errors[rule.field] = [rule.message];
    }
    if (Object.keys(errors).length) throw invalid(errors);
  }

  /** Stores new images first; returns the row values to set and a cleanup for failures. */
  async function storeImages(input: Record<string, unknown>, existing?: Row) {
    const set: Record<string, unknown> = {};
    const added: string[] = [];
    const replaced: string[] = [];
    for (const img of def.images ?? []) {
      const upload = await readImageUpload(img.field, input[img.field]);
      const old = existing?.[img.column] as string | null | undefined;
      if (upload) {
        const stored = await uploads().put(upload.bytes, upload.type.ext, upload.type.mime);
        added.push(stored.key);
        set[img.column] = stored.key;
        if (old) replaced.push(old);
      } else if (input[`${img.field}_remove`] === true || input[`${img.field}_remove`] === 'true') {
        set[img.column] = null;
        if (old) replaced.push(old);
      }
    }
    return {
      set,
      rollback: () => Promise.all(added.map((k) => uploads().delete(k))),
      commit: () => Promise.all(replaced.map((k) => uploads().delete(k))),
    };
  }

  async function write<T>(db: Db, fn: (tx: Tx) => Promise<T>, rollback: () => Promise<unknown>): Promise<T> {
    try {
      return await db.transaction(fn);
    } catch (e) {
      await rollback();
      if (isUniqueViolation(e)) {
        // Lost a race with another save: answer like the pre-check would have.
        const field = def.unique?.[0]?.field ?? 'id';
        throw invalid({ [field]: [def.unique?.[0]?.message ?? 'This value is already used.'] });
      }
      if (isForeignKeyViolation(e)) throw conflict('A record this one refers to was changed or deleted meanwhile. Reload and try again.');
      throw e;
    }
  }

  return {
    def,
    area,
    spec,

    parseListQuery(raw: Record<string, string>): ListQuery {
      return parseWith(listQuerySchema, raw) as ListQuery;
    },

    list(db: DbOrTx, s: RequestScope, query: ListQuery): Promise<ListResult<ApiRecord>> {
      return listPage(db, listTable, query, [scope(s, 'list')]);
    },

    /**
     * The global search's candidates in this area (decision 061): a statement answering `id`, `title`,
     * `bonus` and `texts` (the searched columns' values, which the search ranks in one place) of the
     * records matching `q`, scoped as the list is: the exact matches (bonus 4, at most `limit`), then up
     * to 50 of the list's own search (bonus 0), each through its indexes. A record may come twice
     * (exact and by its name): the search keeps the first. Null when the area has no title column.
     */
    searchBranch(db: DbOrTx, s: RequestScope, q: string, limit: number): SQL | null {
      const title = titleColumn ?? listColumns[area.titleField]?.column;
      if (!title) return null;
      const own = scope(s, 'list');
      const texts = searchTexts([title, ...spec.searchColumns]);
      const part = (where: SQL | undefined, n: number, bonus: number) =>
        sql`(${from(db, { id: table.id, title: sql`${title}::text`, bonus: sql.raw(String(bonus)), texts })
          .where(and(where, own))
          .limit(n)
          .getSQL()})`;
      const exact = def.searchExact?.(q);
      return sql.join([...(exact ? [part(exact, limit, 4)] : []), part(listWhere(spec, { q, filters: {} }), 50, 0)], sql` union all `);
    },

    async get(db: DbOrTx, s: RequestScope, id: number): Promise<ApiRecord> {
      const row = await findRow(db, s, id);
      if (!row) throw notFound(`${area.singular} not found.`);
      return def.hooks?.afterRead ? { ...def.serialize(row), ...(await def.hooks.afterRead(db, id)) } : def.serialize(row);
    },

    async create(db: Db, s: RequestScope, input: z.infer<S>): Promise<ApiRecord> {
      let values = stampOwner(s, 'create', def.toValues(input));
      if (def.resolve) values = await def.resolve(db, values);
      const prepared = await def.hooks?.beforeWrite(db, input, undefined, s);
      values = { ...values, ...prepared?.values };
      await checkUnique(db, values);
      const images = await storeImages(input as Record<string, unknown>);
      const created = await write(
        db,
        async (tx) => {
          const [row] = (await tx
            .insert(table as PgTable)
            .values({ ...values, ...images.set } as never)
            .returning(columns)) as Row[];
          const hookChanges = prepared ? await def.hooks!.afterWrite(tx, row!.id, prepared.plan, undefined, s) : {};
          await logActivity(tx, s.actor, {
            area: area.key,
            action: 'create',
            recordId: row!.id,
            recordName: recordName(row),
            changes: { ...diffRecords(null, row), ...hookChanges },
          });
          return row!;
        },
        images.rollback,
      );
      if (prepared && def.hooks?.afterCommit) await def.hooks.afterCommit(db, created.id, prepared.plan, s);
      // Read back through the selection: computed and joined values (counts, a parent's name) included.
      return def.serialize((await findRow(db, s, created.id)) ?? created);
    },

    /** `version` is the one the form was loaded with; a newer one in the database means 409. */
    async update(db: Db, s: RequestScope, id: number, version: number, input: z.infer<S>): Promise<ApiRecord> {
      const existing = await findRow(db, s, id, 'update');
      if (!existing) throw notFound(`${area.singular} not found.`);
      if (existing.version !== version) throw staleVersion(area.singular);
      let values = stampOwner(s, 'update', def.toValues(input, existing));
      if (def.resolve) values = await def.resolve(db, values, existing);
      const prepared = await def.hooks?.beforeWrite(db, input, existing, s);
      values = { ...values, ...prepared?.values };
      await checkUnique(db, values, id);
      const images = await storeImages(input as Record<string, unknown>, existing);
      const updated = await write(
        db,
        async (tx) => {
          // The version in the WHERE makes the check and the write one step: no update is silently lost.
          const rows = (await tx
            .update(table as PgTable)
            .set({ ...values, ...images.set, updatedAt: new Date(), version: sql`${table.version} + 1` } as never)
            .where(and(eq(table.id, id), eq(table.version, version), scope(s, 'update')))
            .returning(columns)) as Row[];
          if (rows.length === 0) throw staleVersion(area.singular);
          const hookChanges = prepared ? await def.hooks!.afterWrite(tx, id, prepared.plan, existing, s) : {};
          await logActivity(tx, s.actor, {
            area: area.key,
            action: 'update',
            recordId: id,
            recordName: recordName(rows[0]),
            changes: { ...diffRecords(ownColumns(existing), rows[0]), ...hookChanges },
          });
          return rows[0]!;
        },
        images.rollback,
      );
      await images.commit();
      if (prepared && def.hooks?.afterCommit) await def.hooks.afterCommit(db, id, prepared.plan, s);
      return def.serialize((await findRow(db, s, id)) ?? updated);
    },

    /**
     * Deletes the target's records (the selected ids, or every record matching the list's filter
     * that the caller may delete) in one transaction, with an activity entry for each. If any of
     * them is still in use, none is deleted (409 naming them). Answers how many were deleted.
     */
    async remove(db: Db, s: RequestScope, target: BulkTarget): Promise<number> {
      let files: string[] = [];
      const rows = await db
        .transaction(async (tx) => {
          const rows = (await tx
            .select(columns)
            .from(table as PgTable)
            .where(targetWhere(tx, s, target, 'delete'))) as Row[];
          const single = 'ids' in target && new Set(target.ids).size === 1;
          if ('ids' in target && rows.length !== new Set(target.ids).size)
            throw notFound(single ? `${area.singular} not found.` : `Some of the selected ${inSentence(area.label)} no longer exist. Reload and try again.`);
          if (!rows.length) return rows;
          const ids = rows.map((r) => r.id);
          const blocked = await blockersOf(tx, ids);
          if (blocked.size) {
            const listed = rows.filter((r) => blocked.has(r.id));
            const errors: Record<string, string[]> = Object.fromEntries(
              listed.slice(0, MAX_LISTED_BLOCKERS).map((r) => [String(r.id), [`${titleOf(r)}: ${blocked.get(r.id)}`]]),
            );
            if (listed.length > MAX_LISTED_BLOCKERS) errors.more = [`…and ${listed.length - MAX_LISTED_BLOCKERS} more.`];
            throw conflict(
              single
                ? `${area.singular} "${titleOf(rows[0]!)}" can't be deleted: ${blocked.get(rows[0]!.id)}`
                : `${blocked.size} of the ${'ids' in target ? 'selected' : `${rows.length} matching`} ${inSentence(area.label)} can't be deleted because they are still used. Nothing was deleted.`,
              errors,
            );
          }
          if (def.filesOnDelete) files = await def.filesOnDelete.collect(tx, ids);
          for (const chunk of chunks(ids)) await tx.delete(table as PgTable).where(inArray(table.id, chunk));
          await logActivities(
            tx,
            s.actor,
            rows.map((row) => ({ area: area.key, action: 'delete', recordId: row.id, recordName: recordName(row), before: row })),
          );
          return rows;
        })
        .catch((e: unknown) => {
          if (isForeignKeyViolation(e)) throw conflict(`Something was added to the selected ${inSentence(area.label)} meanwhile. Reload and try again.`);
          throw e;
        });
      await Promise.all(
        rows
          .flatMap((r) => (def.images ?? []).map((img) => r[img.column] as string | null))
          .filter(Boolean)
          .map((k) => uploads().delete(k!)),
      );
      if (def.filesOnDelete) await Promise.all(files.map(def.filesOnDelete.remove));
      return rows.length;
    },

    /**
     * Whether a record could be deleted now, without deleting it: the in-use guards the delete
     * runs, so the dialog can say so before asking to type the name. 404 like the delete.
     */
    async deleteCheck(db: DbOrTx, s: RequestScope, id: number): Promise<{ deletable: boolean; message: string; details: string[] }> {
      const row = await findRow(db, s, id, 'delete');
      if (!row) throw notFound(`${area.singular} not found.`);
      const reason = (await blockersOf(db, [id])).get(id);
      const name = `${area.singular} "${titleOf(row)}"`;
      return reason
        ? { deletable: false, message: `${name} can't be deleted: ${reason}`, details: [] }
        : { deletable: true, message: `${name} is not used anywhere and can be deleted.`, details: [] };
    },

    /**
     * Gives the target's records (the selected ids, or every record matching the list's filter
     * that the caller may change) `status`, in one transaction, with an activity entry for each
     * record that changed. Answers how many changed (those that already had it don't count).
     */
    async setStatus(db: Db, s: RequestScope, target: BulkTarget, status: string): Promise<number> {
      const statusField = area.statusField;
      if (!statusField) throw invalid({ action: ['This area has no status.'] });
      if (!statusField.options.some((o) => o.value === status))
        throw invalid({ status: [`Choose one of ${statusField.options.map((o) => o.value).join(', ')}.`] });
      const key = rowKeyOf(statusField.field) ?? statusField.field;
      const column = (columns as Record<string, PgColumn>)[key]!;
      // A yes/no "status" (a pincode's serviceability) comes as "true"/"false".
      const value: unknown = listColumns[statusField.field]?.kind === 'boolean' ? status === 'true' : status;
      return db.transaction(async (tx) => {
        const before = (await tx
          .select({ id: table.id, value: column, ...(titleColumn ? { [titleKey]: titleColumn } : {}) })
          .from(table as PgTable)
          .where(targetWhere(tx, s, target, 'update'))
          .for('update')) as ({ id: number; value: unknown } & Row)[];
        if ('ids' in target && before.length !== new Set(target.ids).size)
          throw notFound(`Some of the selected ${inSentence(area.label)} no longer exist. Reload and try again.`);
        const changed = before.filter((r) => r.value !== value);
        const rules = def.statusChange;
        if (rules) {
          const byStatus = new Map(changed.map((r) => [r.id, rules.refuse(String(r.value), status)]));
          const checked = changed.filter((r) => !byStatus.get(r.id));
          const byRecord =
            rules.refuseInTransaction && checked.length
              ? await rules.refuseInTransaction(
                  tx,
                  checked.map((r) => ({ id: r.id, from: String(r.value) })),
                  status,
                  s,
                )
              : new Map<number, string>();
          const refused = changed.flatMap((r) => {
            const reason = byStatus.get(r.id) ?? byRecord.get(r.id);
            return reason ? [{ row: r, reason }] : [];
          });
          if (refused.length) {
            const errors: Record<string, string[]> = Object.fromEntries(
              refused.slice(0, MAX_LISTED_BLOCKERS).map(({ row, reason }) => [String(row.id), [`${titleOf(row)}: ${reason}`]]),
            );
            if (refused.length > MAX_LISTED_BLOCKERS) errors.more = [`…and ${refused.length - MAX_LISTED_BLOCKERS} more.`];
            throw conflict(
              refused.length === 1 && before.length === 1
                ? `${area.singular} "${titleOf(refused[0]!.row)}" can't be changed: ${refused[0]!.reason}`
                : `${refused.length} of the ${before.length} ${inSentence(area.label)} can't be changed. Nothing was changed.`,
              errors,
            );
          }
        }
        for (const chunk of chunks(changed.map((r) => r.id))) {
          await tx
            .update(table as PgTable)
            .set({ [key]: value, updatedAt: new Date(), version: sql`${table.version} + 1` } as never)
            .where(inArray(table.id, chunk));
        }
        await logActivities(
          tx,
          s.actor,
          changed.map((r) => ({ area: area.key, action: 'update', recordId: r.id, recordName: recordName(r), changes: { [key]: [r.value, value] } })),
        );
        if (rules?.afterChange)
          await rules.afterChange(
            tx,
            changed.map((r) => ({ id: r.id, from: String(r.value) })),
            status,
            s,
          );
        return changed.length;
      });
    },

    /**
     * Puts the records matching `query` (the list's search and filters, scoped) in the order of
     * `ids`, which must be exactly that set: a record added or deleted since the list was loaded
     * answers 409 and changes nothing. The records take the positions they already hold, in the
     * new order, so the rest of the area keeps its place; when two of them share a position, the
     * whole area is numbered 1…n first. Every area row is locked, so reorders and edits queue up.
     * One activity entry says what the order was and what it became.
     */
    async reorder(db: Db, s: RequestScope, ids: number[], query: Pick<ListQuery, 'q' | 'filters'>): Promise<number> {
      if (!area.reorder || !reorderKey) throw notFound();
      if (new Set(ids).size !== ids.length) throw invalid({ ids: ['Each record may appear only once.'] });
      const positionColumn = listColumns[area.reorder.field]!.column as AnyColumn;
      const key = reorderKey;
      const where = listWhere(spec, query, [scope(s, 'update')]);
      return db.transaction(async (tx) => {
        const all = (await tx
          .select(columns)
          .from(table as PgTable)
          .where(scope(s, 'update'))
          .orderBy(asc(positionColumn), asc(table.id))
          .for('update')) as Row[];
        const matching = new Set(((await from(tx, { id: table.id }).where(where)) as { id: number }[]).map((r) => r.id));
        if (matching.size !== ids.length || ids.some((id) => !matching.has(id))) {
          throw conflict(
            `The ${inSentence(area.label)} changed since the list was loaded (one was added or deleted). Reload and try again; nothing was moved.`,
          );
        }
        const position = (r: Row) => Number(r[key]);
        const next = new Map(all.map((r) => [r.id, position(r)]));
        let slots = all.filter((r) => matching.has(r.id)).map(position);
        if (slots.some((p, i) => i > 0 && p === slots[i - 1])) {
          all.forEach((r, i) => next.set(r.id, i + 1));
          slots = all.filter((r) => matching.has(r.id)).map((r) => next.get(r.id)!);
        }
        ids.forEach((id, i) => next.set(id, slots[i]!));
        const changed = all.filter((r) => next.get(r.id) !== position(r));
        for (const row of changed) {
          await tx
            .update(table as PgTable)
            .set({ [key]: next.get(row.id), updatedAt: new Date(), version: sql`${table.version} + 1` } as never)
            .where(eq(table.id, row.id));
        }
        if (changed.length) {
          const label = (id: number) => `${String(all.find((r) => r.id === id)?.[area.titleField] ?? '')} (#${id})`;
          const before = all.filter((r) => matching.has(r.id)).map((r) => label(r.id));
          await logActivity(tx, s.actor, { area: area.key, action: 'reorder', recordId: null, changes: { order: [before, ids.map(label)] } });
        }
        return changed.length;
      });
    },

    /**
     * Choices for a picker: records matching `q` (the list's search) and the filters, sorted by
     * the default sort, at most OPTIONS_LIMIT; or exactly `ids` (to label values already chosen).
     * Vendor scoping applies as for the list.
     */
    async options(db: DbOrTx, s: RequestScope, query: ListQuery, ids?: number[]): Promise<RelationOption[]> {
      const order = listOrder(spec, query);
      const where = listWhere(spec, query, [scope(s, 'list'), ids ? inArray(table.id, ids) : undefined]);
      const rows = (await from(db, selection)
        .where(where)
        .orderBy(...order.by)
        .limit(ids ? ids.length : OPTIONS_LIMIT)) as Row[];
      const active = area.statusField?.options[0]?.value;
      return rows.map((row) => {
        const record = def.serialize(row);
        const label = def.optionLabel ? def.optionLabel(record) : String(record[area.titleField] ?? record.id);
        const status = area.statusField ? record[area.statusField.field] : undefined;
        return status !== undefined && String(status) !== active ? { value: row.id, label, inactive: true } : { value: row.id, label };
      });
    },

    /** Every row of the filtered set (or the given ids), for CSV export; capped to keep memory bounded. */
    async exportRows(db: DbOrTx, s: RequestScope, query: ListQuery, ids?: number[], cap = 100_000): Promise<ApiRecord[]> {
      const order = listOrder(spec, query);
      const where = listWhere(spec, query, [scope(s, 'list'), ids ? inArray(table.id, ids) : undefined]);
      const rows = (await from(db, selection)
        .where(where)
        .orderBy(...order.by)
        .limit(cap)) as Row[];
      return rows.map(def.serialize);
    },
  };
}

export type Resource = ReturnType<typeof defineResource>;

/** A refusal names at most this many of the records in use (a filter can match thousands). */
const MAX_LISTED_BLOCKERS = 20;

/** Ids in slices that keep every statement's bound values well under PostgreSQL's 65,535. */
function chunks(ids: number[], size = 1000): number[][] {
  const out: number[][] = [];
  for (let i = 0; i < ids.length; i += size) out.push(ids.slice(i, i + size));
  return out;
}

function staleVersion(singular: string) {
  return conflict(
    `This ${inSentence(singular)} was changed by someone else after you opened it. Reload to see their changes; what you typed is kept until you do.`,
  );
}
