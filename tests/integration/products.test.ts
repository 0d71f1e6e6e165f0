/**
 * Products over real HTTP: the list contract (paging, keyset cursor, filters, sorts, search by a
 * word of the name, an exact SKU or a barcode, CSV export), step 1 of the add flow and its edit,
 * deleting drafts only, the bulk status rules, and ownership — a vendor lists, reads, changes,
 * deletes, exports and finds only their own products, whatever they send; support and guests are
 * refused.
 */
import { existsSync } from 'node:fs';
import { join } from 'node:path';
import sharp from 'sharp';
import { beforeAll, describe, expect, it } from 'vitest';
import { useServer } from '../helpers/vitest-server.ts';
import type { HttpClient } from '../helpers/http.ts';
import { expectErrorShape } from '../helpers/assertions.ts';
import { areaApi, expectAreaRefused, filter, query, type ApiRecord } from '../helpers/area-api.ts';

const app = useServer();
let admin: HttpClient;
let vendor: HttpClient;
const products = areaApi('products', () => admin);
const asVendor = areaApi('products', () => vendor);

let vendorIds: { fashion: number; kaveri: number };
let ref: {
  clothing: number;
  kurtas: number;
  sarees: number;
  bedLinen: number;
  homeKitchen: number;
  apparelTax: number;
  brand: number;
  tags: number[];
  inactiveTag: number;
};
/** A product of the other vendor (Kaveri Handlooms), made by staff. */
let kaveriProduct: ApiRecord;

async function idOf(path: string, label: string): Promise<number> {
  const { status, body } = await admin.getJson<{ data: { value: number; label: string }[] }>(path);
  expect(status, JSON.stringify(body)).toBe(200);
  const hit = body.data.find((o) => o.label === label) ?? body.data.find((o) => o.label.startsWith(label));
  expect(hit, `${label} in ${path}`).toBeDefined();
  return hit!.value;
}

const basic = (extra: Record<string, string> = {}) => ({
  name: 'Chikankari Kurta, White',
  category_id: String(ref.clothing),
  sub_category_id: String(ref.kurtas),
  tax_id: String(ref.apparelTax),
  description: 'Hand-embroidered in **Lucknow**.',
  ...extra,
});

beforeAll(async () => {
  admin = await app.as('admin');
  vendor = await app.as('vendor');
  vendorIds = {
    fashion: await idOf('/api/vendors/options', 'Demo Fashion House'),
    kaveri: await idOf('/api/vendors/options', 'Kaveri Handlooms'),
  };
  const clothing = await idOf('/api/categories/options?q=Clothing', 'Clothing');
  const homeKitchen = await idOf('/api/categories/options?q=Home', 'Home & Kitchen');
  ref = {
    clothing,
    homeKitchen,
    kurtas: await idOf('/api/sub-categories/options?q=Kurtas', 'Kurtas & Kurtis'),
    sarees: await idOf('/api/sub-categories/options?q=Sarees', 'Sarees'),
    bedLinen: await idOf('/api/sub-categories/options?q=Bed', 'Bed Linen'),
    apparelTax: await idOf('/api/taxes/options?q=Apparel', 'Apparel up to ₹2,500 (GST 5%)'),
    brand: await idOf('/api/brands/options?q=Indigo', 'Indigo Loom'),
    tags: [await idOf('/api/tags/options?q=Handloom', 'Handloom'), await idOf('/api/tags/options?q=Festive', 'Festive Wear')],
    inactiveTag: await idOf('/api/tags/options?q=Diwali', 'Diwali Gifts 2025'),
  };
  kaveriProduct = await products.create(basic({ name: 'Kora Cotton Saree', sub_category_id: String(ref.sarees), vendor_id: String(vendorIds.kaveri) }));
});

