/**
 * The promotions' one rule (src/features/promotions/promotion-rules.ts, docs/money.md "Promotions"),
 * issue 18 §5 and §7: examples a shopper would check by hand, then properties over random carts and
 * promotions — no line below zero, the parts add up, the same answer whatever the promotions' order,
 * the window's boundaries, at most one item promotion per line.
 */
import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import type { CartForDiscounts, CartLineForDiscounts } from '@/lib/money/discounts.ts';
import { evaluatePromotions, inWindow, SKIP_COUPON, SKIP_OUTRANKED, type PromotionForCart } from '@/features/promotions/promotion-rules.ts';

const NOW = new Date('2026-11-01T06:30:00.000Z');
const OLD = new Date('2026-01-01T00:00:00.000Z');

let nextIndex = 0;
function line(l: Partial<CartLineForDiscounts> & { unitPricePaise: number }): CartLineForDiscounts {
  const quantity = l.quantity ?? 1;
  return {
    index: l.index ?? nextIndex++,
    sku: l.sku ?? 'SKU',
    vendorId: l.vendorId ?? 1,
    productId: l.productId ?? 1,
    variantId: l.variantId ?? 1,
    categoryId: l.categoryId ?? 1,
    subCategoryId: l.subCategoryId ?? null,
    quantity,
    unitPricePaise: l.unitPricePaise,
    basePaise: l.basePaise ?? quantity * l.unitPricePaise,
  };
}

function promo(p: Partial<PromotionForCart> & Pick<PromotionForCart, 'id' | 'kind'>): PromotionForCart {
  return {
    name: `Promotion ${p.id}`,
    rateBp: p.kind === 'percent_off' ? 1000 : 0,
    maxDiscountPaise: null,
    buyQuantity: p.kind === 'buy_x_get_y' ? 2 : null,
    getQuantity: p.kind === 'buy_x_get_y' ? 1 : null,
    scope: 'store',
    targetIds: [],
    targetNames: [],
    minOrderPaise: 0,
    startsAt: null,
    endsAt: null,
    priority: 0,
    stacksWithCoupons: true,
    createdAt: OLD,
    ...p,
  };
}

const cart = (lines: CartLineForDiscounts[], shippingPaise = 0): CartForDiscounts => {
  nextIndex = 0;
  return { lines: lines.map((l, i) => ({ ...l, index: i })), shippingPaise, customerEmail: 'a@example.com', now: NOW };
};

