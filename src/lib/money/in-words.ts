/**
 * An amount in words, as Indian invoices and cheques write it: the Indian system of lakhs and
 * crores, "Rupees One Lakh Twenty-Three Thousand Four Hundred Fifty-Six and Seventy-Eight Paise
 * Only". Integer paise in, no floating point. No imports.
 */
const ONES = [
  '',
  'One',
  'Two',
  'Three',
  'Four',
  'Five',
  'Six',
  'Seven',
  'Eight',
  'Nine',
  'Ten',
  'Eleven',
  'Twelve',
  'Thirteen',
  'Fourteen',
  'Fifteen',
  'Sixteen',
  'Seventeen',
  'Eighteen',
  'Nineteen',
];
const TENS = ['', '', 'Twenty', 'Thirty', 'Forty', 'Fifty', 'Sixty', 'Seventy', 'Eighty', 'Ninety'];

/** 0–99 in words ("Forty-Two"); empty for 0. */
function belowHundred(n: number): string {
  if (n < 20) return ONES[n]!;
  return TENS[Math.floor(n / 10)]! + (n % 10 ? `-${ONES[n % 10]}` : '');
}

/** 0–999 in words; empty for 0. */
function belowThousand(n: number): string {
  const hundreds = Math.floor(n / 100);
  const rest = n % 100;
  return [hundreds ? `${ONES[hundreds]} Hundred` : '', belowHundred(rest)].filter(Boolean).join(' ');
}

/** A whole number in the Indian system: crore, lakh, thousand, hundred. "Zero" for 0. */
export function numberInWords(value: number | bigint): string {
  let n = BigInt(value);
  if (n < 0n) throw new RangeError('A negative amount has no words here');
  if (n === 0n) return 'Zero';
  const parts: string[] = [];
  // Above 99 crore, the crores are themselves read in the Indian system ("One Thousand Crore").
  const crores = n / 10_000_000n;
  n %= 10_000_000n;
  if (crores > 0n) parts.push(`${numberInWords(crores)} Crore`);
  const lakhs = Number(n / 100_000n);
  n %= 100_000n;
  if (lakhs) parts.push(`${belowHundred(lakhs)} Lakh`);
  const thousands = Number(n / 1000n);
  n %= 1000n;
  if (thousands) parts.push(`${belowHundred(thousands)} Thousand`);
  if (n > 0n) parts.push(belowThousand(Number(n)));
  return parts.join(' ');
}

/** 12345678 paise → "Rupees One Lakh Twenty-Three Thousand Four Hundred Fifty-Six and Seventy-Eight Paise Only". */
export function paiseInWords(paise: number | bigint): string {
  const value = BigInt(paise);
  if (value < 0n) throw new RangeError('A negative amount has no words here');
  const rupees = value / 100n;
  const rest = Number(value % 100n);
  const words = `Rupees ${numberInWords(rupees)}`;
  return `${rest ? `${words} and ${belowHundred(rest)} Paise` : words} Only`;
}
