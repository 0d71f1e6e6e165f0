/**
 * Sub-categories over real HTTP: the category relation (filter by category as the list's picker
 * sends it, the picker's options, a category that must exist), names unique within a category,
 * slugs unique everywhere, the commission override, a sub-category with products that can't move
 * to another category or be deleted, the activity log, and who may do any of it.
 */
import { beforeAll, describe, expect, it } from 'vitest';
import { useServer } from '../helpers/vitest-server.ts';
import type { HttpClient } from '../helpers/http.ts';
import { expectErrorShape } from '../helpers/assertions.ts';
import { areaApi, expectAreaRefused, filter } from '../helpers/area-api.ts';

const app = useServer();
let admin: HttpClient;
const subs = areaApi('sub-categories', () => admin);
const categories = areaApi('categories', () => admin);
let clothing: number;
let home: number;

beforeAll(async () => {
  admin = await app.as('admin');
  clothing = (await categories.find('name', 'Clothing')).id;
  home = (await categories.find('name', 'Home & Kitchen')).id;
});

const names = async (params: Record<string, unknown>) => (await subs.list(params)).body.data.map((s) => s.name);

describe('GET /api/sub-categories', () => {
  it('lists every sub-category with its category’s name', async () => {
    const { status, body } = await subs.list({ per_page: '100' });
    expect(status).toBe(200);
    expect(body.meta.total).toBe(11);
    expect(body.data.find((s) => s.name === 'Sarees')).toMatchObject({
      category_id: clothing,
      category_name: 'Clothing',
      slug: 'sarees',
      commission_percent: 6,
      products_count: 1,
    });
  });

  it('filters by category as the list’s pick-list sends it (category_id in [ids]), and sorts by the category’s name', async () => {
    expect(await names(filter('category_id', 'in', [home]))).toEqual(['Bath Linen', 'Bed Linen', 'Cookware']);
    expect((await subs.list(filter('category_id', 'in', [clothing, home]))).body.meta.total).toBe(7);
    expect(await names({ sort: 'category_name', order: 'desc', per_page: '10', ...filter('category_name', 'startsWith', 'j') })).toEqual([
      'Kundan Jewellery',
      'Silver Jewellery',
    ]);
    const bad = await expectErrorShape(
      await admin.get(`/api/sub-categories?filters=${encodeURIComponent(JSON.stringify(filter('category_id', 'in', ['x']).filters))}`),
      422,
    );
    expect(bad.message).toMatch(/category_id.*number/);
  });

  it('offers the picker’s choices with their category, narrowed to one category', async () => {
    const { body } = await subs.options({ filters: JSON.stringify(filter('category_id', 'equals', home).filters) });
    expect(body.data.map((o) => o.label)).toEqual(['Bath Linen (Home & Kitchen)', 'Bed Linen (Home & Kitchen)', 'Cookware (Home & Kitchen)']);
  });
});

