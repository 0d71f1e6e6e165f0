/**
 * The contract between placing an order and the two kinds of discount (issue 18 §4–5): automatic
 * promotions (src/features/promotions, evaluated by src/app/money/promotions-at-placing.server.ts) and
 * coupons (src/features/coupons). Pure types, shared by the server and the storefront API's answers.
 *
 * Amounts are integer paise. A line's `basePaise` is what is still discountable on it (its gross,
 * quantity × unit price, minus discounts applied before); each discount's `lineDiscounts` has one
 * entry per cart line, in the cart's order, and never takes a line below zero.
 */
import { formatPaise } from './paise.ts';
import { splitByLargestRemainder } from './split.ts';
import { formatBasisPoints } from './rate.ts';

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

/** A coupon's terms as the discount arithmetic needs them (src/features/coupons; docs/money.md "Discounts"). */
export interface CouponTerms {
  id: number;
  code: string;
  kind: 'percent' | 'flat';
  /** Percent coupons: basis points. */
  rateBp: number | null;
  /** Flat coupons: paise. */
  amountPaise: number | null;
  /** Percent coupons: the cap (null: none). */
  maxDiscountPaise: number | null;
  minOrderPaise: number;
  scope: 'store' | 'vendors' | 'categories' | 'products';
  scopeIds: readonly number[];
  fundedBy: 'platform' | 'vendor';
  vendorId: number | null;
}

/**
 * Whether a cart line is one the coupon applies to: its scope (the whole store, the chosen vendors,
 * (top-level) categories, or products), and for a vendor-funded coupon
 * only that vendor's lines.
 */
export function couponLineEligible(c: CouponTerms, line: CartLineForDiscounts): boolean {
  if (c.fundedBy === 'vendor' && line.vendorId !== c.vendorId) return false;
  switch (c.scope) {
    case 'store':
      return true;
    case 'vendors':
      return c.scopeIds.includes(line.vendorId);
    case 'categories':
      return line.categoryId !== null && c.scopeIds.includes(line.categoryId);
    case 'products':
      return c.scopeIds.includes(line.productId);
  }
}

/** a × b / c, half up, for non-negative integers (BigInt inside: exact at any size). */
const mulDivHalfUp = (a: number, b: number, c: number) => Number((BigInt(a) * BigInt(b) * 2n + BigInt(c)) / (2n * BigInt(c)));

/**
 * What the coupon takes off `basePaise` (the eligible lines' base): a percentage rounded half up to
 * the paisa and capped at its maximum, or a flat amount; never more than the base.
 */
export function couponAmount(c: Pick<CouponTerms, 'kind' | 'rateBp' | 'amountPaise' | 'maxDiscountPaise'>, basePaise: number): number {
  if (!Number.isSafeInteger(basePaise) || basePaise < 0) throw new RangeError('basePaise must be a non-negative whole number');
  const raw = c.kind === 'percent' ? mulDivHalfUp(basePaise, c.rateBp ?? 0, 10000) : (c.amountPaise ?? 0);
  const capped = c.kind === 'percent' && c.maxDiscountPaise !== null ? Math.min(raw, c.maxDiscountPaise) : raw;
  return Math.max(0, Math.min(capped, basePaise));
}

/** The cart's lines after discounts already applied: each line's base less its share of each. */
export function linesAfter(lines: readonly CartLineForDiscounts[], applied: readonly AppliedDiscount[]): CartLineForDiscounts[] {
  return lines.map((l, i) => ({ ...l, basePaise: Math.max(0, l.basePaise - applied.reduce((a, d) => a + (d.lineDiscounts[i] ?? 0), 0)) }));
}

/** A discount's total: its lines' shares and its part of the delivery charge. */
export const discountTotal = (d: AppliedDiscount): number => d.lineDiscounts.reduce((a, b) => a + b, 0) + d.shippingDiscountPaise;

/**
 * Per cart line: the sum of every applied discount's share (its `discount_paise`), and the part of
 * it the platform funds (credited to the vendor at delivery).
 */
export function lineTotals(lineCount: number, applied: readonly AppliedDiscount[]): { discountPaise: number[]; platformPaise: number[] } {
  const discountPaise = Array.from({ length: lineCount }, (_, i) => applied.reduce((a, d) => a + (d.lineDiscounts[i] ?? 0), 0));
  const platformPaise = Array.from({ length: lineCount }, (_, i) =>
    applied.filter((d) => d.fundedBy === 'platform').reduce((a, d) => a + (d.lineDiscounts[i] ?? 0), 0),
  );
  return { discountPaise, platformPaise };
}

