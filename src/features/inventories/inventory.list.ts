/**
 * The inventories list (/inventories/listing, permission inventories:list): one row per variant
 * per warehouse. Levels are not added or deleted here: a level starts with a variant's first stock
 * in a warehouse (opening stock, or "Stock in another warehouse" on a level's page) and changes only
 * through adjustments and the orders' calls (stock.server.ts), so this is a list with an edit page,
 * not a CRUD area. A vendor sees only their own levels (VENDOR_OWNED: inventories).
 */
import type { AreaListDeclaration } from '@/lib/areas/area.ts';

/** Where a level stands against its low-stock threshold (available = on hand − reserved). */
export const STOCK_STATES = [
  { value: 'out', label: 'Out of stock' },
  { value: 'low', label: 'Low stock' },
  { value: 'ok', label: 'In stock' },
] as const;

export const inventoryList: AreaListDeclaration = {
  key: 'inventories',
  permissionArea: 'inventories',
  label: 'Inventories',
  singular: 'Stock level',
  paths: { list: '/inventories/listing', edit: '/inventories/:id/edit' },
  titleField: 'sku',
  defaultSort: { field: 'updated_at', order: 'desc' },
  searchPlaceholder: 'Search by SKU, product or warehouse',
  exportable: true,
  // What a person acts on first (SKU, available, stock) leads; the option values show under the
  // product's name in the table, and have their own column for the CSV.
  columns: [
    { field: 'sku', header: 'SKU', kind: 'text', sortable: true, filterable: true },
    { field: 'product_name', header: 'Product', kind: 'text', sortable: true, filterable: true },
    { field: 'warehouse_name', header: 'Warehouse', kind: 'text', sortable: true, filterable: true, relation: { area: 'warehouses', field: 'warehouse_id' } },
    { field: 'available', header: 'Available', kind: 'number', sortable: true, filterable: true, display: 'number' },
    { field: 'stock_state', header: 'Stock', kind: 'enum', filterable: true, options: STOCK_STATES, display: 'status' },
    { field: 'on_hand', header: 'On hand', kind: 'number', sortable: true, filterable: true, display: 'number' },
    { field: 'reserved', header: 'Reserved', kind: 'number', sortable: true, filterable: true, display: 'number', secondary: true },
    { field: 'low_stock_threshold', header: 'Low-stock threshold', kind: 'number', sortable: true, filterable: true, display: 'number', secondary: true },
    { field: 'updated_at', header: 'Updated', kind: 'date', sortable: true, filterable: true, display: 'date', secondary: true },
    { field: 'vendor_name', header: 'Vendor', kind: 'text', sortable: true, filterable: true, staffOnly: true, secondary: true },
    { field: 'option_values', header: 'Options', kind: 'text', secondary: true },
  ],
};

const viewHref = (values: string[]) =>
  `/inventories/listing?${new URLSearchParams({
    filters: JSON.stringify({ stock_state: { operator: 'and', constraints: [{ matchMode: 'in', value: values }] } }),
  })}`;

/** The list's views (tabs): low stock is available ≤ threshold, out of stock included. */
export const STOCK_VIEWS = [
  { key: 'all', label: 'All stock', href: '/inventories/listing' },
  { key: 'low', label: 'Low stock', href: viewHref(['low', 'out']) },
  { key: 'out', label: 'Out of stock', href: viewHref(['out']) },
] as const;
