/**
 * The payments list on the server (decision 042): payments joined to their order (its number),
 * sub-order and vendor, on the one list contract (paging, sorts, filters, search, 422s, keyset
 * cursor). What a vendor sees comes from their CASL rule of `accountings:payment-list`
 * (VENDOR_OWNED: `vendorId`), applied to the sub-orders of the payment's order: an order-wide row
 * (the gateway payment) when one of the order's sub-orders is theirs, a sub-order's row (COD, a
 * refund) when that sub-order is theirs. The Vendor filter means the same for staff.
 */
import { eq, sql, type SQL } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import { vendors } from '@/lib/db/schema.ts';
import { defineReadOnlyList } from '@/lib/areas/read-only-list.server.ts';
import { abilityOf, accessibleWhere } from '@/lib/permissions/scope.server.ts';
import type { Principal } from '@/lib/auth/principal.server.ts';
import { orders, orderWidePayment, payments, subOrders } from '@/features/orders/orders.tables.ts';
import { paymentList } from './payment.list.ts';

export interface PaymentRow extends Record<string, unknown> {
  id: number;
  orderId: number;
  orderNumber: string;
  subOrderId: number | null;
  subOrderNumber: string | null;
  vendorId: number | null;
  vendorName: string | null;
  paymentId: number | null;
  kind: string;
  method: string;
  gatewayRef: string | null;
  amountPaise: number;
  status: string;
  provider: string | null;
  note: string | null;
  createdAt: Date;
  updatedAt: Date;
}

/** The sub-order a row belongs to (left join: order-wide rows have none). */
const rowSub = alias(subOrders, 'payment_sub_order');

const selection = {
  id: payments.id,
  orderId: payments.orderId,
  orderNumber: orders.number,
  subOrderId: payments.subOrderId,
  subOrderNumber: rowSub.number,
  vendorId: rowSub.vendorId,
  vendorName: vendors.storeName,
  paymentId: payments.paymentId,
  kind: payments.kind,
  method: payments.method,
  gatewayRef: payments.gatewayRef,
  amountPaise: payments.amountPaise,
  status: payments.status,
  provider: payments.provider,
  note: payments.note,
  createdAt: payments.createdAt,
  updatedAt: payments.updatedAt,
};

const iso = (d: Date | string) => (d instanceof Date ? d : new Date(String(d))).toISOString();

export function serializePaymentRow(r: PaymentRow) {
  return {
    id: Number(r.id),
    order_id: r.orderId,
    order_number: r.orderNumber,
    sub_order_id: r.subOrderId,
    sub_order_number: r.subOrderNumber,
    vendor_id: r.vendorId,
    vendor_name: r.vendorName,
    payment_id: r.paymentId,
    kind: r.kind,
    method: r.method,
    gateway_ref: r.gatewayRef,
    amount_paise: Number(r.amountPaise),
    status: r.status,
    provider: r.provider,
    note: r.note,
    created_at: iso(r.createdAt),
    updated_at: iso(r.updatedAt),
  };
}

/**
 * The row's order has a sub-order matching `condition` (on `sub_orders`), and for a sub-order's
 * row it is that sub-order: the vendor scope and the Vendor filter both. Of the rows of no sub-order,
 * only the order's gateway payment (orderWidePayment, orders.tables.ts).
 */
const ofSubOrders = (condition: SQL) =>
  sql`exists (select 1 from ${subOrders} where ${subOrders.orderId} = ${payments.orderId} and (${orderWidePayment} or ${subOrders.id} = ${payments.subOrderId}) and ${condition})`;

/** The payments `principal` may read: staff every one; a vendor those of their sub-orders' orders (see above). */
export function paymentScope(principal: Principal | null): SQL | undefined {
  const rule = accessibleWhere(abilityOf(principal), 'payment-list', 'accountings', { vendorId: subOrders.vendorId });
  return rule === undefined ? undefined : ofSubOrders(rule);
}

const escapeLike = (v: string) => v.replace(/[\\%_]/g, (c) => `\\${c}`);

export const paymentSource = defineReadOnlyList<PaymentRow>({
  area: paymentList,
  table: payments,
  tableName: 'payments',
  selection,
  // eslint-disable-next-line @typescript-eslint/no-explicit-any
  joins: (q: any) =>
    q
      .innerJoin(orders, eq(orders.id, payments.orderId))
      .leftJoin(rowSub, eq(rowSub.id, payments.subOrderId))
      .leftJoin(vendors, eq(vendors.id, rowSub.vendorId)),
  columns: {
    id: { column: payments.id, kind: 'number', filterable: true },
    created_at: { column: payments.createdAt, kind: 'date', sortable: true, filterable: true },
    order_number: { column: orders.number, kind: 'text', sortable: true, filterable: true },
    order_id: { column: payments.orderId, kind: 'number', filterable: true },
    sub_order_number: { column: rowSub.number, kind: 'text', filterable: true },
    kind: { column: payments.kind, kind: 'enum', filterable: true, options: ['payment', 'refund'] },
    method: { column: payments.method, kind: 'enum', filterable: true, options: ['prepaid', 'cod'] },
    gateway_ref: { column: payments.gatewayRef, kind: 'text', filterable: true },
    amount_paise: { column: payments.amountPaise, kind: 'number', sortable: true, filterable: true },
    status: { column: payments.status, kind: 'enum', sortable: true, filterable: true, options: ['created', 'authorized', 'captured', 'failed', 'refunded'] },
    vendor_name: { column: vendors.storeName, kind: 'text', filterable: true },
    vendor_id: { column: subOrders.vendorId, kind: 'number', filterable: true, within: ofSubOrders },
  },
  searchColumns: [orders.number, payments.gatewayRef],
  // An order number (or its start), or a gateway reference (pay_…, rfnd_…, COD-…) exactly.
  search: (q, bind) => {
    const v = q.trim();
    return sql`(lower(${orders.number}) like ${bind(`${escapeLike(v.toLowerCase())}%`)} or ${payments.gatewayRef} = ${bind(v)})`;
  },
  serialize: (r) => serializePaymentRow(r),
  scope: (s) => paymentScope(s.principal),
});
