/**
 * GST arithmetic (src/lib/money/gst.ts), issue 17 §4 and §7: per-line rounding to the paisa, CGST +
 * SGST within a state and IGST across states, and totals that add up exactly, over random carts.
 */
import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { mulDivRound, percentToBasisPoints, sumTaxedLines, supplyBetween, taxLine, type TaxLineInput } from '../../src/lib/money/gst.ts';

const RATES_BP = [0, 25, 300, 500, 1200, 1800, 2800];

const lineArb: fc.Arbitrary<TaxLineInput> = fc
  .record({
    unitPricePaise: fc.integer({ min: 0, max: 10_000_000_000 }),
    quantity: fc.integer({ min: 1, max: 500 }),
    rateBp: fc.oneof(fc.constantFrom(...RATES_BP), fc.integer({ min: 0, max: 10000 })),
    priceMode: fc.constantFrom('inclusive' as const, 'exclusive' as const),
    discountShare: fc.integer({ min: 0, max: 100 }),
  })
  .map(({ discountShare, ...l }) => ({ ...l, discountPaise: Math.floor((l.unitPricePaise * l.quantity * discountShare) / 100) }));

describe('taxLine', () => {
  it('splits within a state into equal-rate CGST and SGST, and charges IGST across states', () => {
    // ₹ 1,000.00 exclusive at 18 %: ₹ 90 + ₹ 90, or ₹ 180 IGST.
    const line = { unitPricePaise: 100_000, quantity: 1, discountPaise: 0, rateBp: 1800, priceMode: 'exclusive' as const };
    expect(taxLine(line, 'intra')).toMatchObject({ taxablePaise: 100_000, cgstPaise: 9_000, sgstPaise: 9_000, igstPaise: 0, totalPaise: 118_000 });
    expect(taxLine(line, 'inter')).toMatchObject({ taxablePaise: 100_000, cgstPaise: 0, sgstPaise: 0, igstPaise: 18_000, totalPaise: 118_000 });
  });

  it('takes the tax out of an inclusive price, rounding the taxable value half up to the paisa', () => {
    // ₹ 1,049.00 incl. 5 %: taxable 104900 × 10000 / 10500 = 99904.76… → 99905; tax 4995 → 2497 + 2498.
    const line = { unitPricePaise: 104_900, quantity: 1, discountPaise: 0, rateBp: 500, priceMode: 'inclusive' as const };
    expect(taxLine(line, 'intra')).toMatchObject({ taxablePaise: 99_905, cgstPaise: 2_497, sgstPaise: 2_498, totalPaise: 104_900 });
    expect(taxLine(line, 'inter')).toMatchObject({ taxablePaise: 99_905, igstPaise: 4_995, totalPaise: 104_900 });
  });

  it('taxes what is left after the discount', () => {
    const line = { unitPricePaise: 50_000, quantity: 2, discountPaise: 10_000, rateBp: 1200, priceMode: 'exclusive' as const };
    expect(taxLine(line, 'inter')).toMatchObject({ grossPaise: 100_000, taxablePaise: 90_000, igstPaise: 10_800, totalPaise: 100_800 });
  });

  it('refuses amounts that are not whole paise, and a discount above the line', () => {
    const base = { unitPricePaise: 100, quantity: 1, discountPaise: 0, rateBp: 500, priceMode: 'exclusive' as const };
    expect(() => taxLine({ ...base, unitPricePaise: 1.5 }, 'intra')).toThrow(RangeError);
    expect(() => taxLine({ ...base, quantity: -1 }, 'intra')).toThrow(RangeError);
    expect(() => taxLine({ ...base, discountPaise: 101 }, 'intra')).toThrow(RangeError);
    expect(() => taxLine({ ...base, rateBp: 10001 }, 'intra')).toThrow(RangeError);
  });

  it('property: every line adds up exactly, within a paisa of the exact tax per head, and the heads follow the supply', () => {
    fc.assert(
      fc.property(lineArb, fc.constantFrom('intra' as const, 'inter' as const), (line, supply) => {
        const t = taxLine(line, supply);
        const net = line.unitPricePaise * line.quantity - line.discountPaise;
        for (const v of [t.taxablePaise, t.cgstPaise, t.sgstPaise, t.igstPaise, t.totalPaise]) expect(Number.isSafeInteger(v) && v >= 0).toBe(true);
        expect(t.totalPaise).toBe(t.taxablePaise + t.cgstPaise + t.sgstPaise + t.igstPaise);
        if (supply === 'intra') {
          expect(t.igstPaise).toBe(0);
          expect(Math.abs(t.cgstPaise - t.sgstPaise)).toBeLessThanOrEqual(1);
        } else {
          expect(t.cgstPaise + t.sgstPaise).toBe(0);
        }
        const tax = t.cgstPaise + t.sgstPaise + t.igstPaise;
        if (line.priceMode === 'inclusive') {
          // The price already held the tax: the customer pays exactly the listed amount.
          expect(t.totalPaise).toBe(net);
          // tax ≈ taxable × rate, within the rounding of the taxable value.
          expect(Math.abs(tax * 10000 - t.taxablePaise * line.rateBp)).toBeLessThanOrEqual(10000 + line.rateBp);
        } else {
          expect(t.taxablePaise).toBe(net);
          // Each head rounded once: at most half a paisa off per head.
          expect(Math.abs(tax * 10000 - net * line.rateBp)).toBeLessThanOrEqual(supply === 'intra' ? 10000 : 5000);
        }
      }),
      { numRuns: 2000 },
    );
  });

  it('property: a cart’s totals are the sums of its lines, head by head, and never re-rounded', () => {
    fc.assert(
      fc.property(fc.array(fc.tuple(lineArb, fc.constantFrom('intra' as const, 'inter' as const)), { minLength: 1, maxLength: 30 }), (cart) => {
        const lines = cart.map(([l, s]) => taxLine(l, s));
        const total = sumTaxedLines(lines);
        expect(total.totalPaise).toBe(lines.reduce((a, l) => a + l.totalPaise, 0));
        expect(total.totalPaise).toBe(total.taxablePaise + total.taxPaise);
        expect(total.taxPaise).toBe(total.cgstPaise + total.sgstPaise + total.igstPaise);
        expect(total.grossPaise - total.discountPaise).toBe(cart.reduce((a, [l]) => a + l.unitPricePaise * l.quantity - l.discountPaise, 0) + 0);
      }),
      { numRuns: 500 },
    );
  });
});

describe('helpers', () => {
  it('mulDivRound rounds half up exactly beyond 2^53 intermediate products', () => {
    expect(mulDivRound(5, 1, 2)).toBe(3);
    expect(mulDivRound(4, 1, 3)).toBe(1);
    expect(mulDivRound(9_000_000_000_000, 10000, 11800)).toBe(7_627_118_644_068);
  });
  it('percentToBasisPoints reads the slab’s numeric text', () => {
    expect(percentToBasisPoints('18.00')).toBe(1800);
    expect(percentToBasisPoints('0.25')).toBe(25);
    expect(percentToBasisPoints('5')).toBe(500);
    expect(() => percentToBasisPoints('101')).toThrow(RangeError);
    expect(() => percentToBasisPoints('abc')).toThrow(RangeError);
  });
  it('supplyBetween compares the warehouse’s state with the delivery state', () => {
    expect(supplyBetween(3, 3)).toBe('intra');
    expect(supplyBetween(3, 4)).toBe('inter');
  });
});
