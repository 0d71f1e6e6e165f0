/**
 * The dashboard's date ranges (decision 050): IST calendar days, both ends included, as the range
 * picker's plain GET form sends them (`?range=7d`, or `?range=custom&from=…&to=…`). Each range is
 * compared with the one just before it, of the same number of days. Pure: no clock of its own (the
 * page passes the money clock's today), no server imports.
 */

export const RANGE_PRESETS = [
  { value: 'today', label: 'Today' },
  { value: '7d', label: 'Last 7 days' },
  { value: '30d', label: 'Last 30 days' },
  { value: 'month', label: 'This month' },
  { value: 'custom', label: 'Custom' },
] as const;
export type RangePreset = (typeof RANGE_PRESETS)[number]['value'];

/** The longest custom range, in days: a year and a day (a leap year's "same day last year"). */
export const MAX_RANGE_DAYS = 367;

export interface DayRange {
  preset: RangePreset;
  /** First and last IST day, `YYYY-MM-DD`, both included. */
  from: string;
  to: string;
  days: number;
}

export interface ResolvedRange {
  current: DayRange;
  /** The same number of days just before `current`. */
  previous: { from: string; to: string };
  /** A custom range that could not be read, said in words (the form shows it and falls back to 7 days). */
  error?: string;
}

const DAY_MS = 86_400_000;
const DATE = /^(\d{4})-(\d{2})-(\d{2})$/;

/** `YYYY-MM-DD` → days since 1970-01-01, or null when it is no calendar date. */
export function dayNumber(date: string): number | null {
  const m = DATE.exec(date);
  if (!m) return null;
  const ms = Date.UTC(Number(m[1]), Number(m[2]) - 1, Number(m[3]));
  const back = new Date(ms).toISOString().slice(0, 10);
  return back === date ? ms / DAY_MS : null;
}

/** Days since 1970-01-01 → `YYYY-MM-DD`. */
export const dayString = (n: number): string => new Date(n * DAY_MS).toISOString().slice(0, 10);

/** `date` moved by `days` (negative: earlier). */
export function addDays(date: string, days: number): string {
  const n = dayNumber(date);
  if (n === null) throw new RangeError(`Not a date: ${date}`);
  return dayString(n + days);
}

/** Every day from `from` to `to`, both included. */
export function daysBetween(from: string, to: string): string[] {
  const a = dayNumber(from);
  const b = dayNumber(to);
  if (a === null || b === null) throw new RangeError(`Not a range: ${from}..${to}`);
  const out: string[] = [];
  for (let n = a; n <= b; n++) out.push(dayString(n));
  return out;
}

const span = (preset: RangePreset, from: string, to: string): DayRange => ({ preset, from, to, days: dayNumber(to)! - dayNumber(from)! + 1 });

/** The range a query asks for, given today's IST date; an unreadable custom range falls back to 7 days, saying why. */
export function resolveRange(query: { range?: string | null; from?: string | null; to?: string | null }, today: string): ResolvedRange {
  const preset = (RANGE_PRESETS.some((p) => p.value === query.range) ? query.range : '7d') as RangePreset;
  let current: DayRange;
  let error: string | undefined;
  switch (preset) {
    case 'today':
      current = span('today', today, today);
      break;
    case '30d':
      current = span('30d', addDays(today, -29), today);
      break;
    case 'month':
      current = span('month', `${today.slice(0, 8)}01`, today);
      break;
    case 'custom': {
      const from = dayNumber(query.from ?? '');
      const to = dayNumber(query.to ?? '');
      if (from === null || to === null) error = 'Enter both dates of the custom range.';
      else if (from > to) error = 'The custom range must start on or before its end.';
      else if (to - from + 1 > MAX_RANGE_DAYS) error = `A custom range can be at most ${MAX_RANGE_DAYS} days.`;
      current = error ? span('7d', addDays(today, -6), today) : span('custom', query.from!, query.to!);
      break;
    }
    default:
      current = span('7d', addDays(today, -6), today);
  }
  const previous = { from: addDays(current.from, -current.days), to: addDays(current.from, -1) };
  return error ? { current, previous, error } : { current, previous };
}

export interface Delta {
  /** Rounded to a whole per cent; null when the previous range had nothing (no percentage of zero). */
  percent: number | null;
  direction: 'up' | 'down' | 'same';
  /** For screen readers and the `title`: "up 12 % on the previous 7 days". */
  text: string;
}

/** How `now` compares with `before`, for a tile. */
export function delta(now: number, before: number, previousLabel: string): Delta {
  const direction = now > before ? 'up' : now < before ? 'down' : 'same';
  if (before === 0) {
    return { percent: null, direction, text: now === 0 ? `no change on ${previousLabel}` : `up from nothing on ${previousLabel}` };
  }
  const percent = Math.round(((now - before) / Math.abs(before)) * 100);
  const words = direction === 'same' || percent === 0 ? 'no change' : `${direction} ${Math.abs(percent)} %`;
  return { percent, direction, text: `${words} on ${previousLabel}` };
}

/** Average order value in whole paise (rounded half up), 0 without orders. */
export const averagePaise = (gmvPaise: number, orders: number): number => (orders > 0 ? Math.round(gmvPaise / orders) : 0);

/** "the previous 7 days", "the previous day": how a delta names what it compares with. */
export const previousLabel = (days: number): string => (days === 1 ? 'the previous day' : `the previous ${days} days`);

const MONTHS = ['Jan', 'Feb', 'Mar', 'Apr', 'May', 'Jun', 'Jul', 'Aug', 'Sep', 'Oct', 'Nov', 'Dec'];

/** `2026-11-12` → "12 Nov" (with the year: "12 Nov 2026"). */
export function formatDay(day: string, withYear = false): string {
  const [y, m, d] = day.split('-');
  return `${Number(d)} ${MONTHS[Number(m) - 1]}${withYear ? ` ${y}` : ''}`;
}

/** "12 Nov 2026", or "1 Nov – 28 Nov 2026" (each end with its year when they differ). */
export function formatRange(from: string, to: string): string {
  if (from === to) return formatDay(from, true);
  const sameYear = from.slice(0, 4) === to.slice(0, 4);
  return `${formatDay(from, !sameYear)} – ${formatDay(to, true)}`;
}
