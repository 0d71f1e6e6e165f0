/**
 * A vendor's status and the transitions between them (issue 14 §3), shared by the server, the
 * staff edit screen and the vendor's status page. No server imports.
 *
 *   draft ──submit──▶ pending ──approve──▶ active ◀──reinstate── suspended
 *     ▲                  │                   └──────suspend──────────▲
 *     └─(fix KYC)── rejected ◀──reject───────┘ (pending only)
 *
 * draft: store setup or KYC not submitted yet. A rejected vendor fixes their KYC and submits again.
 */
export const VENDOR_STATUSES = [
  { value: 'draft', label: 'Draft' },
  { value: 'pending', label: 'Waiting for approval' },
  { value: 'active', label: 'Active' },
  { value: 'rejected', label: 'Rejected' },
  { value: 'suspended', label: 'Suspended' },
] as const;
export type VendorStatus = (typeof VENDOR_STATUSES)[number]['value'];

export const BUSINESS_TYPES = [
  { value: 'individual', label: 'Individual / sole proprietor' },
  { value: 'partnership', label: 'Partnership firm' },
  { value: 'llp', label: 'Limited liability partnership' },
  { value: 'private_limited', label: 'Private limited company' },
  { value: 'public_limited', label: 'Public limited company' },
  { value: 'huf', label: 'Hindu undivided family' },
  { value: 'trust', label: 'Trust or society' },
] as const;

export const PAYOUT_CYCLES = [
  { value: 'weekly', label: 'Weekly' },
  { value: 'fortnightly', label: 'Fortnightly' },
  { value: 'monthly', label: 'Monthly' },
] as const;

export const DOCUMENT_KINDS = [
  { value: 'pan_card', label: 'PAN card' },
  { value: 'cancelled_cheque', label: 'Cancelled cheque' },
  { value: 'gst_certificate', label: 'GST certificate' },
] as const;
export type DocumentKind = (typeof DOCUMENT_KINDS)[number]['value'];

/** Staff decisions; `submit` is the vendor's own. */
export type VendorTransition = 'submit' | 'approve' | 'reject' | 'suspend' | 'reinstate';

export const TRANSITIONS: Record<VendorTransition, { from: readonly VendorStatus[]; to: VendorStatus; label: string; needsReason: boolean }> = {
  submit: { from: ['draft', 'rejected'], to: 'pending', label: 'Submit for approval', needsReason: false },
  approve: { from: ['pending'], to: 'active', label: 'Approve', needsReason: false },
  reject: { from: ['pending'], to: 'rejected', label: 'Reject', needsReason: true },
  suspend: { from: ['active'], to: 'suspended', label: 'Suspend', needsReason: true },
  reinstate: { from: ['suspended'], to: 'active', label: 'Reinstate', needsReason: false },
};

export const STAFF_TRANSITIONS = ['approve', 'reject', 'suspend', 'reinstate'] as const satisfies readonly VendorTransition[];

/** The staff decisions open to a vendor in `status` (the edit screen's buttons). */
export const staffTransitionsFrom = (status: string) => STAFF_TRANSITIONS.filter((t) => (TRANSITIONS[t].from as readonly string[]).includes(status));

export const statusLabel = (status: string) => VENDOR_STATUSES.find((s) => s.value === status)?.label ?? status;

/**
 * Whether a vendor may publish products and accept orders: only an active one. A suspended,
 * rejected, pending or draft vendor can sign in and see their data, nothing more. The products and
 * orders issues call this wherever a product is published or an order accepted.
 */
export function vendorCanTrade(vendor: { status: string } | null | undefined): boolean {
  return vendor?.status === 'active';
}
