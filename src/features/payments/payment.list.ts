/**
 * Payments (spec: /payments/listing, `accountings:payment-list`; issue 17 §4, decision 042): every
 * payment and refund of every order, newest first, filtered by status, method, kind, date and
 * (staff) vendor, found by order number or gateway reference. Read-only: payments move by the
 * gateway's webhook and the orders' moves. A vendor sees the payments of the orders holding one of
 * their sub-orders: the order's gateway payment, and their own sub-orders' COD collections and
 * refunds (never another vendor's). No server imports.
 */
import type { AreaListDeclaration } from '@/lib/areas/area.ts';

export const PAYMENT_STATUSES = [
  { value: 'created', label: 'Created' },
  { value: 'authorized', label: 'Authorized' },
  { value: 'captured', label: 'Captured' },
  { value: 'failed', label: 'Failed' },
  { value: 'refunded', label: 'Refunded' },
] as const;

export const PAYMENT_KINDS = [
  { value: 'payment', label: 'Payment' },
  { value: 'refund', label: 'Refund' },
] as const;

export const PAYMENT_METHOD_OPTIONS = [
  { value: 'prepaid', label: 'Prepaid' },
  { value: 'cod', label: 'Cash on delivery' },
] as const;

export const paymentList: AreaListDeclaration = {
  key: 'payments',
  permissionArea: 'accountings',
  actions: { list: 'payment-list' },
  label: 'Payments',
  singular: 'Payment',
  paths: { list: '/payments/listing' },
  titleField: 'order_number',
  defaultSort: { field: 'created_at', order: 'desc' },
  searchPlaceholder: 'Search by order number or gateway reference',
  exportable: true,
  columns: [
    { field: 'created_at', header: 'Time', kind: 'date', sortable: true, filterable: true, display: 'date' },
    { field: 'order_number', header: 'Order', kind: 'text', sortable: true, filterable: true },
    { field: 'kind', header: 'Kind', kind: 'enum', filterable: true, options: PAYMENT_KINDS, display: 'status' },
    { field: 'method', header: 'Method', kind: 'enum', filterable: true, options: PAYMENT_METHOD_OPTIONS },
    { field: 'gateway_ref', header: 'Gateway reference', kind: 'text', filterable: true, emptyText: '—' },
    { field: 'amount_paise', header: 'Amount', kind: 'number', sortable: true, filterable: true, money: { unit: 'paise' } },
    { field: 'status', header: 'Status', kind: 'enum', sortable: true, filterable: true, options: PAYMENT_STATUSES, display: 'status' },
    {
      field: 'vendor_name',
      header: 'Vendor',
      kind: 'text',
      filterable: true,
      staffOnly: true,
      emptyText: 'Whole order',
      relation: { area: 'vendors', field: 'vendor_id' },
    },
    { field: 'sub_order_number', header: 'Sub-order', kind: 'text', filterable: true, secondary: true, emptyText: '—' },
    { field: 'note', header: 'What to do / details', kind: 'text', secondary: true, emptyText: '—' },
  ],
};
