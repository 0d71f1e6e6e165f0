/**
 * Wishlists over real HTTP: the demo wishlists on the one list contract (search by customer,
 * filters, sort, 422 on a field it doesn't have), CSV export, one wishlist's products with prices
 * in paise and its page, and who may read them: staff with wishlist:list; vendors and support are
 * refused everything.
 */
import { beforeAll, describe, expect, it } from 'vitest';
import { useServer } from '../helpers/vitest-server.ts';
import type { HttpClient } from '../helpers/http.ts';
import { expectErrorShape } from '../helpers/assertions.ts';
import { areaApi, filter, query } from '../helpers/area-api.ts';

const app = useServer();
let admin: HttpClient;
const wishlists = areaApi('wishlists', () => admin);

interface Item {
  product_id: number;
  product_name: string;
  variant_id: number | null;
  variant_sku: string | null;
  price_min_paise: number | null;
  price_max_paise: number | null;
  added_at: string;
}

beforeAll(async () => {
  admin = await app.as('admin');
});

describe('wishlists', () => {
  it('lists 40 demo wishlists, newest first, with their customer and items count', async () => {
    const { status, body } = await wishlists.list({ per_page: '100' });
    expect(status).toBe(200);
    expect(body.meta.total).toBe(40);
    const updated = body.data.map((w) => w.updated_at as string);
    expect(updated).toEqual([...updated].sort().reverse());
    for (const w of body.data) {
      expect(w.customer_name).toMatch(/\S+ \S+/);
      expect(w.items_count).toBeGreaterThanOrEqual(1);
      expect(w.items_count).toBeLessThanOrEqual(5);
      // Names only: a customer's email and phone stay on their own page.
      expect(Object.keys(w)).not.toContain('email');
    }
  });

  it('searches by customer name, filters on the items count, sorts by customer, and refuses unknown fields', async () => {
    const aarav = await wishlists.list({ q: 'Aarav Sharma' });
    expect(aarav.body.data.map((w) => w.customer_name)).toContain('Aarav Sharma');
    expect(aarav.body.data.every((w) => /aarav sharma/i.test(w.customer_name))).toBe(true);
    const big = await wishlists.list({ ...filter('items_count', 'gte', 4), per_page: '100' });
    expect(big.body.meta.total).toBeGreaterThan(0);
    expect(big.body.data.every((w) => w.items_count >= 4)).toBe(true);
    const sorted = await wishlists.list({ sort: 'customer_name', order: 'asc', per_page: '100' });
    const names = sorted.body.data.map((w) => w.customer_name as string);
    expect(names).toEqual([...names].sort((a, b) => a.localeCompare(b, 'en', { sensitivity: 'base' })));
    const bad = await admin.get(`/api/wishlists?${query(filter('email', 'contains', 'a'))}`);
    expect((await expectErrorShape(bad, 422)).errors).toHaveProperty('filters');
  });

  it('exports the filtered wishlists as CSV', async () => {
    const res = await admin.get(`/api/wishlists/export?${query(filter('items_count', 'equals', 1))}`);
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toMatch(/^text\/csv/);
    const lines = (await res.text()).trim().split(/\r?\n/);
    expect(lines[0]).toContain('Customer');
    const ones = (await wishlists.list({ ...filter('items_count', 'equals', 1), per_page: '100' })).body.meta.total;
    expect(lines.length - 1).toBe(ones);
  });

  it('shows one wishlist’s products with variant, price in paise and when added; its page links each product', async () => {
    const { body } = await wishlists.list({ ...filter('items_count', 'gte', 3), per_page: '10' });
    const summary = body.data[0]!;
    const { status, body: one } = await admin.getJson<{ data: { customer_name: string; items_count: number; items: Item[] } }>(`/api/wishlists/${summary.id}`);
    expect(status).toBe(200);
    expect(one.data.customer_name).toBe(summary.customer_name);
    expect(one.data.items).toHaveLength(summary.items_count);
    const added = one.data.items.map((i) => i.added_at);
    expect(added).toEqual([...added].sort().reverse());
    for (const item of one.data.items) {
      expect(Number.isInteger(item.price_min_paise)).toBe(true);
      if (item.variant_id !== null) {
        expect(item.variant_sku).toMatch(/^[A-Z0-9._-]+$/);
        expect(item.price_max_paise).toBe(item.price_min_paise);
      }
    }
    expect(one.data.items.some((i) => i.variant_id !== null)).toBe(true);

    const page = await admin.get(`/wishlists/${summary.id}`, { headers: { accept: 'text/html' } });
    expect(page.status).toBe(200);
    const html = await page.text();
    for (const item of one.data.items) expect(html).toContain(`href="/products/${item.product_id}/details"`);
    expect(html).toMatch(/₹ \d/);
  });

  it('answers 404 for a wishlist that does not exist', async () => {
    await expectErrorShape(await admin.get('/api/wishlists/999999'), 404);
    await expectErrorShape(await admin.get('/api/wishlists/99999999999'), 404);
    expect((await admin.get('/wishlists/999999', { headers: { accept: 'text/html' } })).status).toBe(404);
  });

  it('refuses vendors and support every call and page', async () => {
    const id = (await wishlists.list({ per_page: '10' })).body.data[0]!.id;
    for (const account of ['vendor', 'support'] as const) {
      const who = await app.as(account);
      for (const path of ['/api/wishlists', '/api/wishlists/export', `/api/wishlists/${id}`]) await expectErrorShape(await who.get(path), 403);
      for (const path of ['/wishlists/listing', `/wishlists/${id}`]) expect((await who.get(path, { headers: { accept: 'text/html' } })).status, path).toBe(403);
      // Read-only for everyone: no writes exist.
      expect((await admin.post('/api/wishlists', { json: {} })).status).toBe(405);
    }
  });
});
