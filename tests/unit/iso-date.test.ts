import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { isoString } from '../../src/lib/text/iso-date.ts';

describe('isoString', () => {
  it('writes what toISOString writes, over years 0000–9999', () => {
    const first = -62_167_219_200_000;
    const last = 253_402_300_799_999;
    fc.assert(
      fc.property(fc.integer({ min: first, max: last }), (ms) => {
        const date = new Date(ms);
        expect(isoString(date)).toBe(date.toISOString());
      }),
      { numRuns: 100_000 },
    );
  });

  it('writes what toISOString writes around the edges of days, months, leap years and centuries', () => {
    const edges = [
      '0000-01-01T00:00:00.000Z',
      '0000-02-29T12:00:00.000Z',
      '0099-12-31T23:59:59.999Z',
      '1899-12-31T23:59:59.999Z',
      '1900-02-28T23:59:59.999Z',
      '1900-03-01T00:00:00.000Z',
      '1969-12-31T23:59:59.999Z',
      '1970-01-01T00:00:00.000Z',
      '2000-02-29T00:00:00.001Z',
      '2024-02-29T23:59:59.999Z',
      '2025-04-05T02:09:00.000Z',
      '2100-03-01T00:00:00.010Z',
      '9999-12-31T23:59:59.999Z',
    ];
    for (const text of edges) {
      const ms = Date.parse(text);
      for (const delta of [-1, 0, 1]) {
        const date = new Date(ms + delta);
        if (Number.isNaN(date.getTime())) continue;
        expect(isoString(date), text).toBe(date.toISOString());
      }
    }
  });

  it('leaves years outside 0000–9999 and invalid dates to the built-in', () => {
    expect(isoString(new Date(Date.UTC(10_000, 0, 1)))).toBe('+010000-01-01T00:00:00.000Z');
    const beforeYearZero = new Date(-62_167_219_200_001);
    expect(isoString(beforeYearZero)).toBe(beforeYearZero.toISOString());
    expect(isoString(beforeYearZero)).toMatch(/^-000001-12-31T23:59:59\.999Z$/);
    expect(() => isoString(new Date(Number.NaN))).toThrow(RangeError);
  });
});
