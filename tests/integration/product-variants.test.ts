/**
 * The variant grid over real HTTP (add step 4): a Size × Colour grid saved in one go with opening
 * stock (ledger rows) and the product's summary; pruning, and the refusal to prune reserved stock;
 * every bad input on its row's field; a stale version; vendor isolation; staff without the cost.
 */
import { beforeAll, describe, expect, it } from 'vitest';
import { useServer } from '../helpers/vitest-server.ts';
import type { HttpClient } from '../helpers/http.ts';
import { expectErrorShape } from '../helpers/assertions.ts';
import { createProductFixtures, type ProductFixtures } from '../helpers/product-fixtures.ts';

const app = useServer();
let vendor: HttpClient;
let admin: HttpClient;
let f: ProductFixtures;

interface Grid {
  product: { version: number; sku_pattern: string | null };
  options: { group_id: number; value_ids: number[] }[];
  variants: {
    id: number;
    sku: string;
    option_value_ids: number[];
    mrp: number;
    price: number;
    cost?: number | null;
    barcode: string | null;
    stock: { warehouse_id: number; on_hand: number }[];
  }[];
  warehouses: { id: number; code: string }[];
}

const gridOf = async (client: HttpClient, id = f.productId): Promise<Grid> => {
  const { status, body } = await client.getJson(`/api/products/${id}/variants`);
  expect(status, JSON.stringify(body)).toBe(200);
  return body.data;
};
const put = (client: HttpClient, json: unknown, id = f.productId) => client.put(`/api/products/${id}/variants`, { json });
const sql = (text: string, params: unknown[] = []) => app.server.withDatabase((q) => q(text, params));

/** Size S, M × Colour Red, Blue: four rows, the first with opening stock in both warehouses. */
const sizeByColour = (version: number) => ({
  version,
  sku_pattern: 'KUR-{SIZE}-{COLOUR}',
  options: [
    { group_id: f.groups.size, value_ids: [f.values.S, f.values.M] },
    { group_id: f.groups.colour, value_ids: [f.values.Red, f.values.Blue] },
  ],
  variants: [
    {
      option_value_ids: [f.values.S, f.values.Red],
      sku: 'kur-s-red',
      mrp: 149_900,
      price: '1,299.00',
      cost: '700',
      barcode: '4006381333931',
      opening_stock: [
        { warehouse_id: f.warehouseIds[0], quantity: 5 },
        { warehouse_id: f.warehouseIds[1], quantity: '3' },
      ],
    },
    {
      option_value_ids: [f.values.S, f.values.Blue],
      sku: 'KUR-S-BLUE',
      mrp: 149_900,
      price: 119_900,
      opening_stock: [{ warehouse_id: f.warehouseIds[0], quantity: 2 }],
    },
    { option_value_ids: [f.values.M, f.values.Red], sku: 'KUR-M-RED', mrp: 159_900, price: 159_900, weight_grams: 450 },
    { option_value_ids: [f.values.M, f.values.Blue], sku: 'KUR-M-BLUE', mrp: 159_900, price: 99_900, barcode: '036000291452' },
  ],
});

beforeAll(async () => {
  f = await createProductFixtures(app.server);
  vendor = await app.as('vendor');
  admin = await app.as('admin');
}, 120_000);

