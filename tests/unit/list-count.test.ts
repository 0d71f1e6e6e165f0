/**
 * A filtered list's total (src/lib/list/list-sql.server.ts): exact up to FILTERED_COUNT_CAP
 * matches, the planner's estimate past it, kept until the next write through the app (and a few
 * seconds at most), so a write made here shows in the next total. Against a real in-memory PGlite with the real migrations.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { and, eq, like, lt } from 'drizzle-orm';
import { aroundAppWrite } from '../../src/lib/db/app-writes.server.ts';
import { openDatabase, type Database } from '../../src/lib/db/client.server.ts';
import { brandResource } from '../../src/features/brands/brand.resource.server.ts';
import { brands } from '../../src/features/brands/brand.tables.ts';
import { FILTERED_COUNT_CAP } from '../../src/lib/list/list-sql.server.ts';
import type { RequestScope } from '../../src/lib/areas/resource.server.ts';
import type { Filters, ListQuery } from '../../src/lib/list/list-query.ts';

let database: Database;
// Brands have no owner column: the list reads no principal.
const scope = {} as RequestScope;
const MANY = FILTERED_COUNT_CAP + 20;
const KEPT = 20;

beforeAll(async () => {
  database = await openDatabase({ driver: 'pglite', dataDir: 'memory://' });
  const rows = Array.from({ length: MANY }, (_, i) => ({ name: `Harbour ${String(i).padStart(4, '0')}`, slug: `harbour-${i}`, status: 'active' as const }));
  await database.db.insert(brands).values([...rows, { name: 'Lantern', slug: 'lantern', status: 'active' }]);
}, 240_000);

afterAll(async () => {
  await database?.close();
});

const harbour = (value = 'harbour'): Filters => ({ name: { operator: 'and', constraints: [{ value, matchMode: 'contains' }] } });
const page = (n: number, filters: Filters = harbour()): ListQuery => ({ page: n, per_page: 10, order: 'asc', sort: 'name', filters });
const meta = async (q: ListQuery) => (await brandResource.list(database.db, scope, q)).meta;

describe('a filtered list total', () => {
  it('is exact up to the cap, an estimate past it, and counted afresh after a write through the app', async () => {
    expect(await meta(page(1, harbour('harbour 000')))).toMatchObject({ total: 10, total_is_estimate: false });
    const past = await meta(page(1));
    expect(past.total_is_estimate).toBe(true);
    expect(past.total).toBeGreaterThan(FILTERED_COUNT_CAP);

    // A change this process did not make (another app server): the estimate is kept a few seconds.
    await database.db.delete(brands).where(eq(brands.name, 'Harbour 0000'));
    expect(await meta(page(1))).toMatchObject({ total: past.total, total_is_estimate: true });

    // All but KEPT go, through the app (an unsafe request runs in aroundAppWrite): the very next
    // read counts them.
    await aroundAppWrite(() =>
      database.db.delete(brands).where(and(like(brands.name, 'Harbour %'), lt(brands.name, `Harbour ${String(MANY - KEPT).padStart(4, '0')}`))),
    );
    expect(await meta(page(1))).toMatchObject({ total: KEPT, total_is_estimate: false });
    expect(await meta(page(2))).toMatchObject({ total: KEPT, total_is_estimate: false });
    expect(await meta(page(3))).toMatchObject({ total: KEPT, total_is_estimate: false });

    // Another WHERE is counted as usual.
    expect(await meta(page(1, harbour('lantern')))).toMatchObject({ total: 1, total_is_estimate: false });
  });

  it('keeps no estimate read while a write through the app is under way', async () => {
    await database.db.insert(brands).values(
      Array.from({ length: FILTERED_COUNT_CAP + 5 }, (_, i) => ({
        name: `Quay ${String(i).padStart(4, '0')}`,
        slug: `quay-${i}`,
        status: 'active' as const,
      })),
    );
    const quay = page(1, harbour('quay'));
    let during: Awaited<ReturnType<typeof meta>> | undefined;
    await aroundAppWrite(async () => {
      during = await meta(quay);
    });
    expect(during?.total_is_estimate).toBe(true);
    // Kept now, after the write: a later write through the app makes it go.
    await meta(quay);
    await aroundAppWrite(() => database.db.delete(brands).where(like(brands.name, 'Quay 00%')));
    expect(await meta(quay)).toMatchObject({ total: FILTERED_COUNT_CAP + 5 - 100, total_is_estimate: false });
  });
});
