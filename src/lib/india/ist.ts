/**
 * India Standard Time, the marketplace's clock (UTC+5:30, no daylight saving). Date-time fields
 * show and take IST whatever the browser's time zone, so the whole team reads one clock, and
 * every time the product prints goes through `formatIstDateTime` (people) or `toIstIso` (files).
 * No imports: the form kit uses these without loading zod.
 */
export const IST_OFFSET_MINUTES = 330;
const IST_OFFSET_MS = IST_OFFSET_MINUTES * 60_000;

/** An instant (ISO string or Date) as a `datetime-local` input value in IST: `2026-02-01T10:00`. Empty for nothing or nonsense. */
export function toIstInput(value: unknown): string {
  if (value === null || value === undefined || value === '') return '';
  const ms = new Date(value as string).getTime();
  if (Number.isNaN(ms)) return '';
  return new Date(ms + IST_OFFSET_MS).toISOString().slice(0, 16);
}

const MONTHS = ['Jan', 'Feb', 'Mar', 'Apr', 'May', 'Jun', 'Jul', 'Aug', 'Sep', 'Oct', 'Nov', 'Dec'];
const two = (n: number) => String(n).padStart(2, '0');

/** The instant's milliseconds, or NaN for nothing or nonsense. */
function instant(value: unknown): number {
  if (value === null || value === undefined || value === '') return Number.NaN;
  return value instanceof Date ? value.getTime() : new Date(value as string).getTime();
}

/**
 * The one way a time is shown to people: `12 Jan 2026, 3:04 pm IST`, in IST whatever the
 * viewer's zone. Written by hand rather than with Intl, so the server's render and the browser's
 * hydration give the same text whatever ICU data each side has (Intl's words and punctuation for a
 * locale change between ICU versions). Empty for nothing; nonsense is shown as sent.
 */
export function formatIstDateTime(value: unknown): string {
  if (value === null || value === undefined || value === '') return '';
  const ms = instant(value);
  if (Number.isNaN(ms)) return String(value);
  const d = new Date(ms + IST_OFFSET_MS);
  const h = d.getUTCHours();
  return `${d.getUTCDate()} ${MONTHS[d.getUTCMonth()]} ${d.getUTCFullYear()}, ${h % 12 || 12}:${two(d.getUTCMinutes())} ${h < 12 ? 'am' : 'pm'} IST`;
}

/**
 * An instant for files and machines (CSV exports): ISO 8601 in IST with its offset,
 * `2026-01-12T15:04:00+05:30` — the same instant as `…T09:34:00Z`, written as the marketplace's
 * clock reads it, so a spreadsheet shows the hour people saw on screen. Whole seconds. Empty for
 * nothing; nonsense is returned as sent.
 */
export function toIstIso(value: unknown): string {
  if (value === null || value === undefined || value === '') return '';
  const ms = instant(value);
  if (Number.isNaN(ms)) return String(value);
  return `${new Date(ms + IST_OFFSET_MS).toISOString().slice(0, 19)}+05:30`;
}

const LOCAL_PATTERN = /^(\d{4})-(\d{2})-(\d{2})T(\d{2}):(\d{2})(?::(\d{2}))?$/;
const ZONED_PATTERN = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}(:\d{2}(\.\d{1,3})?)?(Z|[+-]\d{2}:\d{2})$/;

/**
 * What a person or an API client sent as a date and time: `2026-02-01T10:00` is IST (what the
 * form's input gives), `2026-02-01T04:30:00Z` or `…+05:30` is that instant. Null when it is
 * neither, or names a day that doesn't exist (31 February).
 */
export function parseIstDateTime(text: string): Date | null {
  const local = LOCAL_PATTERN.exec(text);
  if (local) {
    const [, y, mo, d, h, mi, s] = local.map(Number) as number[];
    const utc = Date.UTC(y!, mo! - 1, d!, h!, mi!, s || 0);
    const back = new Date(utc);
    if (back.getUTCMonth() !== mo! - 1 || back.getUTCDate() !== d! || h! > 23 || mi! > 59 || (s ?? 0) > 59) return null;
    return new Date(utc - IST_OFFSET_MS);
  }
  if (ZONED_PATTERN.test(text)) {
    const date = new Date(text);
    return Number.isNaN(date.getTime()) ? null : date;
  }
  return null;
}

/** The IST calendar date of an instant: `2024-07-10` for 2024-07-09T18:30:00Z (IST midnight). */
export function istDate(value: Date | string): string {
  return new Date(instant(value) + IST_OFFSET_MS).toISOString().slice(0, 10);
}

/**
 * The instant an IST calendar date starts (its midnight), `days` later: `istDayStart('2024-07-10')`
 * is 2024-07-09T18:30:00Z. The date must be `YYYY-MM-DD`.
 */
export function istDayStart(date: string, days = 0): Date {
  const match = /^(\d{4})-(\d{2})-(\d{2})$/.exec(date);
  if (!match) throw new RangeError(`Not a date: ${date}`);
  return new Date(Date.UTC(Number(match[1]), Number(match[2]) - 1, Number(match[3]) + days) - IST_OFFSET_MS);
}
