/**
 * Categories over real HTTP against the built server: the demo catalogue, create with an image,
 * the commission override (blank = the store default, 0–100 with two decimals), uniqueness, the
 * "still used" delete guard (sub-categories, products), optimistic locking, the activity log,
 * and who may do any of it.
 */
import { beforeAll, describe, expect, it } from 'vitest';
import { useServer } from '../helpers/vitest-server.ts';
import type { HttpClient } from '../helpers/http.ts';
import { expectErrorShape } from '../helpers/assertions.ts';
import { areaApi, expectAreaRefused, filter, PNG } from '../helpers/area-api.ts';

const app = useServer();
let admin: HttpClient;
const categories = areaApi('categories', () => admin);

beforeAll(async () => {
  admin = await app.as('admin');
});

describe('GET /api/categories', () => {
  it('lists the demo categories in sort order, with their commission and what uses them', async () => {
    const { status, body } = await categories.list();
    expect(status).toBe(200);
    expect(body.data.map((c) => [c.name, c.sort_order, c.commission_percent, c.sub_categories_count, c.products_count, c.status])).toEqual([
      ['Clothing', 10, null, 4, 13, 'active'],
      ['Home & Kitchen', 20, 12, 3, 3, 'active'],
      ['Beauty & Personal Care', 30, 15, 2, 0, 'active'],
      ['Jewellery', 40, 8, 2, 2, 'active'],
      ['Footwear', 50, null, 0, 0, 'inactive'],
    ]);
    expect(body.data[1]).toMatchObject({ slug: 'home-and-kitchen', image_url: null, version: 1 });
  });

  it('filters on the commission (a blank one is the store default, not a number) and the counts', async () => {
    const names = async (params: Record<string, unknown>) => (await categories.list(params)).body.data.map((c) => c.name);
    expect(await names(filter('commission_percent', 'gte', 10))).toEqual(['Home & Kitchen', 'Beauty & Personal Care']);
    expect(await names(filter('commission_percent', 'between', [0, 100]))).toEqual(['Home & Kitchen', 'Beauty & Personal Care', 'Jewellery']);
    expect(await names(filter('products_count', 'gt', 0))).toEqual(['Clothing', 'Home & Kitchen', 'Jewellery']);
    expect(await names({ sort: 'sub_categories_count', order: 'desc', ...filter('status', 'equals', 'active') })).toEqual([
      'Clothing',
      'Home & Kitchen',
      'Jewellery',
      'Beauty & Personal Care',
    ]); // ties: newest first
    const sort = await expectErrorShape(await admin.get('/api/categories?sort=commission_percent'), 422);
    expect(sort.message).toMatch(/"commission_percent" cannot be sorted on/);
  });
});

describe('POST and PUT /api/categories', () => {
  it('creates a category with an image; the slug comes from the name, a blank commission is the store default', async () => {
    const made = await categories.create(
      { name: 'Toys & Games', description: 'Wooden toys from Channapatna.', sort_order: '60', commission_percent: '', status: 'active' },
      { field: 'image', bytes: PNG, name: 'toys.png', type: 'image/png' },
    );
    expect(made).toMatchObject({
      name: 'Toys & Games',
      slug: 'toys-and-games',
      sort_order: 60,
      commission_percent: null,
      sub_categories_count: 0,
      products_count: 0,
    });
    expect(made.image_url).toMatch(/^\/uploads\/[a-f0-9]{32}\.png$/);
    expect((await admin.get(made.image_url)).status).toBe(200);

    const saved = await admin.put(`/api/categories/${made.id}`, {
      json: { name: 'Toys & Games', commission_percent: 12.5, sort_order: 60, status: 'active', version: 1 },
    });
    expect(saved.status).toBe(200);
    expect((await saved.json()).data).toMatchObject({ commission_percent: 12.5, slug: 'toys-and-games', image_url: made.image_url, version: 2 });
    const cleared = await categories.put(made.id, { name: 'Toys & Games', commission_percent: '', sort_order: '60', status: 'active', version: '2' });
    expect((await cleared.json()).data).toMatchObject({ commission_percent: null, version: 3 });
  });

  it('takes a commission of 0 to 100 with at most two decimals, beside the field', async () => {
    for (const ok of ['0', '100', '18.01', '0.29', '7.5']) {
      const made = await categories.create({ name: `Commission ${ok}`, commission_percent: ok });
      expect(made.commission_percent, ok).toBe(Number(ok));
    }
    const cases: [string, string][] = [
      ['100.01', 'At most 100.'],
      ['-1', 'At least 0.'],
      ['12.345', 'At most 2 decimal places.'],
      ['twelve', 'Enter a number.'],
    ];
    for (const [value, message] of cases) {
      const body = await expectErrorShape(await categories.post({ name: `Bad Commission ${value}`, commission_percent: value }), 422);
      expect(body.errors?.commission_percent, value).toEqual([message]);
    }
    expect((await categories.list(filter('name', 'startsWith', 'Bad Commission'))).body.meta.total).toBe(0);
  });

  it('refuses a duplicate name (ignoring case) or slug, a missing name, a bad sort order or slug', async () => {
    const cases: [Record<string, string>, string, string][] = [
      [{ name: 'CLOTHING' }, 'name', 'A category with this name already exists.'],
      [{ name: 'Apparel', slug: 'clothing' }, 'slug', 'This slug is already used by another category.'],
      [{ name: '   ' }, 'name', 'Enter the category name.'],
      [{ name: 'Sort Order', sort_order: '-1' }, 'sort_order', 'At least 0.'],
      [{ name: 'Sort Order', sort_order: '1.5' }, 'sort_order', 'Enter a whole number.'],
      [{ name: 'Bad Slug', slug: 'bad slug!' }, 'slug', 'Use lowercase letters, digits and single hyphens.'],
      [{ name: '★ ★' }, 'slug', 'Enter a slug: the name has no letters or digits to make one from.'],
      [{ name: 'Status', status: 'archived' }, 'status', 'Choose Active or Inactive.'],
    ];
    for (const [fields, field, message] of cases) {
      const body = await expectErrorShape(await categories.post(fields), 422);
      expect(body.errors?.[field], JSON.stringify(fields)).toEqual([message]);
    }
  });

  it('answers 409 to a stale version and changes nothing', async () => {
    const made = await categories.create({ name: 'Stationery' });
    expect((await categories.put(made.id, { name: 'Stationery & Office', version: '1' })).status).toBe(200);
    const stale = await expectErrorShape(await categories.put(made.id, { name: 'Someone Else', version: '1' }), 409);
    expect(stale.message).toMatch(/changed by someone else/);
    expect(await categories.get(made.id)).toMatchObject({ name: 'Stationery & Office', slug: 'stationery', version: 2 });
  });
});

