/**
 * The four order lists of the spec (§2): all, pending (placed, confirmed, packed), shipped, and
 * cancelled (cancelled, RTO). A row is a sub-order, the parcel one vendor fulfils and the thing a
 * person acts on; its number links to the whole order. A vendor sees only their own sub-orders
 * (VENDOR_OWNED: orders). Each list has its own API (`/api/<key>`, its own permission), so a role
 * given only "Pending Orders" can use that list. No server imports.
 */
import type { AreaColumn, AreaListDeclaration, BulkDownload } from '@/lib/areas/area.ts';
import type { Permission } from '@/lib/permissions/catalogue.ts';
import { LIST_STATUSES, SUB_ORDER_STATUSES } from './order-status.ts';

export const PAYMENT_METHODS = [
  { value: 'prepaid', label: 'Prepaid' },
  { value: 'cod', label: 'Cash on delivery' },
] as const;

export type OrderListKind = keyof typeof LIST_STATUSES;

export interface OrderList {
  kind: OrderListKind;
  declaration: AreaListDeclaration;
  permission: Permission;
  /** The statuses the list holds; null: every one. */
  statuses: readonly string[] | null;
  intro: string;
}

function columnsFor(statuses: readonly string[] | null): AreaColumn[] {
  const options = SUB_ORDER_STATUSES.filter((s) => !statuses || statuses.includes(s.value));
  return [
    { field: 'number', header: 'Order', kind: 'text', sortable: true, filterable: true },
    { field: 'placed_at', header: 'Placed', kind: 'date', sortable: true, filterable: true, display: 'date' },
    { field: 'customer_name', header: 'Customer', kind: 'text', sortable: true, filterable: true },
    { field: 'customer_phone', header: 'Phone', kind: 'text', filterable: true, secondary: true },
    { field: 'status', header: 'Status', kind: 'enum', sortable: true, filterable: true, options, display: 'status' },
    { field: 'total_paise', header: 'Total', kind: 'number', sortable: true, filterable: true, money: { unit: 'paise' } },
    { field: 'payment_method', header: 'Payment', kind: 'enum', filterable: true, options: PAYMENT_METHODS, display: 'status' },
    {
      field: 'vendor_name',
      header: 'Vendor',
      kind: 'text',
      sortable: true,
      filterable: true,
      staffOnly: true,
      relation: { area: 'vendors', field: 'vendor_id' },
    },
    { field: 'shipping_pincode', header: 'Pincode', kind: 'text', filterable: true, secondary: true },
    { field: 'state_name', header: 'State', kind: 'text', filterable: true, secondary: true, relation: { area: 'states', field: 'shipping_state_id' } },
    { field: 'awb', header: 'AWB', kind: 'text', filterable: true, secondary: true, emptyText: '—' },
  ];
}

/**
 * "Print invoices and labels": one PDF with each selected parcel's tax invoice and shipping label
 * (src/app/orders/order-print.server.ts). On the lists that hold shipped parcels: a pending one has
 * neither until it ships (decision 041).
 */
const PRINT: BulkDownload = { path: 'bulk-print', label: 'Print invoices and labels', permission: 'orders:view' };

/** Pending Orders' bulk "Set status…": confirm or pack the selected sub-orders (src/app/orders/order-bulk.server.ts). */
export const BULK_STATUSES = [
  { value: 'confirmed', label: 'Confirmed' },
  { value: 'packed', label: 'Packed' },
] as const;

function declare(kind: OrderListKind, key: string, label: string, list: string, permission: Permission, intro: string): OrderList {
  const statuses = LIST_STATUSES[kind];
  return {
    kind,
    permission,
    statuses,
    intro,
    declaration: {
      key,
      permissionArea: 'orders',
      label,
      singular: 'Order',
      paths: { list },
      titleField: 'number',
      defaultSort: { field: 'placed_at', order: 'desc' },
      searchPlaceholder: 'Search by order number, customer, phone or AWB',
      exportable: true,
      ...(kind === 'pending' ? { statusField: { field: 'status', options: BULK_STATUSES } } : {}),
      ...(kind === 'all' || kind === 'shipped' ? { bulkDownloads: [PRINT] } : {}),
      columns: columnsFor(statuses),
    },
  };
}

export const ORDER_LISTS: readonly OrderList[] = [
  declare(
    'all',
    'orders',
    'Orders',
    '/orders/listing',
    'orders:list',
    'Every sub-order: one row per vendor’s parcel of an order. Open an order number for its details and actions.',
  ),
  declare(
    'pending',
    'pending-orders',
    'Pending Orders',
    '/pending-orders/listing',
    'orders:pending-list',
    'Placed, confirmed and packed: what still has to leave the warehouse.',
  ),
  declare('shipped', 'shipped-orders', 'Shipped Orders', '/shipped-orders/listing', 'orders:shipped-list', 'On their way to the customer.'),
  declare(
    'cancelled',
    'cancelled-orders',
    'Cancelled Orders',
    '/cancelled-orders/listing',
    'orders:cancelled-list',
    'Cancelled before shipping, and RTO (returned to origin, never delivered).',
  ),
];

export const orderListByKind = (kind: OrderListKind): OrderList => ORDER_LISTS.find((l) => l.kind === kind)!;
export const orderListByKey = (key: string): OrderList | undefined => ORDER_LISTS.find((l) => l.declaration.key === key);
