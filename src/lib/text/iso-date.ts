/**
 * `date.toISOString()`, computed in plain arithmetic. V8's own takes about 450 ns on this
 * project's Node, and a list page of 25 records writes 50 dates: 3 % of the server's CPU for a
 * list request, measured under the bench's load (docs/decisions/016-cheaper-list-rows.md).
 * This takes about a third of that.
 *
 * The calendar arithmetic is Howard Hinnant's `civil_from_days`
 * (https://howardhinnant.github.io/date_algorithms.html#civil_from_days): the proleptic
 * Gregorian calendar, as ECMAScript's dates use. Years outside 0000–9999 (written `±YYYYYY`)
 * and invalid dates (a RangeError) are left to the built-in, so the answer is always the same as
 * `toISOString()`'s. tests/unit/iso-date.test.ts compares the two over the whole range.
 */
const MS_PER_DAY = 86_400_000;
/** 0000-01-01T00:00:00.000Z and 9999-12-31T23:59:59.999Z. */
const FIRST_MS = -62_167_219_200_000;
const LAST_MS = 253_402_300_799_999;
/** Days from 0000-03-01 to 1970-01-01: the algorithm counts from a March, so leap days end a year. */
const EPOCH_SHIFT_DAYS = 719_468;
const DAYS_PER_400_YEARS = 146_097;

const pad2 = (n: number) => (n < 10 ? '0' : '') + n;
const pad3 = (n: number) => (n < 10 ? '00' : n < 100 ? '0' : '') + n;
const pad4 = (n: number) => (n < 10 ? '000' : n < 100 ? '00' : n < 1000 ? '0' : '') + n;

export function isoString(date: Date): string {
  const ms = date.getTime();
  // NaN fails both comparisons: the built-in throws its RangeError.
  if (!(ms >= FIRST_MS && ms <= LAST_MS)) return date.toISOString();
  const days = Math.floor(ms / MS_PER_DAY);
  let rest = ms - days * MS_PER_DAY;

  const z = days + EPOCH_SHIFT_DAYS;
  const era = Math.floor(z / DAYS_PER_400_YEARS);
  const dayOfEra = z - era * DAYS_PER_400_YEARS;
  const yearOfEra = Math.floor((dayOfEra - Math.floor(dayOfEra / 1460) + Math.floor(dayOfEra / 36_524) - Math.floor(dayOfEra / 146_096)) / 365);
  const dayOfYear = dayOfEra - (365 * yearOfEra + Math.floor(yearOfEra / 4) - Math.floor(yearOfEra / 100));
  const shiftedMonth = Math.floor((5 * dayOfYear + 2) / 153);
  const day = dayOfYear - Math.floor((153 * shiftedMonth + 2) / 5) + 1;
  const month = shiftedMonth < 10 ? shiftedMonth + 3 : shiftedMonth - 9;
  const year = yearOfEra + era * 400 + (month <= 2 ? 1 : 0);

  const hours = Math.floor(rest / 3_600_000);
  rest -= hours * 3_600_000;
  const minutes = Math.floor(rest / 60_000);
  rest -= minutes * 60_000;
  const seconds = Math.floor(rest / 1000);
  const millis = rest - seconds * 1000;
  return `${pad4(year)}-${pad2(month)}-${pad2(day)}T${pad2(hours)}:${pad2(minutes)}:${pad2(seconds)}.${pad3(millis)}Z`;
}