describe('POST and PUT /api/sub-categories', () => {
  it('creates one in a category; a blank commission means the category’s', async () => {
    const made = await subs.create({ category_id: String(clothing), name: 'Lehengas', sort_order: '50', commission_percent: '', status: 'active' });
    expect(made).toMatchObject({
      category_id: clothing,
      category_name: 'Clothing',
      name: 'Lehengas',
      slug: 'lehengas',
      commission_percent: null,
      image_url: null,
    });
  });

  it('needs a category that exists', async () => {
    let body = await expectErrorShape(await subs.post({ name: 'Orphan' }), 422);
    expect(body.errors?.category_id).toEqual(['Choose the category.']);
    body = await expectErrorShape(await subs.post({ category_id: '999999', name: 'Orphan' }), 422);
    expect(body.errors?.category_id).toEqual(['Choose a category from the list.']);
  });

  it('keeps names unique within a category (ignoring case) and slugs unique everywhere', async () => {
    let body = await expectErrorShape(await subs.post({ category_id: String(clothing), name: 'SAREES', slug: 'sarees-two' }), 422);
    expect(body.errors?.name).toEqual(['This category already has a sub-category with this name.']);
    // The same name in another category is another sub-category, with its own slug.
    const other = await subs.create({ category_id: String(home), name: 'Sarees', slug: 'saree-storage' });
    expect(other).toMatchObject({ category_name: 'Home & Kitchen', slug: 'saree-storage' });
    body = await expectErrorShape(await subs.post({ category_id: String(home), name: 'Sheets', slug: 'bed-linen' }), 422);
    expect(body.errors?.slug).toEqual(['This slug is already used by another sub-category.']);
    body = await expectErrorShape(await subs.post({ category_id: String(home), name: 'Cushions', commission_percent: '101' }), 422);
    expect(body.errors?.commission_percent).toEqual(['At most 100.']);
  });

  it('moves a sub-category without products to another category, but not one with products (422)', async () => {
    const made = await subs.create({ category_id: String(clothing), name: 'Table Linen' });
    const moved = await subs.put(made.id, { category_id: String(home), name: 'Table Linen', version: '1' });
    expect((await moved.json()).data).toMatchObject({ category_id: home, category_name: 'Home & Kitchen', version: 2 });

    const sarees = await subs.find('slug', 'sarees');
    const body = await expectErrorShape(
      await subs.put(sarees.id, { category_id: String(home), name: 'Sarees', slug: 'sarees', version: String(sarees.version) }),
      422,
    );
    expect(body.errors?.category_id).toEqual(["1 product uses this sub-category: it can't move to another category. Move those products first."]);
    expect(await subs.get(sarees.id)).toMatchObject({ category_id: clothing, version: sarees.version });
  });
});

describe('DELETE /api/sub-categories/:id', () => {
  it('keeps a sub-category used by products (409), deletes an unused one', async () => {
    const sarees = await subs.find('slug', 'sarees');
    const body = await expectErrorShape(await subs.delete(sarees.id), 409);
    expect(body.message).toBe('Sub-category "Sarees" can\'t be deleted: it is used by 1 product.');
    const cookware = await subs.find('slug', 'cookware');
    const response = await subs.delete(cookware.id);
    expect(response.status).toBe(200);
    expect((await response.json()).message).toBe('Sub-category deleted.');
  });

  it('frees its category once the last one is gone', async () => {
    // Beauty & Personal Care: two sub-categories and no products in the demo catalogue.
    const beauty = await categories.find('name', 'Beauty & Personal Care');
    const inside = (await subs.list(filter('category_id', 'equals', beauty.id))).body.data;
    expect(inside).toHaveLength(2);
    await expectErrorShape(await categories.delete(beauty.id), 409);
    expect((await admin.post('/api/sub-categories/bulk-delete', { json: { ids: inside.map((s) => s.id) } })).status).toBe(200);
    expect((await categories.delete(beauty.id)).status).toBe(200);
  });
});

describe('the activity log of sub-categories', () => {
  it('records create, update and delete', async () => {
    const made = await subs.create({ category_id: String(home), name: 'Audit Sub' });
    await subs.put(made.id, { category_id: String(home), name: 'Audit Sub Renamed', version: '1' });
    await subs.delete(made.id);
    const entries = await subs.activity(made.id);
    expect(entries.map((e) => e.action)).toEqual(['delete', 'update', 'create']);
    // Only stored columns: the joined category name and the product count are not "changes".
    expect(entries[1]!.changes).toEqual({ name: ['Audit Sub', 'Audit Sub Renamed'] });
  });
});

describe('who may use sub-categories', () => {
  for (const account of ['vendor', 'support'] as const) {
    it(`refuses ${account} the list, the changes and the pages`, async () => {
      const sarees = await subs.find('slug', 'sarees');
      await expectAreaRefused(await app.as(account), 'sub-categories', sarees.id, [
        '/sub-categories/listing',
        '/sub-categories/add',
        `/sub-categories/${sarees.id}/edit`,
      ]);
    });
  }

  it('renders the list with the category column’s pick-list filter', async () => {
    const html = await (await admin.get('/sub-categories/listing', { headers: { accept: 'text/html' } })).text();
    expect(html).toContain('Filter Category');
    expect(html).toContain('Kurtas &amp; Kurtis');
    expect(html).toContain('or the store’s default (now 10%, Global Settings) when the category has none');
  });
});
