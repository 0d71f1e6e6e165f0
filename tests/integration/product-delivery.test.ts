/**
 * Delivery details over real HTTP (add step 3): saving through the API and through the page's own
 * form (no JavaScript), the checks of every field, the vendor's own warehouses only, a stale
 * version, vendor isolation, and the pincode serviceability check against delivery zones.
 */
import { beforeAll, describe, expect, it } from 'vitest';
import { useServer } from '../helpers/vitest-server.ts';
import type { HttpClient } from '../helpers/http.ts';
import { expectErrorShape } from '../helpers/assertions.ts';
import { createProductFixtures, type ProductFixtures } from '../helpers/product-fixtures.ts';

const app = useServer();
let vendor: HttpClient;
let f: ProductFixtures;

const delivery = async (client: HttpClient, id = f.productId) => {
  const { status, body } = await client.getJson(`/api/products/${id}/delivery`);
  expect(status, JSON.stringify(body)).toBe(200);
  return body.data as { version: number; weight_grams: number | null; handling_days: number; warehouse_ids: number[] };
};
const details = (version: number, extra: Record<string, unknown> = {}) => ({
  version,
  weight_grams: 650,
  length_mm: 300,
  width_mm: 250,
  height_mm: 40,
  handling_days: 2,
  warehouse_ids: [f.warehouseIds[0]],
  ...extra,
});

beforeAll(async () => {
  f = await createProductFixtures(app.server);
  vendor = await app.as('vendor');
}, 120_000);

describe('PUT /api/products/:id/delivery', () => {
  it('saves the parcel, handling time and ships-from warehouses, bumping the version', async () => {
    const before = await delivery(vendor, f.bareProductId);
    const response = await vendor.put(`/api/products/${f.bareProductId}/delivery`, { json: details(before.version, { warehouse_ids: f.warehouseIds }) });
    const body = await response.json();
    expect(response.status, JSON.stringify(body)).toBe(200);
    expect(body.data).toMatchObject({ version: before.version + 1, weight_grams: 650, length_mm: 300, width_mm: 250, height_mm: 40, handling_days: 2 });
    expect([...body.data.warehouse_ids].sort()).toEqual([...f.warehouseIds].sort());
  });

  it('refuses each bad field with its own message, writing nothing', async () => {
    const { version } = await delivery(vendor, f.bareProductId);
    const refused = await expectErrorShape(
      await vendor.put(`/api/products/${f.bareProductId}/delivery`, {
        json: details(version, { weight_grams: 0, length_mm: 3001, width_mm: 1.5, height_mm: '', handling_days: 31, warehouse_ids: [] }),
      }),
      422,
    );
    expect(Object.keys(refused.errors ?? {}).sort()).toEqual(['handling_days', 'height_mm', 'length_mm', 'warehouse_ids', 'weight_grams', 'width_mm']);
    expect(refused.errors?.height_mm).toEqual(['Enter the package height in mm.']);
    expect(refused.errors?.warehouse_ids).toEqual(['Choose at least one warehouse the product ships from.']);
    expect((await delivery(vendor, f.bareProductId)).version).toBe(version);
  });

  it("refuses another vendor's warehouse with 422", async () => {
    const { version } = await delivery(vendor);
    const refused = await expectErrorShape(
      await vendor.put(`/api/products/${f.productId}/delivery`, { json: details(version, { warehouse_ids: [f.warehouseIds[0], f.kaveriWarehouseId] }) }),
      422,
    );
    expect(refused.errors?.warehouse_ids).toEqual(['Choose among the vendor’s own active warehouses.']);
  });

  it('answers 409 to a stale version', async () => {
    const { version } = await delivery(vendor);
    expect((await vendor.put(`/api/products/${f.productId}/delivery`, { json: details(version) })).status).toBe(200);
    const stale = await expectErrorShape(await vendor.put(`/api/products/${f.productId}/delivery`, { json: details(version, { weight_grams: 999 }) }), 409);
    expect(stale.message).toMatch(/Someone changed this product/);
    expect((await delivery(vendor)).weight_grams).toBe(650);
  });

  it("answers 404 to a vendor for another vendor's product", async () => {
    await expectErrorShape(await vendor.get(`/api/products/${f.kaveriProductId}/delivery`), 404);
    await expectErrorShape(
      await vendor.put(`/api/products/${f.kaveriProductId}/delivery`, { json: details(1, { warehouse_ids: [f.kaveriWarehouseId] }) }),
      404,
    );
  });
});

