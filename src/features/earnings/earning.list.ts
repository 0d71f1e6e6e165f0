/**
 * The earnings ledger's list (spec: /earnings/listing, `accountings:earning-list`; issue 18 §2):
 * one row per entry, newest first, filtered by type, date, order and (staff) vendor. A vendor sees
 * only their own entries (VENDOR_OWNED: accountings). Read-only: entries are never edited; staff
 * with `accountings:earning-adjust` add an adjustment. No server imports.
 */
import type { AreaListDeclaration } from '@/lib/areas/area.ts';
import { ENTRY_TYPE_OPTIONS } from './entry-types.ts';

export { ENTRY_TYPE_OPTIONS, entryTypeLabel } from './entry-types.ts';

/** Where an entry's money stands: not payable yet, payable, or settled by a payout. */
export const ENTRY_STATES = [
  { value: 'pending', label: 'Pending' },
  { value: 'payable', label: 'Payable' },
  { value: 'paid', label: 'Paid' },
] as const;

export const earningList: AreaListDeclaration = {
  key: 'earnings',
  permissionArea: 'accountings',
  actions: { list: 'earning-list' },
  label: 'Earnings',
  singular: 'Entry',
  paths: { list: '/earnings/listing' },
  titleField: 'order_number',
  defaultSort: { field: 'created_at', order: 'desc' },
  searchPlaceholder: 'Search by order number (OD-2026-000123)',
  exportable: true,
  columns: [
    { field: 'created_at', header: 'Date', kind: 'date', sortable: true, filterable: true, display: 'date' },
    {
      field: 'vendor_name',
      header: 'Vendor',
      kind: 'text',
      filterable: true,
      staffOnly: true,
      relation: { area: 'vendors', field: 'vendor_id' },
    },
    { field: 'type', header: 'Type', kind: 'enum', filterable: true, options: ENTRY_TYPE_OPTIONS, display: 'status' },
    { field: 'order_number', header: 'Order', kind: 'text', filterable: true, emptyText: '—' },
    { field: 'description', header: 'Details', kind: 'text', secondary: true, emptyText: '—' },
    { field: 'amount_paise', header: 'Amount', kind: 'number', sortable: true, filterable: true, money: { unit: 'paise' } },
    { field: 'state', header: 'Status', kind: 'enum', options: ENTRY_STATES, display: 'status' },
    { field: 'payable_at', header: 'Payable from', kind: 'date', sortable: true, filterable: true, display: 'date', secondary: true },
  ],
};
