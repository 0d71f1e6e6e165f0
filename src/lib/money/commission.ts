/**
 * A line's commission (issue 18 §1, docs/money.md "Commission"): a rate on the line's taxable
 * value, never on its GST, rounded half up to the paisa, plus an optional fixed fee per line. Pure
 * integer paise and basis points; no server imports (the rules' form shows the kinds).
 */
import { mulDivRound } from './gst.ts';

export const COMMISSION_KINDS = [
  { value: 'percent', label: 'Percentage' },
  { value: 'percent_fee', label: 'Percentage + fee per line' },
] as const;
export type CommissionKind = (typeof COMMISSION_KINDS)[number]['value'];

export interface CommissionTerms {
  kind: CommissionKind;
  /** Basis points of the line's taxable value (1250 = 12.5 %). */
  rateBp: number;
  /** A fixed fee per line (0 for `percent`). */
  feePaise: number;
}

const checkWhole = (values: Record<string, number>) => {
  for (const [name, v] of Object.entries(values)) if (!Number.isSafeInteger(v) || v < 0) throw new RangeError(`${name} must be a non-negative whole number`);
};

/**
 * A line's commission: the rate on its taxable value (never on the GST), rounded half up, plus the
 * fee; never more than the taxable value itself (a fee larger than a cheap line takes the line, not more).
 */
export function commissionOn(taxablePaise: number, terms: CommissionTerms): number {
  checkWhole({ taxablePaise, rateBp: terms.rateBp, feePaise: terms.feePaise });
  if (terms.rateBp > 10000) throw new RangeError('rateBp must be at most 10000');
  const fee = terms.kind === 'percent_fee' ? terms.feePaise : 0;
  return Math.min(taxablePaise, mulDivRound(taxablePaise, terms.rateBp, 10000) + fee);
}
