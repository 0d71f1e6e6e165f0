/**
 * List pages run compiled statements (src/lib/db/statements.server.ts): one per query shape, with
 * the filters' values as placeholders. Against a real in-memory PGlite with the real migrations:
 * the same shape with other values answers for those values, each shape is built once, and a
 * transaction's handle keeps nothing. Their rows are mapped as Drizzle maps them.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq, sql } from 'drizzle-orm';
import { openDatabase, type Database } from '../../src/lib/db/client.server.ts';
import { compiledCount, compiledStatement } from '../../src/lib/db/statements.server.ts';
import { brandResource } from '../../src/features/brands/brand.resource.server.ts';
import { brands } from '../../src/features/brands/brand.tables.ts';
import { products } from '../../src/features/products/product.tables.ts';
import type { RequestScope } from '../../src/lib/areas/resource.server.ts';
import type { Filters, ListQuery } from '../../src/lib/list/list-query.ts';

let database: Database;
// Brands have no owner column: the list reads no principal.
const scope = {} as RequestScope;
const NAMES = ['Anchor', 'Banyan', 'Cedar', 'Dandelion', 'Ember', 'Fable', 'Garnet', 'Hazel', 'Indigo', 'Juniper'];

beforeAll(async () => {
  database = await openDatabase({ driver: 'pglite', dataDir: 'memory://' });
  await database.db.insert(brands).values(NAMES.map((name, i) => ({ name, slug: name.toLowerCase(), status: i % 2 ? 'inactive' : 'active' })));
}, 240_000);

afterAll(async () => {
  await database?.close();
});

const query = (filters: Filters, more: Partial<ListQuery> = {}): ListQuery => ({ page: 1, per_page: 10, order: 'asc', sort: 'name', filters, ...more });
const contains = (value: string): Filters => ({ name: { operator: 'and', constraints: [{ value, matchMode: 'contains' }] } });
const names = async (q: ListQuery) => (await brandResource.list(database.db, scope, q)).data.map((r) => r.name);

describe('compiled list statements', () => {
  it('answer each request with its own values, building each shape once', async () => {
    const before = compiledCount(database.db);
    expect(await names(query(contains('an')))).toEqual(['Anchor', 'Banyan', 'Dandelion']);
    expect(compiledCount(database.db)).toBe(before + 1);
    expect(await names(query(contains('ed')))).toEqual(['Cedar']);
    expect(await names(query(contains('zz')))).toEqual([]);
    // Same shape, other values: no new statement.
    expect(compiledCount(database.db)).toBe(before + 1);
    // Another shape (two constraints, or'ed), another statement.
    const either: Filters = {
      name: {
        operator: 'or',
        constraints: [
          { value: 'Ha', matchMode: 'startsWith' },
          { value: 'per', matchMode: 'endsWith' },
        ],
      },
    };
    expect(await names(query(either))).toEqual(['Hazel', 'Juniper']);
    expect(compiledCount(database.db)).toBe(before + 2);
  });

  it('bind every kind of value: lists, enums, dates and page offsets', async () => {
    const inList: Filters = { name: { operator: 'and', constraints: [{ value: ['cedar', 'EMBER', 'nope'], matchMode: 'in' }] } };
    expect(await names(query(inList))).toEqual(['Cedar', 'Ember']);
    const inactive: Filters = { status: { operator: 'and', constraints: [{ value: 'inactive', matchMode: 'equals' }] } };
    expect(await names(query(inactive))).toEqual(['Banyan', 'Dandelion', 'Fable', 'Hazel', 'Juniper']);
    const since = (day: string): Filters => ({ created_at: { operator: 'and', constraints: [{ value: day, matchMode: 'dateAfter' }] } });
    expect(await names(query(since('2000-01-01'), { per_page: 10 }))).toHaveLength(10);
    expect(await names(query(since('2999-01-01')))).toEqual([]);
    // Offsets are values too: page 2 runs page 1's statement.
    const first = await brandResource.list(database.db, scope, query({}, { per_page: 10, page: 1 }));
    expect(first.data).toHaveLength(10);
    const shapes = compiledCount(database.db);
    const page = (n: number) => ({ ...query({}), per_page: 10 as const, page: n });
    expect((await brandResource.list(database.db, scope, page(2))).data).toEqual([]);
    expect(compiledCount(database.db)).toBe(shapes);
  });

  it('page with a keyset cursor through the same statement', async () => {
    const first = await brandResource.list(database.db, scope, { ...query(contains('a')), per_page: 10 });
    expect(first.data.map((r) => r.name)).toEqual(['Anchor', 'Banyan', 'Cedar', 'Dandelion', 'Fable', 'Garnet', 'Hazel']);
    const q = (cursor: string): ListQuery => ({ ...query(contains('a')), per_page: 10, cursor });
    // Cursors taken from the rows: after Cedar, then after Garnet.
    const cursorAfter = (name: string, id: number) => Buffer.from(JSON.stringify({ v: name, id })).toString('base64url');
    const ids = new Map(first.data.map((r) => [r.name as string, r.id]));
    expect((await brandResource.list(database.db, scope, q(cursorAfter('Cedar', ids.get('Cedar')!)))).data.map((r) => r.name)).toEqual([
      'Dandelion',
      'Fable',
      'Garnet',
      'Hazel',
    ]);
    expect((await brandResource.list(database.db, scope, q(cursorAfter('Garnet', ids.get('Garnet')!)))).data.map((r) => r.name)).toEqual(['Hazel']);
  });

  it('refuse a cursor whose value is not a plain value, in the one error shape', async () => {
    const bad = Buffer.from(JSON.stringify({ v: { nested: true }, id: 1 })).toString('base64url');
    await expect(brandResource.list(database.db, scope, { ...query({}), cursor: bad })).rejects.toMatchObject({ status: 422 });
  });

  it('search a name through its lower-case copy, whatever the case on either side, and keep the copy out of the record', async () => {
    expect(await names(query(contains('AN')))).toEqual(['Anchor', 'Banyan', 'Dandelion']);
    const affixes: Filters = {
      name: {
        operator: 'or',
        constraints: [
          { value: 'hA', matchMode: 'startsWith' },
          { value: 'PER', matchMode: 'endsWith' },
        ],
      },
    };
    expect(await names(query(affixes))).toEqual(['Hazel', 'Juniper']);
    const notContains: Filters = { name: { operator: 'and', constraints: [{ value: 'A', matchMode: 'notContains' }] } };
    expect(await names(query(notContains))).toEqual(['Ember', 'Indigo', 'Juniper']);
    // The global search box reads the copy too, and LIKE's own characters stay literal.
    expect(await names({ ...query({}), q: 'EMB' })).toEqual(['Ember']);
    expect(await names({ ...query({}), q: '_' })).toEqual([]);
    // The database keeps the copy on every write: a renamed brand is found by its new name only.
    await database.db
      .update(brands)
      .set({ name: 'Quartz' })
      .where(sql`${brands.name} = 'Indigo'`);
    expect(await names(query(contains('qUARTZ')))).toEqual(['Quartz']);
    expect(await names(query(contains('indigo')))).toEqual([]);
    await database.db
      .update(brands)
      .set({ name: 'Indigo' })
      .where(sql`${brands.name} = 'Quartz'`);
    const row = (await brandResource.list(database.db, scope, query(contains('cedar')))).data[0];
    expect(row).toBeDefined();
    expect(Object.keys(row).filter((k) => /fold/i.test(k))).toEqual([]);
  });

  it('keep nothing for a transaction handle', async () => {
    await database.db.transaction(async (tx) => {
      const statement = compiledStatement(tx, 'only here', () =>
        tx
          .select({ n: sql<number>`1` })
          .from(brands)
          .limit(sql.placeholder('limit')),
      );
      expect(await statement.execute({ limit: 2 })).toHaveLength(2);
      expect(compiledCount(tx)).toBe(0);
    });
  });

  it('map rows as Drizzle does: decoded values, and a missing joined record as null', async () => {
    const selection = {
      id: brands.id,
      name: brands.name,
      logo: brands.logoPath,
      created: brands.createdAt,
      products: sql<number>`(select count(*) from ${products} where ${products.brandId} = ${brands.id})`.mapWith(Number),
    };
    const statement = compiledStatement(database.db, 'row mapping', () =>
      database.db.select(selection).from(brands).orderBy(brands.id).limit(sql.placeholder('limit')),
    );
    const mapped = await statement.execute({ limit: 5 });
    expect(mapped).toEqual(await database.db.select(selection).from(brands).orderBy(brands.id).limit(5));
    expect(mapped[0]!.created).toBeInstanceOf(Date);
    expect(typeof mapped[0]!.products).toBe('number');
    const nested = compiledStatement(database.db, 'nested row mapping', () =>
      database.db
        .select({ id: brands.id, product: { id: products.id, name: products.name } })
        .from(brands)
        .leftJoin(products, eq(products.brandId, brands.id))
        .where(eq(brands.name, 'Anchor'))
        .limit(sql.placeholder('limit')),
    );
    expect(await nested.execute({ limit: 1 })).toEqual([{ id: expect.any(Number), product: null }]);
  });
});
