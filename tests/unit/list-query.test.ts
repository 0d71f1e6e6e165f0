/**
 * The one list contract: the query string schema, the canonical URL both sides write, the
 * browser's lenient reading of it, and the SQL each match mode becomes (through the column
 * allowlist, with a 422 naming a bad filter).
 */
import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { sql as rawSql } from 'drizzle-orm';
import { PgDialect, bigint, boolean, integer, numeric, pgTable, real, serial, smallint, text, timestamp } from 'drizzle-orm/pg-core';
import { listQuerySchema, MATCH_MODES, MODES_BY_KIND, PAGE_SIZES, toSearchParams, type ListQuery } from '../../src/lib/list/list-query.ts';
import { listSearch, readListState } from '../../src/lib/list/list-url.ts';
import { keysetWhere, listOrder, listWhere, STORE_UTC_OFFSET_MINUTES, type ListSpec } from '../../src/lib/list/list-sql.server.ts';
import { HttpError } from '../../src/lib/http/errors.ts';
import { queryKeys } from '../../src/lib/areas/query-keys.ts';

const parse = (raw: Record<string, string>) => listQuerySchema.safeParse(raw);
const filters = (f: unknown) => ({ filters: JSON.stringify(f) });

describe('listQuerySchema', () => {
  it('fills the defaults: page 1, 25 rows, ascending, no filters', () => {
    expect(parse({}).data).toEqual({ page: 1, per_page: 25, order: 'asc', filters: {} });
  });

  it('takes the four page sizes and nothing else', () => {
    for (const n of PAGE_SIZES) expect(parse({ per_page: String(n) }).data?.per_page).toBe(n);
    for (const bad of ['0', '20', '1000', 'ten']) expect(parse({ per_page: bad }).success, bad).toBe(false);
    expect(parse({ per_page: '20' }).error?.issues[0]?.message).toBe('per_page must be 10, 25, 50 or 100.');
  });

  it('refuses a page below 1, a bad order and unknown parameters', () => {
    expect(parse({ page: '0' }).success).toBe(false);
    expect(parse({ order: 'sideways' }).success).toBe(false);
    expect(parse({ sortt: 'name' }).success).toBe(false);
  });

  it('reads filters as JSON, defaults the operator to and, and names what is wrong', () => {
    const ok = parse(filters({ name: { constraints: [{ value: 'ind', matchMode: 'startsWith' }] } }));
    expect(ok.data?.filters).toEqual({ name: { operator: 'and', constraints: [{ value: 'ind', matchMode: 'startsWith' }] } });
    expect(parse({ filters: '{not json' }).error?.issues[0]?.message).toBe('filters must be JSON.');
    expect(parse(filters({ name: { constraints: [{ value: 'x', matchMode: 'like' }] } })).error?.issues[0]?.message).toMatch(
      /^filters\.name\.constraints\.0\.matchMode: Unknown match mode "like"/,
    );
    expect(parse(filters({ name: { operator: 'xor', constraints: [{ value: 'x', matchMode: 'equals' }] } })).success).toBe(false);
    expect(parse(filters({ name: { constraints: [] } })).success).toBe(false);
  });

  it('knows the spec’s sixteen match modes, grouped by column kind', () => {
    expect([...MATCH_MODES]).toEqual([
      'startsWith',
      'contains',
      'notContains',
      'endsWith',
      'equals',
      'notEquals',
      'in',
      'lt',
      'lte',
      'gt',
      'gte',
      'between',
      'dateIs',
      'dateIsNot',
      'dateBefore',
      'dateAfter',
    ]);
    expect(MODES_BY_KIND.text).toEqual(['startsWith', 'contains', 'notContains', 'endsWith', 'equals', 'notEquals', 'in']);
    expect(MODES_BY_KIND.number).toEqual(['equals', 'notEquals', 'in', 'lt', 'lte', 'gt', 'gte', 'between']);
    expect(MODES_BY_KIND.date).toEqual(['dateIs', 'dateIsNot', 'dateBefore', 'dateAfter', 'between']);
    expect(MODES_BY_KIND.enum).toEqual(['equals', 'notEquals', 'in']);
  });
});

