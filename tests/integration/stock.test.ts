/**
 * Stock that never lies (issue 15 §3), on the real server and its real database.
 *
 * 1. Over HTTP: the inventories list and its vendor scope, a level's adjustments (reasons, signs,
 *    stale versions, never below what is reserved), its threshold, its history, starting a level in
 *    another warehouse, the CSV export and the activity log.
 * 2. The orders' calls (reserve, release, ship, restock) have no HTTP route until the orders issue,
 *    so this file opens the server's own database directly and calls them as the server would, each
 *    call in its own transaction: 50 reservations racing for 10 units, a multi-line reservation that
 *    is all or nothing, orders taking the same levels in opposite orders, the refusals, and a random
 *    sequence (fast-check) after which every level equals the sum of its ledger and every product's
 *    available total the sum of its levels.
 *    PostgreSQL: a pool of separate connections, so the transactions really overlap and the
 *    conditional UPDATE's row lock decides. PGlite is one connection: the server is stopped (its data
 *    folder is single-process), the folder opened here, and concurrent transactions queue on it one
 *    after another — the same calls and the same answers, without the overlap.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { and, eq, sql } from 'drizzle-orm';
import { useServer } from '../helpers/vitest-server.ts';
import type { HttpClient } from '../helpers/http.ts';
import { expectErrorShape } from '../helpers/assertions.ts';
import { filter, form, query, type ApiRecord } from '../helpers/area-api.ts';
import { openDatabase, rowsOf, type Database } from '../../src/lib/db/client.server.ts';
import { HttpError } from '../../src/lib/http/errors.ts';
import { products, productVariants } from '../../src/features/products/product.tables.ts';
import { warehouses } from '../../src/features/warehouses/warehouse.tables.ts';
import { stockLevels, stockMovements } from '../../src/features/inventories/inventory.tables.ts';
import {
  adjustStock,
  levelsFromLedger,
  releaseStock,
  reserveStock,
  restockStock,
  shipStock,
  type StockLine,
} from '../../src/features/inventories/stock.server.ts';

const app = useServer();
let admin: HttpClient;
let vendor: HttpClient;

const lowStock = filter('stock_state', 'in', ['low', 'out']);

async function listAs(as: HttpClient, params: Record<string, unknown> = {}) {
  const { status, body } = await as.getJson(`/api/inventories?${query({ per_page: 100, ...params })}`);
  expect(status, JSON.stringify(body)).toBe(200);
  return body as { data: ApiRecord[]; meta: { total: number } };
}

async function levelBySku(as: HttpClient, sku: string): Promise<ApiRecord> {
  const { data } = await listAs(as, filter('sku', 'equals', sku));
  expect(data, sku).toHaveLength(1);
  return data[0]!;
}

const adjust = (as: HttpClient, id: number, body: Record<string, unknown>) => as.post(`/api/inventories/${id}/adjustments`, { json: body });

beforeAll(async () => {
  admin = await app.as('admin');
  vendor = await app.as('vendor');
});

/** The demo stock, by SKU: one level per single-variant demo product, and five of the kurta in sizes and colours. */
const DEMO_STOCK_SKUS = [
  'DFH-DUP-003',
  'DFH-KUR-001',
  'DFH-KUR-020-L-IND',
  'DFH-KUR-020-M-IND',
  'DFH-KUR-020-M-WHT',
  'DFH-KUR-020-S-IND',
  'DFH-KUR-020-S-WHT',
  'DFH-SHI-002',
  'KVH-SAR-001',
  'KVH-TOW-002',
];

