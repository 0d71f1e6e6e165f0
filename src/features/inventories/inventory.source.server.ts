/**
 * The inventories list on the server: stock levels joined to their variant (SKU, option values),
 * product, warehouse and vendor, on the one list contract (paging, sorts, filters, search, 422s,
 * keyset cursor). A vendor's rows only: the scope comes from the vendor's CASL rules for
 * `inventories` (VENDOR_OWNED), as every vendor-owned list's does.
 */
import { eq, sql } from 'drizzle-orm';
import { vendors } from '@/lib/db/schema.ts';
import { defineReadOnlyList } from '@/lib/areas/read-only-list.server.ts';
import { vendorScope } from '@/lib/permissions/scope.server.ts';
import { products, productVariants } from '@/features/products/product.tables.ts';
import { warehouses } from '@/features/warehouses/warehouse.tables.ts';
import { stockLevels } from './inventory.tables.ts';
import { inventoryList, STOCK_STATES } from './inventory.list.ts';

export const availableSql = sql<number>`(${stockLevels.onHand} - ${stockLevels.reserved})`;
/** out: nothing available; low: available at or under the threshold; ok: above it. */
export const stockStateSql = sql<string>`(case when ${stockLevels.onHand} - ${stockLevels.reserved} <= 0 then 'out' when ${stockLevels.onHand} - ${stockLevels.reserved} <= ${stockLevels.lowStockThreshold} then 'low' else 'ok' end)`;
/**
 * The variant's option values in the product's group order ("M / Red"). Qualified by hand: inside
 * a subquery Drizzle renders a column without its table name.
 */
export const optionValuesSql = sql<
  string | null
>`(select string_agg(v.value, ' / ' order by o.ord) from unnest("product_variants"."option_value_ids") with ordinality as o(id, ord) join product_matrix_values v on v.id = o.id)`;

export interface InventoryRow extends Record<string, unknown> {
  id: number;
  variantId: number;
  productId: number;
  warehouseId: number;
  vendorId: number;
  sku: string;
  productName: string;
  optionValues: string | null;
  warehouseName: string;
  warehouseCode: string;
  vendorName: string | null;
  onHand: number;
  reserved: number;
  available: number;
  stockState: string;
  lowStockThreshold: number;
  updatedAt: Date;
  version: number;
}

export const inventorySelection = {
  id: stockLevels.id,
  variantId: stockLevels.variantId,
  productId: productVariants.productId,
  warehouseId: stockLevels.warehouseId,
  vendorId: stockLevels.vendorId,
  sku: productVariants.sku,
  productName: products.name,
  optionValues: optionValuesSql,
  warehouseName: warehouses.name,
  warehouseCode: warehouses.code,
  vendorName: vendors.storeName,
  onHand: stockLevels.onHand,
  reserved: stockLevels.reserved,
  available: availableSql,
  stockState: stockStateSql,
  lowStockThreshold: stockLevels.lowStockThreshold,
  updatedAt: stockLevels.updatedAt,
  version: stockLevels.version,
};

/** Adds the joins of a level's row to `select(...).from(stockLevels)`. */
// eslint-disable-next-line @typescript-eslint/no-explicit-any
export const inventoryJoins = (q: any) =>
  q
    .innerJoin(productVariants, eq(productVariants.id, stockLevels.variantId))
    .innerJoin(products, eq(products.id, productVariants.productId))
    .innerJoin(warehouses, eq(warehouses.id, stockLevels.warehouseId))
    .leftJoin(vendors, eq(vendors.id, stockLevels.vendorId));

export function serializeInventory(r: InventoryRow) {
  return {
    id: r.id,
    variant_id: r.variantId,
    product_id: r.productId,
    warehouse_id: r.warehouseId,
    vendor_id: r.vendorId,
    sku: r.sku,
    product_name: r.productName,
    option_values: r.optionValues ?? '',
    warehouse_name: r.warehouseName,
    warehouse_code: r.warehouseCode,
    vendor_name: r.vendorName,
    on_hand: Number(r.onHand),
    reserved: Number(r.reserved),
    available: Number(r.available),
    stock_state: r.stockState,
    low_stock_threshold: Number(r.lowStockThreshold),
    updated_at: r.updatedAt.toISOString(),
    version: Number(r.version),
  };
}

export const inventorySource = defineReadOnlyList<InventoryRow>({
  area: inventoryList,
  table: stockLevels,
  tableName: 'stock_levels',
  selection: inventorySelection,
  joins: inventoryJoins,
  columns: {
    id: { column: stockLevels.id, kind: 'number', filterable: true },
    sku: { column: productVariants.sku, kind: 'text', sortable: true, filterable: true },
    product_name: { column: products.name, kind: 'text', sortable: true, filterable: true },
    product_id: { column: productVariants.productId, kind: 'number', filterable: true },
    variant_id: { column: stockLevels.variantId, kind: 'number', filterable: true },
    warehouse_name: { column: warehouses.name, kind: 'text', sortable: true, filterable: true },
    warehouse_id: { column: stockLevels.warehouseId, kind: 'number', filterable: true },
    vendor_name: { column: vendors.storeName, kind: 'text', sortable: true, filterable: true },
    vendor_id: { column: stockLevels.vendorId, kind: 'number', filterable: true },
    on_hand: { column: stockLevels.onHand, kind: 'number', sortable: true, filterable: true },
    reserved: { column: stockLevels.reserved, kind: 'number', sortable: true, filterable: true },
    available: { column: availableSql, kind: 'number', sortable: true, filterable: true },
    stock_state: { column: stockStateSql, kind: 'enum', filterable: true, options: STOCK_STATES.map((s) => s.value) },
    low_stock_threshold: { column: stockLevels.lowStockThreshold, kind: 'number', sortable: true, filterable: true },
    updated_at: { column: stockLevels.updatedAt, kind: 'date', sortable: true, filterable: true },
  },
  searchColumns: [productVariants.sku, products.name, warehouses.name],
  serialize: serializeInventory,
  scope: (s) => vendorScope(s.principal, 'inventories', stockLevels),
});
