/**
 * A rate in basis points as people write it, without floating point: 500 → "5 %", 250 → "2.5 %",
 * 25 → "0.25 %", 1800 → "18 %". Invoices, statements and the ledger's lists say rates this one way.
 */
export function formatBasisPoints(bp: number): string {
  const sign = bp < 0 ? '-' : '';
  const abs = Math.abs(Math.trunc(bp));
  const whole = Math.floor(abs / 100);
  const fraction = String(abs % 100)
    .padStart(2, '0')
    .replace(/0+$/, '');
  return `${sign}${whole}${fraction ? `.${fraction}` : ''} %`;
}
