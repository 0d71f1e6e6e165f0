/**
 * Which promotions a cart gets, and why (issue 18 §5): pure, in integer paise, deterministic.
 * The one rule (docs/money.md "Promotions"):
 *
 * 1. Candidates are the promotions in force at `cart.now` (starts_at ≤ now < ends_at, open ends
 *    open), in one order: priority high first, then the older first (created earlier, then the
 *    lower id). The order the promotions are given in never matters.
 * 2. A promotion concerns the cart when its scope matches a line (the whole store; or the line's
 *    category, product or vendor is one it names). The others are not mentioned.
 * 3. With a coupon code on the cart, one that doesn't combine with coupons is skipped ("Doesn't
 *    combine with coupon codes"). One whose minimum order value the cart's gross (quantity × unit
 *    price, before any discount) doesn't reach is skipped ("Add ₹ 120.00 more for free delivery").
 * 4. Item promotions (percent off, buy X get Y) apply at most one per line: each line takes the
 *    first in the order above that matches it and gives it something (buy X get Y needs X + Y units
 *    of the line's product in the cart). Each works on the line's base (what is left to discount),
 *    so no line goes below zero:
 *    - percent off: rate × base per line, rounded half up; with a maximum, when the lines' sum
 *      exceeds it, the maximum split over the lines in proportion to their bases (largest remainder:
 *      src/lib/money/split.ts);
 *    - buy X get Y: per product (its variants together), of every X + Y units the Y cheapest are
 *      free (ties: the earlier line), each at most the line's base.
 *    An item promotion whose lines all went to one before it is skipped ("Another promotion with
 *    higher priority applied").
 * 5. Free delivery: the first that concerns the cart and passes step 3 waives the delivery charge;
 *    the others are skipped.
 * 6. `couponAllowed` is false when an applied promotion doesn't combine with coupons.
 *
 * No server imports: the storefront's answers and the tests use it as it is.
 */
import type { AppliedDiscount, CartForDiscounts, CartLineForDiscounts, PromotionOutcome, SkippedDiscount } from '../../lib/money/discounts.ts';
import { mulDivRound } from '../../lib/money/gst.ts';
import { formatPaise } from '../../lib/money/paise.ts';
import { formatBasisPoints } from '../../lib/money/rate.ts';
import { splitByLargestRemainder } from '../../lib/money/split.ts';

export type PromotionKind = 'percent_off' | 'buy_x_get_y' | 'free_shipping';
export type PromotionScope = 'store' | 'categories' | 'products' | 'vendors';

/** A promotion as the rule reads it (loaded by src/app/money/promotions-at-placing.server.ts). */
export interface PromotionForCart {
  id: number;
  name: string;
  kind: PromotionKind;
  /** percent_off: basis points (1000 = 10 %). */
  rateBp: number;
  /** percent_off: the most it takes off one order; null = no cap. */
  maxDiscountPaise: number | null;
  /** buy_x_get_y: buy this many, get `getQuantity` more free. */
  buyQuantity: number | null;
  getQuantity: number | null;
  scope: PromotionScope;
  /** The ids the scope names (categories, products or vendors); empty for the whole store. */
  targetIds: readonly number[];
  /** Their names, for the shopper's reason ("10 % off Sarees"). */
  targetNames: readonly string[];
  minOrderPaise: number;
  startsAt: Date | null;
  endsAt: Date | null;
  priority: number;
  stacksWithCoupons: boolean;
  createdAt: Date;
}

export const SKIP_COUPON = 'Doesn’t combine with coupon codes';
export const SKIP_OUTRANKED = 'Another promotion with higher priority applied';
export const SKIP_DELIVERY_FREE = 'Delivery is already free';

/** In force at `now`: from its start (inclusive) until its end (exclusive). */
export const inWindow = (p: Pick<PromotionForCart, 'startsAt' | 'endsAt'>, now: Date): boolean =>
  (!p.startsAt || p.startsAt.getTime() <= now.getTime()) && (!p.endsAt || now.getTime() < p.endsAt.getTime());

/** The rule's order: priority high first, then the older first, then the lower id. */
export function byRuleOrder(a: PromotionForCart, b: PromotionForCart): number {
  return b.priority - a.priority || a.createdAt.getTime() - b.createdAt.getTime() || a.id - b.id;
}