describe('the inventories list', () => {
  it('shows staff every level, and a vendor only their own', async () => {
    const all = await listAs(admin, { sort: 'sku', order: 'asc' });
    expect(all.data.map((l) => l.sku)).toEqual(DEMO_STOCK_SKUS);
    // 40 opening units; the demo orders (src/app/orders/orders.demo.server.ts) shipped one and hold two (one with a coupon).
    expect(all.data.find((l) => l.sku === 'DFH-KUR-001')).toMatchObject({
      product_name: 'Cotton Kurta, Indigo',
      warehouse_code: 'DFH-BLR',
      on_hand: 39,
      reserved: 2,
      available: 37,
      low_stock_threshold: 5,
      stock_state: 'ok',
    });
    const own = await listAs(vendor, { sort: 'sku', order: 'asc' });
    // The signed-in vendor is Demo Fashion House: its SKUs are the DFH ones.
    expect(own.data.map((l) => l.sku)).toEqual(DEMO_STOCK_SKUS.filter((sku) => sku.startsWith('DFH-')));
    expect(own.meta.total).toBe(8);
    // Search and filters stay inside the vendor's own rows.
    expect((await listAs(vendor, { q: 'KVH' })).data).toEqual([]);
    expect((await listAs(vendor, filter('product_name', 'contains', 'Saree'))).data).toEqual([]);
  });

  it('has the low-stock (available ≤ threshold) and out-of-stock views', async () => {
    expect((await listAs(vendor, lowStock)).data.map((l) => l.sku).sort()).toEqual(['DFH-DUP-003', 'DFH-SHI-002']);
    expect((await listAs(vendor, filter('stock_state', 'equals', 'out'))).data.map((l) => l.sku)).toEqual(['DFH-DUP-003']);
    expect((await listAs(admin, lowStock)).data.map((l) => l.sku).sort()).toEqual(['DFH-DUP-003', 'DFH-SHI-002', 'KVH-TOW-002']);
    const byAvailable = await listAs(admin, { sort: 'available', order: 'desc' });
    // The opening stock less what the demo orders hold or shipped (KUR-001 −3, KUR-020-M-IND −2, KUR-020-M-WHT −1, SAR-001 −2, SHI-002 −2).
    expect(byAvailable.data.map((l) => l.available)).toEqual([37, 16, 13, 12, 10, 9, 6, 2, 2, 0]);
  });

  it('refuses a filter or sort it does not know, in the one error shape', async () => {
    await expectErrorShape(await admin.get(`/api/inventories?${query({ sort: 'cost_paise' })}`), 422);
    await expectErrorShape(await admin.get(`/api/inventories?${query(filter('stock_state', 'equals', 'plenty'))}`), 422);
  });

  it('exports the filtered rows as CSV, a vendor only their own', async () => {
    const response = await vendor.get('/api/inventories/export');
    expect(response.status).toBe(200);
    expect(response.headers.get('content-type')).toMatch(/^text\/csv/);
    const text = await response.text();
    expect(text).toContain('DFH-KUR-001');
    expect(text).not.toContain('KVH-');
    expect(text.split('\r\n')[0]).not.toContain('Vendor');
    const staffCsv = await (await admin.get(`/api/inventories/export?${query(lowStock)}`)).text();
    expect(staffCsv.split('\r\n')[0]).toContain('Vendor');
    expect(staffCsv).toContain('KVH-TOW-002');
    expect(staffCsv).not.toContain('DFH-KUR-001');
  });
});

