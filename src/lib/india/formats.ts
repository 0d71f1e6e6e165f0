/**
 * Indian identifiers as zod schemas: mobile numbers, GSTIN, PAN and pincodes.
 * They accept what people type (spaces, lower case, a leading 0 or +91) and output one
 * canonical form, so the database only ever holds `+91XXXXXXXXXX`, `29ABCPE1234F1Z7`…
 * No server imports: forms and islands use the same rules as the API.
 */
import { z } from 'zod';
import { stateForGstCode } from './states.ts';
import { parseIstDateTime } from './ist.ts';

/** Spec §9: the phone prefix is +91. */
export const PHONE_PREFIX = '+91';

const MOBILE_MESSAGE = 'Enter a 10-digit mobile number starting with 6, 7, 8 or 9.';

/** The 10 digits of an Indian mobile number typed in any usual way, or null. */
export function mobileDigits(input: string): string | null {
  const compact = input.replace(/[\s().-]/g, '');
  const match = /^(?:\+91|0091|91|0)?([6-9]\d{9})$/.exec(compact);
  return match ? match[1]! : null;
}

/** `+919876543210` → `9876543210`, for a form field shown next to a fixed +91. */
export function localMobile(stored: string | null | undefined): string {
  if (!stored) return '';
  return mobileDigits(stored) ?? stored;
}

/** An Indian mobile number; outputs `+91XXXXXXXXXX`. */
export const indianMobile = z
  .string(MOBILE_MESSAGE)
  .trim()
  .min(1, 'Enter a mobile number.')
  .max(20, MOBILE_MESSAGE)
  .transform((value, ctx) => {
    const digits = mobileDigits(value);
    if (!digits) {
      ctx.addIssue({ code: 'custom', message: MOBILE_MESSAGE });
      return z.NEVER;
    }
    return `${PHONE_PREFIX}${digits}`;
  });

const GSTIN_PATTERN = /^\d{2}[A-Z]{5}\d{4}[A-Z][1-9A-Z]Z[0-9A-Z]$/;
const GSTIN_CHARSET = '0123456789ABCDEFGHIJKLMNOPQRSTUVWXYZ';

/** A valid example shown in hints and messages (its check character is right). */
export const GSTIN_EXAMPLE = '29ABCPE1234F1Z7';
export const PAN_EXAMPLE = 'ABCPE1234F';
export const IFSC_EXAMPLE = 'HDFC0001234';

/**
 * The 15th character of a GSTIN: the GSTN's mod-36 check over the first 14 characters
 * (alternate weights 1 and 2; each product is folded as quotient + remainder by 36).
 */
export function gstinCheckCharacter(first14: string): string {
  let sum = 0;
  for (let i = 0; i < 14; i++) {
    const product = GSTIN_CHARSET.indexOf(first14[i]!) * (i % 2 === 0 ? 1 : 2);
    sum += Math.floor(product / 36) + (product % 36);
  }
  return GSTIN_CHARSET[(36 - (sum % 36)) % 36]!;
}

/**
 * A PAN's fourth character says who holds it: P person, C company, H Hindu undivided family,
 * F firm (incl. LLP), A association of persons, T trust, B body of individuals, L local
 * authority, J artificial juridical person, G government.
 */
export const PAN_HOLDER_TYPES: Record<string, string> = {
  P: 'Individual',
  C: 'Company',
  H: 'Hindu undivided family',
  F: 'Firm or LLP',
  A: 'Association of persons',
  T: 'Trust',
  B: 'Body of individuals',
  L: 'Local authority',
  J: 'Artificial juridical person',
  G: 'Government',
};

/**
 * A GST identification number: state code (2 digits), the holder's PAN (10), entity number,
 * the letter Z and a mod-36 check character, which is verified. The state code is checked
 * here; that it and the embedded PAN agree with the vendor's is `gstinAgreement`.
 */
export const gstin = z
  .string('Enter the GSTIN.')
  .transform((v) => v.replace(/\s+/g, '').toUpperCase())
  .pipe(
    z
      .string()
      .min(1, 'Enter the GSTIN.')
      .length(15, 'A GSTIN has exactly 15 characters.')
      .superRefine((value, ctx) => {
        if (!GSTIN_PATTERN.test(value)) {
          ctx.addIssue({ code: 'custom', message: `Enter a valid GSTIN, for example ${GSTIN_EXAMPLE}.` });
          return;
        }
        if (!stateForGstCode(value.slice(0, 2))) {
          ctx.addIssue({ code: 'custom', message: `The GSTIN starts with ${value.slice(0, 2)}, which is not an Indian state code.` });
          return;
        }
        if (!PAN_HOLDER_TYPES[value[5]!]) {
          ctx.addIssue({
            code: 'custom',
            message: 'Characters 3 to 12 of a GSTIN are a PAN, and this one is not valid (its 4th character must be P, C, H, F, A, T, B, L, J or G).',
          });
          return;
        }
        if (gstinCheckCharacter(value) !== value[14]) {
          ctx.addIssue({
            code: 'custom',
            message: 'This GSTIN has a typing mistake: its last character (the check character) does not match the rest. Check it against the GST certificate.',
          });
        }
      }),
  );

/**
 * A GST enrolment number (a seller not registered for GST who enrols to sell online): 15
 * characters starting with the state code, as on the enrolment certificate.
 */
