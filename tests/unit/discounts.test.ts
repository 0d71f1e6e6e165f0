/**
 * Discounts' arithmetic (src/lib/money/split.ts, src/lib/money/discounts.ts; docs/money.md
 * "Discounts"), issue 18 §4 and §7: a discount split over lines adds up to it exactly and never
 * takes a line past its base; a percent coupon is capped at its maximum; a flat one never exceeds
 * what it applies to; GST on the discounted lines adds up; scope and funding pick the lines.
 */
import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { splitByLargestRemainder } from '../../src/lib/money/split.ts';
import {
  applyCoupon,
  chooseWithCoupon,
  couponAmount,
  couponLineEligible,
  lineTotals,
  linesAfter,
  type AppliedDiscount,
  type CartLineForDiscounts,
  type CouponTerms,
} from '../../src/lib/money/discounts.ts';
import { sumTaxedLines, taxLine } from '../../src/lib/money/gst.ts';
import { deliveryEntries } from '../../src/features/earnings/earnings-math.ts';

const line = (over: Partial<CartLineForDiscounts> = {}, i = 0): CartLineForDiscounts => ({
  index: i,
  sku: `SKU-${i}`,
  vendorId: 1,
  productId: 10 + i,
  variantId: 100 + i,
  categoryId: 5,
  subCategoryId: null,
  quantity: 1,
  unitPricePaise: 10000,
  basePaise: 10000,
  ...over,
});

const coupon = (over: Partial<CouponTerms> = {}): CouponTerms => ({
  id: 1,
  code: 'TEST',
  kind: 'percent',
  rateBp: 1000,
  amountPaise: null,
  maxDiscountPaise: null,
  minOrderPaise: 0,
  scope: 'store',
  scopeIds: [],
  fundedBy: 'platform',
  vendorId: null,
  ...over,
});

const linesArb = fc.array(
  fc.record({
    unitPricePaise: fc.integer({ min: 1, max: 5_000_000 }),
    quantity: fc.integer({ min: 1, max: 20 }),
    vendorId: fc.constantFrom(1, 2, 3),
    categoryId: fc.constantFrom(5, 6, null),
    rateBp: fc.constantFrom(0, 500, 1200, 1800, 2800),
    priceMode: fc.constantFrom('inclusive' as const, 'exclusive' as const),
  }),
  { minLength: 1, maxLength: 8 },
);

describe('splitByLargestRemainder', () => {
  it('adds up to the amount exactly, and no part exceeds its weight', () => {
    fc.assert(
      fc.property(
        fc.array(fc.integer({ min: 0, max: 10_000_000_000 }), { minLength: 1, maxLength: 12 }),
        fc.double({ min: 0, max: 1, noNaN: true }),
        (weights, share) => {
          const total = weights.reduce((a, b) => a + b, 0);
          const amount = Math.floor(total * share);
          const parts = splitByLargestRemainder(amount, weights);
          expect(parts.reduce((a, b) => a + b, 0)).toBe(amount);
          parts.forEach((p, i) => {
            expect(p).toBeGreaterThanOrEqual(0);
            expect(p).toBeLessThanOrEqual(weights[i]!);
          });
        },
      ),
      { numRuns: 500 },
    );
  });

  it('gives the paise left over to the largest remainders, the earlier first on a tie', () => {
    expect(splitByLargestRemainder(30000, [129900, 64900])).toEqual([20005, 9995]);
    expect(splitByLargestRemainder(1, [1, 1])).toEqual([1, 0]);
    expect(splitByLargestRemainder(0, [0, 0])).toEqual([0, 0]);
    expect(() => splitByLargestRemainder(3, [1, 1])).toThrow(RangeError);
  });
});

describe('couponAmount', () => {
  it('takes a percentage half up, capped at its maximum, never more than the base', () => {
    fc.assert(
      fc.property(
        fc.integer({ min: 0, max: 100_000_000 }),
        fc.integer({ min: 1, max: 10000 }),
        fc.option(fc.integer({ min: 1, max: 1_000_000 }), { nil: null }),
        (base, rateBp, cap) => {
          const amount = couponAmount({ kind: 'percent', rateBp, amountPaise: null, maxDiscountPaise: cap }, base);
          const exact = (base * rateBp) / 10000;
          expect(amount).toBeLessThanOrEqual(base);
          if (cap !== null) expect(amount).toBeLessThanOrEqual(cap);
          if (cap === null || exact <= cap) expect(Math.abs(amount - exact)).toBeLessThanOrEqual(0.5);
          else expect(amount).toBe(Math.min(cap, base));
        },
      ),
    );
    expect(couponAmount({ kind: 'percent', rateBp: 1000, amountPaise: null, maxDiscountPaise: 20000 }, 500000)).toBe(20000);
    expect(couponAmount({ kind: 'percent', rateBp: 1250, amountPaise: null, maxDiscountPaise: null }, 999)).toBe(125);
  });

  it('takes a flat amount, never more than the base', () => {
    fc.assert(
      fc.property(fc.integer({ min: 0, max: 10_000_000 }), fc.integer({ min: 1, max: 10_000_000 }), (base, flat) => {
        expect(couponAmount({ kind: 'flat', rateBp: null, amountPaise: flat, maxDiscountPaise: null }, base)).toBe(Math.min(flat, base));
      }),
    );
  });
});

