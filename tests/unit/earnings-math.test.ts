/**
 * The ledger's arithmetic (src/features/earnings/earnings-math.ts, src/lib/money/commission.ts) and
 * commission resolution (src/features/commission/commission.server.ts), issue 18 §1, §2, §5, §7:
 * commission + GST on it + withholding exact to the paisa over random lines, refunds spread and
 * reversed exactly, payable dates at IST midnights, and the most specific commission winning.
 */
import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { commissionOn } from '../../src/lib/money/commission.ts';
import { deliveryEntries, payableAfterWindow, payableNow, reversedShare } from '../../src/features/earnings/earnings-math.ts';
import { splitByLargestRemainder } from '../../src/lib/money/split.ts';
import { resolveCommission, type RuleCandidate } from '../../src/features/commission/commission.server.ts';
import { istDate, istDayStart } from '../../src/lib/india/ist.ts';

/** The exact value of a × bp / divisor, as a fraction, for checking a rounding is within half a paisa. */
const withinHalf = (rounded: number, a: number, bp: number, divisor: number) => Math.abs(rounded * divisor - a * bp) * 2 <= divisor;

const lineArb = fc
  .record({
    taxablePaise: fc.integer({ min: 0, max: 5_000_000_000 }),
    gstBp: fc.constantFrom(0, 25, 300, 500, 1800, 4000),
    rateBp: fc.integer({ min: 0, max: 10000 }),
    kind: fc.constantFrom('percent' as const, 'percent_fee' as const),
    feePaise: fc.integer({ min: 0, max: 100_000 }),
    supply: fc.constantFrom('intra' as const, 'inter' as const),
    tcsBp: fc.constantFrom(0, 50, 100),
    tdsBp: fc.constantFrom(0, 10, 100, 500),
  })
  .map((l) => ({ ...l, totalPaise: l.taxablePaise + Math.floor((l.taxablePaise * l.gstBp) / 10000) }));

describe('commissionOn', () => {
  it('takes the rate of the taxable value, half up, plus the fee, never more than the value', () => {
    // 12.5 % of ₹ 1,237.14 = 154.6425 → ₹ 154.64; + ₹ 15.00.
    expect(commissionOn(123_714, { kind: 'percent', rateBp: 1250, feePaise: 1500 })).toBe(15_464);
    expect(commissionOn(123_714, { kind: 'percent_fee', rateBp: 1250, feePaise: 1500 })).toBe(16_964);
    expect(commissionOn(1_000, { kind: 'percent_fee', rateBp: 500, feePaise: 5_000 })).toBe(1_000);
    // Half a paisa rounds up: 5 % of 10 paise = 0.5.
    expect(commissionOn(10, { kind: 'percent', rateBp: 500, feePaise: 0 })).toBe(1);
    expect(() => commissionOn(-1, { kind: 'percent', rateBp: 500, feePaise: 0 })).toThrow(RangeError);
  });
});

