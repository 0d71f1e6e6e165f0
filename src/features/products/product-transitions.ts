/**
 * The product status workflow as pure rules (issue 15 §1), shared by the service, the API, the
 * details page and its buttons. No server imports.
 *
 *   draft ──submit──▶ pending_review ──approve──▶ active ◀──activate── inactive
 *     ▲                 ▲      │                    └────deactivate──────▲
 *     │          submit │      └──reject──▶ rejected
 *     │ (resubmit)      └───────────────────────┘
 *     └──restore── archived ◀──archive── any other status
 *
 * The owner's moves (submit, activate, deactivate, archive, restore) are the vendor's, on their own
 * products (products:update; staff holding it may act for a vendor); approve and reject are the
 * reviewers' (staff holding products:approve). Submitting and activating need an active vendor.
 */
import { z } from 'zod';
import { versionSchema } from '@/lib/http/integers.ts';
import { PRODUCT_STATUSES, type ProductStatus } from './product-status.ts';

export type ProductTransition = 'submit' | 'approve' | 'reject' | 'activate' | 'deactivate' | 'archive' | 'restore';

export interface TransitionRule {
  from: readonly ProductStatus[];
  to: ProductStatus;
  label: string;
  /** 'owner': the vendor (products:update); 'reviewer': staff holding products:approve. */
  by: 'owner' | 'reviewer';
  needsReason: boolean;
  /** Only while the vendor may trade (active): the product would be offered for sale. */
  needsActiveVendor: boolean;
  /** The button's look: a reviewer's refusal and archiving are shown as the heavier choices. */
  tone: 'primary' | 'secondary' | 'danger';
}

export const PRODUCT_TRANSITIONS: Record<ProductTransition, TransitionRule> = {
  submit: {
    from: ['draft', 'rejected'],
    to: 'pending_review',
    label: 'Submit for review',
    by: 'owner',
    needsReason: false,
    needsActiveVendor: true,
    tone: 'primary',
  },
  approve: { from: ['pending_review'], to: 'active', label: 'Approve', by: 'reviewer', needsReason: false, needsActiveVendor: false, tone: 'primary' },
  reject: { from: ['pending_review'], to: 'rejected', label: 'Reject', by: 'reviewer', needsReason: true, needsActiveVendor: false, tone: 'danger' },
  activate: { from: ['inactive'], to: 'active', label: 'Activate', by: 'owner', needsReason: false, needsActiveVendor: true, tone: 'primary' },
  deactivate: { from: ['active'], to: 'inactive', label: 'Deactivate', by: 'owner', needsReason: false, needsActiveVendor: false, tone: 'secondary' },
  archive: {
    from: ['draft', 'pending_review', 'active', 'rejected', 'inactive'],
    to: 'archived',
    label: 'Archive',
    by: 'owner',
    needsReason: false,
    needsActiveVendor: false,
    tone: 'danger',
  },
  restore: { from: ['archived'], to: 'draft', label: 'Restore as draft', by: 'owner', needsReason: false, needsActiveVendor: false, tone: 'secondary' },
};

export const PRODUCT_TRANSITION_NAMES = Object.keys(PRODUCT_TRANSITIONS) as ProductTransition[];

/** The longest reason a reviewer may give (it is mailed and shown on the details page). */
export const REASON_MAX = 1000;

export const productStatusLabel = (status: string) => PRODUCT_STATUSES.find((s) => s.value === status)?.label ?? status;

/** The button's words for a move from `status`: a rejected product is "resubmitted". */
export const transitionLabel = (action: ProductTransition, status: string) =>
  action === 'submit' && status === 'rejected' ? 'Resubmit for review' : PRODUCT_TRANSITIONS[action].label;

/**
 * Why a move is refused, in words for the person who tried (the 409's message), or null when the
 * status allows it. The vendor's own standing is checked separately (vendorRefusal).
 */
export function statusRefusal(action: ProductTransition, status: string): string | null {
  const rule = PRODUCT_TRANSITIONS[action];
  if ((rule.from as readonly string[]).includes(status)) return null;
  const is = `this product is ${productStatusLabel(status).toLowerCase()}`;
  switch (action) {
    case 'submit':
      return status === 'pending_review'
        ? 'This product is already waiting for review.'
        : `Only a draft or rejected product can be submitted for review; ${is}.`;
    case 'approve':
      return `Only a product waiting for review can be approved; ${is}.`;
    case 'reject':
      return `Only a product waiting for review can be rejected; ${is}.`;
    case 'activate':
      return status === 'active'
        ? 'This product is already active.'
        : `Only an inactive product can be activated; ${is}. A new product goes through review first.`;
    case 'deactivate':
      return `Only an active product can be deactivated; ${is}.`;
    case 'archive':
      return 'This product is already archived.';
    case 'restore':
      return `Only an archived product can be restored; ${is}.`;
  }
}

/** Why a vendor in `vendorStatus` may not make `action`'s move, or null. */
export function vendorRefusal(action: ProductTransition, vendorStatus: string | null | undefined): string | null {
  if (!PRODUCT_TRANSITIONS[action].needsActiveVendor || vendorStatus === 'active') return null;
  const doing = action === 'submit' ? 'submit products for review' : 'activate products';
  if (vendorStatus === 'suspended')
    return `The store is suspended, so it can't ${doing}. The marketplace told the store why; it can act again once reinstated.`;
  return `Only an approved (active) store can ${doing}; this store is not approved yet.`;
}

/** Who is looking: a vendor (on their own product) or staff with their permissions. */
export interface TransitionViewer {
  userType: 'staff' | 'vendor';
  can: (permission: string) => boolean;
}

/** The moves `viewer` may make on a product in `status` (the details page's buttons). */
export function transitionsFor(status: string, viewer: TransitionViewer): ProductTransition[] {
  return PRODUCT_TRANSITION_NAMES.filter((action) => {
    const rule = PRODUCT_TRANSITIONS[action];
    if (!(rule.from as readonly string[]).includes(status)) return false;
    return rule.by === 'reviewer' ? viewer.userType === 'staff' && viewer.can('products:approve') : viewer.can('products:update');
  });
}

/** The review queue: the products list filtered to "Waiting for review" (the table's own filter format, as the vendors' queue). */
export const PENDING_REVIEW_FILTER = { status: { operator: 'and', constraints: [{ matchMode: 'equals', value: 'pending_review' }] } } as const;
export const pendingReviewHref = `/products/listing?filters=${encodeURIComponent(JSON.stringify(PENDING_REVIEW_FILTER))}`;

/** The body of POST /api/products/:id/{action}: the version the viewer loaded, and the reason a rejection needs. */
export const productTransitionSchema = /* @__PURE__ */ z.strictObject({
  version: versionSchema,
  reason: z.string().trim().max(REASON_MAX, `At most ${REASON_MAX} characters.`).nullish(),
});
export type ProductTransitionInput = z.infer<typeof productTransitionSchema>;
