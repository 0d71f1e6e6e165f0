/**
 * A product's statuses and how they read. The rules for moving between them (who may, from
 * which status) live in product-transitions.ts; this file is only the vocabulary, shared by the
 * list, the forms and the API. No server imports.
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

export const PRODUCT_STATUS_VALUES = PRODUCT_STATUSES.map((s) => s.value) as [ProductStatus, ...ProductStatus[]];

export const productStatusLabel = (status: string): string => PRODUCT_STATUSES.find((s) => s.value === status)?.label ?? status;

/**
 * What the list's bulk "Set status…" may set: the changes that need no review. Taking a live
 * product off sale (Inactive), putting it back (Active, only from Inactive) and archiving it.
 * Submitting and approving are one product at a time, through the review workflow.
 */
export const BULK_PRODUCT_STATUSES = PRODUCT_STATUSES.filter((s) => s.value === 'active' || s.value === 'inactive' || s.value === 'archived');