describe('adjusting a level', () => {
  it('receives units with a note: on hand and available go up, the history and the activity log say so', async () => {
    const level = await levelBySku(vendor, 'DFH-KUR-001');
    const response = await adjust(vendor, level.id, { version: level.version, reason: 'received', delta: 10, note: 'Invoice 118' });
    expect(response.status, await response.clone().text()).toBe(201);
    const after = (await response.json()).data;
    expect(after).toMatchObject({ on_hand: level.on_hand + 10, available: level.available + 10, version: level.version + 1 });

    const { status, body } = await vendor.getJson(`/api/inventories/${level.id}/movements`);
    expect(status).toBe(200);
    expect(body.data[0]).toMatchObject({ kind: 'received', on_hand_delta: 10, reserved_delta: 0, on_hand_after: after.on_hand, note: 'Invoice 118' });
    expect(body.data[0].actor_name).toBeTruthy();
    expect(body.data.at(-1)).toMatchObject({ kind: 'opening' });

    const log = await admin.getJson(
      `/api/activity-logs?${query({ sort: 'at', order: 'desc', filters: { area: { constraints: [{ matchMode: 'equals', value: 'inventories' }] } } })}`,
    );
    expect(log.body.data[0]).toMatchObject({ action: 'adjust', record_id: String(level.id), record_name: 'DFH-KUR-001 at DFH-BLR' });
    expect(log.body.data[0].changes.on_hand).toEqual([level.on_hand, after.on_hand]);
  });

  it('refuses a stale version, and a decrease below what is reserved (409 naming what is available)', async () => {
    const level = await levelBySku(vendor, 'DFH-SHI-002');
    const stale = await expectErrorShape(await adjust(vendor, level.id, { version: level.version + 5, reason: 'received', delta: 1 }), 409);
    expect(stale.message).toMatch(/changed since you opened it/);
    const tooMany = await expectErrorShape(await adjust(vendor, level.id, { version: level.version, reason: 'damaged', delta: -(level.available + 1) }), 409);
    expect(tooMany.message).toContain(`Only ${level.available} available`);
    expect((await levelBySku(vendor, 'DFH-SHI-002')).on_hand).toBe(level.on_hand);
  });

  it('refuses bad input with field errors (422), never a 500', async () => {
    const level = await levelBySku(vendor, 'DFH-SHI-002');
    const v = level.version;
    for (const [body, field] of [
      [{ version: v, reason: 'received', delta: -3 }, 'delta'],
      [{ version: v, reason: 'damaged', delta: 3 }, 'delta'],
      [{ version: v, reason: 'received', delta: 0 }, 'delta'],
      [{ version: v, reason: 'received', delta: 1.5 }, 'delta'],
      [{ version: v, reason: 'received', delta: 99_999_999_999 }, 'delta'],
      [{ version: v, reason: 'stolen', delta: -1 }, 'reason'],
      [{ version: v, reason: 'received', delta: 1, note: 'x'.repeat(501) }, 'note'],
      [{ reason: 'received', delta: 1 }, 'version'],
    ] as const) {
      const refused = await expectErrorShape(await adjust(vendor, level.id, body), 422);
      expect(Object.keys(refused.errors ?? {}), JSON.stringify(body)).toContain(field);
    }
    await expectErrorShape(await adjust(vendor, level.id, { version: v, reason: 'received', delta: 1, on_hand: 500 }), 422);
    // The page's form sends text: "−1", with the minus sign people type, reads as -1.
    const typed = await vendor.post(`/api/inventories/${level.id}/adjustments`, { form: { version: String(v), reason: 'correction', delta: '\u22121' } });
    expect(typed.status, await typed.clone().text()).toBe(201);
    expect((await typed.json()).data.on_hand).toBe(level.on_hand - 1);
  });

  it('carries CSRF like every unsafe request', async () => {
    const level = await levelBySku(vendor, 'DFH-KUR-001');
    const refused = await vendor.post(`/api/inventories/${level.id}/adjustments`, {
      json: { version: level.version, reason: 'received', delta: 1 },
      csrf: false,
    });
    expect([403, 419]).toContain(refused.status);
    expect((await levelBySku(vendor, 'DFH-KUR-001')).on_hand).toBe(level.on_hand);
  });

  it("keeps another vendor's level out of reach: 404 everywhere", async () => {
    const theirs = await levelBySku(admin, 'KVH-SAR-001');
    expect((await vendor.getJson(`/api/inventories/${theirs.id}`)).status).toBe(404);
    expect((await vendor.getJson(`/api/inventories/${theirs.id}/movements`)).status).toBe(404);
    await expectErrorShape(await adjust(vendor, theirs.id, { version: theirs.version, reason: 'received', delta: 5 }), 404);
    await expectErrorShape(await vendor.patch(`/api/inventories/${theirs.id}`, { json: { version: theirs.version, low_stock_threshold: 1 } }), 404);
    expect((await vendor.get(`/inventories/${theirs.id}/edit`)).status).toBe(404);
    expect((await levelBySku(admin, 'KVH-SAR-001')).on_hand).toBe(theirs.on_hand);
  });
});

