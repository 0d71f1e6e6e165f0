/**
 * The list kit's bulk calls over real HTTP, with a filter instead of ids ("Select all N
 * matching"): exactly the matching rows change (beyond the first page, never another vendor's),
 * the count is answered, each changed record gets its activity entry, a bad filter is 422, a
 * caller without the permission 403 and a call without CSRF refused; delete by filter is all or
 * nothing. And the delete check the dialog asks before offering to type a name.
 */
import { beforeAll, describe, expect, it } from 'vitest';
import { useServer } from '../helpers/vitest-server.ts';
import type { HttpClient } from '../helpers/http.ts';
import { expectErrorShape } from '../helpers/assertions.ts';
import { areaApi, filter, type ApiRecord } from '../helpers/area-api.ts';

const app = useServer();
let admin: HttpClient;
let vendor: HttpClient;
let support: HttpClient;
const brands = areaApi('brands', () => admin);
const pincodes = areaApi('pincodes', () => admin);
const warehouses = areaApi('warehouses', () => admin);

beforeAll(async () => {
  admin = await app.as('admin');
  vendor = await app.as('vendor');
  support = await app.as('support');
});

/** `count` brands named "<prefix> NN", active. */
async function createBrands(prefix: string, count: number): Promise<ApiRecord[]> {
  const created: ApiRecord[] = [];
  for (let i = 1; i <= count; i++) created.push(await brands.create({ name: `${prefix} ${String(i).padStart(2, '0')}`, status: 'active' }));
  return created;
}

describe('POST /api/<area>/bulk-status with a filter', () => {
  it('changes every matching brand, beyond the first page, and nothing else, with an activity entry each', async () => {
    const matching = await createBrands('Sweepfilter', 30);
    const bystander = await brands.create({ name: 'Sweepnot Standing', status: 'active' });
    const activeBefore = (await brands.list(filter('status', 'equals', 'active'))).body.meta.total;

    const response = await admin.post('/api/brands/bulk-status', { json: { filter: { q: 'Sweepfilter' }, status: 'inactive' } });
    expect(response.status).toBe(200);
    expect(await response.json()).toEqual({ message: '30 brands updated.', count: 30, data: { updated: 30 } });

    const after = (await brands.list({ q: 'Sweepfilter', per_page: '100' })).body;
    expect(after.meta.total).toBe(30);
    expect(new Set(after.data.map((b) => b.status))).toEqual(new Set(['inactive']));
    expect((await brands.get(bystander.id)).status).toBe('active');
    expect((await brands.list(filter('status', 'equals', 'active'))).body.meta.total).toBe(activeBefore - 30);

    // The last one created sits on page 2 of the default 25 per page.
    const last = matching.at(-1)!;
    const [entry] = await brands.activity(last.id);
    expect(entry).toMatchObject({ action: 'update', changes: { status: ['active', 'inactive'] } });

    // Already inactive: nothing changes, nothing is logged, and the answer says so.
    const again = await admin.post('/api/brands/bulk-status', { json: { filter: { q: 'Sweepfilter' }, status: 'inactive' } });
    expect(await again.json()).toMatchObject({ count: 0 });
    expect(await brands.activity(last.id)).toHaveLength(2);
  });

  it('reads the filter like the list does: column filters, and a bad one is 422 naming it', async () => {
    const [one, two] = await createBrands('Colfilter', 2);
    const byColumn = await admin.post('/api/brands/bulk-status', { json: { filter: filter('name', 'equals', 'colfilter 02'), status: 'inactive' } });
    expect(await byColumn.json()).toMatchObject({ count: 1 });
    expect([(await brands.get(one!.id)).status, (await brands.get(two!.id)).status]).toEqual(['active', 'inactive']);

    const unknownColumn = await expectErrorShape(
      await admin.post('/api/brands/bulk-status', { json: { filter: filter('password', 'equals', 'x'), status: 'inactive' } }),
      422,
    );
    expect(JSON.stringify(unknownColumn)).toMatch(/password/);
    await expectErrorShape(await admin.post('/api/brands/bulk-status', { json: { filter: filter('name', 'lt', 'x'), status: 'inactive' } }), 422);
    await expectErrorShape(await admin.post('/api/brands/bulk-status', { json: { filter: { q: 'x', sort: 'name' }, status: 'inactive' } }), 422);
    const both = await expectErrorShape(await admin.post('/api/brands/bulk-status', { json: { ids: [one!.id], filter: {}, status: 'inactive' } }), 422);
    expect(both.errors?.ids?.[0]).toMatch(/either ids .* or filter/);
    await expectErrorShape(await admin.post('/api/brands/bulk-status', { json: { status: 'inactive' } }), 422);
    await expectErrorShape(await admin.post('/api/brands/bulk-status', { json: { filter: {}, status: 'archived' } }), 422);
    expect((await brands.get(one!.id)).status).toBe('active');
  });

  it('gives a vendor only their own warehouses, even with an empty filter (every row they can see)', async () => {
    const all = (await warehouses.list({ per_page: '100' })).body.data;
    const theirs = (await areaApi('warehouses', () => vendor).list()).body.data;
    expect(theirs.length).toBeGreaterThan(0);
    expect(theirs.length).toBeLessThan(all.length);

    const response = await vendor.post('/api/warehouses/bulk-status', { json: { filter: {}, status: 'false' } });
    expect(response.status).toBe(200);
    expect(await response.json()).toMatchObject({ count: theirs.filter((w) => w.is_active).length });
    const after = (await warehouses.list({ per_page: '100' })).body.data;
    for (const w of after) {
      const before = all.find((x) => x.id === w.id)!;
      expect(w.is_active, w.code).toBe(theirs.some((t) => t.id === w.id) ? false : before.is_active);
    }
    await admin.post('/api/warehouses/bulk-status', { json: { ids: theirs.map((w) => w.id), status: 'true' } });
  });

  it("marks a city's pincodes unserviceable by the list's city filter, every page of them", async () => {
    const first = (await pincodes.list({ sort: 'pincode', per_page: '10' })).body.data[0]!;
    const serviceable = { constraints: [{ matchMode: 'equals', value: true }] };
    const byCity = filter('city_id', 'equals', first.city_id);
    const total = async (filters: Record<string, unknown>) => (await pincodes.list({ filters })).body.meta.total;
    const inCity = await total({ ...byCity.filters, is_serviceable: serviceable });
    // Counted exactly (the whole table is past the list's exact-count cap, decision 022).
    const unserviceable = { constraints: [{ matchMode: 'equals', value: false }] };
    const unserviceableBefore = await total({ is_serviceable: unserviceable });
    expect(inCity).toBeGreaterThan(0);

    const response = await admin.post('/api/pincodes/bulk-status', { json: { filter: byCity, status: 'false' } });
    expect(await response.json()).toMatchObject({ count: inCity });
    expect(await total({ ...byCity.filters, is_serviceable: serviceable })).toBe(0);
    expect(await total({ is_serviceable: unserviceable })).toBe(unserviceableBefore + inCity);
  });

  it('refuses a caller without the permission (403) and a call without its CSRF token, changing nothing', async () => {
    const [brand] = await createBrands('Guarded', 1);
    await expectErrorShape(await support.post('/api/brands/bulk-status', { json: { filter: {}, status: 'inactive' } }), 403);
    await expectErrorShape(await support.post('/api/brands/bulk-delete', { json: { filter: {} } }), 403);
    await expectErrorShape(await vendor.post('/api/warehouses/bulk-delete', { json: { filter: {} } }), 403);
    const noToken = await admin.post('/api/brands/bulk-status', { json: { filter: { q: 'Guarded' }, status: 'inactive' }, csrf: false });
    expect([403, 419]).toContain(noToken.status);
    await expectErrorShape(noToken, noToken.status);
    const noTokenDelete = await admin.post('/api/brands/bulk-delete', { json: { filter: { q: 'Guarded' } }, csrf: false });
    expect([403, 419]).toContain(noTokenDelete.status);
    expect((await brands.get(brand!.id)).status).toBe('active');
  });
});

