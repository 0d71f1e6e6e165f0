/**
 * A product's statuses and their labels (docs/products.md "Status and review"). No server imports:
 * the list, the details page and islands read it. The transitions between them: product-transitions.ts.
 */
export const PRODUCT_STATUSES = [
  { value: 'draft', label: 'Draft' },
  { value: 'pending_review', label: 'Waiting for review' },
  { value: 'active', label: 'Active' },
  { value: 'rejected', label: 'Rejected' },
  { value: 'inactive', label: 'Inactive' },
  { value: 'archived', label: 'Archived' },
] as const;
export type ProductStatus = (typeof PRODUCT_STATUSES)[number]['value'];