describe('the table state in the URL', () => {
  it('writes canonical URLs: defaults left out, order only with a sort', () => {
    expect(toSearchParams({ page: 1, per_page: 25, order: 'asc', filters: {} }).toString()).toBe('');
    expect(toSearchParams({ page: 3, per_page: 50, sort: 'name', order: 'desc', q: 'loom', filters: {} }).toString()).toBe(
      'page=3&per_page=50&sort=name&order=desc&q=loom',
    );
    expect(toSearchParams({ order: 'desc', filters: {} }).toString()).toBe('');
  });

  it('reads back what it wrote, and what the server reads (round trip)', () => {
    const state = arbitraryState();
    fc.assert(
      fc.property(state, (s) => {
        const search = listSearch(s);
        const again = readListState(search.slice(1));
        expect(listSearch(again)).toBe(search);
        const server = listQuerySchema.parse(Object.fromEntries(new URLSearchParams(search)));
        expect(listSearch(server as ListQuery)).toBe(search);
      }),
    );
  });

  it('is lenient in the browser: unreadable values fall back to their defaults', () => {
    expect(readListState('page=-4&per_page=7&order=up&filters=%7Bbroken')).toEqual({ page: 1, per_page: 25, order: 'asc', filters: {} });
    expect(readListState('q=%20%20&sort=name').sort).toBe('name');
    expect(readListState('q=%20%20').q).toBeUndefined();
  });

  it('gives every list of an area one key prefix, so a mutation can invalidate them all', () => {
    const keys = queryKeys('brands');
    const params = { page: 2, per_page: 25 as const, order: 'asc' as const, filters: {} };
    expect(keys.list(params).slice(0, 2)).toEqual([...keys.lists()]);
    expect(keys.detail(7)).toEqual(['brands', 'detail', '7']);
    expect(keys.lists()).not.toEqual(keys.details());
  });
});

function arbitraryState() {
  const word = fc.stringMatching(/^[a-z][a-z ]{0,11}[a-z]$/);
  return fc
    .record({
      page: fc.integer({ min: 1, max: 500 }),
      per_page: fc.constantFrom(...PAGE_SIZES),
      sort: fc.option(fc.constantFrom('name', 'slug', 'created_at'), { nil: undefined }),
      order: fc.constantFrom('asc' as const, 'desc' as const),
      q: fc.option(word, { nil: undefined }),
      filters: fc.dictionary(
        fc.constantFrom('name', 'status'),
        fc.record({
          operator: fc.constantFrom('and' as const, 'or' as const),
          constraints: fc.array(fc.record({ value: word, matchMode: fc.constantFrom('contains' as const, 'equals' as const) }), { minLength: 1, maxLength: 3 }),
        }),
      ),
    })
    .map((s) => {
      const out: Record<string, unknown> = { page: s.page, per_page: s.per_page, order: s.sort ? s.order : 'asc', filters: s.filters };
      if (s.sort) out.sort = s.sort;
      if (s.q) out.q = s.q;
      return out as unknown as ListQuery;
    });
}

// --- SQL -------------------------------------------------------------------------------------

const t = pgTable('things', {
  id: integer('id').primaryKey(),
  name: text('name').notNull(),
  status: text('status').notNull(),
  count: integer('count').notNull(),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull(),
  secret: text('secret'),
});
const spec: ListSpec = {
  columns: {
    name: { column: t.name, kind: 'text', sortable: true, filterable: true },
    status: { column: t.status, kind: 'enum', sortable: true, filterable: true, options: ['active', 'inactive'] },
    count: { column: t.count, kind: 'number', sortable: true, filterable: true },
    created_at: { column: t.createdAt, kind: 'date', sortable: true, filterable: true },
    secret: { column: t.secret, kind: 'text' },
  },
  searchColumns: [t.name],
  idColumn: t.id,
  defaultSort: { field: 'name', order: 'asc' },
};
const dialect = new PgDialect();
function where(f: Record<string, unknown>, q?: string) {
  const query = listQuerySchema.parse({ ...filters(f), ...(q ? { q } : {}) }) as ListQuery;
  const w = listWhere(spec, query);
  if (!w) return undefined;
  const { sql, params } = dialect.sqlToQuery(w);
  return { sql, params };
}
const one = (field: string, matchMode: string, value: unknown, operator = 'and') => ({ [field]: { operator, constraints: [{ value, matchMode }] } });
function rejects(f: Record<string, unknown>): HttpError {
  try {
    where(f);
  } catch (e) {
    expect(e).toBeInstanceOf(HttpError);
    return e as HttpError;
  }
  throw new Error('expected a 422');
}

