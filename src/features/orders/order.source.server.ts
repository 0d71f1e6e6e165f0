/**
 * The order lists on the server: sub-orders joined to their vendor and delivery state, on the one
 * list contract (paging, sorts, filters, search, 422s, keyset cursor). Each list is the sub-orders
 * in its statuses; a vendor's rows only (VENDOR_OWNED: orders), from their CASL rules.
 */
import { and, eq, inArray, type SQL } from 'drizzle-orm';
import { vendors } from '@/lib/db/schema.ts';
import { defineReadOnlyList, type ListSource } from '@/lib/areas/read-only-list.server.ts';
import type { ListQuery } from '@/lib/list/list-query.ts';
import { vendorScope } from '@/lib/permissions/scope.server.ts';
import { states } from '@/features/geography/geography.tables.ts';
import { subOrders } from './orders.tables.ts';
import { ORDER_LISTS, type OrderList } from './order.list.ts';
import { SUB_ORDER_STATUSES } from './order-status.ts';

export interface OrderRow extends Record<string, unknown> {
  id: number;
  orderId: number;
  number: string;
  vendorId: number;
  vendorName: string | null;
  status: string;
  placedAt: Date;
  customerName: string;
  customerPhone: string;
  paymentMethod: string;
  shippingPincode: string;
  shippingStateId: number;
  stateName: string;
  totalPaise: number;
  awb: string | null;
  trackingUrl: string | null;
  version: number;
}

const selection = {
  id: subOrders.id,
  orderId: subOrders.orderId,
  number: subOrders.number,
  vendorId: subOrders.vendorId,
  vendorName: vendors.storeName,
  status: subOrders.status,
  placedAt: subOrders.placedAt,
  customerName: subOrders.customerName,
  customerPhone: subOrders.customerPhone,
  paymentMethod: subOrders.paymentMethod,
  shippingPincode: subOrders.shippingPincode,
  shippingStateId: subOrders.shippingStateId,
  stateName: states.name,
  totalPaise: subOrders.totalPaise,
  awb: subOrders.awb,
  trackingUrl: subOrders.trackingUrl,
  version: subOrders.version,
};

export function serializeOrderRow(r: OrderRow) {
  return {
    id: r.id,
    order_id: r.orderId,
    number: r.number,
    vendor_id: r.vendorId,
    vendor_name: r.vendorName,
    status: r.status,
    placed_at: r.placedAt.toISOString(),
    customer_name: r.customerName,
    customer_phone: r.customerPhone,
    payment_method: r.paymentMethod,
    shipping_pincode: r.shippingPincode,
    shipping_state_id: r.shippingStateId,
    state_name: r.stateName,
    total_paise: Number(r.totalPaise),
    awb: r.awb,
    tracking_url: r.trackingUrl,
    version: Number(r.version),
  };
}

function sourceFor(list: OrderList): ListSource {
  const statuses = list.statuses;
  const statusOptions = SUB_ORDER_STATUSES.map((s) => s.value).filter((s) => !statuses || statuses.includes(s));
  return defineReadOnlyList<OrderRow>({
    area: list.declaration,
    table: subOrders,
    tableName: 'sub_orders',
    selection,
    // eslint-disable-next-line @typescript-eslint/no-explicit-any
    joins: (q: any) => q.innerJoin(vendors, eq(vendors.id, subOrders.vendorId)).innerJoin(states, eq(states.id, subOrders.shippingStateId)),
    columns: {
      id: { column: subOrders.id, kind: 'number', filterable: true },
      order_id: { column: subOrders.orderId, kind: 'number', filterable: true },
      number: { column: subOrders.number, kind: 'text', sortable: true, filterable: true },
      placed_at: { column: subOrders.placedAt, kind: 'date', sortable: true, filterable: true },
      customer_name: { column: subOrders.customerName, kind: 'text', sortable: true, filterable: true },
      customer_phone: { column: subOrders.customerPhone, kind: 'text', filterable: true },
      status: { column: subOrders.status, kind: 'enum', sortable: true, filterable: true, options: statusOptions },
      total_paise: { column: subOrders.totalPaise, kind: 'number', sortable: true, filterable: true },
      payment_method: { column: subOrders.paymentMethod, kind: 'enum', filterable: true, options: ['prepaid', 'cod'] },
      vendor_name: { column: vendors.storeName, kind: 'text', sortable: true, filterable: true },
      vendor_id: { column: subOrders.vendorId, kind: 'number', filterable: true },
      shipping_pincode: { column: subOrders.shippingPincode, kind: 'text', filterable: true },
      state_name: { column: states.name, kind: 'text', filterable: true },
      shipping_state_id: { column: subOrders.shippingStateId, kind: 'number', filterable: true },
      awb: { column: subOrders.awb, kind: 'text', filterable: true },
      updated_at: { column: subOrders.updatedAt, kind: 'date', sortable: true, filterable: true },
    },
    searchColumns: [subOrders.number, subOrders.customerName, subOrders.customerPhone, subOrders.awb],
    serialize: serializeOrderRow,
    scope: (s, query) => {
      const parts: (SQL | undefined)[] = [vendorScope(s.principal, 'orders', subOrders, list.permission.split(':')[1])];
      // A status filter that names one of the list's own statuses says more than the list does: the
      // list's IN is then left out, so `(vendor_id, status, placed_at)` serves the page in order
      // (with both, PostgreSQL may walk every vendor's rows of that status to find one vendor's).
      if (statuses && !pinnedToOneOf(query, statuses)) parts.push(inArray(subOrders.status, [...statuses]));
      return and(...parts);
    },
  });
}

export const ORDER_SOURCES: ReadonlyMap<string, ListSource> = new Map(ORDER_LISTS.map((l) => [l.declaration.key, sourceFor(l)]));

/** True when the query's status filter is exactly one `equals` of a value among `statuses`. */
function pinnedToOneOf(query: ListQuery, statuses: readonly string[]): boolean {
  const filter = query.filters.status;
  if (!filter || filter.constraints.length !== 1) return false;
  const [only] = filter.constraints;
  return only!.matchMode === 'equals' && typeof only!.value === 'string' && statuses.includes(only!.value);
}