describe('evaluatePromotions, by example', () => {
  it('takes 10 % off the lines of a category and says so', () => {
    const sarees = promo({ id: 1, kind: 'percent_off', scope: 'categories', targetIds: [7], targetNames: ['Sarees'] });
    const out = evaluatePromotions(cart([line({ unitPricePaise: 129_999, categoryId: 7 }), line({ unitPricePaise: 50_000, categoryId: 8 })]), [sarees], {
      withCoupon: false,
    });
    expect(out.applied).toHaveLength(1);
    // 10 % of ₹ 1,299.99 = 129.999 → ₹ 130.00 (half up); the other category's line gets nothing.
    expect(out.applied[0]!.lineDiscounts).toEqual([13_000, 0]);
    expect(out.applied[0]!.reason).toBe('10 % off Sarees');
    expect(out.applied[0]!.fundedBy).toBe('platform');
    expect(out.couponAllowed).toBe(true);
  });

  it('caps a percentage at its maximum, split over the lines by largest remainder', () => {
    const capped = promo({ id: 1, kind: 'percent_off', rateBp: 5000, maxDiscountPaise: 1_000 });
    const out = evaluatePromotions(cart([line({ unitPricePaise: 1_000 }), line({ unitPricePaise: 1_000 }), line({ unitPricePaise: 1_000 })]), [capped], {
      withCoupon: false,
    });
    expect(out.applied[0]!.lineDiscounts).toEqual([334, 333, 333]);
    expect(out.applied[0]!.reason).toBe('50 % off everything (up to ₹ 10.00)');
  });

  it('gives the cheapest units of every X + Y free, per product across its variants', () => {
    const b2g1 = promo({ id: 1, kind: 'buy_x_get_y', scope: 'products', targetIds: [5], targetNames: ['Kurta'] });
    const out = evaluatePromotions(
      cart([
        line({ productId: 5, variantId: 1, sku: 'KUR-M', quantity: 2, unitPricePaise: 1_000 }),
        line({ productId: 5, variantId: 2, sku: 'KUR-XL', quantity: 4, unitPricePaise: 1_200 }),
        line({ productId: 6, sku: 'SAR', quantity: 3, unitPricePaise: 5_000 }),
      ]),
      [b2g1],
      { withCoupon: false },
    );
    // 6 units of product 5: two sets, two free — the two ₹ 10.00 units.
    expect(out.applied[0]!.lineDiscounts).toEqual([2_000, 0, 0]);
    expect(out.applied[0]!.reason).toBe('Buy 2 get 1 free: 2 × KUR-M free');
  });

  it('tells the shopper what a buy X get Y still needs', () => {
    const b2g1 = promo({ id: 1, kind: 'buy_x_get_y' });
    const out = evaluatePromotions(cart([line({ sku: 'KUR-001', quantity: 2, unitPricePaise: 1_000 })]), [b2g1], { withCoupon: false });
    expect(out.applied).toEqual([]);
    expect(out.skipped).toEqual([{ kind: 'promotion', id: 1, name: 'Promotion 1', reason: 'Buy 2 get 1 free: add 1 more of KUR-001' }]);
  });

  it('waives delivery above the minimum, judged on the gross, and says how much more is needed below it', () => {
    const free = promo({ id: 3, kind: 'free_shipping', name: 'Free delivery above ₹ 999', minOrderPaise: 99_900 });
    const above = evaluatePromotions(cart([line({ unitPricePaise: 99_900, basePaise: 50_000 })], 4_900), [free], { withCoupon: false });
    expect(above.applied[0]!.shippingDiscountPaise).toBe(4_900);
    expect(above.applied[0]!.lineDiscounts).toEqual([0]);
    expect(above.applied[0]!.reason).toBe('Free delivery above ₹ 999.00');
    const below = evaluatePromotions(cart([line({ unitPricePaise: 87_900 })], 4_900), [free], { withCoupon: false });
    expect(below.applied).toEqual([]);
    expect(below.skipped[0]!.reason).toBe('Add ₹ 120.00 more for free delivery');
  });

  it('applies one item promotion per line: the higher priority, then the older', () => {
    const low = promo({ id: 1, kind: 'percent_off', rateBp: 2000, priority: 1 });
    const high = promo({ id: 2, kind: 'percent_off', rateBp: 1000, priority: 5 });
    const out = evaluatePromotions(cart([line({ unitPricePaise: 10_000 })]), [low, high], { withCoupon: false });
    expect(out.applied.map((a) => a.id)).toEqual([2]);
    expect(out.skipped).toEqual([{ kind: 'promotion', id: 1, name: 'Promotion 1', reason: SKIP_OUTRANKED }]);
    const older = promo({ id: 9, kind: 'percent_off', priority: 5, createdAt: new Date('2025-01-01T00:00:00Z') });
    expect(evaluatePromotions(cart([line({ unitPricePaise: 10_000 })]), [high, older], { withCoupon: false }).applied.map((a) => a.id)).toEqual([9]);
  });

  it('passes over a buy X get Y that gives nothing, so the next promotion applies to the line', () => {
    const b2g1 = promo({ id: 1, kind: 'buy_x_get_y', priority: 9 });
    const pct = promo({ id: 2, kind: 'percent_off' });
    const out = evaluatePromotions(cart([line({ quantity: 1, unitPricePaise: 10_000 })]), [b2g1, pct], { withCoupon: false });
    expect(out.applied.map((a) => a.id)).toEqual([2]);
  });

  it('with a coupon, skips the promotions that don’t combine with coupons; without, says a coupon is not allowed', () => {
    const solo = promo({ id: 1, kind: 'percent_off', stacksWithCoupons: false });
    const withCoupon = evaluatePromotions(cart([line({ unitPricePaise: 10_000 })]), [solo], { withCoupon: true });
    expect(withCoupon.applied).toEqual([]);
    expect(withCoupon.skipped[0]!.reason).toBe(SKIP_COUPON);
    expect(withCoupon.couponAllowed).toBe(true);
    const without = evaluatePromotions(cart([line({ unitPricePaise: 10_000 })]), [solo], { withCoupon: false });
    expect(without.applied).toHaveLength(1);
    expect(without.couponAllowed).toBe(false);
  });

  it('leaves out promotions whose scope matches no line, and those out of their window', () => {
    const other = promo({ id: 1, kind: 'percent_off', scope: 'vendors', targetIds: [99] });
    const ended = promo({ id: 2, kind: 'percent_off', endsAt: NOW });
    const out = evaluatePromotions(cart([line({ unitPricePaise: 10_000, vendorId: 1 })]), [other, ended], { withCoupon: false });
    expect(out).toEqual({ applied: [], skipped: [], couponAllowed: true });
  });

  it('counts a window from its start (inclusive) to its end (exclusive)', () => {
    expect(inWindow({ startsAt: NOW, endsAt: null }, NOW)).toBe(true);
    expect(inWindow({ startsAt: new Date(NOW.getTime() + 1), endsAt: null }, NOW)).toBe(false);
    expect(inWindow({ startsAt: null, endsAt: NOW }, NOW)).toBe(false);
    expect(inWindow({ startsAt: null, endsAt: new Date(NOW.getTime() + 1) }, NOW)).toBe(true);
    const starting = promo({ id: 1, kind: 'percent_off', startsAt: NOW });
    expect(evaluatePromotions(cart([line({ unitPricePaise: 10_000 })]), [starting], { withCoupon: false }).applied).toHaveLength(1);
  });
});