export const gstEnrolmentNumber = z
  .string('Enter the enrolment number.')
  .transform((v) => v.replace(/\s+/g, '').toUpperCase())
  .pipe(
    z
      .string()
      .min(1, 'Enter the enrolment number.')
      .regex(/^\d{2}[0-9A-Z]{13}$/, 'An enrolment number has 15 letters and digits and starts with the 2-digit state code.')
      .refine((v) => Boolean(stateForGstCode(v.slice(0, 2))), 'The enrolment number must start with an Indian state code.'),
  );

/** A permanent account number: 5 letters (the 4th the holder type), 4 digits, 1 letter. */
export const pan = z
  .string('Enter the PAN.')
  .transform((v) => v.replace(/\s+/g, '').toUpperCase())
  .pipe(
    z
      .string()
      .min(1, 'Enter the PAN.')
      .length(10, 'A PAN has exactly 10 characters.')
      .regex(/^[A-Z]{5}\d{4}[A-Z]$/, `Enter a valid PAN: 5 letters, 4 digits, 1 letter, for example ${PAN_EXAMPLE}.`)
      .refine(
        (v) => Boolean(PAN_HOLDER_TYPES[v[3]!]),
        'The 4th character of a PAN is the holder type: P (individual), C (company), H, F (firm), A, T, B, L, J or G.',
      ),
  );

/** A bank branch's IFSC: 4 letters (the bank), a 0, 6 letters or digits (the branch). */
export const ifsc = z
  .string('Enter the IFSC.')
  .transform((v) => v.replace(/\s+/g, '').toUpperCase())
  .pipe(
    z
      .string()
      .min(1, 'Enter the IFSC.')
      .length(11, 'An IFSC has exactly 11 characters.')
      .regex(/^[A-Z]{4}0[A-Z0-9]{6}$/, `Enter a valid IFSC: 4 letters, a zero, 6 letters or digits, for example ${IFSC_EXAMPLE}.`),
  );

/** A bank account number: 9 to 18 digits (Indian banks' range). */
export const bankAccountNumber = z
  .string('Enter the account number.')
  .transform((v) => v.replace(/[\s-]+/g, ''))
  .pipe(
    z
      .string()
      .min(1, 'Enter the account number.')
      .regex(/^\d{9,18}$/, 'An account number has 9 to 18 digits.'),
  );

/**
 * Whether a GSTIN agrees with the vendor: its state code is the state's (any of its GST codes),
 * and characters 3–12 are the vendor's PAN. Answers field → message, empty when all agree.
 */
export function gstinAgreement(value: { gstin: string; pan?: string | null; state?: string | null }): Record<string, string> {
  const errors: Record<string, string> = {};
  if (value.pan && value.gstin.slice(2, 12) !== value.pan) {
    errors.gstin = `The GSTIN and the PAN do not match: characters 3 to 12 of the GSTIN (${value.gstin.slice(2, 12)}) must be the PAN (${value.pan}).`;
  }
  const registeredIn = stateForGstCode(value.gstin.slice(0, 2));
  if (registeredIn && value.state && registeredIn.name !== value.state) {
    errors.state = `This GSTIN is registered in ${registeredIn.name}; the store address must be in the same state.`;
  }
  return errors;
}

/** An India Post PIN code: 6 digits, never starting with 0. */
export const pincode = z
  .string('Enter the pincode.')
  .transform((v) => v.replace(/\s+/g, ''))
  .pipe(
    z
      .string()
      .min(1, 'Enter the pincode.')
      .regex(/^\d{6}$/, 'A pincode has exactly 6 digits.')
      .regex(/^[1-9]/, 'A pincode does not start with 0.'),
  );

/**
 * An optional date and time (a schedule's start or end): blank is none; `2026-02-01T10:00` is
 * India Standard Time (the form's input), an ISO instant with a zone is that instant.
 */
export const istDateTime = (message = 'Enter a date and time, e.g. 2026-02-01T10:00 (India time).') =>
  z
    .string(message)
    .trim()
    .max(40, message)
    .nullish()
    .transform((value, ctx) => {
      if (!value) return null;
      const date = parseIstDateTime(value);
      if (!date || date.getUTCFullYear() < 2000 || date.getUTCFullYear() > 2200) {
        ctx.addIssue({ code: 'custom', message });
        return z.NEVER;
      }
      return date;
    });
/** An HSN code classifies goods; a SAC (services accounting code) is HSN chapter 99: services. */
export type HsnKind = 'hsn' | 'sac';
export const hsnKind = (code: string): HsnKind => (code.startsWith('99') ? 'sac' : 'hsn');

/**
 * The code on a GST invoice line: HSN for goods (4, 6 or 8 digits, chapter 01 to 98) or SAC for
 * services (6 digits starting with 99). Spaces and dots people type ("6204.42") are dropped.
 */
export const hsnSacCode = z
  .string('Enter the HSN or SAC code.')
  .transform((v) => v.replace(/[\s.]+/g, ''))
  .pipe(
    z
      .string()
      .min(1, 'Enter the HSN or SAC code.')
      .superRefine((code, ctx) => {
        const fail = (message: string) => ctx.addIssue({ code: 'custom', message });
        if (!code) return; // said above
        if (!/^\d+$/.test(code)) return fail('Use digits only: an HSN code has 4, 6 or 8 digits, a SAC code 6 digits starting with 99.');
        if (hsnKind(code) === 'sac') {
          if (code.length !== 6) fail('A SAC (services) code has exactly 6 digits starting with 99, for example 996812.');
        } else if (![4, 6, 8].includes(code.length)) fail('An HSN code has 4, 6 or 8 digits, for example 6204 or 62044290.');
        else if (code.startsWith('00')) fail('An HSN code starts with its chapter, 01 to 98.');
      }),
  );
