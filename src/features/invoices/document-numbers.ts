/**
 * How tax documents are numbered (decision 040). Pure: no database, no clock of its own.
 *
 * Rule 46(b) of the CGST Rules: a consecutive serial number of at most 16 characters (letters,
 * digits, hyphen and slash), unique for a financial year (April to March). Rule 53 asks the same of
 * credit notes. A series belongs to one supplier GSTIN (or, for a vendor without one, to the vendor)
 * and one kind, and starts again at 1 each financial year, in India time:
 *
 *   invoice       DFH/2627/000123   supplier code / FY 2026-27 / serial (6 digits, 7 when needed)
 *   credit note   DFH/2627/C00012   supplier code / FY / C + serial (5 digits, 6 when needed)
 *
 * With a supplier code of three characters that is 15 characters, and a series has room for
 * 9,999,999 invoices and 999,999 credit notes a year before the 16th character is used up.
 */
import { IST_OFFSET_MINUTES } from '../../lib/india/ist.ts';
import type { TaxDocumentKind } from './invoices.tables.ts';

export const MAX_DOCUMENT_NUMBER_LENGTH = 16;

/** What Rule 46 allows in a number. */
export const DOCUMENT_NUMBER_PATTERN = /^[A-Z0-9/-]{1,16}$/;

/** The year the financial year of an instant starts in, by India's clock: 31 March 23:59 IST is still the year before. */
export function financialYearOf(at: Date): number {
  const ist = new Date(at.getTime() + IST_OFFSET_MINUTES * 60_000);
  const year = ist.getUTCFullYear();
  return ist.getUTCMonth() >= 3 ? year : year - 1;
}

/** 2026 → "2627" (April 2026 – March 2027), as printed in a number. */
export function financialYearCode(startYear: number): string {
  const two = (y: number) => String(y % 100).padStart(2, '0');
  return `${two(startYear)}${two(startYear + 1)}`;
}

/** 2026 → "2026-27", as people write it. */
export function financialYearLabel(startYear: number): string {
  return `${startYear}-${String((startYear + 1) % 100).padStart(2, '0')}`;
}

/**
 * A short code for the supplier from its name, for the start of its numbers: the initials of its
 * first three words ("Demo Fashion House" → DFH), or the first three letters of a one-word name
 * ("Kalamkari" → KAL). Letters and digits only; "INV" when the name has neither.
 */
export function supplierCode(name: string | null | undefined): string {
  const words = (name ?? '')
    .toUpperCase()
    .split(/[^A-Z0-9]+/)
    .filter(Boolean);
  if (!words.length) return 'INV';
  if (words.length === 1) return words[0]!.slice(0, 3);
  return words
    .slice(0, 3)
    .map((w) => w[0])
    .join('');
}

/** Which series a supplier's documents belong to: its GSTIN (numbers are unique per GSTIN), or the vendor without one. */
export function seriesKeyOf(supplier: { gstin: string | null | undefined; vendorId: number }): string {
  const gstin = supplier.gstin?.trim().toUpperCase();
  return gstin ? `gstin:${gstin}` : `vendor:${supplier.vendorId}`;
}

/** The number of the `serial`-th document of a series in a financial year. Throws past 16 characters (a full series). */
export function documentNumber(input: { prefix: string; financialYear: number; kind: TaxDocumentKind; serial: number }): string {
  if (!Number.isSafeInteger(input.serial) || input.serial < 1) throw new RangeError('A serial starts at 1');
  const serial = input.kind === 'invoice' ? String(input.serial).padStart(6, '0') : `C${String(input.serial).padStart(5, '0')}`;
  const number = `${input.prefix}/${financialYearCode(input.financialYear)}/${serial}`;
  if (number.length > MAX_DOCUMENT_NUMBER_LENGTH || !DOCUMENT_NUMBER_PATTERN.test(number)) {
    throw new RangeError(
      `The ${input.kind === 'invoice' ? 'invoice' : 'credit note'} series ${input.prefix} is full for ${financialYearLabel(input.financialYear)}: ${number}`,
    );
  }
  return number;
}

/** A number as a file name: `DFH/2627/000123` → `DFH-2627-000123`. */
export const documentFileName = (number: string) => `${number.replaceAll('/', '-')}.pdf`;
