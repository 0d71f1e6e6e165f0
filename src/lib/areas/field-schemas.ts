/**
 * Zod pieces that many areas' forms share, so a rule and its message are written once: a status,
 * a slug, a sort order, a percentage, an optional reference to another record. Shared by the
 * server and the islands (the form validates with the same schema), so no server imports. A form
 * sends text where a JSON client sends a number: both must pass the same rules.
 */
import { z } from 'zod';
import { recordId } from '../http/integers.ts';

/** The status most areas have: shown (and choosable in other areas' pickers) or not. */
export const ACTIVE_STATUSES = [
  { value: 'active', label: 'Active' },
  { value: 'inactive', label: 'Inactive' },
] as const;

export const activeStatus = z.enum(['active', 'inactive'], { error: 'Choose Active or Inactive.' }).default('active');

/** A required line of text: `message` when it is missing or blank. */
export const requiredText = (message: string, max = 120) => z.string(message).trim().min(1, message).max(max, `At most ${max} characters.`);

export const optionalText = (max: number) => z.string().trim().max(max, `At most ${max} characters.`).optional();

/** Left blank, the server derives it from the name (and keeps a saved one). */
export const slugSchema = z
  .string()
  .trim()
  .toLowerCase()
  .max(120, 'At most 120 characters.')
  .regex(/^([a-z0-9]+(-[a-z0-9]+)*)?$/, 'Use lowercase letters, digits and single hyphens.')
  .optional();

/** An image file from the form (its bytes are checked on the server) and its "remove" flag. */
export const imageUpload = <K extends string>(field: K) =>
  ({
    [field]: z.unknown().optional(),
    [`${field}_remove`]: z.enum(['true', 'false']).optional(),
  }) as Record<K, z.ZodOptional<z.ZodUnknown>> & Record<`${K}_remove`, z.ZodOptional<z.ZodEnum<{ true: 'true'; false: 'false' }>>>;

/** Lower comes first; blank means 0. */
export const sortOrder = z.coerce
  .number({ error: 'Enter a whole number.' })
  .int('Enter a whole number.')
  .min(0, 'At least 0.')
  .max(100_000, 'At most 100000.')
  .default(0);

/**
 * 0 to 100 with at most two decimals (12.5, 18, 0.25). The decimals are checked with a tolerance:
 * 18.01 × 100 is 1801.0000000000002 in floating point.
 */
export const percent = z.coerce
  .number({ error: 'Enter a number.' })
  .min(0, 'At least 0.')
  .max(100, 'At most 100.')
  .refine((n) => Math.abs(Math.round(n * 100) - n * 100) < 1e-6, 'At most 2 decimal places.');

/** A percentage that must be given: `message` when it is missing or blank (a plain coerce would read blank as 0). */
export const requiredPercent = (message: string) =>
  z.preprocess((v) => (v === '' || v === null ? undefined : v), z.custom((v) => v !== undefined, message).pipe(percent));

/** Blank (or null) means "not set": the output is null. */
export const optionalPercent = z.preprocess((v) => (v === '' || v === undefined ? null : v), percent.nullable());

/** A yes/no field: JSON sends a boolean, a form sends "true" or "false". */
export const formBoolean = (message: string) =>
  z.union([z.boolean(), z.enum(['true', 'false'], { error: message }).transform((v) => v === 'true')], { error: message });

/** A reference to another record by id, as a form or JSON sends it (the one definition: src/lib/http/integers.ts). */
export { recordId };

/** An optional reference: blank ("None" in the picker) or null is null. */
export const optionalRecordId = (message: string) => z.preprocess((v) => (v === '' || v === undefined ? null : v), recordId(message).nullable());

/**
 * A set of references to another area's records, as a form sends it (JSON text, "[1,4]", from the
 * kit's relation-set input) or an API client does (an array of ids): at most `max`, repeats dropped.
 * Blank is the empty set.
 */
export const recordIdSet = (message: string, max: number) =>
  z.preprocess(
    (v) => {
      if (v === undefined || v === null || v === '') return [];
      if (typeof v !== 'string') return v;
      try {
        return JSON.parse(v);
      } catch {
        return v;
      }
    },
    z
      .array(recordId(message), { error: message })
      .max(max, message)
      .transform((ids) => [...new Set(ids)]),
  );

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

const PHONE_MESSAGE = 'Enter a phone number: digits, spaces or hyphens, e.g. +91 80 4000 1234 or 98450 12345.';
/** A mobile or landline number as people write it (a warehouse desk, a courier's helpline). */
export const phoneNumber = z
  .string(PHONE_MESSAGE)
  .trim()
  .min(1, PHONE_MESSAGE)
  .max(20, PHONE_MESSAGE)
  .regex(/^\+?[0-9][0-9 -]{6,18}[0-9]$/, PHONE_MESSAGE);

/** An email address, or blank (the output is then ''). */
export const optionalEmail = z
  .string()
  .trim()
  .max(254, 'At most 254 characters.')
  .refine((v) => v === '' || z.email().safeParse(v).success, 'Enter an email address such as ops@example.com.')
  .optional();

/** `#rrggbb`, as a colour input sends it (stored lower-case). */
export const hexColour = (message = 'Choose a colour: # and six hex digits, e.g. #d00000.') =>
  z
    .string(message)
    .trim()
    .regex(/^#[0-9a-fA-F]{6}$/, message)
    .transform((v) => v.toLowerCase());

const jsonText = (value: unknown) => {
  if (typeof value !== 'string') return value;
  try {
    return JSON.parse(value);
  } catch {
    return value;
  }
};

/**
 * The form kit's `ordered-rows` input (src/components/form/OrderedRowsField.tsx): rows in the
 * order given, each checked by `row`, a saved row carrying its `id`. A form sends JSON text, an
 * API client the array itself. `unique` names a text property no two rows may share (ignoring
 * case); its error lands on the later row (`values.3.value`), where the editor shows it.
 */
export function orderedRows<Shape extends z.ZodRawShape>(row: Shape, rules: { noun: string; min: number; max: number; unique?: string }) {
  const { noun, min, max, unique } = rules;
  const withId = z.strictObject({ ...row, id: recordId(`Each ${noun}'s id must be a record id.`).nullish() });
  const list = z
    .array(withId, { error: `Send the ${noun}s as a list of rows.` })
    .min(min, `Add at least ${min} ${noun}${min === 1 ? '' : 's'}.`)
    .max(max, `At most ${max} ${noun}s.`)
    .superRefine((rows, ctx) => {
      const seenIds = new Set<number>();
      const seen = new Map<string, number>();
      rows.forEach((r, i) => {
        const id = (r as { id?: number | null }).id;
        if (id) {
          if (seenIds.has(id)) ctx.addIssue({ code: 'custom', path: [i, 'id'], message: `Two ${noun}s have the same id.` });
          seenIds.add(id);
        }
        if (!unique) return;
        const text = String((r as Record<string, unknown>)[unique] ?? '').toLowerCase();
        if (!text) return;
        if (seen.has(text))
          ctx.addIssue({
            code: 'custom',
            path: [i, unique],
            message: `${noun.charAt(0).toUpperCase()}${noun.slice(1)} ${seen.get(text)! + 1} is already “${(r as Record<string, unknown>)[unique]}”.`,
          });
        else seen.set(text, i);
      });
    });
  return z.preprocess(jsonText, list).describe(`[{ id?, …${noun} }] in order, as an array or as JSON text`);
}
