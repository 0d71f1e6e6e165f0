/**
 * The dashboard's figures (issue 19 §1, decision 050), read from the daily roll-ups and a few
 * small indexed counts: never a scan of the orders. Each group is loaded only when the person
 * holds the permission of its area, and scoped as that area's list is (`vendorScope`: a vendor
 * reads only their own rows of the roll-ups, which carry `vendor_id` like the orders they sum).
 * Composed here (the app layer): it reads orders, earnings, inventories, products, vendors and
 * customers.
 */
import { and, desc, eq, gte, inArray, lte, ne, sql, type SQL } from 'drizzle-orm';
import type { DbOrTx } from '@/lib/db/client.server.ts';
import type { Principal } from '@/lib/auth/principal.server.ts';
import { vendors } from '@/lib/db/schema.ts';
import { vendorScope } from '@/lib/permissions/scope.server.ts';
import { vendorName } from '@/lib/vendors/vendor-name.server.ts';
import { productSalesDaily, salesDaily, subOrderStatusDaily } from '@/features/dashboard/rollups.tables.ts';
import { daysBetween, type ResolvedRange } from '@/features/dashboard/range.ts';
import { subOrders } from '@/features/orders/orders.tables.ts';
import { products } from '@/features/products/product.tables.ts';
import { stockLevels } from '@/features/inventories/inventory.tables.ts';
import { readBalances, type Balances } from '@/features/earnings/ledger.server.ts';

/** What a range added up to. `orders` is orders placed for staff, the vendor's sub-orders for a vendor. */
export interface Figures {
  gmvPaise: number;
  orders: number;
  items: number;
  cancellations: number;
  refundsPaise: number;
  commissionPaise: number;
  newCustomers: number;
}

export interface DashboardData {
  range: ResolvedRange;
  /** The vendor whose store this is (a vendor account), or null (staff: the whole marketplace). */
  vendorId: number | null;
  /** Sales, the chart, orders by status and top products: `orders:list`. */
  sales: {
    current: Figures;
    previous: Figures;
    byDay: { day: string; gmvPaise: number; orders: number }[];
    byStatus: { status: string; count: number }[];
    topProducts: { productId: number; name: string; vendorName: string; gmvPaise: number; items: number }[];
    /** Staff only. */
    topVendors: { vendorId: number; name: string; gmvPaise: number; orders: number }[] | null;
  } | null;
  /** Commission earned and the balances owed to vendors: `accountings:earning-list`. */
  earnings: { balances: Balances } | null;
  /** Confirmed or packed sub-orders waiting to ship: `orders:pending-list`. */
  toShip: number | null;
  /** Vendors waiting for approval: `vendors:list` (staff). */
  vendorsWaiting: number | null;
  /** Products waiting for review: `products:list`. */
  productsWaiting: number | null;
  /** Stock levels at or under their threshold: `inventories:list`. */
  lowStock: number | null;
}

const EMPTY: Figures = { gmvPaise: 0, orders: 0, items: 0, cancellations: 0, refundsPaise: 0, commissionPaise: 0, newCustomers: 0 };

const num = (v: unknown) => Number(v ?? 0);

