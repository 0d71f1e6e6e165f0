/**
 * The payouts list (spec: /payouts/listing, `accountings:payouts-list`; issue 18 §3): one row per
 * payout, newest first, filtered by status, vendor (staff) and date. A vendor sees only their own
 * (VENDOR_OWNED: accountings). Read-only here: each payout's steps are on its details page. No
 * server imports.
 */
import type { AreaListDeclaration } from '@/lib/areas/area.ts';
import { PAYOUT_SOURCE_OPTIONS, PAYOUT_STATUS_OPTIONS } from './payout-rules.ts';

export const payoutList: AreaListDeclaration = {
  key: 'payouts',
  permissionArea: 'accountings',
  actions: { list: 'payouts-list' },
  label: 'Payouts',
  singular: 'Payout',
  paths: { list: '/payouts/listing', details: '/payouts/:id/details' },
  titleField: 'number',
  defaultSort: { field: 'created_at', order: 'desc' },
  searchPlaceholder: 'Search by payout number or UTR',
  exportable: true,
  columns: [
    { field: 'number', header: 'Payout', kind: 'text', sortable: true, filterable: true },
    { field: 'created_at', header: 'Date', kind: 'date', sortable: true, filterable: true, display: 'date' },
    {
      field: 'vendor_name',
      header: 'Vendor',
      kind: 'text',
      filterable: true,
      staffOnly: true,
      relation: { area: 'vendors', field: 'vendor_id' },
    },
    { field: 'amount_paise', header: 'Amount', kind: 'number', sortable: true, filterable: true, money: { unit: 'paise' } },
    { field: 'status', header: 'Status', kind: 'enum', sortable: true, filterable: true, options: PAYOUT_STATUS_OPTIONS, display: 'status' },
    { field: 'source', header: 'Made by', kind: 'enum', filterable: true, options: PAYOUT_SOURCE_OPTIONS, secondary: true },
    { field: 'bank_account', header: 'Account', kind: 'text', secondary: true },
    { field: 'utr', header: 'UTR', kind: 'text', filterable: true, emptyText: '—' },
    { field: 'paid_on', header: 'Paid on', kind: 'text', emptyText: '—', secondary: true },
  ],
};
