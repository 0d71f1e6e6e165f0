/**
 * A filtered list's total (src/lib/list/list-sql.server.ts): exact up to FILTERED_COUNT_CAP
 * matches, the planner's estimate past it, and every read counts afresh, so a write shows in the
 * next total. Against a real in-memory PGlite with the real migrations.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { and, like, lt } from 'drizzle-orm';
import { openDatabase, type Database } from '../../src/lib/db/client.server.ts';
import { brandResource } from '../../src/features/brands/brand.resource.server.ts';
import { brands } from '../../src/lib/db/schema.ts';
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
  it('is exact up to the cap, an estimate past it, and counted afresh by the next read after a write', async () => {
    expect(await meta(page(1, harbour('harbour 000')))).toMatchObject({ total: 10, total_is_estimate: false });
    const past = await meta(page(1));
    expect(past.total_is_estimate).toBe(true);
    expect(past.total).toBeGreaterThan(FILTERED_COUNT_CAP);

    // All but KEPT go: the very next read counts them (no estimate is kept from before the write).
    await database.db.delete(brands).where(and(like(brands.name, 'Harbour %'), lt(brands.name, `Harbour ${String(MANY - KEPT).padStart(4, '0')}`)));
    expect(await meta(page(1))).toMatchObject({ total: KEPT, total_is_estimate: false });
    expect(await meta(page(2))).toMatchObject({ total: KEPT, total_is_estimate: false });
    expect(await meta(page(3))).toMatchObject({ total: KEPT, total_is_estimate: false });

    // Another WHERE is counted as usual.
    expect(await meta(page(1, harbour('lantern')))).toMatchObject({ total: 1, total_is_estimate: false });
  });
});
