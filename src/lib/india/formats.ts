/**
 * Indian identifiers as zod schemas: mobile numbers, GSTIN, PAN and pincodes.
 * They accept what people type (spaces, lower case, a leading 0 or +91) and output one
 * canonical form, so the database only ever holds `+91XXXXXXXXXX`, `29ABCDE1234F1Z5`…
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

/**
 * A GST identification number: state code (2 digits), the holder's PAN (10), entity number,
 * the letter Z and a check character. The check character is not verified, so test
 * registrations still pass; the state code and the embedded PAN are.
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
          ctx.addIssue({ code: 'custom', message: 'Enter a valid GSTIN, for example 29ABCDE1234F1Z5.' });
          return;
        }
        if (!stateForGstCode(value.slice(0, 2))) {
          ctx.addIssue({ code: 'custom', message: `The GSTIN starts with ${value.slice(0, 2)}, which is not an Indian state code.` });
        }
      }),
  );

/** A permanent account number: 5 letters, 4 digits, 1 letter. */
export const pan = z
  .string('Enter the PAN.')
  .transform((v) => v.replace(/\s+/g, '').toUpperCase())
  .pipe(
    z
      .string()
      .min(1, 'Enter the PAN.')
      .length(10, 'A PAN has exactly 10 characters.')
      .regex(/^[A-Z]{5}\d{4}[A-Z]$/, 'Enter a valid PAN: 5 letters, 4 digits, 1 letter, for example ABCDE1234F.'),
  );

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
