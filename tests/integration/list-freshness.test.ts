/**
 * A write through the API is in the very next list read, rows and total alike (decision 022: no
 * list page or count is kept between requests). Each list is read twice before every write, so a
 * cache that kept pages or totals across a write would answer the old ones here. "Contains"
 * searches ignore case and go through the trigram indexes (pg_trgm) on both databases.
 */
import { beforeAll, describe, expect, it } from 'vitest';
import { useServer } from '../helpers/vitest-server.ts';
import type { HttpClient } from '../helpers/http.ts';
import { areaApi, filter, type ApiRecord } from '../helpers/area-api.ts';

const app = useServer();
let admin: HttpClient;
const brands = areaApi('brands', () => admin);

const PREFIX = 'Freshwater Loom';
const contains = (value: string) => ({ ...filter('name', 'contains', value), sort: 'name', per_page: 10 });

/** The list as a person sees it, read twice (the second read is the one a cache would answer). */
async function seen(params: Record<string, unknown>) {
  await brands.list(params);
  const { status, body } = await brands.list(params);
  expect(status, JSON.stringify(body)).toBe(200);
  return { names: body.data.map((b) => b.name as string), total: body.meta.total, estimate: body.meta.total_is_estimate };
}

beforeAll(async () => {
  admin = await app.as('admin');
});

describe('a list after a write', () => {
  let made: ApiRecord[] = [];

  it('shows a created brand, and counts it, in the next read', async () => {
    expect(await seen(contains(PREFIX))).toEqual({ names: [], total: 0, estimate: false });
    for (const n of [1, 2, 3]) {
      made.push(await brands.create({ name: `${PREFIX} ${n}`, slug: `freshwater-loom-${n}`, status: 'active' }));
      const after = await seen(contains(PREFIX));
      expect(after.total).toBe(n);
      expect(after.names).toContain(`${PREFIX} ${n}`);
    }
    // Case-insensitive, in the middle of the name, and in the search box as in a filter.
    expect((await seen(contains('WATER lo'))).total).toBe(3);
    expect((await seen({ q: 'freshwater-loom', per_page: 10 })).total).toBe(3);
  });

  it('shows an edit in the next read: the renamed brand leaves the search and its total', async () => {
    expect((await seen(contains(PREFIX))).total).toBe(3);
    const target = await brands.get(made[0]!.id);
    const res = await brands.put(target.id, { name: 'Saltwater Weave', slug: target.slug, status: target.status, version: String(target.version) });
    expect(res.status, await res.clone().text()).toBe(200);
    const after = await seen(contains(PREFIX));
    expect(after).toEqual({ names: [`${PREFIX} 2`, `${PREFIX} 3`], total: 2, estimate: false });
    expect((await seen(contains('saltwater'))).names).toEqual(['Saltwater Weave']);
  });

  it('shows a status change in the next read of a filtered list', async () => {
    const activeOnes = { ...contains(PREFIX), filters: { ...contains(PREFIX).filters, ...filter('status', 'equals', 'active').filters } };
    expect((await seen(activeOnes)).total).toBe(2);
    const res = await admin.post('/api/brands/bulk-status', { json: { ids: [made[1]!.id], status: 'inactive' } });
    expect(res.status, await res.clone().text()).toBe(200);
    expect(await seen(activeOnes)).toEqual({ names: [`${PREFIX} 3`], total: 1, estimate: false });
  });

  it('drops a deleted brand from the next read and its total', async () => {
    const unfiltered = await seen({ per_page: 10 });
    const res = await brands.delete(made[2]!.id);
    expect(res.status, await res.clone().text()).toBe(200);
    expect(await seen(contains(PREFIX))).toEqual({ names: [`${PREFIX} 2`], total: 1, estimate: false });
    expect((await seen({ per_page: 10 })).total).toBe(unfiltered.total - 1);
    made = [];
  });
});