// Random carts and promotions over a few products, vendors and categories, so scopes overlap.
const lineArb = fc.record({
  productId: fc.integer({ min: 1, max: 4 }),
  variantId: fc.integer({ min: 1, max: 3 }),
  vendorId: fc.integer({ min: 1, max: 3 }),
  categoryId: fc.option(fc.integer({ min: 1, max: 3 }), { nil: null }),
  quantity: fc.integer({ min: 1, max: 7 }),
  unitPricePaise: fc.integer({ min: 0, max: 2_000_000 }),
  discountedBefore: fc.integer({ min: 0, max: 100 }),
});
const promoArb = fc.record({
  kind: fc.constantFrom('percent_off' as const, 'buy_x_get_y' as const, 'free_shipping' as const),
  rateBp: fc.integer({ min: 1, max: 10_000 }),
  maxDiscountPaise: fc.option(fc.integer({ min: 1, max: 500_000 }), { nil: null }),
  buyQuantity: fc.integer({ min: 1, max: 4 }),
  getQuantity: fc.integer({ min: 1, max: 3 }),
  scope: fc.constantFrom('store' as const, 'categories' as const, 'products' as const, 'vendors' as const),
  targetIds: fc.uniqueArray(fc.integer({ min: 1, max: 4 }), { minLength: 1, maxLength: 3 }),
  minOrderPaise: fc.constantFrom(0, 0, 99_900, 500_000),
  startOffset: fc.option(fc.integer({ min: -5, max: 5 }), { nil: null }),
  endOffset: fc.option(fc.integer({ min: -5, max: 5 }), { nil: null }),
  priority: fc.integer({ min: 0, max: 3 }),
  stacksWithCoupons: fc.boolean(),
  createdDay: fc.integer({ min: 0, max: 3 }),
});

type LineCase = typeof lineArb extends fc.Arbitrary<infer T> ? T : never;
type PromoCase = typeof promoArb extends fc.Arbitrary<infer T> ? T : never;

const toCart = (lines: LineCase[], shippingPaise: number): CartForDiscounts => ({
  lines: lines.map((l, index) => {
    const gross = l.quantity * l.unitPricePaise;
    return {
      index,
      sku: `P${l.productId}-V${l.variantId}`,
      vendorId: l.vendorId,
      productId: l.productId,
      variantId: l.variantId,
      categoryId: l.categoryId,
      subCategoryId: null,
      quantity: l.quantity,
      unitPricePaise: l.unitPricePaise,
      basePaise: gross - Math.floor((gross * l.discountedBefore) / 100),
    };
  }),
  shippingPaise,
  customerEmail: 'a@example.com',
  now: NOW,
});

const toPromotions = (ps: PromoCase[]): PromotionForCart[] =>
  ps.map((p, i) => {
    let startsAt = p.startOffset === null ? null : new Date(NOW.getTime() + p.startOffset * 1000);
    let endsAt = p.endOffset === null ? null : new Date(NOW.getTime() + p.endOffset * 1000);
    if (startsAt && endsAt && endsAt <= startsAt) [startsAt, endsAt] = [null, null];
    return promo({
      id: i + 1,
      kind: p.kind,
      rateBp: p.kind === 'percent_off' ? p.rateBp : 0,
      maxDiscountPaise: p.kind === 'percent_off' ? p.maxDiscountPaise : null,
      buyQuantity: p.kind === 'buy_x_get_y' ? p.buyQuantity : null,
      getQuantity: p.kind === 'buy_x_get_y' ? p.getQuantity : null,
      scope: p.scope,
      targetIds: p.scope === 'store' ? [] : p.targetIds,
      targetNames: p.scope === 'store' ? [] : p.targetIds.map((t) => `T${t}`),
      minOrderPaise: p.minOrderPaise,
      startsAt,
      endsAt,
      priority: p.priority,
      stacksWithCoupons: p.stacksWithCoupons,
      createdAt: new Date(OLD.getTime() + p.createdDay * 86_400_000),
    });
  });

