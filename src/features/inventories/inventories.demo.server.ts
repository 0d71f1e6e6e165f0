/**
 * Demo stock: each demo product's variant in its vendor's demo warehouse, brought in as opening
 * stock through adjustStock (so the ledger and the products' available totals agree from the
 * start): plenty of kurtas and sarees, a few shirts and towels (low stock), and dupattas that were
 * all damaged (out of stock, with the history saying why).
 */
import { and, eq, inArray } from 'drizzle-orm';
import { productVariants } from '../products/product.tables.ts';
import { warehouses } from '../warehouses/warehouse.tables.ts';
import type { DemoSeed } from '../../lib/db/demo-seeds.server.ts';
import { adjustStock } from './stock.server.ts';
import { stockLevels, stockMovements } from './inventory.tables.ts';

const DEMO_STOCK: { sku: string; warehouse: string; opening: number; damaged?: number; note: string }[] = [
  { sku: 'DFH-KUR-001', warehouse: 'DFH-BLR', opening: 40, note: 'Opening count, January' },
  { sku: 'DFH-SHI-002', warehouse: 'DFH-BLR', opening: 4, note: 'Opening count, January' },
  { sku: 'DFH-DUP-003', warehouse: 'DFH-BLR', opening: 3, damaged: 3, note: 'Opening count, January' },
  { sku: 'KVH-SAR-001', warehouse: 'KVH-MAA', opening: 12, note: 'Opening count' },
  { sku: 'KVH-TOW-002', warehouse: 'KVH-MAA', opening: 2, note: 'Opening count' },
  // The kurta in sizes and colours (products.demo seedVariedProduct): L / White not in yet.
  { sku: 'DFH-KUR-020-S-IND', warehouse: 'DFH-BLR', opening: 12, note: 'Opening count' },
  { sku: 'DFH-KUR-020-M-IND', warehouse: 'DFH-BLR', opening: 18, note: 'Opening count' },
  { sku: 'DFH-KUR-020-L-IND', warehouse: 'DFH-BLR', opening: 6, note: 'Opening count' },
  { sku: 'DFH-KUR-020-S-WHT', warehouse: 'DFH-BLR', opening: 9, note: 'Opening count' },
  { sku: 'DFH-KUR-020-M-WHT', warehouse: 'DFH-BLR', opening: 14, note: 'Opening count' },
];

export const seedInventories: DemoSeed = async (tx, { at }) => {
  const levelIds: number[] = [];
  for (const item of DEMO_STOCK) {
    // Demo SKUs are unique across the demo vendors.
    const [variant] = await tx
      .select({ id: productVariants.id, vendorId: productVariants.vendorId })
      .from(productVariants)
      .where(eq(productVariants.sku, item.sku))
      .limit(1);
    if (!variant) throw new Error(`Demo stock needs the variant ${item.sku}`);
    const [warehouse] = await tx
      .select({ id: warehouses.id })
      .from(warehouses)
      .where(and(eq(warehouses.vendorId, variant.vendorId), eq(warehouses.code, item.warehouse)))
      .limit(1);
    if (!warehouse) throw new Error(`Demo stock needs warehouse ${item.warehouse}`);
    const place = { variantId: variant.id, warehouseId: warehouse.id };
    const level = await adjustStock(tx, { ...place, delta: item.opening, reason: 'opening', note: item.note });
    if (item.damaged) await adjustStock(tx, { ...place, delta: -item.damaged, reason: 'damaged', note: 'Water damage in the store room' });
    levelIds.push(level.id);
  }
  // Deterministic demo data: the ledger and the levels carry the demo date, not the day it was loaded.
  if (levelIds.length) {
    await tx.update(stockMovements).set({ createdAt: at }).where(inArray(stockMovements.stockLevelId, levelIds));
    await tx.update(stockLevels).set({ updatedAt: at }).where(inArray(stockLevels.id, levelIds));
  }
};