describe('list SQL: match modes through the allowlist', () => {
  it('turns text modes into case-insensitive comparisons with LIKE wildcards escaped', () => {
    expect(where(one('name', 'startsWith', '50%_off'))).toEqual({ sql: '"things"."name" ilike $1', params: ['50\\%\\_off%'] });
    expect(where(one('name', 'contains', '100%'))).toEqual({ sql: '"things"."name" ilike $1', params: ['%100\\%%'] });
    expect(where(one('name', 'notContains', 'loom'))).toEqual({ sql: 'not "things"."name" ilike $1', params: ['%loom%'] });
    expect(where(one('name', 'endsWith', 'loom'))?.params).toEqual(['%loom']);
    expect(where(one('name', 'equals', 'Indigo Loom'))).toEqual({ sql: 'lower("things"."name") = lower($1)', params: ['Indigo Loom'] });
    expect(where(one('name', 'notEquals', 'x'))?.sql).toBe('lower("things"."name") <> lower($1)');
    expect(where(one('name', 'in', ['A', 'b']))).toEqual({ sql: 'lower("things"."name") in ($1, $2)', params: ['a', 'b'] });
  });

  it('turns number modes into comparisons with numbers, "between" inclusive, an open bound allowed', () => {
    expect(where(one('count', 'gt', '3'))).toEqual({ sql: '"things"."count" > $1', params: [3] });
    expect(where(one('count', 'lte', 3))?.sql).toBe('"things"."count" <= $1');
    expect(where(one('count', 'between', [1, 5]))).toEqual({ sql: '("things"."count" >= $1 and "things"."count" <= $2)', params: [1, 5] });
    expect(where(one('count', 'between', [null, 5]))?.params).toEqual([5]);
    expect(where(one('count', 'in', [1, '2']))?.params).toEqual([1, 2]);
  });

  it('compares dates on the calendar day in India (UTC+5:30)', () => {
    const start = new Date(Date.UTC(2026, 0, 31) - STORE_UTC_OFFSET_MINUTES * 60_000);
    const end = new Date(start.getTime() + 86_400_000);
    expect(where(one('created_at', 'dateIs', '2026-01-31'))?.params).toEqual([start.toISOString(), end.toISOString()]);
    expect(where(one('created_at', 'dateBefore', '2026-01-31'))).toEqual({ sql: '"things"."created_at" < $1', params: [start.toISOString()] });
    expect(where(one('created_at', 'dateAfter', '2026-01-31'))?.params).toEqual([end.toISOString()]);
    expect(where(one('created_at', 'dateIsNot', '2026-01-31'))?.sql).toMatch(/ or /);
    expect(where(one('created_at', 'between', ['2026-01-01', '2026-01-31']))?.params).toEqual([
      new Date(Date.UTC(2026, 0, 1) - STORE_UTC_OFFSET_MINUTES * 60_000).toISOString(),
      end.toISOString(),
    ]);
  });

  it('checks enum values against the declared options', () => {
    expect(where(one('status', 'in', ['active']))?.params).toEqual(['active']);
    expect(rejects(one('status', 'equals', 'deleted')).message).toBe('Invalid filter on "status": the value must be one of active, inactive.');
  });

  it('combines constraints with the operator and fields with AND, and the search box with both', () => {
    const f = {
      name: {
        operator: 'or',
        constraints: [
          { value: 'a', matchMode: 'startsWith' },
          { value: 'b', matchMode: 'endsWith' },
        ],
      },
      ...one('count', 'gt', 1),
    };
    expect(where(f)?.sql).toBe('(("things"."name" ilike $1 or "things"."name" ilike $2) and "things"."count" > $3)');
    expect(where({}, 'loom')).toEqual({ sql: '"things"."name" ilike $1', params: ['%loom%'] });
    expect(where({})).toBeUndefined();
  });

  it('ignores a blank value, as a filter box left empty', () => {
    expect(where(one('name', 'contains', ''))).toBeUndefined();
  });

  it('answers 422 naming the filter: an unknown or unfilterable column, a mode of the wrong kind, a bad value', () => {
    const cases: [Record<string, unknown>, RegExp][] = [
      [one('password', 'equals', 'x'), /"?password"?: this column cannot be filtered/],
      [one('secret', 'equals', 'x'), /"?secret"?: this column cannot be filtered/],
      [one('count', 'contains', '3'), /"?count"?: "contains" does not apply to a number column/],
      [one('name', 'lt', 'b'), /"?name"?: "lt" does not apply to a text column/],
      [one('count', 'equals', 'three'), /"?count"?: the value must be a whole number from -2147483648 to 2147483647/],
      [one('created_at', 'dateIs', 'yesterday'), /"?created_at"?: a date must look like 2026-01-31/],
      [one('count', 'between', [1]), /"?count"?: "between" takes two values/],
      [one('name', 'in', 'a,b'), /"?name"?: "in" takes a list of values/],
    ];
    for (const [f, message] of cases) {
      const e = rejects(f);
      expect(e.status).toBe(422);
      expect(e.message).toMatch(message);
      expect(e.errors?.filters?.[0]).toMatch(message);
    }
  });

  it('sorts only on sortable columns, with the id as tie-breaker', () => {
    expect(listOrder(spec, { sort: 'count', order: 'desc' }).by.map((s) => dialect.sqlToQuery(s).sql)).toEqual(['"things"."count" desc', '"things"."id" desc']);
    expect(listOrder(spec, { order: 'asc' }).field).toBe('name');
    expect(() => listOrder(spec, { sort: 'secret', order: 'asc' })).toThrow('"secret" cannot be sorted on.');
    expect(() => listOrder(spec, { sort: 'nope', order: 'asc' })).toThrow(HttpError);
  });
});