describe('DELETE /api/categories/:id', () => {
  it('keeps a category that has sub-categories or products, and says why (409)', async () => {
    const clothing = await categories.find('name', 'Clothing');
    let body = await expectErrorShape(await categories.delete(clothing.id), 409);
    expect(body.message).toBe('Category "Clothing" can\'t be deleted: it has 4 sub-categories and is used by 13 products.');
    const beauty = await categories.find('name', 'Beauty & Personal Care');
    body = await expectErrorShape(await categories.delete(beauty.id), 409);
    expect(body.message).toBe('Category "Beauty & Personal Care" can\'t be deleted: it has 2 sub-categories.');
    body = await expectErrorShape(await admin.post('/api/categories/bulk-delete', { json: { ids: [clothing.id, beauty.id] } }), 409);
    expect(body.message).toMatch(/Nothing was deleted/);
    expect((await categories.list()).body.data.map((c) => c.name)).toContain('Clothing');
  });

  it('deletes an unused category, with its image', async () => {
    const footwear = await categories.find('name', 'Footwear');
    const response = await categories.delete(footwear.id);
    expect(response.status).toBe(200);
    expect((await response.json()).message).toBe('Category deleted.');
    await expectErrorShape(await admin.get(`/api/categories/${footwear.id}`), 404);
  });
});

describe('the activity log of categories', () => {
  it('records create, update and delete with the changes', async () => {
    const made = await categories.create({ name: 'Audit Category', commission_percent: '5' });
    await categories.put(made.id, { name: 'Audit Category', commission_percent: '7.25', version: '1' });
    await categories.delete(made.id);
    const entries = await categories.activity(made.id);
    expect(entries.map((e) => e.action)).toEqual(['delete', 'update', 'create']);
    expect(entries[1]!.changes).toMatchObject({ commissionPercent: ['5.00', '7.25'] });
    expect(entries.every((e) => e.actor_name === 'Asha Admin')).toBe(true);
  });
});

describe('who may use categories', () => {
  for (const account of ['vendor', 'support'] as const) {
    it(`refuses ${account} the list, the changes and the pages`, async () => {
      const clothing = await categories.find('name', 'Clothing');
      await expectAreaRefused(await app.as(account), 'categories', clothing.id, ['/categories/listing', '/categories/add', `/categories/${clothing.id}/edit`]);
      expect((await categories.get(clothing.id)).version).toBe(clothing.version);
    });
  }

  it('lets a vendor read the category choices (for their products), and nothing more', async () => {
    const vendor = await app.as('vendor');
    const { status, body } = await categories.options({ q: 'cloth' }, vendor);
    expect(status).toBe(200);
    expect(body.data).toEqual([{ value: expect.any(Number), label: 'Clothing' }]);
  });
});

describe('the pages', () => {
  it('render the list with "Store default" for a blank commission, saying what the default is', async () => {
    const html = await (await admin.get('/categories/listing', { headers: { accept: 'text/html' } })).text();
    expect(html).toContain('A commission left blank uses the store’s default, now 10% (Global Settings).');
    expect(html).toContain('Store default');
    expect(html).toContain('Home &amp; Kitchen');
    const clothing = await categories.find('name', 'Clothing');
    const edit = await admin.get(`/categories/${clothing.id}/edit`, { headers: { accept: 'text/html' } });
    expect(edit.status).toBe(200);
    expect(await edit.text()).toContain('Leave blank to use the store’s default commission from Global Settings.');
    expect((await admin.get('/categories/999999/edit', { headers: { accept: 'text/html' } })).status).toBe(404);
  });
});
