/**
 * Schemas for values forms and API clients send alike, shared by areas' declarations (no server
 * imports): a form sends text, a JSON client a number, and both must pass the same rules.
 */
import { z } from 'zod';

/** The status most areas have: shown (and choosable in other areas' pickers) or not. */
export const ACTIVE_STATUSES = [
  { value: 'active', label: 'Active' },
  { value: 'inactive', label: 'Inactive' },
] as const;

export const activeStatus = () => z.enum(['active', 'inactive'], { error: 'Choose Active or Inactive.' }).default('active');

/**
 * A whole number from 0 to `max`, or nothing (blank): a position or an order, where blank
 * means "at the end" (the resource decides).
 */
export const optionalWholeNumber = (message: string, max = 99_999) =>
  z
    .union([z.number(), z.string().trim()], { error: message })
    .nullish()
    .transform((value, ctx) => {
      if (value === undefined || value === null || value === '') return undefined;
      const n = Number(value);
      if (!Number.isInteger(n) || n < 0 || n > max) {
        ctx.addIssue({ code: 'custom', message });
        return z.NEVER;
      }
      return n;
    });

/** A file field: a File from a form (its bytes are checked on the server), absent otherwise. */
export const isChosenFile = (value: unknown): boolean => typeof File !== 'undefined' && value instanceof File && value.size > 0;