export async function loadDashboard(
  db: DbOrTx,
  principal: Principal,
  can: (permission: string) => boolean,
  range: ResolvedRange,
  at: Date,
): Promise<DashboardData> {
  const isVendor = principal.user.userType === 'vendor';
  const vendorId = isVendor ? principal.user.vendorId : null;
  const [sales, balances, toShip, vendorsWaiting, productsWaiting, lowStock] = await Promise.all([
    can('orders:list') ? loadSales(db, principal, range, isVendor) : null,
    can('accountings:earning-list') ? readBalances(db, vendorId, at) : null,
    can('orders:pending-list') ? countToShip(db, principal) : null,
    can('vendors:list') && !isVendor
      ? db
          .select({ n: sql<number>`count(*)::int` })
          .from(vendors)
          .where(eq(vendors.status, 'pending'))
          .then((r) => num(r[0]?.n))
      : null,
    can('products:list')
      ? db
          .select({ n: sql<number>`count(*)::int` })
          .from(products)
          .where(and(eq(products.status, 'pending_review'), vendorScope(principal, 'products', products)))
          .then((r) => num(r[0]?.n))
      : null,
    can('inventories:list')
      ? db
          .select({ n: sql<number>`count(*)::int` })
          .from(stockLevels)
          // The predicate of the partial index stock_levels_low_idx, word for word.
          .where(
            and(sql`${stockLevels.onHand} - ${stockLevels.reserved} <= ${stockLevels.lowStockThreshold}`, vendorScope(principal, 'inventories', stockLevels)),
          )
          .then((r) => num(r[0]?.n))
      : null,
  ]);
  return { range, vendorId, sales, earnings: balances ? { balances } : null, toShip, vendorsWaiting, productsWaiting, lowStock };
}

async function countToShip(db: DbOrTx, principal: Principal): Promise<number> {
  const [row] = await db
    .select({ n: sql<number>`count(*)::int` })
    .from(subOrders)
    .where(and(inArray(subOrders.status, ['confirmed', 'packed']), vendorScope(principal, 'orders', subOrders, 'pending-list')));
  return num(row?.n);
}