describe('deliveryEntries', () => {
  it('is exact to the paisa over random lines: net = sale − commission − its GST − TCS − TDS, each within half a paisa', () => {
    fc.assert(
      fc.property(lineArb, (l) => {
        const commission = commissionOn(l.taxablePaise, l);
        const entries = deliveryEntries(
          { totalPaise: l.totalPaise, taxablePaise: l.taxablePaise, commissionPaise: commission, commissionRateBp: l.rateBp },
          l.supply,
          { commissionGstBp: 1800, tcsBp: l.tcsBp, tdsBp: l.tdsBp },
        );
        const of = (type: string) => entries.filter((e) => e.type === type).reduce((a, e) => a + e.amountPaise, 0);
        expect(entries.every((e) => e.amountPaise !== 0 && Number.isSafeInteger(e.amountPaise))).toBe(true);
        expect(of('sale')).toBe(l.totalPaise);
        expect(of('commission') + commission).toBe(0);
        expect(withinHalf(-of('commission_gst'), commission, 1800, 10000)).toBe(true);
        const tcs = entries.filter((e) => e.type === 'tcs');
        if (l.supply === 'intra') {
          // Two heads, each rounded on its own, equal, each within half a paisa of the half rate.
          for (const e of tcs) expect(withinHalf(-e.amountPaise, l.taxablePaise, l.tcsBp, 20000)).toBe(true);
          expect(new Set(tcs.map((e) => e.taxHead))).toEqual(new Set(tcs.length ? ['cgst', 'sgst'] : []));
        } else {
          expect(tcs.every((e) => e.taxHead === 'igst' && withinHalf(-e.amountPaise, l.taxablePaise, l.tcsBp, 10000))).toBe(true);
        }
        expect(withinHalf(-of('tds'), l.taxablePaise, l.tdsBp, 10000)).toBe(true);
        const net = entries.reduce((a, e) => a + e.amountPaise, 0);
        expect(net).toBe(l.totalPaise - commission + of('commission_gst') + of('tcs') + of('tds'));
      }),
      { numRuns: 2000 },
    );
  });

  it('withholds TCS as CGST + SGST within a state and IGST across, on the taxable value', () => {
    const line = { totalPaise: 129_900, taxablePaise: 123_714, commissionPaise: 12_371, commissionRateBp: 1000 };
    const intra = deliveryEntries(line, 'intra', { commissionGstBp: 1800, tcsBp: 50, tdsBp: 10 });
    expect(intra.map((e) => [e.type, e.taxHead, e.amountPaise])).toEqual([
      ['sale', null, 129_900],
      ['commission', null, -12_371],
      ['commission_gst', null, -2_227],
      ['tcs', 'cgst', -309],
      ['tcs', 'sgst', -309],
      ['tds', null, -124],
    ]);
    const inter = deliveryEntries(line, 'inter', { commissionGstBp: 1800, tcsBp: 50, tdsBp: 10 });
    expect(inter.filter((e) => e.type === 'tcs').map((e) => [e.taxHead, e.amountPaise])).toEqual([['igst', -619]]);
  });
});

describe('refunds', () => {
  it('spread a refund over the lines exactly, never past a line, and reverse every entry in full at a full refund', () => {
    fc.assert(
      fc.property(
        fc.array(fc.integer({ min: 1, max: 10_000_000 }), { minLength: 1, maxLength: 8 }),
        fc.array(fc.integer({ min: 1, max: 100 }), { minLength: 1, maxLength: 5 }),
        (sales, shares) => {
          const total = sales.reduce((a, b) => a + b, 0);
          const remaining = [...sales];
          // Several partial refunds, then whatever is left: the parts always add up, each line ends fully refunded.
          const weight = shares.reduce((a, b) => a + b, 0);
          const refunds = shares.map((s) => Math.floor((total * s) / (weight * 2)));
          refunds.push(total - refunds.reduce((a, b) => a + b, 0));
          for (const refund of refunds) {
            const parts = splitByLargestRemainder(refund, remaining);
            expect(parts.reduce((a, b) => a + b, 0)).toBe(refund);
            parts.forEach((p, i) => {
              expect(p).toBeGreaterThanOrEqual(0);
              expect(p).toBeLessThanOrEqual(remaining[i]!);
              remaining[i]! -= p;
            });
          }
          expect(remaining.every((r) => r === 0)).toBe(true);
          for (const sale of sales) expect(reversedShare(Math.floor(sale / 10), sale, sale)).toBe(Math.floor(sale / 10));
        },
      ),
      { numRuns: 500 },
    );
  });

  it('reverse a share half up and never more than was refunded', () => {
    expect(reversedShare(12_371, 64_950, 129_900)).toBe(6_186);
    expect(reversedShare(309, 1, 129_900)).toBe(0);
    expect(() => splitByLargestRemainder(11, [5, 5])).toThrow(RangeError);
    expect(() => reversedShare(1, 2, 1)).toThrow(RangeError);
  });
});