const caseArb = fc.record({
  lines: fc.array(lineArb, { minLength: 1, maxLength: 6 }),
  shippingPaise: fc.constantFrom(0, 4_900, 9_900),
  promotions: fc.array(promoArb, { maxLength: 6 }),
  withCoupon: fc.boolean(),
});

describe('evaluatePromotions, properties', () => {
  it('never takes a line below zero, one item promotion per line, delivery at most once, the parts consistent', () => {
    fc.assert(
      fc.property(caseArb, (c) => {
        const theCart = toCart(c.lines, c.shippingPaise);
        const promotions = toPromotions(c.promotions);
        const out = evaluatePromotions(theCart, promotions, { withCoupon: c.withCoupon });
        const perLine = theCart.lines.map(() => 0);
        const owners = theCart.lines.map(() => 0);
        let shipping = 0;
        for (const a of out.applied) {
          expect(a.lineDiscounts).toHaveLength(theCart.lines.length);
          a.lineDiscounts.forEach((d, i) => {
            expect(Number.isSafeInteger(d) && d >= 0).toBe(true);
            perLine[i]! += d;
            if (d > 0) owners[i]! += 1;
          });
          expect(a.lineDiscounts.some((d) => d > 0) || a.shippingDiscountPaise > 0).toBe(true);
          shipping += a.shippingDiscountPaise;
          const p = promotions.find((x) => x.id === a.id)!;
          expect(inWindow(p, NOW)).toBe(true);
          if (c.withCoupon) expect(p.stacksWithCoupons).toBe(true);
          if (p.kind === 'percent_off' && p.maxDiscountPaise !== null)
            expect(a.lineDiscounts.reduce((x, y) => x + y, 0)).toBeLessThanOrEqual(p.maxDiscountPaise);
        }
        theCart.lines.forEach((l, i) => {
          expect(perLine[i]).toBeLessThanOrEqual(l.basePaise);
          expect(owners[i]).toBeLessThanOrEqual(1);
        });
        expect(shipping === 0 || shipping === theCart.shippingPaise).toBe(true);
        // Nothing is both applied and skipped; every promotion is mentioned at most once.
        const mentioned = [...out.applied.map((a) => a.id), ...out.skipped.map((s) => s.id)];
        expect(new Set(mentioned).size).toBe(mentioned.length);
        expect(out.couponAllowed).toBe(out.applied.every((a) => promotions.find((p) => p.id === a.id)!.stacksWithCoupons));
      }),
      { numRuns: 400 },
    );
  });

  it('gives the same answer whatever the order the promotions come in, and every time', () => {
    fc.assert(
      fc.property(caseArb, fc.integer({ min: 0, max: 1_000_000 }), (c, seed) => {
        const theCart = toCart(c.lines, c.shippingPaise);
        const promotions = toPromotions(c.promotions);
        const shuffled = [...promotions].sort((a, b) => ((a.id * 7919 + seed) % 101) - ((b.id * 7919 + seed) % 101) || a.id - b.id);
        const first = evaluatePromotions(theCart, promotions, { withCoupon: c.withCoupon });
        expect(evaluatePromotions(theCart, shuffled, { withCoupon: c.withCoupon })).toEqual(first);
        expect(evaluatePromotions(theCart, promotions, { withCoupon: c.withCoupon })).toEqual(first);
      }),
      { numRuns: 300 },
    );
  });

  it('a promotion starting exactly now applies as if it had always been on; one ending now does not', () => {
    fc.assert(
      fc.property(caseArb, (c) => {
        const theCart = toCart(c.lines, c.shippingPaise);
        const open = toPromotions(c.promotions).map((p) => ({ ...p, startsAt: null, endsAt: null }));
        const startingNow = open.map((p) => ({ ...p, startsAt: NOW }));
        const endingNow = open.map((p) => ({ ...p, endsAt: NOW }));
        expect(evaluatePromotions(theCart, startingNow, { withCoupon: c.withCoupon })).toEqual(evaluatePromotions(theCart, open, { withCoupon: c.withCoupon }));
        expect(evaluatePromotions(theCart, endingNow, { withCoupon: c.withCoupon })).toEqual({ applied: [], skipped: [], couponAllowed: true });
      }),
      { numRuns: 200 },
    );
  });
});