describe('GET /api/products (the list contract)', () => {
  it('shows staff every vendor’s products with their summary, brand, category and vendor', async () => {
    const { status, body } = await products.list({ per_page: 100 });
    expect(status).toBe(200);
    expect(body.meta.total).toBe(body.data.length);
    expect(new Set(body.data.map((p) => p.vendor_id))).toEqual(new Set([vendorIds.fashion, vendorIds.kaveri]));
    const kurta = body.data.find((p) => p.skus === 'DFH-KUR-001')!;
    expect(kurta).toMatchObject({
      name: 'Cotton Kurta, Indigo',
      vendor_name: 'Demo Fashion House',
      brand_name: 'Indigo Loom',
      category_name: 'Clothing',
      sku_list: ['DFH-KUR-001'],
      price_min_paise: 129900,
      price_max_paise: 129900,
      variant_count: 1,
      status: 'active',
      thumbnail_url: null,
    });
    expect(Number.isInteger(kurta.stock_available)).toBe(true);
  });

  it('pages by number and by keyset cursor, in the same order', async () => {
    const sort = { sort: 'name', order: 'asc' };
    const all = (await products.list({ ...sort, per_page: 100 })).body.data.map((p) => p.id);
    const first = await products.list({ ...sort, per_page: 10 });
    expect(first.body.data.map((p) => p.id)).toEqual(all.slice(0, 10));
    expect(first.body.meta.next_cursor).toEqual(expect.any(String));
    const next = await products.list({ ...sort, per_page: 10, cursor: first.body.meta.next_cursor });
    expect(next.body.data.map((p) => p.id)).toEqual(all.slice(10, 20));
    const second = await products.list({ ...sort, per_page: 10, page: 2 });
    expect(second.body.data.map((p) => p.id)).toEqual(all.slice(10, 20));
  });

  it('filters on status, vendor, brand, category, price (paise) and stock, and sorts on price', async () => {
    const drafts = (await products.list(filter('status', 'equals', 'draft'))).body.data;
    expect(drafts.length).toBeGreaterThan(0);
    expect(drafts.every((p) => p.status === 'draft')).toBe(true);
    const kaveri = (await products.list(filter('vendor_id', 'in', [vendorIds.kaveri]))).body.data;
    expect(kaveri.map((p) => p.name).sort()).toEqual(['Handloom Towel Set', 'Kanchipuram Saree, Gold', 'Kora Cotton Saree']);
    const indigo = (await products.list(filter('brand_id', 'in', [ref.brand]))).body.data;
    expect(indigo.length).toBeGreaterThan(1);
    expect(indigo.every((p) => p.brand_name === 'Indigo Loom')).toBe(true);
    const home = (await products.list(filter('category_id', 'in', [ref.homeKitchen]))).body.data;
    expect(home.every((p) => p.category_name === 'Home & Kitchen')).toBe(true);
    const dear = (await products.list({ ...filter('price_min_paise', 'gte', 400000), sort: 'price_min_paise', order: 'desc' })).body.data;
    expect(dear.map((p) => p.price_min_paise)).toEqual([849900, 459900]);
    expect((await products.list(filter('stock_available', 'gt', 1_000_000))).body.data).toEqual([]);
    await expectErrorShape(await admin.get(`/api/products?${query(filter('price_min_paise', 'gte', 'lots'))}`), 422);
    await expectErrorShape(await admin.get(`/api/products?${query(filter('status', 'equals', 'sold'))}`), 422);
    await expectErrorShape(await admin.get('/api/products?sort=description'), 422);
  });

  it('searches a word of the name, an exact SKU in any case, and an exact barcode', async () => {
    expect((await products.list({ q: 'linen shirt' })).body.data.map((p) => p.name).sort()).toEqual([
      'Linen Shirt, Sage Green',
      'Linen Shirt, White',
      'Mandarin-collar Linen Shirt, Sky Blue',
    ]);
    expect((await products.list({ q: 'dfh-shi-002' })).body.data.map((p) => p.name)).toEqual(['Linen Shirt, White']);
    expect((await products.list({ q: '8901030865275' })).body.data.map((p) => p.name)).toEqual(['Linen Shirt, Sage Green']);
    // A SKU matches whole, not in part (the name search is the "contains" one).
    expect((await products.list({ q: 'SHI-00' })).body.data).toEqual([]);
    expect((await products.list({ q: '100%_' })).body.data).toEqual([]);
  });

  it('exports the list filtered to one vendor as CSV in the bulk import’s format (prices in rupees); several vendors are refused', async () => {
    const res = await admin.get(`/api/products/export?${query(filter('vendor_id', 'in', [vendorIds.kaveri]))}`);
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toContain('text/csv');
    const text = await res.text();
    expect(text.replace(/^\uFEFF/, '').startsWith('handle,name,description,brand,category')).toBe(true);
    expect(text).toContain('Kanchipuram Saree, Gold');
    expect(text).toContain('8499.00');
    expect(text).not.toContain('Cotton Kurta, Indigo');
    await expectErrorShape(await admin.get('/api/products/export'), 422);
  });
});

