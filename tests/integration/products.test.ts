/** Vendor scoping: a vendor sees only their own products; staff without the permission are refused. */
import { beforeAll, describe, expect, it } from 'vitest';
import { useServer } from '../helpers/vitest-server.ts';
import type { HttpClient } from '../helpers/http.ts';
import { expectErrorShape } from '../helpers/assertions.ts';

const app = useServer();
let admin: HttpClient;
let vendor: HttpClient;
let vendorId: number;
let all: { id: number; vendor_id: number; name: string }[];

beforeAll(async () => {
  admin = await app.as('admin');
  vendor = await app.as('vendor');
  vendorId = (await vendor.getJson('/api/user')).body.vendor_id;
  all = (await admin.getJson('/api/products?per_page=100')).body.data;
});

describe('GET /api/products', () => {
  it('shows admin the products of every vendor', async () => {
    const { status, body } = await admin.getJson('/api/products?per_page=100');
    expect(status).toBe(200);
    expect(body.meta.total).toBe(body.data.length);
    expect(new Set(body.data.map((p: { vendor_id: number }) => p.vendor_id)).size).toBeGreaterThan(1);
  });

  it("shows a vendor only the vendor's own products", async () => {
    expect(vendorId).toEqual(expect.any(Number));
    const { status, body } = await vendor.getJson('/api/products?per_page=100');
    expect(status).toBe(200);
    expect(body.data.length).toBeGreaterThan(0);
    for (const product of body.data) expect(product.vendor_id).toBe(vendorId);
    expect(body.meta.total).toBe(all.filter((p) => p.vendor_id === vendorId).length);
  });

  it("never finds another vendor's product through search", async () => {
    const other = all.find((p) => p.vendor_id !== vendorId)!;
    const { body } = await vendor.getJson(`/api/products?q=${encodeURIComponent(other.name)}`);
    expect(body.data).toEqual([]);
    expect(body.meta.total).toBe(0);
  });

  it('refuses support (no products:list) with 403', async () => {
    await expectErrorShape(await (await app.as('support')).get('/api/products'), 403);
  });

  it('refuses a vendor whose store setup is not finished with 403', async () => {
    await expectErrorShape(await (await app.as('newvendor')).get('/api/products'), 403);
  });

  it('answers 401 to a guest', async () => {
    await expectErrorShape(await app.client().get('/api/products'), 401);
  });
});

describe('GET /api/products/:id', () => {
  it("answers 404 to a vendor for another vendor's product, 200 to admin", async () => {
    const other = all.find((p) => p.vendor_id !== vendorId)!;
    await expectErrorShape(await vendor.get(`/api/products/${other.id}`), 404);
    const asAdmin = await admin.getJson(`/api/products/${other.id}`);
    expect(asAdmin.status).toBe(200);
    expect(asAdmin.body.data.id).toBe(other.id);
  });

  it("answers 200 to a vendor for the vendor's own product", async () => {
    const own = all.find((p) => p.vendor_id === vendorId)!;
    const { status, body } = await vendor.getJson(`/api/products/${own.id}`);
    expect(status).toBe(200);
    expect(body.data).toMatchObject({ id: own.id, vendor_id: vendorId, name: own.name });
  });

  it('refuses support with 403, whatever the product', async () => {
    const support = await app.as('support');
    for (const p of all.slice(0, 2)) await expectErrorShape(await support.get(`/api/products/${p.id}`), 403);
  });

  it('answers 404 for unknown or malformed ids', async () => {
    for (const id of ['999999', 'abc', '0', '-1', '1.5']) await expectErrorShape(await admin.get(`/api/products/${id}`), 404);
  });
});
