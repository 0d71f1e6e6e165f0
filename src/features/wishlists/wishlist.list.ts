/**
 * Customers' wishlists (spec: /wishlists/listing, /wishlists/{wishlist}; wishlist:list). Read-only
 * for staff: the storefront fills them. Staff only: the spec's Products menu gives the item to
 * `wishlist:list`, which the Vendor role doesn't hold, and a wishlist is a customer's across every
 * vendor's products. The customer shows by name only: email and phone stay on the customer's own
 * page, masked there (customers' PII rules).
 */
import type { AreaListDeclaration } from '@/lib/areas/area.ts';

export const wishlistList: AreaListDeclaration & { details: { action: 'list'; path: string } } = {
  key: 'wishlists',
  permissionArea: 'wishlist',
  label: 'Wishlists',
  singular: 'Wishlist',
  paths: { list: '/wishlists/listing' },
  // Rows link to the wishlist's page (the spec's /wishlists/{wishlist}) for whoever may list them.
  details: { action: 'list', path: '/wishlists/:id' },
  titleField: 'customer_name',
  defaultSort: { field: 'updated_at', order: 'desc' },
  searchPlaceholder: 'Search by customer or wishlist name',
  // GET /api/wishlists/export serves the table's CSV export, as a CRUD area's does.
  exportable: true,
  columns: [
    { field: 'customer_name', header: 'Customer', kind: 'text', sortable: true, filterable: true },
    { field: 'name', header: 'Wishlist', kind: 'text', sortable: true, filterable: true, secondary: true },
    { field: 'items_count', header: 'Items', kind: 'number', sortable: true, filterable: true, display: 'number' },
    { field: 'created_at', header: 'Created', kind: 'date', sortable: true, filterable: true, display: 'date', secondary: true },
    { field: 'updated_at', header: 'Updated', kind: 'date', sortable: true, filterable: true, display: 'date' },
  ],
};