export function scopeMatches(p: Pick<PromotionForCart, 'scope' | 'targetIds'>, line: CartLineForDiscounts): boolean {
  switch (p.scope) {
    case 'store':
      return true;
    case 'categories':
      // Categories are the top-level ones (a category covers its sub-categories).
      return line.categoryId !== null && p.targetIds.includes(line.categoryId);
    case 'products':
      return p.targetIds.includes(line.productId);
    case 'vendors':
      return p.targetIds.includes(line.vendorId);
  }
}

/** "Sarees", "Sarees and Kurtas", "Sarees, Kurtas and 2 more"; the whole store: "everything". */
export function scopeLabel(p: Pick<PromotionForCart, 'scope' | 'targetNames'>): string {
  if (p.scope === 'store' || !p.targetNames.length) return 'everything';
  const names = [...p.targetNames];
  if (names.length === 1) return names[0]!;
  if (names.length === 2) return `${names[0]} and ${names[1]}`;
  if (names.length === 3) return `${names[0]}, ${names[1]} and ${names[2]}`;
  return `${names[0]}, ${names[1]} and ${names.length - 2} more`;
}

const gross = (line: CartLineForDiscounts) => line.quantity * line.unitPricePaise;

/** What the shopper is told an item or delivery promotion gives, before the amounts. */
export function promotionHeadline(p: PromotionForCart): string {
  switch (p.kind) {
    case 'percent_off':
      return `${formatBasisPoints(p.rateBp)} off ${scopeLabel(p)}${p.maxDiscountPaise !== null ? ` (up to ${formatPaise(p.maxDiscountPaise)})` : ''}`;
    case 'buy_x_get_y':
      return `Buy ${p.buyQuantity} get ${p.getQuantity} free`;
    case 'free_shipping':
      return p.minOrderPaise > 0 ? `Free delivery above ${formatPaise(p.minOrderPaise)}` : 'Free delivery';
  }
}

/** buy_x_get_y: the free units per line of one product's lines (cheapest first, ties: the earlier line). */
function freeUnits(p: PromotionForCart, lines: CartLineForDiscounts[]): Map<number, number> {
  const set = (p.buyQuantity ?? 0) + (p.getQuantity ?? 0);
  const units = lines.reduce((a, l) => a + l.quantity, 0);
  let free = set > 0 ? Math.floor(units / set) * (p.getQuantity ?? 0) : 0;
  const out = new Map<number, number>();
  for (const line of [...lines].sort((a, b) => a.unitPricePaise - b.unitPricePaise || a.index - b.index)) {
    if (free === 0) break;
    const take = Math.min(free, line.quantity);
    out.set(line.index, take);
    free -= take;
  }
  return out;
}

/** Whether a buy X get Y gives the product of these lines anything (X + Y units of it in the cart). */
const buyXGetYQualifies = (p: PromotionForCart, productUnits: number) =>
  productUnits >= (p.buyQuantity ?? 0) + (p.getQuantity ?? 0) && (p.getQuantity ?? 0) > 0;

