/**
 * "Customer Feedback" (spec: /reviews/listing, reviews:list): every review, newest first, with
 * filters on status, rating, vendor, product and date, a text search, CSV export, and bulk
 * moderation ("Set status…" Published / Rejected, the latter asking for the reason) for holders
 * of reviews:update. A vendor sees only reviews of their own products (VENDOR_OWNED: reviews).
 * Rows open the review's details page. No server imports.
 */
import type { AreaListDeclaration } from '@/lib/areas/area.ts';
import { REVIEW_STATUSES } from './review-rules.ts';

export const reviewList: AreaListDeclaration & { details: { action: 'list'; path: string } } = {
  key: 'reviews',
  permissionArea: 'reviews',
  // Reviews are moderated, never deleted from the list (a rejected one keeps its history): the
  // kit's delete maps to no permission anyone holds (decision 044).
  actions: { delete: 'never' },
  label: 'Customer Feedback',
  singular: 'Review',
  paths: { list: '/reviews/listing', details: '/reviews/:id/details' },
  details: { action: 'list', path: '/reviews/:id/details' },
  titleField: 'title',
  defaultSort: { field: 'created_at', order: 'desc' },
  searchPlaceholder: 'Search by title, text, product or customer',
  exportable: true,
  statusField: {
    field: 'status',
    options: [
      { value: 'published', label: 'Published' },
      { value: 'rejected', label: 'Rejected', reason: 'Reason for rejecting (kept with each review)' },
    ],
  },
  columns: [
    { field: 'product_name', header: 'Product', kind: 'text', sortable: true, filterable: true, relation: { area: 'products', field: 'product_id' } },
    { field: 'customer_name', header: 'Customer', kind: 'text', sortable: true, filterable: true },
    { field: 'rating', header: 'Rating', kind: 'number', sortable: true, filterable: true },
    { field: 'title', header: 'Title', kind: 'text', sortable: true, filterable: true },
    { field: 'status', header: 'Status', kind: 'enum', sortable: true, filterable: true, options: REVIEW_STATUSES, display: 'status' },
    { field: 'created_at', header: 'Date', kind: 'date', sortable: true, filterable: true, display: 'date' },
    {
      field: 'vendor_name',
      header: 'Vendor',
      kind: 'text',
      sortable: true,
      filterable: true,
      staffOnly: true,
      secondary: true,
      relation: { area: 'vendors', field: 'vendor_id' },
    },
    {
      field: 'has_reply',
      header: 'Reply',
      kind: 'enum',
      filterable: true,
      options: [
        { value: 'yes', label: 'Replied' },
        { value: 'no', label: 'No reply' },
      ],
      display: 'status',
      secondary: true,
    },
  ],
};