describe('the low-stock threshold', () => {
  it('is set with a version; the level moves between the views', async () => {
    const level = await levelBySku(vendor, 'DFH-SHI-002');
    const response = await vendor.patch(`/api/inventories/${level.id}`, { json: { version: level.version, low_stock_threshold: 0 } });
    expect(response.status, await response.clone().text()).toBe(200);
    expect((await listAs(vendor, lowStock)).data.map((l) => l.sku)).toEqual(['DFH-DUP-003']);
    await expectErrorShape(await vendor.patch(`/api/inventories/${level.id}`, { json: { version: level.version, low_stock_threshold: 3 } }), 409);
    await expectErrorShape(await vendor.patch(`/api/inventories/${level.id}`, { json: { version: level.version + 1, low_stock_threshold: -1 } }), 422);
    const after = await levelBySku(vendor, 'DFH-SHI-002');
    const back = await vendor.patch(`/api/inventories/${level.id}`, { json: { version: after.version, low_stock_threshold: 5 } });
    expect(back.status).toBe(200);
  });
});

describe('stocking a variant in another warehouse', () => {
  it("starts a level at zero in the vendor's own warehouse only", async () => {
    const kurta = await levelBySku(vendor, 'DFH-KUR-001');
    const home = (await vendor.getJson(`/api/warehouses/${kurta.warehouse_id}`)).body.data;
    const created = await vendor.post('/api/warehouses', {
      multipart: form({
        name: 'Demo Fashion House Mysuru room',
        code: 'DFH-MYS',
        contact_name: 'Priya Nair',
        contact_phone: '+91 98765 43210',
        address_line1: '3 Sayyaji Rao Road',
        state_id: String(home.state_id),
        city_id: String(home.city_id),
        pincode_id: String(home.pincode_id),
      }),
    });
    expect(created.status, await created.clone().text()).toBe(201);
    const warehouseId = (await created.json()).data.id as number;

    const again = await expectErrorShape(
      await vendor.post('/api/inventories', { json: { variant_id: kurta.variant_id, warehouse_id: kurta.warehouse_id } }),
      409,
    );
    expect(again.message).toContain(`stock level ${kurta.id}`);
    const platform = (await admin.getJson(`/api/warehouses?${query(filter('code', 'equals', 'BLR-01'))}`)).body.data[0];
    await expectErrorShape(await admin.post('/api/inventories', { json: { variant_id: kurta.variant_id, warehouse_id: platform.id } }), 422);
    const saree = await levelBySku(admin, 'KVH-SAR-001');
    await expectErrorShape(await vendor.post('/api/inventories', { json: { variant_id: saree.variant_id, warehouse_id: warehouseId } }), 404);
    await expectErrorShape(await vendor.post('/api/inventories', { json: { variant_id: 'x', warehouse_id: warehouseId } }), 422);

    const started = await vendor.post('/api/inventories', { json: { variant_id: kurta.variant_id, warehouse_id: warehouseId } });
    expect(started.status, await started.clone().text()).toBe(201);
    const level = (await started.json()).data;
    expect(level).toMatchObject({ sku: 'DFH-KUR-001', warehouse_code: 'DFH-MYS', on_hand: 0, stock_state: 'out' });
    const received = await adjust(vendor, level.id, { version: level.version, reason: 'received', delta: 7 });
    expect(received.status).toBe(201);
    expect((await listAs(vendor, filter('variant_id', 'equals', kurta.variant_id))).data.map((l) => [l.warehouse_code, l.on_hand]).sort()).toEqual([
      ['DFH-BLR', kurta.on_hand],
      ['DFH-MYS', 7],
    ]);
  });
});

