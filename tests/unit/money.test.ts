import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { formatPaise, formatPaiseRange, groupIndian, MAX_PAISE, paiseToRupeesText, rupeesTextToPaise } from '../../src/lib/money/paise.ts';
import { paiseSchema } from '../../src/lib/money/paise.schema.ts';

describe('money in paise', () => {
  it('groups digits the Indian way', () => {
    expect(groupIndian('1')).toBe('1');
    expect(groupIndian('999')).toBe('999');
    expect(groupIndian('1000')).toBe('1,000');
    expect(groupIndian('123456')).toBe('1,23,456');
    expect(groupIndian('1234567')).toBe('12,34,567');
    expect(groupIndian('1000000000')).toBe('1,00,00,00,000');
  });

  it('formats paise as rupees', () => {
    expect(formatPaise(12345678)).toBe('₹ 1,23,456.78');
    expect(formatPaise(0)).toBe('₹ 0.00');
    expect(formatPaise(5)).toBe('₹ 0.05');
    expect(formatPaise(-150)).toBe('−₹ 1.50');
    expect(formatPaise(12345678901234n)).toBe('₹ 1,23,45,67,89,012.34');
    expect(formatPaise(null)).toBe('—');
    expect(paiseToRupeesText(123456, { grouping: false })).toBe('1234.56');
    expect(formatPaiseRange(49900, 49900)).toBe('₹ 499.00');
    expect(formatPaiseRange(49900, 129900)).toBe('₹ 499.00 – ₹ 1,299.00');
  });

  it('reads rupees as people type them', () => {
    expect(rupeesTextToPaise('1,23,456.78')).toBe(12345678);
    expect(rupeesTextToPaise('₹499')).toBe(49900);
    expect(rupeesTextToPaise(' 499.5 ')).toBe(49950);
    expect(rupeesTextToPaise('0.07')).toBe(7);
    for (const bad of ['', '1.234', '-5', 'abc', '1e3', '12.', '.5', '0x10', '１']) expect(rupeesTextToPaise(bad), bad).toBeNull();
  });

  it('round-trips every amount without floating point error', () => {
    fc.assert(
      fc.property(fc.integer({ min: 0, max: MAX_PAISE }), (paise) => {
        expect(rupeesTextToPaise(paiseToRupeesText(paise))).toBe(paise);
        expect(rupeesTextToPaise(paiseToRupeesText(paise, { grouping: false }))).toBe(paise);
      }),
      { numRuns: 2000 },
    );
  });

  it('the schema takes rupees from forms and integer paise from JSON, within bounds', () => {
    const schema = paiseSchema();
    expect(schema.parse('1,299.00')).toBe(129900);
    expect(schema.parse(129900)).toBe(129900);
    for (const bad of [12.5, -1, MAX_PAISE + 1, '1.999', 'free', null, true]) expect(schema.safeParse(bad).success, String(bad)).toBe(false);
  });
});