describe('POST /api/<area>/bulk-delete with a filter', () => {
  it('deletes every matching brand with an activity entry each, or none while one is in use (409)', async () => {
    const doomed = await createBrands('Dropfilter', 27);
    const ok = await admin.post('/api/brands/bulk-delete', { json: { filter: { q: 'Dropfilter' } } });
    expect(await ok.json()).toEqual({ message: '27 brands deleted.', count: 27, data: { deleted: 27 } });
    expect((await brands.list({ q: 'Dropfilter' })).body.meta.total).toBe(0);
    expect((await brands.activity(doomed.at(-1)!.id))[0]).toMatchObject({ action: 'delete' });

    // "Indigo Loom" is used by a product: a filter that includes it deletes nothing.
    await createBrands('Indigo Spare', 2);
    const blocked = await expectErrorShape(await admin.post('/api/brands/bulk-delete', { json: { filter: { q: 'Indigo' } } }), 409);
    expect(blocked.message).toBe("1 of the 3 matching brands can't be deleted because they are still used. Nothing was deleted.");
    expect(Object.values(blocked.errors ?? {}).flat()).toEqual(['Indigo Loom: it is used by 5 products.']);
    expect((await brands.list({ q: 'Indigo' })).body.meta.total).toBe(3);

    await expectErrorShape(await admin.post('/api/brands/bulk-delete', { json: { filter: filter('nope', 'equals', 1) } }), 422);
  });
});

describe('GET /api/<area>/:id/delete-check', () => {
  it('says whether a record can be deleted, and what uses it, without deleting', async () => {
    const indigo = await brands.find('name', 'Indigo Loom');
    const used = await admin.getJson(`/api/brands/${indigo.id}/delete-check`);
    expect(used.status).toBe(200);
    expect(used.body.data).toEqual({ deletable: false, message: 'Brand "Indigo Loom" can\'t be deleted: it is used by 5 products.', details: [] });

    const [free] = await createBrands('Checkfree', 1);
    const unused = await admin.getJson(`/api/brands/${free!.id}/delete-check`);
    expect(unused.body.data).toMatchObject({ deletable: true });
    expect((await brands.get(free!.id)).id).toBe(free!.id);

    const pin = (await pincodes.list({ q: '560004' })).body.data[0]!;
    expect((await admin.getJson(`/api/pincodes/${pin.id}/delete-check`)).body.data).toMatchObject({
      deletable: false,
      message: expect.stringMatching(/^Pincode "560004" can't be deleted: it is in \d+ delivery zones?\.$/),
    });

    await expectErrorShape(await admin.get('/api/brands/999999/delete-check'), 404);
    await expectErrorShape(await support.get(`/api/brands/${free!.id}/delete-check`), 403);
    // A vendor may change their warehouses but not delete them: no check either.
    const theirs = (await areaApi('warehouses', () => vendor).list()).body.data[0]!;
    await expectErrorShape(await vendor.get(`/api/warehouses/${theirs.id}/delete-check`), 403);
  });
});