describe('the step 3 page without JavaScript', () => {
  const post = async (fields: [string, string][]) => {
    const token = await vendor.ensureCsrf();
    const body = new URLSearchParams([['_token', token], ...fields]).toString();
    return vendor.post(`/products/add-delivery-details/${f.productId}`, { body, headers: { 'content-type': 'application/x-www-form-urlencoded' } });
  };

  it('draws the form with the vendor’s own warehouses only', async () => {
    const response = await vendor.get(`/products/add-delivery-details/${f.productId}`);
    expect(response.status).toBe(200);
    const html = await response.text();
    expect(html).toContain('Fashion House Annexe (DFH-ANX)');
    expect(html).not.toContain('KVH-MAA');
  });

  it('saves checked warehouses (name[]) and continues to step 4', async () => {
    const { version } = await delivery(vendor);
    const response = await post([
      ['version', String(version)],
      ['weight_grams', '700'],
      ['length_mm', '310'],
      ['width_mm', '260'],
      ['height_mm', '50'],
      ['handling_days', '0'],
      ['warehouse_ids[]', String(f.warehouseIds[0])],
      ['warehouse_ids[]', String(f.warehouseIds[1])],
    ]);
    expect(response.status).toBe(303);
    expect(response.headers.get('location')).toBe(`/products/add-pricing-details/${f.productId}?saved=delivery`);
    const saved = await delivery(vendor);
    expect(saved).toMatchObject({ weight_grams: 700, handling_days: 0 });
    expect([...saved.warehouse_ids].sort()).toEqual([...f.warehouseIds].sort());
  });

  it('draws a refusal beside its field with the 422 status, keeping what was checked', async () => {
    const { version } = await delivery(vendor);
    const response = await post([
      ['version', String(version)],
      ['weight_grams', 'heavy'],
      ['length_mm', '310'],
      ['width_mm', '260'],
      ['height_mm', '50'],
      ['handling_days', '2'],
      ['warehouse_ids[]', String(f.warehouseIds[1])],
    ]);
    expect(response.status).toBe(422);
    const html = await response.text();
    expect(html).toContain('Enter a whole number of grams from 1 to 1,00,000.');
    expect(html).toMatch(new RegExp(`value="${f.warehouseIds[1]}"[^>]*checked|checked[^>]*value="${f.warehouseIds[1]}"`));
  });

  it("shows 404 for another vendor's product", async () => {
    expect((await vendor.get(`/products/add-delivery-details/${f.kaveriProductId}`)).status).toBe(404);
    expect((await vendor.get(`/products/add-pricing-details/${f.kaveriProductId}`)).status).toBe(404);
  });
});

describe('GET /api/products/:id/serviceability', () => {
  const check = (pincode: string, id = f.productId) => vendor.getJson(`/api/products/${id}/serviceability?pincode=${encodeURIComponent(pincode)}`);

  it('names the zone that covers a pincode', async () => {
    const { status, body } = await check('560001');
    expect(status).toBe(200);
    expect(body.data).toMatchObject({
      pincode: '560001',
      known: true,
      serviceable: true,
      zones: [expect.objectContaining({ name: 'Bengaluru city', partner: 'Swift Express' })],
    });
    expect(body.data.message).toContain('Bengaluru city');
  });

  it('says when no zone covers a known pincode, or the pincode is not in the list', async () => {
    const delhi = await check('110001');
    expect(delhi.body.data).toMatchObject({ known: true, serviceable: false, zones: [] });
    const unknown = await check('999999');
    expect(unknown.body.data).toMatchObject({ known: false, serviceable: false });
  });

  it('refuses a malformed pincode with 422 and another vendor’s product with 404', async () => {
    for (const bad of ['56000', 'abcdef', '056001', '']) {
      const refused = await expectErrorShape(await vendor.get(`/api/products/${f.productId}/serviceability?pincode=${bad}`), 422);
      expect(refused.errors?.pincode).toBeTruthy();
    }
    await expectErrorShape(await vendor.get(`/api/products/${f.kaveriProductId}/serviceability?pincode=560001`), 404);
  });
});
