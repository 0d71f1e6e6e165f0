/**
 * Tax document numbers (decision 040): the financial year by India's clock (31 March / 1 April IST,
 * whatever the UTC date), the format and Rule 46's limits (at most 16 of letters, digits, - and /),
 * the supplier code and the series key.
 */
import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import {
  DOCUMENT_NUMBER_PATTERN,
  documentFileName,
  documentNumber,
  financialYearCode,
  financialYearLabel,
  financialYearOf,
  seriesKeyOf,
  supplierCode,
} from '@/features/invoices/document-numbers.ts';

describe('the financial year (April to March, India time)', () => {
  it('turns at midnight IST between 31 March and 1 April, not at midnight UTC', () => {
    // 31 March 2026, 23:59:59 IST is 18:29:59 UTC: still FY 2025-26.
    expect(financialYearOf(new Date('2026-03-31T18:29:59.999Z'))).toBe(2025);
    // 1 April 2026, 00:00 IST is 31 March 18:30 UTC: FY 2026-27, though UTC still says March.
    expect(financialYearOf(new Date('2026-03-31T18:30:00.000Z'))).toBe(2026);
    expect(financialYearOf(new Date('2026-04-01T00:00:00+05:30'))).toBe(2026);
    expect(financialYearOf(new Date('2026-03-31T23:59:59+05:30'))).toBe(2025);
  });

  it('holds January to March in the year before and April to December in their own', () => {
    expect(financialYearOf(new Date('2027-01-01T00:00:00+05:30'))).toBe(2026);
    expect(financialYearOf(new Date('2026-12-31T23:59:59+05:30'))).toBe(2026);
    expect(financialYearOf(new Date('2026-01-15T09:30:00Z'))).toBe(2025);
  });

  it('is written 2627 in a number and 2026-27 for people, across a century too', () => {
    expect(financialYearCode(2026)).toBe('2627');
    expect(financialYearCode(2099)).toBe('9900');
    expect(financialYearCode(2100)).toBe('0001');
    expect(financialYearLabel(2026)).toBe('2026-27');
    expect(financialYearLabel(2099)).toBe('2099-00');
  });
});

describe('document numbers', () => {
  it('read supplier code / FY / serial, a credit note’s serial marked C', () => {
    expect(documentNumber({ prefix: 'DFH', financialYear: 2026, kind: 'invoice', serial: 123 })).toBe('DFH/2627/000123');
    expect(documentNumber({ prefix: 'DFH', financialYear: 2026, kind: 'credit_note', serial: 12 })).toBe('DFH/2627/C00012');
    expect(documentNumber({ prefix: 'KH', financialYear: 2025, kind: 'invoice', serial: 1 })).toBe('KH/2526/000001');
  });

  it('stay within Rule 46: at most 16 of letters, digits, - and /, for any serial a series can hold', () => {
    fc.assert(
      fc.property(
        fc.stringMatching(/^[A-Z0-9]{1,3}$/),
        fc.integer({ min: 2000, max: 2998 }),
        fc.constantFrom('invoice' as const, 'credit_note' as const),
        fc.integer({ min: 1, max: 999_999 }),
        (prefix, financialYear, kind, serial) => {
          const number = documentNumber({ prefix, financialYear, kind, serial });
          expect(number.length).toBeLessThanOrEqual(16);
          expect(number).toMatch(DOCUMENT_NUMBER_PATTERN);
          // The serial reads back from the number.
          expect(Number(number.split('/')[2]!.replace(/^C/, ''))).toBe(serial);
        },
      ),
    );
    expect(documentNumber({ prefix: 'DFH', financialYear: 2026, kind: 'invoice', serial: 9_999_999 })).toHaveLength(16);
  });

  it('refuse a serial that no longer fits in 16 characters, and a serial below 1', () => {
    expect(() => documentNumber({ prefix: 'DFH', financialYear: 2026, kind: 'invoice', serial: 10_000_000 })).toThrow(/full/);
    expect(() => documentNumber({ prefix: 'DFH', financialYear: 2026, kind: 'credit_note', serial: 1_000_000 })).toThrow(/full/);
    expect(() => documentNumber({ prefix: 'DFH', financialYear: 2026, kind: 'invoice', serial: 0 })).toThrow();
  });

  it('become file names without slashes', () => {
    expect(documentFileName('DFH/2627/000123')).toBe('DFH-2627-000123.pdf');
  });
});

describe('the supplier code and the series', () => {
  it('takes the initials of up to three words, or three letters of one word', () => {
    expect(supplierCode('Demo Fashion House')).toBe('DFH');
    expect(supplierCode('Kaveri Handlooms')).toBe('KH');
    expect(supplierCode('Lotus Crafts Jaipur Private Limited')).toBe('LCJ');
    expect(supplierCode('kalamkari')).toBe('KAL');
    expect(supplierCode('  ')).toBe('INV');
    expect(supplierCode(null)).toBe('INV');
    expect(supplierCode('Śrī Ganesh & Sons')).toMatch(/^[A-Z0-9]{1,3}$/);
  });

  it('is the GSTIN when there is one (numbers are unique per GSTIN), the vendor otherwise', () => {
    expect(seriesKeyOf({ gstin: ' 29aafcd1234k1zn', vendorId: 1 })).toBe('gstin:29AAFCD1234K1ZN');
    expect(seriesKeyOf({ gstin: null, vendorId: 7 })).toBe('vendor:7');
    expect(seriesKeyOf({ gstin: '', vendorId: 7 })).toBe('vendor:7');
  });
});
