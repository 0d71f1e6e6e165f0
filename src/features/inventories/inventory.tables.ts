/**
 * Stock (Drizzle): a level per variant per warehouse, and the append-only ledger of every change
 * to it. A level is changed only together with a movement row, in one transaction; the levels can
 * always be rebuilt by summing the ledger (docs/products.md, "Stock that never lies").
 */
import { sql } from 'drizzle-orm';
import { check, index, integer, pgTable, serial, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';
import { productVariants } from '../products/product.tables.ts';
import { warehouses } from '../warehouses/warehouse.tables.ts';
import { users, vendors } from '../../lib/db/schema.ts';

export const stockLevels = pgTable(
  'stock_levels',
  {
    id: serial('id').primaryKey(),
    variantId: integer('variant_id')
      .notNull()
      .references(() => productVariants.id, { onDelete: 'cascade' }),
    warehouseId: integer('warehouse_id')
      .notNull()
      .references(() => warehouses.id, { onDelete: 'restrict' }),
    /** The variant's vendor, kept here for the vendor scope of the inventories list. */
    vendorId: integer('vendor_id')
      .notNull()
      .references(() => vendors.id, { onDelete: 'restrict' }),
    onHand: integer('on_hand').notNull().default(0),
    reserved: integer('reserved').notNull().default(0),
    lowStockThreshold: integer('low_stock_threshold').notNull().default(5),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
    version: integer('version').notNull().default(1),
  },
  (t) => [
    uniqueIndex('stock_levels_variant_warehouse_idx').on(t.variantId, t.warehouseId),
    index('stock_levels_warehouse_idx').on(t.warehouseId, t.id),
    index('stock_levels_vendor_idx').on(t.vendorId, t.id),
    index('stock_levels_updated_idx').on(t.updatedAt, t.id),
    // The dashboard's low-stock count (decision 050): only the levels at or under their threshold.
    index('stock_levels_low_idx')
      .on(t.vendorId, t.id)
      .where(sql`${t.onHand} - ${t.reserved} <= ${t.lowStockThreshold}`),
    check('stock_levels_quantities_check', sql`${t.onHand} >= 0 and ${t.reserved} >= 0 and ${t.reserved} <= ${t.onHand}`),
  ],
);

/**
 * Every change to a level: who, why, by how much, and the order or adjustment it belongs to.
 * kind: 'opening' | 'received' | 'damaged' | 'correction' | 'returned' (adjustments) and
 * 'reserve' | 'release' | 'ship' | 'restock' (the orders' calls).
 */
export const stockMovements = pgTable(
  'stock_movements',
  {
    id: serial('id').primaryKey(),
    stockLevelId: integer('stock_level_id')
      .notNull()
      .references(() => stockLevels.id, { onDelete: 'cascade' }),
    kind: text('kind').notNull(),
    onHandDelta: integer('on_hand_delta').notNull().default(0),
    reservedDelta: integer('reserved_delta').notNull().default(0),
    /** The level after this movement (the history's running figures). */
    onHandAfter: integer('on_hand_after').notNull(),
    reservedAfter: integer('reserved_after').notNull(),
    note: text('note'),
    /** The order (or order line) a reservation, release, shipment or restock belongs to. */
    orderRef: text('order_ref'),
    actorUserId: integer('actor_user_id').references(() => users.id, { onDelete: 'set null' }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('stock_movements_level_idx').on(t.stockLevelId, t.id), index('stock_movements_order_idx').on(t.orderRef)],
);