export function evaluatePromotions(cart: CartForDiscounts, promotions: readonly PromotionForCart[], options: { withCoupon: boolean }): PromotionOutcome {
  const lines = cart.lines;
  const cartGross = lines.reduce((a, l) => a + gross(l), 0);
  const unitsOfProduct = new Map<number, number>();
  for (const l of lines) unitsOfProduct.set(l.productId, (unitsOfProduct.get(l.productId) ?? 0) + l.quantity);

  const ordered = promotions.filter((p) => inWindow(p, cart.now) && lines.some((l) => scopeMatches(p, l))).sort(byRuleOrder);
  const skipped: SkippedDiscount[] = [];
  const skip = (p: PromotionForCart, reason: string) => skipped.push({ kind: 'promotion', id: p.id, name: p.name, reason });

  const eligible: PromotionForCart[] = [];
  for (const p of ordered) {
    if (options.withCoupon && !p.stacksWithCoupons) skip(p, SKIP_COUPON);
    else if (cartGross < p.minOrderPaise) {
      const more = formatPaise(p.minOrderPaise - cartGross);
      skip(p, p.kind === 'free_shipping' ? `Add ${more} more for free delivery` : `Add ${more} more for ${promotionHeadline(p)}`);
    } else eligible.push(p);
  }

  // Step 4: each line's item promotion, the first in the rule's order that gives it something.
  const lineOwner = new Map<number, PromotionForCart>();
  const items = eligible.filter((p) => p.kind !== 'free_shipping');
  for (const line of lines) {
    const owner = items.find((p) => scopeMatches(p, line) && (p.kind !== 'buy_x_get_y' || buyXGetYQualifies(p, unitsOfProduct.get(line.productId) ?? 0)));
    if (owner) lineOwner.set(line.index, owner);
  }

  const appliedById = new Map<number, AppliedDiscount>();
  for (const p of items) {
    const mine = lines.filter((l) => lineOwner.get(l.index) === p);
    if (!mine.length) {
      const outranked = lines.some((l) => scopeMatches(p, l) && lineOwner.has(l.index));
      if (outranked) skip(p, SKIP_OUTRANKED);
      else if (p.kind === 'buy_x_get_y') {
        const need = (p.buyQuantity ?? 0) + (p.getQuantity ?? 0);
        const line = lines.find((l) => scopeMatches(p, l))!;
        skip(p, `${promotionHeadline(p)}: add ${need - (unitsOfProduct.get(line.productId) ?? 0)} more of ${line.sku}`);
      }
      continue;
    }
    const lineDiscounts = lines.map(() => 0);
    let reason: string;
    if (p.kind === 'percent_off') {
      const raw = mine.map((l) => mulDivRound(l.basePaise, p.rateBp, 10_000));
      const sum = raw.reduce((a, b) => a + b, 0);
      const parts =
        p.maxDiscountPaise !== null && sum > p.maxDiscountPaise
          ? splitByLargestRemainder(
              p.maxDiscountPaise,
              mine.map((l) => l.basePaise),
            )
          : raw;
      mine.forEach((l, i) => (lineDiscounts[lines.indexOf(l)] = parts[i]!));
      reason = promotionHeadline(p);
    } else {
      const byProduct = new Map<number, CartLineForDiscounts[]>();
      for (const l of mine) byProduct.set(l.productId, [...(byProduct.get(l.productId) ?? []), l]);
      const told: string[] = [];
      for (const group of byProduct.values()) {
        const free = freeUnits(p, group);
        for (const l of group) {
          const units = free.get(l.index) ?? 0;
          if (!units) continue;
          lineDiscounts[lines.indexOf(l)] = Math.min(units * l.unitPricePaise, l.basePaise);
          told.push(`${units} × ${l.sku}`);
        }
      }
      reason = `${promotionHeadline(p)}: ${told.join(', ')} free`;
    }
    if (lineDiscounts.every((d) => d === 0)) {
      skip(p, 'Nothing left to discount');
      continue;
    }
    appliedById.set(p.id, {
      kind: 'promotion',
      id: p.id,
      name: p.name,
      fundedBy: 'platform',
      vendorId: null,
      lineDiscounts,
      shippingDiscountPaise: 0,
      reason,
    });
  }

  // Step 5: free delivery, the first eligible one.
  const deliveries = eligible.filter((p) => p.kind === 'free_shipping');
  deliveries.forEach((p, i) => {
    if (i > 0) skip(p, SKIP_OUTRANKED);
    else if (cart.shippingPaise <= 0) skip(p, SKIP_DELIVERY_FREE);
    else
      appliedById.set(p.id, {
        kind: 'promotion',
        id: p.id,
        name: p.name,
        fundedBy: 'platform',
        vendorId: null,
        lineDiscounts: lines.map(() => 0),
        shippingDiscountPaise: cart.shippingPaise,
        reason: promotionHeadline(p),
      });
  });

  // Applied in the rule's order; skipped in it too.
  const rank = new Map(ordered.map((p, i) => [p.id, i]));
  const applied = [...appliedById.values()].sort((a, b) => rank.get(a.id)! - rank.get(b.id)!);
  skipped.sort((a, b) => rank.get(a.id!)! - rank.get(b.id!)!);
  const stacks = new Map(ordered.map((p) => [p.id, p.stacksWithCoupons]));
  return { applied, skipped, couponAllowed: applied.every((a) => stacks.get(a.id)) };
}