/** A coupon applied to the cart (after the promotions), or why it can't be. */
export type CouponResult = { ok: true; discount: AppliedDiscount } | { ok: false; reason: string };

/**
 * The coupon on the cart's lines as they stand after the promotions: the eligible lines' base must
 * reach the coupon's minimum; its amount (couponAmount) is split over the eligible lines in
 * proportion to their base, to the paisa, by largest remainder (none above its line's base).
 */
export function applyCoupon(c: CouponTerms, lines: readonly CartLineForDiscounts[]): CouponResult {
  const eligible = lines.map((l) => couponLineEligible(c, l) && l.basePaise > 0);
  const base = lines.reduce((a, l, i) => a + (eligible[i] ? l.basePaise : 0), 0);
  if (base === 0) return { ok: false, reason: `Coupon ${c.code} doesn’t apply to any item in this order.` };
  if (base < c.minOrderPaise)
    return {
      ok: false,
      reason: `Coupon ${c.code} needs ${c.scope === 'store' && c.fundedBy === 'platform' ? 'an order' : 'eligible items'} of at least ${formatPaise(c.minOrderPaise)}; this order has ${formatPaise(base)}.`,
    };
  const amount = couponAmount(c, base);
  const parts = splitByLargestRemainder(
    amount,
    lines.map((l, i) => (eligible[i] ? l.basePaise : 0)),
  );
  const what =
    c.kind === 'percent'
      ? `${formatBasisPoints(c.rateBp ?? 0)} off${c.maxDiscountPaise !== null && amount === c.maxDiscountPaise ? ` (at most ${formatPaise(c.maxDiscountPaise)})` : ''}`
      : `${formatPaise(c.amountPaise ?? 0)} off`;
  return {
    ok: true,
    discount: {
      kind: 'coupon',
      id: c.id,
      name: c.code,
      fundedBy: c.fundedBy,
      vendorId: c.vendorId,
      lineDiscounts: parts,
      shippingDiscountPaise: 0,
      reason: `Coupon ${c.code}: ${what}${eligible.every(Boolean) ? '' : ` ${eligible.filter(Boolean).length} of ${lines.length} items`}.`,
    },
  };
}

/**
 * The one rule's choice (docs/money.md "Discounts"): (a) the promotions alone, or (b) the promotions
 * that combine with coupons plus the coupon — whichever takes more off in total (lines and delivery);
 * a tie goes to (b), the customer asked for the coupon. Answers what applies, what was skipped and why,
 * and whether the coupon is among the applied (its use is then taken).
 */
export function chooseWithCoupon(
  a: PromotionOutcome,
  b: PromotionOutcome,
  coupon: AppliedDiscount,
): { applied: AppliedDiscount[]; skipped: SkippedDiscount[]; couponApplied: boolean } {
  const sum = (ds: readonly AppliedDiscount[]) => ds.reduce((t, d) => t + discountTotal(d), 0);
  const withCoupon = b.couponAllowed ? [...b.applied, coupon] : b.applied;
  const reason = !b.couponAllowed
    ? `Coupon ${coupon.name} doesn’t combine with the promotions that apply to this order.`
    : sum(withCoupon) < sum(a.applied)
      ? `The promotions without the coupon take off more (${formatPaise(sum(a.applied))}) than coupon ${coupon.name} with the promotions that combine with it (${formatPaise(sum(withCoupon))}).`
      : null;
  if (reason !== null)
    return { applied: a.applied, skipped: [...a.skipped, { kind: 'coupon', id: coupon.id, name: coupon.name, reason }], couponApplied: false };
  const same = (x: { kind: string; id: number | null }, y: { kind: string; id: number | null }) => x.kind === y.kind && x.id === y.id;
  // What (b) left out, and the promotions (a) had that don't combine with a coupon (once each).
  const dropped = a.applied
    .filter((p) => !withCoupon.some((d) => same(d, p)) && !b.skipped.some((s) => same(s, p)))
    .map((p): SkippedDiscount => ({ kind: p.kind, id: p.id, name: p.name, reason: `Doesn’t combine with coupon ${coupon.name}, which takes off more.` }));
  return { applied: withCoupon, skipped: [...b.skipped, ...dropped], couponApplied: true };
}