describe('adding and editing (step 1, basic information)', () => {
  it('makes a draft with a slug unique per vendor, its tags and rendered description; edits keep the slug; both are logged', async () => {
    const made = await asVendor.create(basic({ brand_id: String(ref.brand), tag_ids: JSON.stringify(ref.tags) }));
    expect(made).toMatchObject({
      vendor_id: vendorIds.fashion,
      status: 'draft',
      slug: 'chikankari-kurta-white',
      brand_name: 'Indigo Loom',
      category_name: 'Clothing',
      sub_category_name: 'Kurtas & Kurtis',
      variant_count: 0,
      price_min_paise: null,
    });
    const read = await asVendor.get(made.id);
    expect(read.tag_ids).toEqual([...ref.tags].sort((a, b) => a - b));
    expect(read).toMatchObject({ sub_category_name: 'Kurtas & Kurtis', tax_name: expect.any(String) });
    // A list page reads only what the list shows: the details' related names are left out.
    const listed = (await asVendor.list({ q: 'Chikankari Kurta, White' })).body.data.find((p) => p.id === made.id);
    expect(listed).toMatchObject({ name: 'Chikankari Kurta, White', brand_name: 'Indigo Loom', category_name: 'Clothing' });
    for (const field of ['description', 'sub_category_name', 'tax_name', 'return_policy_name', 'size_chart_name']) expect(listed).not.toHaveProperty(field);
    expect(read.description_html).toContain('<strong>Lucknow</strong>');
    // The same name again (same vendor): a slug of its own. Another vendor's may reuse it.
    const again = await asVendor.create(basic());
    expect(again.slug).toBe('chikankari-kurta-white-2');
    const elsewhere = await products.create(basic({ vendor_id: String(vendorIds.kaveri) }));
    expect(elsewhere.slug).toBe('chikankari-kurta-white');

    const res = await asVendor.put(made.id, basic({ name: 'Chikankari Kurta, Ivory', tag_ids: JSON.stringify([ref.tags[0]]), version: String(made.version) }));
    expect(res.status, await res.clone().text()).toBe(200);
    const edited = (await res.json()).data;
    expect(edited).toMatchObject({ name: 'Chikankari Kurta, Ivory', slug: 'chikankari-kurta-white', vendor_id: vendorIds.fashion });
    const stale = await asVendor.put(made.id, basic({ version: String(made.version) }));
    await expectErrorShape(stale, 409);
    const entries = await products.activity(made.id);
    expect(entries.map((e) => e.action)).toEqual(['update', 'create']);
    expect(entries[0]!.changes.tag_ids).toEqual([[...ref.tags].sort((a, b) => a - b), [ref.tags[0]]]);
    expect(entries[0]!.changes.name).toEqual(['Chikankari Kurta, White', 'Chikankari Kurta, Ivory']);
  });

  it('gives a vendor’s product to that vendor whatever vendor_id they send', async () => {
    const made = await asVendor.create(basic({ name: 'Vendor-chosen owner', vendor_id: String(vendorIds.kaveri) }));
    expect(made.vendor_id).toBe(vendorIds.fashion);
  });

  it('refuses bad input beside the field, writing nothing', async () => {
    const before = (await products.list({ per_page: 10 })).body.meta.total;
    const wrongSub = await expectErrorShape(await products.post(basic({ vendor_id: String(vendorIds.fashion), sub_category_id: String(ref.bedLinen) })), 422);
    expect(wrongSub.errors?.sub_category_id).toEqual(['This sub-category is not in the chosen category. Choose the sub-category again.']);
    const noVendor = await expectErrorShape(await products.post(basic()), 422);
    expect(noVendor.errors?.vendor_id).toEqual(['Choose the vendor this product belongs to.']);
    const unknowns = await expectErrorShape(
      await products.post(
        basic({
          vendor_id: '999999',
          brand_id: '999999',
          category_id: '999999',
          tax_id: '999999',
          return_policy_id: '999999',
          size_chart_id: '999999',
          sub_category_id: '',
        }),
      ),
      422,
    );
    expect(Object.keys(unknowns.errors ?? {}).sort()).toEqual(['brand_id', 'category_id', 'return_policy_id', 'size_chart_id', 'tax_id', 'vendor_id']);
    const badTags = await expectErrorShape(await asVendor.post(basic({ tag_ids: JSON.stringify([999999]) })), 422);
    expect(badTags.errors?.tag_ids).toEqual(['Some of the chosen tags no longer exist. Choose the tags again.']);
    const inactiveTag = await expectErrorShape(await asVendor.post(basic({ tag_ids: JSON.stringify([ref.inactiveTag]) })), 422);
    expect(inactiveTag.errors?.tag_ids).toEqual(['An inactive tag can’t be added to a product. Choose active tags.']);
    const tooLong = await expectErrorShape(await asVendor.post(basic({ name: 'k'.repeat(201), description: 'd'.repeat(20_001) })), 422);
    expect(tooLong.errors?.name).toEqual(['At most 200 characters.']);
    expect(tooLong.errors?.description).toEqual(['At most 20000 characters.']);
    const hugeId = await expectErrorShape(await asVendor.post(basic({ category_id: String(2 ** 40) })), 422);
    expect(hugeId.errors?.category_id).toBeDefined();
    const missing = await expectErrorShape(await asVendor.post({ name: '' }), 422);
    expect(Object.keys(missing.errors ?? {}).sort()).toEqual(['category_id', 'name', 'tax_id']);
    expect((await products.list({ per_page: 10 })).body.meta.total).toBe(before);
  });
});