describe('PUT /api/products/:id/variants', () => {
  it('saves a Size × Colour grid: variants, options, opening stock with ledger rows, the summary and the log', async () => {
    const before = await gridOf(vendor);
    expect(before.variants).toEqual([]);
    expect(before.warehouses.map((w) => w.code).sort()).toEqual(['DFH-ANX', 'DFH-BLR']);
    const response = await put(vendor, sizeByColour(before.product.version));
    const body = await response.json();
    expect(response.status, JSON.stringify(body)).toBe(200);
    const grid: Grid = body.data;
    expect(grid.product.version).toBe(before.product.version + 1);
    expect(grid.product.sku_pattern).toBe('KUR-{SIZE}-{COLOUR}');
    expect(grid.options).toMatchObject([{ group_id: f.groups.size, value_ids: [f.values.S, f.values.M] }, { group_id: f.groups.colour }]);
    expect(grid.variants.map((v) => [v.sku, v.mrp, v.price, v.cost])).toEqual([
      ['KUR-S-RED', 149_900, 129_900, 70_000],
      ['KUR-S-BLUE', 149_900, 119_900, null],
      ['KUR-M-RED', 159_900, 159_900, null],
      ['KUR-M-BLUE', 159_900, 99_900, null],
    ]);
    expect(grid.variants[0]!.stock.map((s) => s.on_hand).sort()).toEqual([3, 5]);

    // One look at the database (on PGlite each look restarts the server).
    const [[summary], ledger, log] = await app.server.withDatabase(async (q) => [
      await q(`select price_min_paise, price_max_paise, variant_count, skus, stock_available from products where id = $1`, [f.productId]),
      await q(
        `select m.kind, m.on_hand_delta from stock_movements m join stock_levels l on l.id = m.stock_level_id join product_variants v on v.id = l.variant_id where v.product_id = $1 order by m.on_hand_delta`,
        [f.productId],
      ),
      await q(`select action, record_name from activity_logs where area = 'products' and record_id = $1`, [String(f.productId)]),
    ]);
    expect(summary).toMatchObject({ variant_count: 4, skus: 'KUR-S-RED KUR-S-BLUE KUR-M-RED KUR-M-BLUE', stock_available: 10 });
    expect(Number(summary!.price_min_paise)).toBe(99_900);
    expect(Number(summary!.price_max_paise)).toBe(159_900);
    expect(ledger.map((r) => [r.kind, r.on_hand_delta])).toEqual([
      ['opening', 2],
      ['opening', 3],
      ['opening', 5],
    ]);
    expect(log).toContainEqual(expect.objectContaining({ action: 'update', record_name: 'Cotton Kurta, Test' }));
  });

  it('prunes a row, keeps the others by id, and writes opening stock only for new variants', async () => {
    const grid = await gridOf(vendor);
    const [first, , third, fourth] = grid.variants;
    const keep = [first!, third!, fourth!].map((v) => ({
      id: v.id,
      option_value_ids: v.option_value_ids,
      sku: v.sku,
      mrp: v.mrp,
      price: v.price,
      cost: v.cost,
      barcode: v.barcode,
      // Opening stock for a saved variant is not read: stock changes on the inventories screens.
      opening_stock: [{ warehouse_id: f.warehouseIds[0], quantity: 99 }],
    }));
    const response = await put(vendor, { ...sizeByColour(grid.product.version), variants: keep });
    expect(response.status, await response.clone().text()).toBe(200);
    const after = await gridOf(vendor);
    expect(after.variants.map((v) => v.id)).toEqual([first!.id, third!.id, fourth!.id]);
    expect(after.variants[0]!.stock.map((s) => s.on_hand).sort()).toEqual([3, 5]);
    const [summary] = await sql(`select variant_count, stock_available from products where id = $1`, [f.productId]);
    expect(summary).toMatchObject({ variant_count: 3, stock_available: 8 });
  });

  it('refuses to prune a variant with reserved stock (409), changing nothing', async () => {
    const grid = await gridOf(vendor);
    const reservedOne = grid.variants[0]!;
    await sql(`update stock_levels set reserved = 1 where variant_id = $1 and warehouse_id = $2`, [reservedOne.id, f.warehouseIds[0]]);
    const others = grid.variants.slice(1).map((v) => ({ id: v.id, option_value_ids: v.option_value_ids, sku: v.sku, mrp: v.mrp, price: v.price }));
    const refused = await expectErrorShape(await put(vendor, { ...sizeByColour(grid.product.version), variants: others }), 409);
    expect(refused.message).toContain('KUR-S-RED');
    expect((await gridOf(vendor)).variants).toHaveLength(3);
    await sql(`update stock_levels set reserved = 0 where variant_id = $1`, [reservedOne.id]);
  });

  it('answers 409 to a stale version', async () => {
    const grid = await gridOf(vendor);
    const stale = await expectErrorShape(await put(vendor, { ...sizeByColour(grid.product.version - 1), variants: [] }), 422);
    expect(stale.errors?.variants).toBeTruthy();
    const rows = grid.variants.map((v) => ({ id: v.id, option_value_ids: v.option_value_ids, sku: v.sku, mrp: v.mrp, price: v.price }));
    const conflict = await expectErrorShape(await put(vendor, { ...sizeByColour(grid.product.version - 1), variants: rows }), 409);
    expect(conflict.message).toMatch(/Someone changed this product/);
  });

  describe('bad input, each on its row and field', () => {
    let version: number;
    const row = (extra: Record<string, unknown> = {}) => ({ option_value_ids: [f.values.L], sku: 'KUR-L', mrp: 100_000, price: 90_000, ...extra });
    const grid = (variants: unknown[], extra: Record<string, unknown> = {}) => ({
      version,
      options: [{ group_id: f.groups.size, value_ids: [f.values.L, f.values.S] }],
      variants,
      ...extra,
    });
    const refused = async (json: unknown) => (await expectErrorShape(await put(vendor, json, f.bareProductId), 422)).errors ?? {};

    beforeAll(async () => {
      version = (await gridOf(vendor, f.bareProductId)).product.version;
    });

    it('a price above the MRP', async () => {
      expect((await refused(grid([row({ price: 100_001 })])))['variants.0.price']).toEqual(['The price can’t be more than the MRP.']);
    });

    it('a variant without a price', async () => {
      expect((await refused(grid([row(), row({ option_value_ids: [f.values.S], sku: 'KUR-S2', price: '' })])))['variants.1.price']).toEqual(['Enter a price.']);
    });

    it('a duplicate SKU within the grid', async () => {
      expect((await refused(grid([row(), row({ option_value_ids: [f.values.S], sku: 'kur-l' })])))['variants.1.sku']).toEqual(['SKU KUR-L is also on row 1.']);
    });

    it('a SKU another product of the vendor has, naming that product', async () => {
      expect((await refused(grid([row({ sku: 'kur-red-m' })])))['variants.0.sku']).toEqual(['SKU KUR-RED-M is used by Cotton Kurta, Indigo.']);
    });

    it('a value not in the chosen group, in the options or on a row', async () => {
      const options = [{ group_id: f.groups.size, value_ids: [f.values.L, f.values.Red] }];
      expect((await refused(grid([row()], { options })))['options.0.value_ids.1']).toEqual(['This value is not one of Test Size’s values.']);
      expect((await refused(grid([row({ option_value_ids: [f.values.M] })])))['variants.0.option_value_ids.0']).toBeTruthy();
    });

    it('more than three groups, and an inactive group', async () => {
      const four = [f.groups.size, f.groups.colour, f.groups.material, f.groups.fit].map((group_id, k) => ({
        group_id,
        value_ids: [[f.values.L, f.values.Red, f.values.Cotton, f.values.Slim][k]],
      }));
      expect((await refused(grid([row({ option_value_ids: [f.values.L, f.values.Red, f.values.Cotton, f.values.Slim] })], { options: four }))).options).toEqual(
        ['Choose at most 3 option groups.'],
      );
      const inactive = [{ group_id: f.groups.inactive, value_ids: [f.values.Old] }];
      expect((await refused(grid([row({ option_value_ids: [f.values.Old] })], { options: inactive })))['options.0.group_id']).toEqual([
        'Choose an active option group.',
      ]);
    });

    it('a bad barcode, a bad SKU and opening stock in a warehouse the product does not ship from', async () => {
      const errors = await refused(
        grid([row({ barcode: '4006381333932', sku: 'KUR L ₹', opening_stock: [{ warehouse_id: f.kaveriWarehouseId, quantity: 1 }] })]),
      );
      expect(errors['variants.0.barcode']).toEqual(['Enter an EAN-13, UPC-A (12 digits) or EAN-8 barcode with its check digit.']);
      const second = await refused(grid([row({ opening_stock: [{ warehouse_id: f.kaveriWarehouseId, quantity: 1 }] })]));
      expect(second['variants.0.opening_stock.0.warehouse_id']).toEqual(['Choose one of the warehouses this product ships from.']);
    });

    it('wrote nothing for any of them', async () => {
      expect((await gridOf(vendor, f.bareProductId)).variants).toEqual([]);
    });
  });

  it('saves a product without options as one variant', async () => {
    const { product } = await gridOf(vendor, f.bareProductId);
    const response = await put(vendor, { version: product.version, variants: [{ sku: 'LIN-001', mrp: '999', price: '799.50' }] }, f.bareProductId);
    expect(response.status, await response.clone().text()).toBe(200);
    expect((await gridOf(vendor, f.bareProductId)).variants).toMatchObject([{ sku: 'LIN-001', option_value_ids: [], mrp: 99_900, price: 79_950 }]);
  });
});

