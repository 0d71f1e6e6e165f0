/**
 * The contract between placing an order and the two kinds of discount (issue 18 §4–5): automatic
 * promotions (src/features/promotions, evaluated by src/app/money/promotions-at-placing.server.ts) and
 * coupons (src/features/coupons). Pure types, shared by the server and the storefront API's answers.
 *
 * Amounts are integer paise. A line's `basePaise` is what is still discountable on it (its gross,
 * quantity × unit price, minus discounts applied before); each discount's `lineDiscounts` has one
 * entry per cart line, in the cart's order, and never takes a line below zero.
 */

/** One line of the cart as the discounts see it, priced by the server. */
export interface CartLineForDiscounts {
  /** The line's position in the order's lines (the request's `lines.N`). */
  index: number;
  sku: string;
  vendorId: number;
  productId: number;
  variantId: number;
  categoryId: number | null;
  subCategoryId: number | null;
  quantity: number;
  unitPricePaise: number;
  /** What is left to discount on this line (gross minus the discounts applied before this one). */
  basePaise: number;
}

export interface CartForDiscounts {
  lines: CartLineForDiscounts[];
  /** The delivery charge before any discount on it. */
  shippingPaise: number;
  customerEmail: string;
  now: Date;
}

/** One discount that applied, with its share of each line (and of the delivery charge). */
export interface AppliedDiscount {
  kind: 'promotion' | 'coupon';
  id: number;
  /** The promotion's name or the coupon's code, as the customer sees it. */
  name: string;
  fundedBy: 'platform' | 'vendor';
  /** The funding vendor (vendor-funded only). */
  vendorId: number | null;
  /** One entry per cart line, in the cart's order. */
  lineDiscounts: number[];
  shippingDiscountPaise: number;
  /** Why it applied, for the storefront ("10 % off Sarees", "Buy 2 get 1 free: 1 × KUR-001 free"). */
  reason: string;
}

/** A discount that was considered and did not apply, and why ("Minimum order ₹ 999.00", "Does not stack…"). */
export interface SkippedDiscount {
  kind: 'promotion' | 'coupon';
  id: number | null;
  name: string;
  reason: string;
}

/** What the promotions give a cart. */
export interface PromotionOutcome {
  applied: AppliedDiscount[];
  skipped: SkippedDiscount[];
  /** False when an applied promotion does not stack with coupons. */
  couponAllowed: boolean;
}