describe('payable dates (IST)', () => {
  it('start at the IST midnight after the return window', () => {
    // Delivered 3 March 2026, 11:00 pm IST, 7-day window: payable from 11 March 00:00 IST.
    expect(payableAfterWindow(new Date('2026-03-03T17:30:00Z'), 7).toISOString()).toBe('2026-03-10T18:30:00.000Z');
    // 11:59 pm IST is still that day; a minute later the next.
    expect(payableAfterWindow(new Date('2026-03-03T18:29:00Z'), 0).toISOString()).toBe('2026-03-03T18:30:00.000Z');
    expect(payableAfterWindow(new Date('2026-03-03T18:30:00Z'), 0).toISOString()).toBe('2026-03-04T18:30:00.000Z');
    expect(payableNow(new Date('2026-03-03T18:30:00Z')).toISOString()).toBe('2026-03-03T18:30:00.000Z');
    expect(istDate(new Date('2024-07-09T18:30:00Z'))).toBe('2024-07-10');
    expect(istDayStart('2024-12-31', 1).toISOString()).toBe('2024-12-31T18:30:00.000Z');
  });
});

describe('resolveCommission', () => {
  const rule = (r: Partial<RuleCandidate> & { id: number }): RuleCandidate => ({
    vendorId: null,
    categoryId: null,
    kind: 'percent',
    rateBp: 100,
    feePaise: 0,
    startsAt: null,
    ...r,
  });
  const line = { vendorId: 7, categoryId: 3, vendorRateBp: 1250, subCategoryRateBp: 600, categoryRateBp: 800 };

  it('takes the most specific: vendor+category rule, vendor rule, vendor rate, category rule, sub-category, category, default', () => {
    const rules = [
      rule({ id: 1, vendorId: 7, categoryId: 3, rateBp: 500 }),
      rule({ id: 2, vendorId: 7, rateBp: 600 }),
      rule({ id: 3, categoryId: 3, rateBp: 700 }),
      rule({ id: 4, vendorId: 8, categoryId: 3, rateBp: 900 }),
    ];
    expect(resolveCommission(line, rules, 1000)).toMatchObject({ source: 'vendor_category_rule', ruleId: 1, rateBp: 500 });
    expect(resolveCommission(line, rules.slice(1), 1000)).toMatchObject({ source: 'vendor_rule', ruleId: 2 });
    expect(resolveCommission(line, rules.slice(2), 1000)).toMatchObject({ source: 'vendor', ruleId: null, rateBp: 1250 });
    expect(resolveCommission({ ...line, vendorRateBp: null }, rules.slice(2), 1000)).toMatchObject({ source: 'category_rule', ruleId: 3 });
    expect(resolveCommission({ ...line, vendorRateBp: null }, [], 1000)).toMatchObject({ source: 'sub_category', rateBp: 600 });
    expect(resolveCommission({ ...line, vendorRateBp: null, subCategoryRateBp: null }, [], 1000)).toMatchObject({ source: 'category', rateBp: 800 });
    expect(resolveCommission({ ...line, vendorRateBp: null, subCategoryRateBp: null, categoryRateBp: null }, [rules[3]!], 1000)).toMatchObject({
      source: 'default',
      rateBp: 1000,
    });
  });

  it('prefers the latest-starting rule of a level, then the newest', () => {
    const rules = [
      rule({ id: 1, vendorId: 7, rateBp: 100, startsAt: new Date('2026-01-01') }),
      rule({ id: 2, vendorId: 7, rateBp: 200, startsAt: new Date('2026-02-01') }),
      rule({ id: 3, vendorId: 7, rateBp: 300 }),
    ];
    expect(resolveCommission(line, rules, 1000).ruleId).toBe(2);
    expect(resolveCommission(line, [rule({ id: 5, vendorId: 7, rateBp: 1 }), rule({ id: 6, vendorId: 7, rateBp: 2 })], 1000).ruleId).toBe(6);
  });
});
