/**
 * India Standard Time, the marketplace's clock (UTC+5:30, no daylight saving). Date-time fields
 * show and take IST whatever the browser's time zone, so the whole team reads one clock.
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