describe('list SQL: values that fit their column (decision 017)', () => {
  const n = pgTable('numbers', {
    id: serial('id').primaryKey(),
    small: smallint('small').notNull(),
    big: bigint('big', { mode: 'number' }).notNull(),
    price: numeric('price', { precision: 12, scale: 2 }).notNull(),
    ratio: real('ratio').notNull(),
    flag: boolean('flag').notNull(),
    at: timestamp('at', { withTimezone: true }),
  });
  const numbers: ListSpec = {
    columns: {
      id: { column: n.id, kind: 'number', sortable: true, filterable: true },
      small: { column: n.small, kind: 'number', sortable: true, filterable: true },
      big: { column: n.big, kind: 'number', sortable: true, filterable: true },
      price: { column: n.price, kind: 'number', sortable: true, filterable: true },
      ratio: { column: n.ratio, kind: 'number', sortable: true, filterable: true },
      counted: { column: rawSql`(select count(*)::int from numbers)`, kind: 'number', sortable: true, filterable: true },
      flag: { column: n.flag, kind: 'boolean', sortable: true, filterable: true },
      at: { column: n.at, kind: 'date', sortable: true, filterable: true },
      status: { column: n.small, kind: 'enum', sortable: true, filterable: true, options: ['active', 'inactive'] },
      name: { column: n.small, kind: 'text', sortable: true, filterable: true },
    },
    searchColumns: [],
    idColumn: n.id,
  };
  const filter = (field: string, value: unknown) =>
    listWhere(numbers, { filters: { [field]: { operator: 'and', constraints: [{ value, matchMode: 'equals' }] } } });
  const status = (fn: () => unknown) => {
    try {
      fn();
      return 200;
    } catch (e) {
      return (e as HttpError).status;
    }
  };

  it("a filter number fits the column's SQL type: int4, int2, a safe int8, any finite decimal; an SQL expression as int4", () => {
    const cases: [string, unknown, number][] = [
      ['id', 2 ** 31 - 1, 200],
      ['id', 2 ** 31, 422],
      ['id', -(2 ** 31), 200],
      ['id', 1.5, 422],
      ['id', '1099511627776', 422],
      ['small', 32_767, 200],
      ['small', 32_768, 422],
      ['big', 2 ** 40, 200],
      ['big', 2 ** 53, 422],
      ['price', 12.5, 200],
      ['price', 1e30, 200],
      ['ratio', 0.25, 200],
      ['counted', 2 ** 31, 422],
      ['counted', 2.5, 422],
      ['counted', 7, 200],
    ];
    for (const [field, value, expected] of cases)
      expect(
        status(() => filter(field, value)),
        `${field} = ${value}`,
      ).toBe(expected);
  });

  const cursor = (value: unknown) => Buffer.from(typeof value === 'string' ? value : JSON.stringify(value)).toString('base64url');
  const keyset = (field: string, value: unknown) => status(() => keysetWhere(numbers, { field, order: 'asc' }, cursor(value)));

  it("a cursor is `{ v, id }` with v of the sort column's kind and id a record id, else 422", () => {
    const cases: [string, unknown, number][] = [
      ['name', { v: 'M', id: 5 }, 200],
      ['name', { v: null, id: 5 }, 422],
      ['name', { v: 5, id: 5 }, 422],
      ['name', { v: 'M\u0000', id: 5 }, 422],
      ['name', { v: 'M', id: '5' }, 422],
      ['name', { v: 'M', id: 0 }, 422],
      ['name', { v: 'M', id: 2 ** 31 }, 422],
      ['name', '{"v":"M","id":1e30}', 422],
      ['name', { v: 'M', id: 5, x: 1 }, 422],
      ['name', { id: 5 }, 422],
      ['name', ['M', 5], 422],
      ['name', 'null', 422],
      ['small', { v: 32_767, id: 5 }, 200],
      ['small', { v: 32_768, id: 5 }, 422],
      ['small', { v: '5', id: 5 }, 422],
      ['price', { v: 12.5, id: 5 }, 200],
      ['counted', { v: 1.5, id: 5 }, 422],
      ['flag', { v: true, id: 5 }, 200],
      ['flag', { v: 'true', id: 5 }, 422],
      ['status', { v: 'active', id: 5 }, 200],
      ['status', { v: 'deleted', id: 5 }, 422],
      ['at', { v: '2026-01-31T10:00:00.000Z', id: 5 }, 200],
      ['at', { v: '2026-02-31T10:00:00.000Z', id: 5 }, 422],
      ['at', { v: '2026-01-31', id: 5 }, 422],
      ['at', { v: 1_700_000_000_000, id: 5 }, 422],
      // Paged by id alone, the list writes no sort value.
      ['', { v: null, id: 5 }, 200],
      ['', { v: 'M', id: 5 }, 422],
    ];
    for (const [field, value, expected] of cases) expect(keyset(field, value), `${field}: ${JSON.stringify(value)}`).toBe(expected);
  });

  it('binds both cursor values, whatever they are: the text is the same for every cursor of a sort', () => {
    const texts = new Set<string>();
    for (const v of ['a', 'zzz', "O'Brien"]) {
      const bound: unknown[] = [];
      const query = dialect.sqlToQuery(
        keysetWhere(
          numbers,
          { field: 'name', order: 'desc' },
          cursor({ v, id: 9 }),
          (value) => (bound.push(value), rawSql.placeholder(`p${bound.length - 1}`)),
        ),
      );
      expect(bound).toEqual([v, 9]);
      texts.add(query.sql);
    }
    expect(texts.size).toBe(1);
  });
});
