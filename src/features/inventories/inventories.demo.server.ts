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

const DEMO_STOCK: { sku: string; warehouse: string; opening: number; damaged?: number; note: string }[] = [
  { sku: 'DFH-KUR-001', warehouse: 'DFH-BLR', opening: 40, note: 'Opening count, January' },
  { sku: 'DFH-SHI-002', warehouse: 'DFH-BLR', opening: 4, note: 'Opening count, January' },
  { sku: 'DFH-DUP-003', warehouse: 'DFH-BLR', opening: 3, damaged: 3, note: 'Opening count, January' },
  { sku: 'KVH-SAR-001', warehouse: 'KVH-MAA', opening: 12, note: 'Opening count' },
  { sku: 'KVH-TOW-002', warehouse: 'KVH-MAA', opening: 2, note: 'Opening count' },
];

export const seedInventories: DemoSeed = async (tx, { productIds }) => {
  for (const item of DEMO_STOCK) {
    const productId = productIds[item.sku];
    if (productId === undefined) continue;
    const [variant] = await tx
      .select({ id: productVariants.id, vendorId: productVariants.vendorId })
      .from(productVariants)
      .where(and(eq(productVariants.productId, productId), eq(productVariants.sku, item.sku)))
      .limit(1);
    if (!variant) continue;
    const [warehouse] = await tx
      .select({ id: warehouses.id })
      .from(warehouses)
      .where(and(eq(warehouses.vendorId, variant.vendorId), inArray(warehouses.code, [item.warehouse])))
      .limit(1);
    if (!warehouse) throw new Error(`Demo stock needs warehouse ${item.warehouse}`);
    const at = { variantId: variant.id, warehouseId: warehouse.id };
    await adjustStock(tx, { ...at, delta: item.opening, reason: 'opening', note: item.note });
    if (item.damaged) await adjustStock(tx, { ...at, delta: -item.damaged, reason: 'damaged', note: 'Water damage in the store room' });
  }
};
