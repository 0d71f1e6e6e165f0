/**
 * The vendors list (/vendors/list, permission vendors:list): staff only. Vendors are not added
 * here (they sign up and onboard themselves) nor deleted (orders and payouts point to them), so
 * this is a list declaration with an edit page, not a CRUD area.
 */
import type { AreaListDeclaration } from '@/lib/areas/area.ts';
import { PAYOUT_CYCLES, VENDOR_STATUSES } from './vendor-status.ts';

export const PHONE_VERIFIED = [
  { value: 'true', label: 'Verified' },
  { value: 'false', label: 'Not verified' },
] as const;

export const vendorList: AreaListDeclaration = {
  key: 'vendors',
  permissionArea: 'vendors',
  label: 'Vendors',
  singular: 'Vendor',
  paths: { list: '/vendors/list', edit: '/vendors/:id/edit' },
  titleField: 'store_name',
  defaultSort: { field: 'created_at', order: 'desc' },
  searchPlaceholder: 'Search by store, legal name, owner, phone or GSTIN',
  columns: [
    { field: 'store_name', header: 'Store', kind: 'text', sortable: true, filterable: true, emptyText: 'Store setup not finished' },
    { field: 'legal_name', header: 'Legal name', kind: 'text', sortable: true, filterable: true, secondary: true },
    { field: 'owner_name', header: 'Owner', kind: 'text', sortable: true, filterable: true },
    { field: 'phone', header: 'Phone', kind: 'text', filterable: true, secondary: true },
    { field: 'phone_verified', header: 'Phone verified', kind: 'boolean', filterable: true, options: PHONE_VERIFIED, display: 'status', secondary: true },
    { field: 'gstin', header: 'GSTIN', kind: 'text', sortable: true, filterable: true, secondary: true },
    { field: 'city', header: 'City', kind: 'text', sortable: true, filterable: true, secondary: true },
    { field: 'state', header: 'State', kind: 'text', sortable: true, filterable: true },
    { field: 'status', header: 'Status', kind: 'enum', sortable: true, filterable: true, options: VENDOR_STATUSES, display: 'status' },
    { field: 'products_count', header: 'Products', kind: 'number', sortable: true, filterable: true, display: 'number', secondary: true },
    {
      field: 'commission_rate',
      header: 'Commission %',
      kind: 'number',
      sortable: true,
      filterable: true,
      display: 'number',
      emptyText: 'Store default',
      secondary: true,
    },
    { field: 'payout_cycle', header: 'Payout', kind: 'enum', filterable: true, options: PAYOUT_CYCLES, secondary: true },
    { field: 'created_at', header: 'Joined', kind: 'date', sortable: true, filterable: true, display: 'date' },
  ],
};

/** The "Waiting for approval" view of the list: its URL (the table's own filter format). */
export const PENDING_FILTER = { status: { operator: 'and', constraints: [{ matchMode: 'equals', value: 'pending' }] } } as const;
export const pendingListHref = `/vendors/list?filters=${encodeURIComponent(JSON.stringify(PENDING_FILTER))}`;
