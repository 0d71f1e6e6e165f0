/**
 * The dashboard's daily roll-ups (issue 19 §1, decision 050): per IST day, what the orders, their
 * moves, the payments and the earnings ledger added up to, so the dashboard reads a few hundred rows
 * and never scans the orders. Kept by triggers in the very transaction of each write (the placing,
 * each transition, a refund, a ledger entry: drizzle's hand-written SQL of this migration), and
 * rebuilt from the source tables by `rebuildRollups` (src/app/dashboard/rollups.server.ts).
 *
 * `vendor_id` 0 is the marketplace's own row: the figures that belong to no one vendor (orders
 * placed, new customers, a refund of a whole order). No foreign key: 0 is no vendor, and a vendor
 * with sub-orders can't be deleted anyway.
 */
import { bigint, date, index, integer, pgTable, primaryKey, text } from 'drizzle-orm/pg-core';

const paise = (name: string) => bigint(name, { mode: 'number' }).notNull().default(0);
const count = (name: string) => integer(name).notNull().default(0);

/** One row per IST day × vendor (and the marketplace's row, vendor 0). */
export const salesDaily = pgTable(
  'sales_daily',
  {
    day: date('day', { mode: 'string' }).notNull(),
    vendorId: integer('vendor_id').notNull(),
    /** Orders placed that day (the marketplace's row only: one order may have several vendors). */
    orders: count('orders'),
    /** Sub-orders placed that day (a vendor's orders). */
    subOrders: count('sub_orders'),
    /** The placed sub-orders' totals (incl. GST), whatever became of them later. */
    gmvPaise: paise('gmv_paise'),
    /** Units on the placed lines. */
    items: count('items'),
    /** Sub-orders cancelled or returned to origin that day (counted on the day of the move). */
    cancellations: count('cancellations'),
    cancelledPaise: paise('cancelled_paise'),
    /** Refunds recorded that day (payments of kind refund, not failed). */
    refundsPaise: paise('refunds_paise'),
    /** Commission earned that day: commission entries written on delivery, less their refund reversals. */
    commissionPaise: paise('commission_paise'),
    /** Customers created that day (the marketplace's row only). */
    newCustomers: count('new_customers'),
  },
  (t) => [primaryKey({ columns: [t.day, t.vendorId] }), index('sales_daily_vendor_day_idx').on(t.vendorId, t.day)],
);

/** Per IST day × vendor × product: the top products of a range. */
export const productSalesDaily = pgTable(
  'product_sales_daily',
  {
    day: date('day', { mode: 'string' }).notNull(),
    vendorId: integer('vendor_id').notNull(),
    productId: integer('product_id').notNull(),
    items: count('items'),
    gmvPaise: paise('gmv_paise'),
  },
  (t) => [primaryKey({ columns: [t.day, t.vendorId, t.productId] }), index('product_sales_daily_vendor_day_idx').on(t.vendorId, t.day)],
);

/** Sub-orders by their placing day and their status now: "orders by status" for a range. */
export const subOrderStatusDaily = pgTable(
  'sub_order_status_daily',
  {
    day: date('day', { mode: 'string' }).notNull(),
    vendorId: integer('vendor_id').notNull(),
    status: text('status').notNull(),
    subOrders: count('sub_orders'),
  },
  (t) => [primaryKey({ columns: [t.day, t.vendorId, t.status] }), index('sub_order_status_daily_vendor_day_idx').on(t.vendorId, t.day)],
);

/**
 * The marketplace's sub-orders by placing day and status now, without the vendor: staff's "orders by
 * status" reads 5 statuses × the range's days here instead of every vendor's rows of
 * `sub_order_status_daily`, and "to ship" (confirmed or packed, any day) sums a few thousand rows
 * instead of counting the sub-orders (decision 060).
 */
export const statusDaily = pgTable(
  'status_daily',
  {
    day: date('day', { mode: 'string' }).notNull(),
    status: text('status').notNull(),
    subOrders: count('sub_orders'),
  },
  (t) => [primaryKey({ columns: [t.day, t.status] }), index('status_daily_status_day_idx').on(t.status, t.day)],
);
