/** The payouts' pure rules (src/features/payouts/payout-rules.ts): steps, refusals, cycle dates, the bank's result rows. */
import { describe, expect, it } from 'vitest';
import { cycleAt, cycleDateOn, readBankResultRow, refusalOf, stepsFrom, PAYOUT_STEPS } from '../../src/features/payouts/payout-rules.ts';

describe('steps', () => {
  it('follow requested → approved → processing → paid → returned, with reject and fail on the way', () => {
    expect(stepsFrom('requested')).toEqual(['approve', 'reject']);
    expect(stepsFrom('approved')).toEqual(['reject', 'process']);
    expect(stepsFrom('processing')).toEqual(['pay', 'fail']);
    expect(stepsFrom('paid')).toEqual(['return']);
    for (const end of ['rejected', 'failed', 'returned']) expect(stepsFrom(end)).toEqual([]);
  });

  it('give the money back exactly when it never reached the vendor, and need a reason then', () => {
    const back = Object.entries(PAYOUT_STEPS)
      .filter(([, s]) => s.givesBack)
      .map(([a]) => a);
    expect(back).toEqual(['reject', 'fail', 'return']);
    for (const a of back) expect(PAYOUT_STEPS[a as keyof typeof PAYOUT_STEPS].needsReason).toBe(true);
  });

  it('refuse a step the status does not allow, in words', () => {
    expect(refusalOf('approve', 'requested')).toBeNull();
    expect(refusalOf('approve', 'approved')).toBe('This payout is already approved.');
    expect(refusalOf('pay', 'approved')).toBe('A approved payout can’t be paid; only a processing one can.');
    expect(refusalOf('return', 'processing')).toContain('only a paid one can');
  });
});

describe('cycle dates (IST)', () => {
  it('weekly on Mondays, fortnightly on the 1st and 16th, monthly on the 1st', () => {
    expect(cycleDateOn('weekly', '2026-11-30')).toBe('2026-11-30'); // a Monday
    expect(cycleDateOn('weekly', '2026-11-29')).toBe('2026-11-23'); // Sunday
    expect(cycleDateOn('weekly', '2026-01-01')).toBe('2025-12-29'); // across a year
    expect(cycleDateOn('fortnightly', '2026-11-15')).toBe('2026-11-01');
    expect(cycleDateOn('fortnightly', '2026-11-16')).toBe('2026-11-16');
    expect(cycleDateOn('monthly', '2026-11-28')).toBe('2026-11-01');
  });

  it('reads the date in IST: 18:30 UTC on Sunday is already Monday', () => {
    expect(cycleAt('weekly', new Date('2026-11-29T18:29:59Z')).cycleOn).toBe('2026-11-23');
    const monday = cycleAt('weekly', new Date('2026-11-29T18:30:00Z'));
    expect(monday.cycleOn).toBe('2026-11-30');
    expect(monday.upTo.toISOString()).toBe('2026-11-29T18:30:00.000Z');
  });
});

describe('the bank result rows', () => {
  it('reads paid and failed rows, dates either way round', () => {
    expect(readBankResultRow({ reference: 'po-000012', status: 'Paid', utr: 'utibn52026112800042', date: '28-11-2026' })).toEqual({
      reference: 'PO-000012',
      status: 'paid',
      utr: 'UTIBN52026112800042',
      date: '2026-11-28',
      reason: null,
    });
    expect(readBankResultRow({ reference: 'PO-000013', status: 'failed', reason: 'Account closed' })).toMatchObject({
      status: 'failed',
      reason: 'Account closed',
    });
    expect(readBankResultRow({ reference: 'PO-000013', status: 'failed' })).toMatchObject({ reason: 'The bank did not say why.' });
  });

  it('says what is wrong with a row', () => {
    expect(readBankResultRow({ status: 'paid' })).toEqual({ error: 'The reference (the payout number, e.g. PO-000123) is missing.' });
    expect(readBankResultRow({ reference: 'PO-1', status: 'done' })).toEqual({ error: 'Status must be paid or failed, not “done”.' });
    expect(readBankResultRow({ reference: 'PO-1', status: 'paid', date: '2026-11-28' })).toEqual({
      error: 'A paid row needs the UTR: 6 to 22 letters and digits.',
    });
    expect(readBankResultRow({ reference: 'PO-1', status: 'paid', utr: 'ABC123456' })).toEqual({ error: 'A paid row needs the date it was paid.' });
    expect(readBankResultRow({ reference: 'PO-1', status: 'paid', utr: 'ABC123456', date: '2026-13-45' })).toMatchObject({
      error: expect.stringContaining('is not a date'),
    });
  });
});
