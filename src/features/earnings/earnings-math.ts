/**
 * The ledger's arithmetic (docs/money.md), pure and in integer paise: a line's commission, the
 * entries a delivered line writes (sale, the platform-funded discount, commission, GST on commission, TCS per GST head, TDS),
 * how much of each entry a refund reverses (the refund is spread over the lines by
 * src/lib/money/split.ts), and when earnings become payable. Every rounding is per line, half up, to the paisa (as GST on orders:
 * src/lib/money/gst.ts), and a full refund reverses every entry exactly. Property-tested in
 * tests/unit/earnings-math.test.ts. No server imports.
 */
import { mulDivRound } from '../../lib/money/gst.ts';
import { istDate, istDayStart } from '../../lib/india/ist.ts';
import type { EntryType, TaxHead } from './earnings.tables.ts';

const checkWhole = (values: Record<string, number>) => {
  for (const [name, v] of Object.entries(values)) if (!Number.isSafeInteger(v) || v < 0) throw new RangeError(`${name} must be a non-negative whole number`);
};

/** The rates in force on the day of delivery (IST), in basis points; 0 where no rate was in force. */
export interface DeliveryRates {
  commissionGstBp: number;
  /** The whole TCS rate (50 = 0.5 %): intra-state half as CGST, half as SGST. */
  tcsBp: number;
  /** TDS: the vendor's rate (with or without a PAN). */
  tdsBp: number;
}

export interface DeliveredLine {
  /** What the customer paid for the line: taxable + GST. */
  totalPaise: number;
  taxablePaise: number;
  /** Frozen at placing (order_line_terms). */
  commissionPaise: number;
  commissionRateBp: number;
  /** The part of the line's discount the platform pays for (credited to the vendor); 0 when none. */
  platformDiscountPaise?: number;
}

/** An entry before it has a vendor, an order and a date. */
export interface EntryDraft {
  type: EntryType;
  amountPaise: number;
  rateBp: number | null;
  basePaise: number | null;
  taxHead: TaxHead | null;
}

const draft = (type: EntryType, amountPaise: number, rateBp: number | null, basePaise: number | null, taxHead: TaxHead | null = null): EntryDraft => ({
  type,
  amountPaise,
  rateBp,
  basePaise,
  taxHead,
});

/**
 * The entries one delivered line writes, in order. Sale: what the customer paid (the vendor is the
 * supplier and owes its GST). Commission: frozen at placing. GST on the commission at the rate of
 * the day. TCS (s.52 CGST Act) on the net taxable value, per GST head, each head rounded on its own.
 * TDS (s.194-O) on the taxable value (GST shown separately is left out: CBDT Circular 17/2020 ¶4.6).
 * Amounts of zero are left out (the ledger holds no empty entries).
 */
export function deliveryEntries(line: DeliveredLine, supply: 'intra' | 'inter', rates: DeliveryRates): EntryDraft[] {
  checkWhole({ ...line, platformDiscountPaise: line.platformDiscountPaise ?? 0, ...rates });
  const gst = mulDivRound(line.commissionPaise, rates.commissionGstBp, 10000);
  const tcs: EntryDraft[] =
    supply === 'intra'
      ? (['cgst', 'sgst'] as const).map((head) => draft('tcs', -mulDivRound(line.taxablePaise, rates.tcsBp, 20000), rates.tcsBp, line.taxablePaise, head))
      : [draft('tcs', -mulDivRound(line.taxablePaise, rates.tcsBp, 10000), rates.tcsBp, line.taxablePaise, 'igst')];
  return [
    draft('sale', line.totalPaise, null, null),
    draft('platform_discount', line.platformDiscountPaise ?? 0, null, null),
    draft('commission', -line.commissionPaise, line.commissionRateBp, line.taxablePaise),
    draft('commission_gst', -gst, rates.commissionGstBp, line.commissionPaise),
    ...tcs,
    draft('tds', -mulDivRound(line.taxablePaise, rates.tdsBp, 10000), rates.tdsBp, line.taxablePaise),
  ].filter((e) => e.amountPaise !== 0);
}

/**
 * How much of an entry has to be reversed once `refundedPaise` of its line's `salePaise` is refunded
 * (cumulative): its amount in the same proportion, rounded half up, exactly all of it at a full refund.
 */
export function reversedShare(entryAbsPaise: number, refundedPaise: number, salePaise: number): number {
  checkWhole({ entryAbsPaise, refundedPaise, salePaise });
  if (refundedPaise > salePaise) throw new RangeError('refunded more than the sale');
  if (salePaise === 0) return 0;
  return mulDivRound(entryAbsPaise, refundedPaise, salePaise);
}

/**
 * When a delivered sub-order's earnings become payable: the IST midnight after its return window
 * (the longest of its lines') has passed — delivered on 3 March with a 7-day window, payable from
 * 11 March 00:00 IST (returns may be asked for until the end of 10 March).
 */
export function payableAfterWindow(deliveredAt: Date, windowDays: number): Date {
  checkWhole({ windowDays });
  return istDayStart(istDate(deliveredAt), windowDays + 1);
}

/** An entry payable at once (a reversal of matured money, an adjustment): the start of today in IST. */
export const payableNow = (at: Date): Date => istDayStart(istDate(at));