async function loadSales(db: DbOrTx, principal: Principal, range: ResolvedRange, isVendor: boolean): Promise<NonNullable<DashboardData['sales']>> {
  const { current, previous } = range;
  const scope = vendorScope(principal, 'orders', salesDaily);
  const productScope = vendorScope(principal, 'orders', productSalesDaily);
  const statusScope = vendorScope(principal, 'orders', subOrderStatusDaily);
  const inCurrent = sql`${salesDaily.day} between ${current.from} and ${current.to}`;
  const inPrevious = sql`${salesDaily.day} between ${previous.from} and ${previous.to}`;
  // A vendor's orders are their sub-orders; the marketplace's are the orders (vendor 0's row).
  const orders = isVendor ? salesDaily.subOrders : salesDaily.orders;
  const sums = (when: SQL) => ({
    gmvPaise: sql<string>`coalesce(sum(${salesDaily.gmvPaise}) filter (where ${when}), 0)`,
    orders: sql<string>`coalesce(sum(${orders}) filter (where ${when}), 0)`,
    items: sql<string>`coalesce(sum(${salesDaily.items}) filter (where ${when}), 0)`,
    cancellations: sql<string>`coalesce(sum(${salesDaily.cancellations}) filter (where ${when}), 0)`,
    refundsPaise: sql<string>`coalesce(sum(${salesDaily.refundsPaise}) filter (where ${when}), 0)`,
    commissionPaise: sql<string>`coalesce(sum(${salesDaily.commissionPaise}) filter (where ${when}), 0)`,
    newCustomers: sql<string>`coalesce(sum(${salesDaily.newCustomers}) filter (where ${when}), 0)`,
  });
  // Summed as float8, not numeric (bigint's sum): exact for integers below 2^53 paise (₹ 90 lakh crore),
  // and 4× faster over the tens of thousands of product rows of a month (bench/dashboard.ts).
  const productGmv = sql<number>`sum(${productSalesDaily.gmvPaise}::float8)`;
  const figures = (row: Record<string, unknown> | undefined): Figures =>
    row ? (Object.fromEntries(Object.keys(EMPTY).map((k) => [k, num(row[k])])) as unknown as Figures) : { ...EMPTY };
  const [totals, byDay, byStatus, topProducts, topVendors] = await Promise.all([
    db
      .select({ ...prefix('c_', sums(inCurrent)), ...prefix('p_', sums(inPrevious)) })
      .from(salesDaily)
      .where(and(gte(salesDaily.day, previous.from), lte(salesDaily.day, current.to), scope)),
    db
      .select({ day: salesDaily.day, gmvPaise: sql<string>`sum(${salesDaily.gmvPaise})`, orders: sql<string>`sum(${orders})` })
      .from(salesDaily)
      .where(and(gte(salesDaily.day, current.from), lte(salesDaily.day, current.to), scope))
      .groupBy(salesDaily.day),
    db
      .select({ status: subOrderStatusDaily.status, count: sql<string>`sum(${subOrderStatusDaily.subOrders})` })
      .from(subOrderStatusDaily)
      .where(and(gte(subOrderStatusDaily.day, current.from), lte(subOrderStatusDaily.day, current.to), statusScope))
      .groupBy(subOrderStatusDaily.status)
      .having(sql`sum(${subOrderStatusDaily.subOrders}) > 0`),
    db
      .select({
        productId: productSalesDaily.productId,
        gmvPaise: productGmv,
        items: sql<string>`sum(${productSalesDaily.items})`,
      })
      .from(productSalesDaily)
      .where(and(gte(productSalesDaily.day, current.from), lte(productSalesDaily.day, current.to), productScope))
      .groupBy(productSalesDaily.productId)
      .orderBy(desc(productGmv), productSalesDaily.productId)
      .limit(10),
    isVendor
      ? null
      : db
          .select({ vendorId: salesDaily.vendorId, gmvPaise: sql<string>`sum(${salesDaily.gmvPaise})`, orders: sql<string>`sum(${salesDaily.subOrders})` })
          .from(salesDaily)
          .where(and(gte(salesDaily.day, current.from), lte(salesDaily.day, current.to), ne(salesDaily.vendorId, 0)))
          .groupBy(salesDaily.vendorId)
          .having(sql`sum(${salesDaily.subOrders}) > 0`)
          .orderBy(desc(sql`sum(${salesDaily.gmvPaise})`), salesDaily.vendorId)
          .limit(10),
  ]);
  const row = totals[0] as Record<string, unknown> | undefined;
  const pick = (p: string) => (row ? Object.fromEntries(Object.keys(EMPTY).map((k) => [k, row[`${p}${k}`]])) : undefined);
  const productNames = topProducts.length
    ? await db
        .select({ id: products.id, name: products.name, vendorName: vendorName(products.vendorId, vendors.storeName) })
        .from(products)
        .leftJoin(vendors, eq(vendors.id, products.vendorId))
        .where(
          inArray(
            products.id,
            topProducts.map((p) => p.productId),
          ),
        )
    : [];
  const vendorNames = topVendors?.length
    ? await db
        .select({ id: vendors.id, name: vendorName(vendors.id, vendors.storeName) })
        .from(vendors)
        .where(
          inArray(
            vendors.id,
            topVendors.map((v) => v.vendorId),
          ),
        )
    : [];
  const gmvByDay = new Map(byDay.map((d) => [d.day, d]));
  return {
    current: figures(pick('c_')),
    previous: figures(pick('p_')),
    byDay: daysBetween(current.from, current.to).map((day) => ({ day, gmvPaise: num(gmvByDay.get(day)?.gmvPaise), orders: num(gmvByDay.get(day)?.orders) })),
    byStatus: byStatus.map((s) => ({ status: s.status, count: num(s.count) })),
    topProducts: topProducts.map((p) => {
      const named = productNames.find((n) => n.id === p.productId);
      return {
        productId: p.productId,
        name: named?.name ?? `Product #${p.productId}`,
        vendorName: named?.vendorName ?? '',
        gmvPaise: num(p.gmvPaise),
        items: num(p.items),
      };
    }),
    topVendors:
      topVendors?.map((v) => ({
        vendorId: v.vendorId,
        name: vendorNames.find((n) => n.id === v.vendorId)?.name ?? `Vendor #${v.vendorId}`,
        gmvPaise: num(v.gmvPaise),
        orders: num(v.orders),
      })) ?? null,
  };
}

function prefix<T extends Record<string, SQL>>(p: string, o: T): Record<string, SQL> {
  return Object.fromEntries(Object.entries(o).map(([k, v]) => [`${p}${k}`, v]));
}