describe("the orders' calls, on the server's database", () => {
  let database: Database;
  let vendorId: number;
  let warehouseId: number;
  let made = 0;
  const who = (orderRef: string) => ({ orderRef });

  /** A new product with one variant of the demo vendor, stocked with `onHand` in the vendor's warehouse. */
  async function stockedVariant(onHand: number): Promise<{ variantId: number; productId: number; line: (quantity: number) => StockLine }> {
    made += 1;
    const [product] = await database.db
      .insert(products)
      .values({ vendorId, name: `Stock test ${made}`, slug: `stock-test-${made}-${Date.now()}`, status: 'active' })
      .returning({ id: products.id });
    const [variant] = await database.db
      .insert(productVariants)
      .values({ productId: product!.id, vendorId, sku: `STOCK-TEST-${made}-${Date.now()}`, mrpPaise: 10_000, pricePaise: 10_000 })
      .returning({ id: productVariants.id });
    if (onHand > 0) await database.db.transaction((tx) => adjustStock(tx, { variantId: variant!.id, warehouseId, delta: onHand, reason: 'opening' }));
    return { variantId: variant!.id, productId: product!.id, line: (quantity) => ({ variantId: variant!.id, warehouseId, quantity }) };
  }

  async function levelOf(variantId: number) {
    const [level] = await database.db
      .select()
      .from(stockLevels)
      .where(and(eq(stockLevels.variantId, variantId), eq(stockLevels.warehouseId, warehouseId)));
    return level;
  }

  const stockAvailable = async (productId: number) =>
    (await database.db.select({ n: products.stockAvailable }).from(products).where(eq(products.id, productId)))[0]!.n;

  /** Runs one call in its own transaction; answers the HTTP status it would give (200 or the refusal's). */
  async function run(call: (tx: Parameters<Parameters<Database['db']['transaction']>[0]>[0]) => Promise<unknown>): Promise<number> {
    try {
      await database.db.transaction(call);
      return 200;
    } catch (error) {
      if (error instanceof HttpError) return error.status;
      throw error;
    }
  }

  /** Every level equals the sum of its ledger; every product's available total equals the sum over its levels. */
  async function expectLedgerAgrees() {
    const ledger = await levelsFromLedger(database.db);
    const levels = await database.db.select().from(stockLevels);
    for (const level of levels) {
      expect(ledger.get(level.id) ?? { onHand: 0, reserved: 0 }, `level ${level.id}`).toEqual({ onHand: level.onHand, reserved: level.reserved });
    }
    const mismatched = rowsOf(
      await database.db.execute(sql`
      select p.id, p.stock_available, coalesce(sum(l.on_hand - l.reserved), 0)::int as summed
      from products p left join product_variants v on v.product_id = p.id left join stock_levels l on l.variant_id = v.id
      group by p.id having p.stock_available <> coalesce(sum(l.on_hand - l.reserved), 0)`),
    );
    expect(mismatched).toEqual([]);
  }

  beforeAll(async () => {
    const server = app.server;
    if (server.driver === 'postgres') {
      // Separate connections: each transaction below gets its own, so they really overlap.
      process.env.PG_POOL_MAX = '24';
      database = await openDatabase({ driver: 'postgres', url: server.databaseUrl! });
    } else {
      await server.stop();
      database = await openDatabase({ driver: 'pglite', dataDir: server.dataDir });
    }
    const [home] = await database.db.select({ id: warehouses.id, vendorId: warehouses.vendorId }).from(warehouses).where(eq(warehouses.code, 'DFH-BLR'));
    warehouseId = home!.id;
    vendorId = home!.vendorId!;
  });

  afterAll(async () => {
    await database?.close();
    if (app.server.driver === 'pglite') await app.server.start();
  });

  it('grants exactly 10 of 50 racing one-unit reservations for 10 units; the other 40 are 409', async () => {
    const item = await stockedVariant(10);
    const statuses = await Promise.all(Array.from({ length: 50 }, (_, i) => run((tx) => reserveStock(tx, [item.line(1)], who(`race-${i}`)))));
    expect(statuses.filter((s) => s === 200)).toHaveLength(10);
    expect(statuses.filter((s) => s === 409)).toHaveLength(40);
    const level = await levelOf(item.variantId);
    expect({ onHand: level?.onHand, reserved: level?.reserved }).toEqual({ onHand: 10, reserved: 10 });
    const reservations = await database.db
      .select({ n: sql<number>`count(*)::int` })
      .from(stockMovements)
      .where(and(eq(stockMovements.stockLevelId, level!.id), eq(stockMovements.kind, 'reserve')));
    expect(Number(reservations[0]!.n)).toBe(10);
    expect(await stockAvailable(item.productId)).toBe(0);
    await expectLedgerAgrees();
  });

  it('reserves a multi-line order all or nothing, summing two lines of one item', async () => {
    const plenty = await stockedVariant(5);
    const scarce = await stockedVariant(1);
    expect(await run((tx) => reserveStock(tx, [plenty.line(2), scarce.line(1), scarce.line(1)], who('order-all-or-nothing')))).toBe(409);
    expect((await levelOf(plenty.variantId))?.reserved).toBe(0);
    expect((await levelOf(scarce.variantId))?.reserved).toBe(0);
    const written = await database.db.select().from(stockMovements).where(eq(stockMovements.orderRef, 'order-all-or-nothing'));
    expect(written).toEqual([]);
    expect(await stockAvailable(plenty.productId)).toBe(5);
    expect(await run((tx) => reserveStock(tx, [plenty.line(2), scarce.line(1)], who('order-fits')))).toBe(200);
    expect((await levelOf(plenty.variantId))?.reserved).toBe(2);
    expect((await levelOf(scarce.variantId))?.reserved).toBe(1);
  });

  it("doesn't deadlock when orders take the same levels in opposite line orders", async () => {
    // Four levels of two products: a and d are product P's, b and c product Q's (two variants each).
    const p = await stockedVariant(100);
    const q = await stockedVariant(100);
    const [pSecond] = await database.db
      .insert(productVariants)
      .values({ productId: p.productId, vendorId, sku: `STOCK-TEST-P2-${Date.now()}`, mrpPaise: 100, pricePaise: 100 })
      .returning({ id: productVariants.id });
    const [qSecond] = await database.db
      .insert(productVariants)
      .values({ productId: q.productId, vendorId, sku: `STOCK-TEST-Q2-${Date.now()}`, mrpPaise: 100, pricePaise: 100 })
      .returning({ id: productVariants.id });
    for (const id of [qSecond!.id, pSecond!.id]) {
      await database.db.transaction((tx) => adjustStock(tx, { variantId: id, warehouseId, delta: 100, reason: 'opening' }));
    }
    const a = p.line(1);
    const b = q.line(1);
    const c = { variantId: qSecond!.id, warehouseId, quantity: 1 };
    const d = { variantId: pSecond!.id, warehouseId, quantity: 1 };
    const orders: StockLine[][] = [];
    for (let i = 0; i < 10; i++) orders.push([a, b], [b, a], [a, c], [d, b], [c, d]);
    const statuses = await Promise.all(orders.map((lines, i) => run((tx) => reserveStock(tx, lines, who(`opposite-${i}`)))));
    expect(statuses.every((s) => s === 200)).toBe(true);
    expect((await levelOf(p.variantId))?.reserved).toBe(30);
    expect((await levelOf(q.variantId))?.reserved).toBe(30);
    expect((await levelOf(qSecond!.id))?.reserved).toBe(20);
    expect((await levelOf(pSecond!.id))?.reserved).toBe(20);
    expect(await stockAvailable(p.productId)).toBe(200 - 50);
    expect(await stockAvailable(q.productId)).toBe(200 - 50);
  });

  it('refuses what the level cannot take: release, ship or adjust beyond it, unknown levels, bad quantities', async () => {
    const item = await stockedVariant(5);
    expect(await run((tx) => reserveStock(tx, [item.line(3)], who('refusals')))).toBe(200);
    expect(await run((tx) => releaseStock(tx, [item.line(4)], who('refusals')))).toBe(409);
    expect(await run((tx) => shipStock(tx, [item.line(4)], who('refusals')))).toBe(409);
    // Adjusting below reserved: 5 on hand, 3 reserved, so at most 2 may go.
    expect(await run((tx) => adjustStock(tx, { variantId: item.variantId, warehouseId, delta: -3, reason: 'correction' }))).toBe(409);
    expect(await run((tx) => adjustStock(tx, { variantId: item.variantId, warehouseId, delta: 2, reason: 'damaged' }))).toBe(422);
    expect(await run((tx) => reserveStock(tx, [item.line(0)], who('refusals')))).toBe(422);
    expect(await run((tx) => reserveStock(tx, [], who('refusals')))).toBe(422);
    const unstocked = await stockedVariant(0);
    expect(await run((tx) => reserveStock(tx, [unstocked.line(1)], who('refusals')))).toBe(409);
    expect(await run((tx) => releaseStock(tx, [unstocked.line(1)], who('refusals')))).toBe(409);
    const level = await levelOf(item.variantId);
    expect({ onHand: level?.onHand, reserved: level?.reserved }).toEqual({ onHand: 5, reserved: 3 });
    // Shipping takes units out of both; a restock puts a return back on the shelf.
    expect(await run((tx) => shipStock(tx, [item.line(2)], who('refusals')))).toBe(200);
    expect(await run((tx) => restockStock(tx, [item.line(1)], who('refusals')))).toBe(200);
    const after = await levelOf(item.variantId);
    expect({ onHand: after?.onHand, reserved: after?.reserved }).toEqual({ onHand: 4, reserved: 1 });
    expect(await stockAvailable(item.productId)).toBe(3);
    await expectLedgerAgrees();
  });

  it('keeps every level equal to its ledger after any sequence of calls (fast-check), refusing exactly what the model refuses', async () => {
    const items = [await stockedVariant(3), await stockedVariant(0), await stockedVariant(8)];
    const model = new Map<number, { onHand: number; reserved: number }>();
    for (const item of items) {
      const level = await database.db.select().from(stockLevels).where(eq(stockLevels.variantId, item.variantId));
      model.set(item.variantId, level[0] ? { onHand: level[0].onHand, reserved: level[0].reserved } : { onHand: 0, reserved: 0 });
    }
    const step = fc.record({
      call: fc.constantFrom('reserve', 'release', 'ship', 'restock', 'received', 'damaged', 'correction'),
      item: fc.nat({ max: items.length - 1 }),
      quantity: fc.integer({ min: 1, max: 6 }),
    });
    let ref = 0;
    await fc.assert(
      fc.asyncProperty(fc.array(step, { minLength: 1, maxLength: 12 }), async (steps) => {
        for (const { call, item, quantity } of steps) {
          const { variantId, line } = items[item]!;
          const m = model.get(variantId)!;
          const available = m.onHand - m.reserved;
          const orderRef = `prop-${(ref += 1)}`;
          // What the model says the call does: the level after it, or null for a refusal.
          let next: { onHand: number; reserved: number } | null;
          let status: number;
          switch (call) {
            case 'reserve':
              next = available >= quantity ? { onHand: m.onHand, reserved: m.reserved + quantity } : null;
              status = await run((tx) => reserveStock(tx, [line(quantity)], who(orderRef)));
              break;
            case 'release':
              next = m.reserved >= quantity ? { onHand: m.onHand, reserved: m.reserved - quantity } : null;
              status = await run((tx) => releaseStock(tx, [line(quantity)], who(orderRef)));
              break;
            case 'ship':
              next = m.reserved >= quantity ? { onHand: m.onHand - quantity, reserved: m.reserved - quantity } : null;
              status = await run((tx) => shipStock(tx, [line(quantity)], who(orderRef)));
              break;
            case 'restock':
              next = { onHand: m.onHand + quantity, reserved: m.reserved };
              status = await run((tx) => restockStock(tx, [line(quantity)], who(orderRef)));
              break;
            default: {
              const delta = call === 'damaged' || (call === 'correction' && quantity % 2 === 0) ? -quantity : quantity;
              next = available + delta >= 0 ? { onHand: m.onHand + delta, reserved: m.reserved } : null;
              status = await run((tx) => adjustStock(tx, { variantId, warehouseId, delta, reason: call as 'received' | 'damaged' | 'correction' }));
            }
          }
          // A level that was never stocked has nothing to reserve, release or ship.
          expect(status, `${call} ${quantity} of item ${item} at ${JSON.stringify(m)}`).toBe(next ? 200 : 409);
          if (next) model.set(variantId, next);
        }
        for (const item of items) {
          const level = await levelOf(item.variantId);
          const expected = model.get(item.variantId)!;
          if (level) expect({ onHand: level.onHand, reserved: level.reserved }).toEqual(expected);
          else expect(expected).toEqual({ onHand: 0, reserved: 0 });
          expect(await stockAvailable(item.productId)).toBe(expected.onHand - expected.reserved);
        }
        await expectLedgerAgrees();
      }),
      { numRuns: 25 },
    );
  });
});