describe('who may see and change a grid', () => {
  it("answers 404 to a vendor for another vendor's product, both ways", async () => {
    await expectErrorShape(await vendor.get(`/api/products/${f.kaveriProductId}/variants`), 404);
    await expectErrorShape(await put(vendor, { version: 1, variants: [{ sku: 'X1', mrp: 100, price: 100 }] }, f.kaveriProductId), 404);
  });

  it('lets staff edit a vendor’s grid without ever seeing or sending the cost, which stays', async () => {
    const grid = await gridOf(admin);
    expect(grid.variants.every((v) => !('cost' in v))).toBe(true);
    const rows = grid.variants.map((v) => ({
      id: v.id,
      option_value_ids: v.option_value_ids,
      sku: v.sku,
      mrp: v.mrp,
      price: v.price - 100,
      barcode: v.barcode,
    }));
    const withCost = await expectErrorShape(await put(admin, { ...sizeByColour(grid.product.version), variants: rows.map((r) => ({ ...r, cost: 1 })) }), 422);
    expect(withCost.errors?.['variants.0.cost']).toEqual(['Only the vendor sets the cost price.']);
    const response = await put(admin, { ...sizeByColour(grid.product.version), variants: rows });
    expect(response.status, await response.clone().text()).toBe(200);
    const asVendor = await gridOf(vendor);
    expect(asVendor.variants[0]).toMatchObject({ sku: 'KUR-S-RED', price: 129_800, cost: 70_000 });
  });

  it('refuses support (no products permissions) with 403, and a guest with 401', async () => {
    const support = await app.as('support');
    await expectErrorShape(await support.get(`/api/products/${f.productId}/variants`), 403);
    await expectErrorShape(await app.client().get(`/api/products/${f.productId}/variants`), 401);
  });

  it('answers 404 for unknown and malformed ids', async () => {
    for (const id of ['999999', 'abc', '0', '99999999999']) await expectErrorShape(await vendor.get(`/api/products/${id}/variants`), 404);
  });
});