describe('deleting and bulk status', () => {
  it('deletes drafts only, and says to archive the others', async () => {
    const draft = await asVendor.create(basic({ name: 'Draft to delete' }));
    const live = (await asVendor.list({ q: 'DFH-KUR-001' })).body.data[0]!;
    const refused = await expectErrorShape(await asVendor.delete(live.id), 409);
    expect(refused.message).toContain('only drafts can be deleted');
    expect(refused.message).toContain('Archive it instead');
    const mixed = await expectErrorShape(await vendor.post('/api/products/bulk-delete', { json: { ids: [draft.id, live.id] } }), 409);
    expect(mixed.message).toContain('Nothing was deleted');
    expect((await asVendor.get(draft.id)).id).toBe(draft.id);
    expect((await asVendor.delete(draft.id)).status).toBe(200);
    await expectErrorShape(await vendor.get(`/api/products/${draft.id}`), 404);
  });

  it('keeps each vendor’s product count as products are added and deleted', async () => {
    const countOf = async () => {
      const { body } = await admin.getJson<{ data: { id: number; products_count: number }[] }>('/api/vendors?per_page=100');
      return body.data.find((v) => v.id === vendorIds.kaveri)!.products_count;
    };
    const before = await countOf();
    const made = await products.create(basic({ name: 'Counted Saree', sub_category_id: String(ref.sarees), vendor_id: String(vendorIds.kaveri) }));
    expect(await countOf()).toBe(before + 1);
    expect((await products.delete(made.id)).status).toBe(200);
    expect(await countOf()).toBe(before);
    // The kept count agrees with the products themselves.
    const [counted] = await app.server.withDatabase((query) => query(`select count(*)::int as n from products where vendor_id = $1`, [vendorIds.kaveri]));
    expect(Number(counted!.n)).toBe(before);
  });

  it('keeps the product counts of brands, categories, sub-categories and taxes as products are added, moved and deleted', async () => {
    const lists = ['brands', 'categories', 'sub-categories', 'taxes'] as const;
    const counts = async () => {
      const out: Record<string, Map<number, number>> = {};
      for (const list of lists) {
        const { body } = await admin.getJson<{ data: { id: number; products_count: number }[] }>(`/api/${list}?per_page=100`);
        out[list] = new Map(body.data.map((r) => [r.id, r.products_count]));
      }
      return out;
    };
    const recount = async () =>
      app.server.withDatabase(async (query) => {
        const out: Record<string, Map<number, number>> = {};
        for (const [list, table, column] of [
          ['brands', 'brands', 'brand_id'],
          ['categories', 'categories', 'category_id'],
          ['sub-categories', 'sub_categories', 'sub_category_id'],
          ['taxes', 'taxes', 'tax_id'],
        ] as const) {
          const rows = await query(`select t.id, (select count(*)::int from products p where p.${column} = t.id) as n from ${table} t`);
          out[list] = new Map(rows.map((r) => [Number(r.id), Number(r.n)]));
        }
        return out;
      });
    const before = await counts();
    expect(before).toEqual(await recount());
    const made = await products.create(basic({ name: 'Counted Kurta', brand_id: String(ref.brand), vendor_id: String(vendorIds.kaveri) }));
    const added = await counts();
    expect(added.brands!.get(ref.brand)).toBe(before.brands!.get(ref.brand)! + 1);
    expect(added.categories!.get(ref.clothing)).toBe(before.categories!.get(ref.clothing)! + 1);
    expect(added['sub-categories']!.get(ref.kurtas)).toBe(before['sub-categories']!.get(ref.kurtas)! + 1);
    expect(added.taxes!.get(ref.apparelTax)).toBe(before.taxes!.get(ref.apparelTax)! + 1);
    // Moved to another category and sub-category, the brand taken off: the counts follow.
    const moved = await products.put(
      made.id,
      basic({ name: 'Counted Saree', sub_category_id: String(ref.sarees), brand_id: '', vendor_id: String(vendorIds.kaveri), version: String(made.version) }),
    );
    expect(moved.status, await moved.clone().text()).toBe(200);
    const after = await counts();
    expect(after.brands!.get(ref.brand)).toBe(before.brands!.get(ref.brand));
    expect(after['sub-categories']!.get(ref.kurtas)).toBe(before['sub-categories']!.get(ref.kurtas));
    expect(after['sub-categories']!.get(ref.sarees)).toBe(before['sub-categories']!.get(ref.sarees)! + 1);
    expect(after).toEqual(await recount());
    expect((await products.delete(made.id)).status).toBe(200);
    expect(await counts()).toEqual(before);
  });

  it('removes a deleted draft’s image files with it', async () => {
    const draft = await asVendor.create(basic({ name: 'Draft with a photo' }));
    const body = new FormData();
    const photo = await sharp({ create: { width: 640, height: 480, channels: 3, background: { r: 200, g: 40, b: 40 } } })
      .png()
      .toBuffer();
    body.append('images', new Blob([new Uint8Array(photo)], { type: 'image/png' }), 'red.png');
    const uploaded = await vendor.post(`/api/products/${draft.id}/images`, { multipart: body, headers: { accept: 'application/json' } });
    expect(uploaded.status, await uploaded.clone().text()).toBe(201);
    const [image] = ((await uploaded.json()) as { data: { path: string }[] }).data;
    const files = [160, 480].map((w) => join(app.server.dataDir, 'uploads', `${image!.path}-${w}.webp`));
    for (const f of files) expect(existsSync(f), f).toBe(true);
    expect((await asVendor.delete(draft.id)).status).toBe(200);
    for (const f of files) expect(existsSync(f), f).toBe(false);
  });

  it('takes active products off sale and back, archives anything, and refuses to publish a draft', async () => {
    const live = (await asVendor.list({ q: 'DFH-SHI-002' })).body.data[0]!;
    const draft = await asVendor.create(basic({ name: 'Draft not to publish' }));
    const off = await vendor.post('/api/products/bulk-status', { json: { ids: [live.id], status: 'inactive' } });
    expect(off.status, await off.clone().text()).toBe(200);
    expect((await asVendor.get(live.id)).status).toBe('inactive');
    const back = await vendor.post('/api/products/bulk-status', { json: { ids: [live.id], status: 'active' } });
    expect(back.status).toBe(200);
    const publish = await expectErrorShape(await vendor.post('/api/products/bulk-status', { json: { ids: [draft.id], status: 'active' } }), 409);
    expect(publish.message).toContain('go live through review');
    await expectErrorShape(await vendor.post('/api/products/bulk-status', { json: { ids: [draft.id], status: 'pending_review' } }), 422);
    expect((await asVendor.get(draft.id)).status).toBe('draft');
    const archived = await vendor.post('/api/products/bulk-status', { json: { ids: [draft.id], status: 'archived' } });
    expect(archived.status).toBe(200);
    expect((await asVendor.get(draft.id)).status).toBe('archived');
  });

  it('puts a product back on sale in bulk only while its vendor is active', async () => {
    await app.server.withDatabase(async (query) => {
      await query(`update products set status = 'inactive' where id = $1`, [kaveriProduct.id]);
      await query(`update vendors set status = 'suspended' where id = $1`, [vendorIds.kaveri]);
    });
    try {
      const refused = await expectErrorShape(await admin.post('/api/products/bulk-status', { json: { ids: [kaveriProduct.id], status: 'active' } }), 409);
      expect(refused.message).toContain('The store is suspended');
      expect((await products.get(kaveriProduct.id)).status).toBe('inactive');
      // Taking off sale and archiving need no active vendor.
      const archived = await admin.post('/api/products/bulk-status', { json: { ids: [kaveriProduct.id], status: 'archived' } });
      expect(archived.status, await archived.clone().text()).toBe(200);
    } finally {
      await app.server.withDatabase(async (query) => {
        await query(`update vendors set status = 'active' where id = $1`, [vendorIds.kaveri]);
        await query(`update products set status = 'inactive' where id = $1`, [kaveriProduct.id]);
      });
    }
    const back = await admin.post('/api/products/bulk-status', { json: { ids: [kaveriProduct.id], status: 'active' } });
    expect(back.status, await back.clone().text()).toBe(200);
    // As it was: the other tests read it as the draft staff made.
    await app.server.withDatabase((query) =>
      query(`update products set status = 'draft', version = $2 where id = $1`, [kaveriProduct.id, kaveriProduct.version]),
    );
  });
});

