/**
 * Money is integer paise everywhere: `bigint` columns, integers in JSON, and this one helper to
 * read and write it as people do (₹ 1,23,456.78: Indian digit grouping, two decimals). No floating
 * point touches an amount: text is split at the decimal point and read as digits.
 *
 * No server imports and no zod: tables in islands format amounts with it, and the form schema lives in
 * paise.schema.ts so a page that only shows money does not load the validation library.
 */
/** The largest amount a form or the API accepts: ₹ 1,00,00,00,000.00 (ten crore) in paise. */
export const MAX_PAISE = 10_000_000_000;

/** 1234567 → "12,34,567": the last three digits, then groups of two (the Indian system). */
export function groupIndian(digits: string): string {
  if (digits.length <= 3) return digits;
  const head = digits.slice(0, -3);
  const tail = digits.slice(-3);
  return `${head.replace(/\B(?=(\d{2})+(?!\d))/g, ',')},${tail}`;
}

/** 12345678 paise → "1,23,456.78" (no symbol): for inputs and CSV. */
export function paiseToRupeesText(paise: number | bigint, options: { grouping?: boolean } = {}): string {
  const value = BigInt(paise);
  const negative = value < 0n;
  const abs = negative ? -value : value;
  const rupees = (abs / 100n).toString();
  const cents = (abs % 100n).toString().padStart(2, '0');
  return `${negative ? '-' : ''}${options.grouping === false ? rupees : groupIndian(rupees)}.${cents}`;
}

/** 12345678 paise → "₹ 1,23,456.78"; null → "—". */
export function formatPaise(paise: number | bigint | null | undefined): string {
  if (paise === null || paise === undefined) return '—';
  const text = paiseToRupeesText(paise);
  return text.startsWith('-') ? `−₹ ${text.slice(1)}` : `₹ ${text}`;
}

/**
 * An amount short, as Indians write large sums (a chart's axis): "₹ 950", "₹ 12.5 K", "₹ 3.4 L"
 * (lakh), "₹ 1.25 Cr" (crore); whole rupees below a thousand, at most three significant digits above.
 */
export function formatPaiseShort(paise: number): string {
  const rupees = Math.abs(paise) / 100;
  const sign = paise < 0 ? '−' : '';
  const scaled = (n: number, unit: string) => `${sign}₹ ${Number(n.toPrecision(3)).toString()} ${unit}`;
  if (rupees >= 1e7) return scaled(rupees / 1e7, 'Cr');
  if (rupees >= 1e5) return scaled(rupees / 1e5, 'L');
  if (rupees >= 1e3) return scaled(rupees / 1e3, 'K');
  return `${sign}₹ ${Math.round(rupees)}`;
}

/** A price range: "₹ 499.00" when both ends agree, "₹ 499.00 – ₹ 1,299.00" otherwise. */
export function formatPaiseRange(min: number | null | undefined, max: number | null | undefined): string {
  if (min === null || min === undefined) return '—';
  if (max === null || max === undefined || max === min) return formatPaise(min);
  return `${formatPaise(min)} – ${formatPaise(max)}`;
}

/**
 * Rupees as a person types them ("1,23,456.78", "₹499", "499.5", " 1299 ") → paise, or null
 * when it isn't an amount (more than two decimals, letters, a sign, an empty string).
 */
export function rupeesTextToPaise(text: string): number | null {
  const cleaned = text.trim().replace(/^₹\s*/, '').replace(/,/g, '');
  const match = /^(\d{1,12})(?:\.(\d{1,2}))?$/.exec(cleaned);
  if (!match) return null;
  const paise = Number(match[1]) * 100 + Number((match[2] ?? '').padEnd(2, '0'));
  return Number.isSafeInteger(paise) ? paise : null;
}
