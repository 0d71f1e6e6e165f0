/**
 * The product's one time format (formatIstDateTime) and the exports' ISO form (toIstIso): IST
 * whatever the machine's zone, across the day and year boundaries, midnight and noon.
 */
import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { formatIstDateTime, toIstIso } from '../../src/lib/india/ist.ts';
import { formatDate } from '../../src/components/data-table/format.ts';

describe('formatIstDateTime', () => {
  it('writes an instant in IST with am/pm and the zone', () => {
    expect(formatIstDateTime('2026-01-12T09:34:00.000Z')).toBe('12 Jan 2026, 3:04 pm IST');
    expect(formatIstDateTime(new Date('2026-07-05T03:30:00Z'))).toBe('5 Jul 2026, 9:00 am IST');
  });

  it('moves to the next day (and year) at 18:30 UTC, not at UTC midnight', () => {
    expect(formatIstDateTime('2026-01-31T18:29:59Z')).toBe('31 Jan 2026, 11:59 pm IST');
    expect(formatIstDateTime('2026-01-31T18:30:00Z')).toBe('1 Feb 2026, 12:00 am IST');
    expect(formatIstDateTime('2025-12-31T18:30:00Z')).toBe('1 Jan 2026, 12:00 am IST');
    expect(formatIstDateTime('2026-01-01T00:00:00Z')).toBe('1 Jan 2026, 5:30 am IST');
  });

  it('calls midnight 12 am and noon 12 pm', () => {
    expect(formatIstDateTime('2026-03-09T18:30:00Z')).toBe('10 Mar 2026, 12:00 am IST');
    expect(formatIstDateTime('2026-03-09T19:29:00Z')).toBe('10 Mar 2026, 12:59 am IST');
    expect(formatIstDateTime('2026-03-10T06:29:00Z')).toBe('10 Mar 2026, 11:59 am IST');
    expect(formatIstDateTime('2026-03-10T06:30:00Z')).toBe('10 Mar 2026, 12:00 pm IST');
    expect(formatIstDateTime('2026-03-10T07:30:00Z')).toBe('10 Mar 2026, 1:00 pm IST');
  });

  it('reads an instant written with another offset as that instant', () => {
    expect(formatIstDateTime('2026-01-12T15:04:00+05:30')).toBe('12 Jan 2026, 3:04 pm IST');
    expect(formatIstDateTime('2026-01-12T04:04:00-05:30')).toBe('12 Jan 2026, 3:04 pm IST');
  });

  it('shows nothing for nothing and nonsense as it came', () => {
    expect(formatIstDateTime(null)).toBe('');
    expect(formatIstDateTime(undefined)).toBe('');
    expect(formatIstDateTime('')).toBe('');
    expect(formatIstDateTime('soon')).toBe('soon');
  });

  it("is the lists' date cell", () => {
    expect(formatDate('2026-01-12T09:34:00.000Z')).toBe('12 Jan 2026, 3:04 pm IST');
  });

  it('agrees with Intl in Asia/Kolkata on the day, hour and minute of any instant', () => {
    const parts = new Intl.DateTimeFormat('en-GB', {
      timeZone: 'Asia/Kolkata',
      day: 'numeric',
      month: 'short',
      year: 'numeric',
      hour: 'numeric',
      minute: '2-digit',
      hourCycle: 'h12',
    });
    fc.assert(
      fc.property(fc.date({ min: new Date('1971-01-01T00:00:00Z'), max: new Date('2199-12-31T00:00:00Z'), noInvalidDate: true }), (date) => {
        const p = Object.fromEntries(parts.formatToParts(date).map((x) => [x.type, x.value]));
        const hour = Number(p.hour) === 0 ? 12 : Number(p.hour);
        const expected = `${Number(p.day)} ${p.month!.slice(0, 3)} ${p.year}, ${hour}:${p.minute} ${p.dayPeriod!.toLowerCase()} IST`;
        expect(formatIstDateTime(date)).toBe(expected);
      }),
    );
  });
});

describe('toIstIso', () => {
  it('writes ISO 8601 in IST with the +05:30 offset, whole seconds', () => {
    expect(toIstIso('2026-01-12T09:34:00.000Z')).toBe('2026-01-12T15:04:00+05:30');
    expect(toIstIso(new Date('2026-01-12T09:34:56.789Z'))).toBe('2026-01-12T15:04:56+05:30');
    expect(toIstIso('2026-01-31T18:30:00Z')).toBe('2026-02-01T00:00:00+05:30');
  });

  it('names the same instant, to the second', () => {
    fc.assert(
      fc.property(fc.date({ min: new Date('1971-01-01T00:00:00Z'), max: new Date('2199-12-31T00:00:00Z'), noInvalidDate: true }), (date) => {
        const iso = toIstIso(date);
        expect(iso).toMatch(/^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}\+05:30$/);
        expect(new Date(iso).getTime()).toBe(Math.floor(date.getTime() / 1000) * 1000);
      }),
    );
  });

  it('leaves nothing empty and nonsense as it came', () => {
    expect(toIstIso(null)).toBe('');
    expect(toIstIso('')).toBe('');
    expect(toIstIso('soon')).toBe('soon');
  });
});
