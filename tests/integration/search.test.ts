/**
 * The global search (Ctrl/⌘+K, decision 061) over real HTTP against the built server: records of
 * every kind come from one statement, ranked (equal, then starts with, then a word starting with,
 * then similar; a product's exact SKU before names that merely contain the text), each kind only
 * with its list's permission and scoped as its list (a vendor finds only their own products and
 * orders); records from three characters.
 */
import { beforeAll, describe, expect, it } from 'vitest';
import { useServer } from '../helpers/vitest-server.ts';
import type { HttpClient } from '../helpers/http.ts';
import { form, type ApiRecord } from '../helpers/area-api.ts';

const app = useServer();
let admin: HttpClient;
let vendor: HttpClient;
let support: HttpClient;

type Found = { type: string; title: string; href: string; area?: string; subtitle?: string };

async function search(as: HttpClient, q: string): Promise<Found[]> {
  const { status, body } = await as.getJson<{ data: Found[] }>(`/api/search?q=${encodeURIComponent(q)}`);
  expect(status, JSON.stringify(body)).toBe(200);
  return body.data.filter((r) => r.type === 'record');
}

beforeAll(async () => {
  admin = await app.as('admin');
  vendor = await app.as('vendor');
  support = await app.as('support');
  // Brands whose names answer "zari" in each way the ranking tells apart, made in an order unlike it.
  for (const name of ['Gold and Zarigold', 'Old Zari Works', 'Zari', 'Zariwala House', 'Nazarine'])
    expect((await admin.post('/api/brands', { multipart: form({ name, status: 'active' }) })).status, name).toBe(201);
});

describe('ranking', () => {
  it('puts the equal name first, then names starting with it, then a word starting with it, then names containing it', async () => {
    const brands = (await search(admin, 'zari')).filter((r) => r.area === 'Brands').map((r) => r.title);
    expect(brands).toHaveLength(5);
    expect(brands[0]).toBe('Zari');
    expect(brands[1]).toBe('Zariwala House');
    expect(brands[2]).toBe('Old Zari Works');
    expect(brands.slice(3).sort()).toEqual(['Gold and Zarigold', 'Nazarine']);
  });

  it('puts the product with the exact SKU first, and finds products by the start of a SKU', async () => {
    const bySku = (await search(admin, 'dfh-kur-001')).filter((r) => r.area === 'Products');
    const product = (await admin.getJson<{ data: ApiRecord[] }>(`/api/products?q=${encodeURIComponent('DFH-KUR-001')}`)).body.data[0]!;
    expect(bySku[0]?.title).toBe(product.name);
    const byStart = (await search(admin, 'DFH-KUR')).filter((r) => r.area === 'Products');
    expect(byStart.length).toBeGreaterThan(0);
    expect(byStart.map((r) => r.title)).toContain(product.name);
  });

  it('finds records from three characters (pages from one), and answers any text, never a 500', async () => {
    expect((await search(admin, 'za')).length).toBe(0);
    const pages = (await admin.getJson<{ data: Found[] }>('/api/search?q=br')).body.data;
    expect(pages.map((r) => r.href)).toContain('/brands/listing');
    expect((await search(admin, 'zar')).filter((r) => r.area === 'Brands').map((r) => r.title)).toEqual(
      expect.arrayContaining(['Zari', 'Zariwala House', 'Nazarine']),
    );
    for (const q of ['%', '_x_', "o'b", '\\\\', 'ZA%RI', '   ', 'zzqxzzqx'])
      expect((await admin.get(`/api/search?q=${encodeURIComponent(q)}`)).status, q).toBe(200);
  });
});

describe('scope', () => {
  it('finds a vendor only their own products and orders, and no kind they may not list', async () => {
    // Kaveri Handlooms' saree: staff find it by SKU; the demo vendor (Demo Fashion House) does not.
    expect((await search(admin, 'KVH-SAR-001')).filter((r) => r.area === 'Products')).not.toEqual([]);
    expect((await search(vendor, 'KVH-SAR-001')).filter((r) => r.area === 'Products')).toEqual([]);
    expect((await search(vendor, 'DFH-KUR-001')).filter((r) => r.area === 'Products')).not.toEqual([]);

    // Orders by the start of their number: every parcel the vendor finds is theirs.
    const mine = (await vendor.getJson<{ data: ApiRecord[] }>('/api/orders?per_page=100')).body.data;
    const all = (await admin.getJson<{ data: ApiRecord[] }>('/api/orders?per_page=100')).body.data;
    expect(mine.length).toBeGreaterThan(0);
    expect(all.length).toBeGreaterThan(mine.length);
    const prefix = String(all[0]!.number).slice(0, 4);
    const staffOrders = (await search(admin, prefix)).filter((r) => r.area === 'Orders');
    const vendorOrders = (await search(vendor, prefix)).filter((r) => r.area === 'Orders');
    expect(staffOrders.length).toBeGreaterThan(0);
    const own = new Set(mine.map((r) => String(r.number)));
    for (const r of vendorOrders) expect(own.has(r.title), r.title).toBe(true);

    // By the customer's phone: the vendor's parcel, with its customer and status.
    const phoned = mine.find((r) => typeof r.customer_phone === 'string' && String(r.customer_phone).length >= 10)!;
    const byPhone = (await search(vendor, String(phoned.customer_phone).slice(-10, -3))).filter((r) => r.area === 'Orders');
    expect(byPhone.length).toBeGreaterThan(0);
    for (const r of byPhone) expect(own.has(r.title), r.title).toBe(true);

    // Brands and vendors are staff's lists: the vendor's search has none; support may list neither brands nor products.
    expect((await search(vendor, 'zari')).filter((r) => r.area === 'Brands')).toEqual([]);
    const supportFound = await search(support, 'zari');
    expect(supportFound.filter((r) => r.area === 'Brands' || r.area === 'Products')).toEqual([]);
    expect((await search(admin, 'Kaveri')).some((r) => r.area === 'Vendors')).toBe(true);
    expect((await search(vendor, 'Kaveri')).some((r) => r.area === 'Vendors')).toBe(false);
  });
});
