/**
 * The one definition of an integer a request may carry: a record id, a version, a page. Every id
 * and version column is PostgreSQL's `integer` (int4: up to 2,147,483,647), so a larger value sent
 * as is fails in the database (22003, "out of range") as a 500 — or worse, after part of the work.
 * Schemas bound them here instead, so each is a 422 naming the field (decision 017).
 *
 * No server imports: forms in islands share these schemas. The schemas are made by functions or
 * marked pure, so a bundle that only needs the constants drops zod with them.
 */
import { z } from 'zod';

/** The largest PostgreSQL `integer` (int4), and so the largest record id and version. */
export const MAX_INT32 = 2_147_483_647;
/** The smallest PostgreSQL `integer` (int4). */
export const MIN_INT32 = -2_147_483_648;

/** Whether `n` is a number a record id can be: a whole number from 1 to MAX_INT32. */
export function isRecordIdNumber(n: unknown): n is number {
  return typeof n === 'number' && Number.isInteger(n) && n >= 1 && n <= MAX_INT32;
}

/**
 * Whether a path parameter names a record: digits only (no sign, spaces, exponent or decimals),
 * from 1 to MAX_INT32. A path id that doesn't is "not found", as an id no record has.
 */
export function isRecordId(raw: string | undefined | null): raw is string {
  return typeof raw === 'string' && /^\d{1,10}$/.test(raw) && isRecordIdNumber(Number(raw));
}

export const RECORD_ID_MESSAGE = `Must be a record id: a whole number from 1 to ${MAX_INT32}.`;

/** A reference to a record by id, as a form (text) or JSON (a number) sends it: 1 … MAX_INT32, else `message`. */
export const recordId = (message: string = RECORD_ID_MESSAGE) => z.coerce.number({ error: message }).int(message).min(1, message).max(MAX_INT32, message);

/** A record id with the general message. */
export const recordIdSchema = /* @__PURE__ */ recordId();

/** A record id where only JSON is read: a number, never text. */
export const jsonRecordIdSchema = /* @__PURE__ */ z
  .number({ error: RECORD_ID_MESSAGE })
  .int(RECORD_ID_MESSAGE)
  .min(1, RECORD_ID_MESSAGE)
  .max(MAX_INT32, RECORD_ID_MESSAGE);

/**
 * `ids` of a bulk call: record ids, at least one (`empty` otherwise), at most 1000 (`tooMany`).
 * `json`: numbers only (a call only JSON clients make), where a form's text is refused.
 */
export const recordIds = (empty: string, tooMany = 'At most 1000 at a time.', json = false) =>
  z
    .array(json ? jsonRecordIdSchema : recordIdSchema)
    .min(1, empty)
    .max(1000, tooMany);

const VERSION_MISSING = 'The form is missing its version: reload the page.';

/**
 * The `version` an edit sends back (optimistic locking: the one the form was loaded with). A
 * version that no record can have is refused as such, not compared with the stored one.
 */
export const version = (message = VERSION_MISSING) => z.coerce.number({ error: message }).int(message).min(1, message).max(MAX_INT32, message);

export const versionSchema = /* @__PURE__ */ version();

/** The largest `page` a list takes (an offset past a million pages is never a person paging). */
export const MAX_PAGE = 1_000_000;

/** A list's `page`: 1 … MAX_PAGE, 1 when absent. */
export const pageSchema = () =>
  z.coerce
    .number({ error: 'page must be a whole number.' })
    .int('page must be a whole number.')
    .min(1, 'page must be 1 or more.')
    .max(MAX_PAGE, `page must be at most ${MAX_PAGE}.`)
    .default(1);

/**
 * Record ids as a query string carries them, comma-separated (`ids=3,5,8`): at most `max`, each
 * a record id, else `message`. The output is the numbers.
 */
export const recordIdList = (message: string, max = 1000) =>
  z
    .string({ error: message })
    .refine((text) => {
      const parts = text.split(',');
      return parts.length <= max && parts.every(isRecordId);
    }, message)
    .transform((text) => text.split(',').map(Number));