describe('applyCoupon', () => {
  it('splits over the eligible lines only, adding up, none past its base; GST on the discounted lines adds up', () => {
    fc.assert(
      fc.property(
        linesArb,
        fc.constantFrom<CouponTerms['kind']>('percent', 'flat'),
        fc.integer({ min: 1, max: 10000 }),
        fc.integer({ min: 1, max: 50_000_000 }),
        fc.constantFrom<'store' | 'vendor' | 'category'>('store', 'vendor', 'category'),
        (raw, kind, rateBp, flat, scope) => {
          const cart = raw.map((l, i) => line({ ...l, basePaise: l.unitPricePaise * l.quantity }, i));
          const c = coupon({
            kind,
            rateBp: kind === 'percent' ? rateBp : null,
            amountPaise: kind === 'flat' ? flat : null,
            ...(scope === 'vendor' ? { fundedBy: 'vendor' as const, vendorId: 2 } : {}),
            ...(scope === 'category' ? { scope: 'categories' as const, scopeIds: [6] } : {}),
          });
          const result = applyCoupon(c, cart);
          const eligible = cart.filter((l) => couponLineEligible(c, l));
          if (!eligible.length) {
            expect(result.ok).toBe(false);
            return;
          }
          expect(result.ok).toBe(true);
          if (!result.ok) return;
          const parts = result.discount.lineDiscounts;
          const base = eligible.reduce((a, l) => a + l.basePaise, 0);
          expect(parts.reduce((a, b) => a + b, 0)).toBe(couponAmount(c, base));
          parts.forEach((p, i) => {
            expect(p).toBeLessThanOrEqual(cart[i]!.basePaise);
            if (!couponLineEligible(c, cart[i]!)) expect(p).toBe(0);
          });
          // Tax on each discounted line; the totals are the lines' sums, head by head.
          const taxed = cart.map((l, i) =>
            taxLine(
              { unitPricePaise: l.unitPricePaise, quantity: l.quantity, discountPaise: parts[i]!, rateBp: raw[i]!.rateBp, priceMode: raw[i]!.priceMode },
              'intra',
            ),
          );
          const totals = sumTaxedLines(taxed);
          expect(totals.discountPaise).toBe(parts.reduce((a, b) => a + b, 0));
          expect(totals.totalPaise).toBe(totals.taxablePaise + totals.taxPaise);
          taxed.forEach((t, i) => {
            expect(t.taxablePaise + t.cgstPaise + t.sgstPaise + t.igstPaise).toBe(t.totalPaise);
            // A discount lowers the line: never more tax or total than without it.
            const undiscounted = taxLine(
              { unitPricePaise: cart[i]!.unitPricePaise, quantity: cart[i]!.quantity, discountPaise: 0, rateBp: raw[i]!.rateBp, priceMode: raw[i]!.priceMode },
              'intra',
            );
            expect(t.totalPaise).toBeLessThanOrEqual(undiscounted.totalPaise);
          });
        },
      ),
      { numRuns: 300 },
    );
  });

  it('applies after the promotions, on what they left, and refuses below its minimum', () => {
    const cart = [line({ basePaise: 100000, unitPricePaise: 100000 }, 0), line({ basePaise: 50000, unitPricePaise: 50000, vendorId: 2 }, 1)];
    const promotion = {
      kind: 'promotion' as const,
      id: 9,
      name: 'Sale',
      fundedBy: 'vendor' as const,
      vendorId: 1,
      lineDiscounts: [20000, 0],
      shippingDiscountPaise: 0,
      reason: '20 % off',
    };
    const after = linesAfter(cart, [promotion]);
    expect(after.map((l) => l.basePaise)).toEqual([80000, 50000]);
    const result = applyCoupon(coupon({ rateBp: 1000 }), after);
    expect(result.ok && result.discount.lineDiscounts).toEqual([8000, 5000]);
    const totals = lineTotals(2, [promotion, ...(result.ok ? [result.discount] : [])]);
    expect(totals).toEqual({ discountPaise: [28000, 5000], platformPaise: [8000, 5000] });
    const refused = applyCoupon(coupon({ minOrderPaise: 200000 }), after);
    expect(refused).toEqual({ ok: false, reason: expect.stringContaining('₹ 2,000.00') });
  });

  it('limits a vendor-funded coupon to that vendor, and a scoped one to its products or categories', () => {
    const kurta = line({ vendorId: 1, productId: 11, categoryId: 5 });
    const saree = line({ vendorId: 2, productId: 22, categoryId: 6 });
    expect([kurta, saree].map((l) => couponLineEligible(coupon({ fundedBy: 'vendor', vendorId: 2 }), l))).toEqual([false, true]);
    expect([kurta, saree].map((l) => couponLineEligible(coupon({ scope: 'products', scopeIds: [11] }), l))).toEqual([true, false]);
    expect([kurta, saree].map((l) => couponLineEligible(coupon({ scope: 'categories', scopeIds: [6] }), l))).toEqual([false, true]);
    expect([kurta, saree].map((l) => couponLineEligible(coupon({ scope: 'vendors', scopeIds: [1] }), l))).toEqual([true, false]);
  });
});