describe('ownership: a vendor sees and changes only their own products', () => {
  it('lists, searches, exports and offers only the vendor’s own', async () => {
    const { body } = await asVendor.list({ per_page: 100 });
    expect(body.data.length).toBeGreaterThan(10);
    expect(body.data.every((p) => p.vendor_id === vendorIds.fashion)).toBe(true);
    expect((await asVendor.list({ q: 'KVH-SAR-001' })).body.data).toEqual([]);
    expect((await asVendor.list({ q: 'Kora Cotton' })).body.data).toEqual([]);
    expect((await asVendor.list(filter('vendor_id', 'in', [vendorIds.kaveri]))).body.data).toEqual([]);
    const csv = await (await vendor.get('/api/products/export')).text();
    expect(csv).toContain('Cotton Kurta, Indigo');
    expect(csv).not.toContain('Kanchipuram');
    expect(csv).not.toContain('Kora Cotton Saree');
    const options = (await asVendor.options({ q: 'Saree' }, vendor)).body.data;
    expect(options.map((o) => o.label).join()).not.toContain('Kanchipuram');
    const search = await vendor.getJson<{ data: { title: string }[] }>('/api/search?q=Kanchipuram');
    expect(search.body.data.map((r) => r.title)).not.toContain('Kanchipuram Saree, Gold');
  });

  it('answers 404 for another vendor’s product on read, update, delete and bulk actions, changing nothing', async () => {
    const id = kaveriProduct.id;
    await expectErrorShape(await vendor.get(`/api/products/${id}`), 404);
    await expectErrorShape(await asVendor.put(id, basic({ version: String(kaveriProduct.version) })), 404);
    await expectErrorShape(await asVendor.delete(id), 404);
    await expectErrorShape(await vendor.post('/api/products/bulk-delete', { json: { ids: [id] } }), 404);
    await expectErrorShape(await vendor.post('/api/products/bulk-status', { json: { ids: [id], status: 'archived' } }), 404);
    const exported = await (await vendor.get(`/api/products/export?ids=${id}`)).text();
    expect(exported).not.toContain('Kora Cotton Saree');
    // A bulk action by filter reaches only the vendor's own rows.
    const byFilter = await vendor.post('/api/products/bulk-status', { json: { filter: { q: 'Kora Cotton' }, status: 'archived' } });
    expect(byFilter.status).toBe(200);
    expect(await products.get(id)).toMatchObject({ name: 'Kora Cotton Saree', status: 'draft', version: kaveriProduct.version });
  });

  it('refuses support every products call and page (403), and guests (401)', async () => {
    await expectAreaRefused(await app.as('support'), 'products', kaveriProduct.id, [
      '/products/listing',
      '/products/add',
      `/products/edit/${kaveriProduct.id}`,
    ]);
    await expectErrorShape(await app.client().get('/api/products'), 401);
  });

  it('answers 404 for unknown or malformed ids', async () => {
    for (const id of ['999999', 'abc', '0', '-1', '1.5', String(2 ** 40)]) await expectErrorShape(await admin.get(`/api/products/${id}`), 404);
  });
});

describe('pages', () => {
  it('render the list, the add step with its step indicator, and the edit of one’s own product only', async () => {
    const page = async (as: HttpClient, path: string) => as.get(path, { headers: { accept: 'text/html' } });
    const list = await page(vendor, '/products/listing');
    expect(list.status).toBe(200);
    const add = await (await page(vendor, '/products/add')).text();
    expect(add).toContain('Steps of adding a product');
    expect(add).toContain('Basic information');
    // The vendor field is staff's: a vendor's product is always their own.
    expect(add).not.toContain('The store that sells this product');
    expect(await (await page(admin, '/products/add')).text()).toContain('The store that sells this product');
    const own = (await asVendor.list({ q: 'DFH-KUR-001' })).body.data[0]!;
    const edit = await page(vendor, `/products/edit/${own.id}`);
    expect(edit.status).toBe(200);
    const editHtml = await edit.text();
    expect(editHtml).toContain(`/products/add-images/${own.id}`);
    expect((await page(vendor, `/products/edit/${kaveriProduct.id}`)).status).toBe(404);
    expect((await page(admin, `/products/edit/${kaveriProduct.id}`)).status).toBe(200);
  });
});