describe('chooseWithCoupon: the better of (a) promotions alone and (b) combining promotions + the coupon', () => {
  const promo = (id: number, off: number, shipping = 0): AppliedDiscount => ({
    kind: 'promotion',
    id,
    name: `Promo ${id}`,
    fundedBy: 'platform',
    vendorId: null,
    lineDiscounts: [off],
    shippingDiscountPaise: shipping,
    reason: 'test',
  });
  const theCoupon = (off: number): AppliedDiscount => ({ ...promo(7, off), kind: 'coupon', name: 'SAVE' });

  it('keeps (b) when it takes off more, naming the promotions it leaves out once', () => {
    const a = { applied: [promo(1, 500)], skipped: [], couponAllowed: true };
    const b = { applied: [], skipped: [{ kind: 'promotion' as const, id: 1, name: 'Promo 1', reason: 'Does not stack with coupons.' }], couponAllowed: true };
    const chosen = chooseWithCoupon(a, b, theCoupon(800));
    expect(chosen.couponApplied).toBe(true);
    expect(chosen.applied.map((d) => d.name)).toEqual(['SAVE']);
    expect(chosen.skipped).toEqual([{ kind: 'promotion', id: 1, name: 'Promo 1', reason: 'Does not stack with coupons.' }]);
  });

  it('keeps (a) when the promotions alone take off more (delivery included), the coupon skipped with why', () => {
    const a = { applied: [promo(1, 500, 4900)], skipped: [], couponAllowed: true };
    const b = { applied: [], skipped: [], couponAllowed: true };
    const chosen = chooseWithCoupon(a, b, theCoupon(5000));
    expect(chosen.couponApplied).toBe(false);
    expect(chosen.applied.map((d) => d.id)).toEqual([1]);
    expect(chosen.skipped).toEqual([{ kind: 'coupon', id: 7, name: 'SAVE', reason: expect.stringContaining('₹ 54.00') }]);
  });

  it('gives a tie to (b): the customer asked for the coupon', () => {
    const chosen = chooseWithCoupon(
      { applied: [promo(1, 500)], skipped: [], couponAllowed: true },
      { applied: [], skipped: [], couponAllowed: true },
      theCoupon(500),
    );
    expect(chosen.couponApplied).toBe(true);
    expect(chosen.skipped.map((s) => s.name)).toEqual(['Promo 1']);
  });

  it('skips the coupon when an applied promotion does not combine with coupons', () => {
    const chosen = chooseWithCoupon(
      { applied: [promo(1, 100)], skipped: [], couponAllowed: true },
      { applied: [promo(1, 100)], skipped: [], couponAllowed: false },
      theCoupon(900),
    );
    expect(chosen.couponApplied).toBe(false);
    expect(chosen.skipped[0]).toMatchObject({ kind: 'coupon', reason: expect.stringContaining('doesn’t combine') });
  });
});

describe('the platform-funded discount in the ledger', () => {
  it('is a credit after the sale, left out when zero', () => {
    const rates = { commissionGstBp: 1800, tcsBp: 50, tdsBp: 10 };
    const with50 = deliveryEntries(
      { totalPaise: 124900, taxablePaise: 118952, commissionPaise: 11895, commissionRateBp: 1000, platformDiscountPaise: 5000 },
      'intra',
      rates,
    );
    expect(with50.slice(0, 2).map((e) => [e.type, e.amountPaise])).toEqual([
      ['sale', 124900],
      ['platform_discount', 5000],
    ]);
    const without = deliveryEntries({ totalPaise: 124900, taxablePaise: 118952, commissionPaise: 11895, commissionRateBp: 1000 }, 'intra', rates);
    expect(without.some((e) => e.type === 'platform_discount')).toBe(false);
  });
});
