/**
 * GST on an order's lines, in integer paise (issue 17 §4, docs/orders.md "Tax"). Pure: no database,
 * no floating point. The rules:
 *
 * - A line's tax comes from its slab's rate (basis points: 1800 = 18 %) and the slab's price mode:
 *   `inclusive` prices already hold the tax (taxable = gross × 10000 / (10000 + rate), the rest is
 *   tax), `exclusive` prices get it on top (tax = taxable × rate / 10000).
 * - Intra-state supply (the shipping warehouse's state = the delivery address's state, IGST Act
 *   s.7 and s.10(1)(a)) splits the tax into CGST + SGST; inter-state is IGST.
 * - Rounding is per line, half up, to the paisa. A line's total is exactly taxable + CGST + SGST +
 *   IGST, and a sum of lines is the sum of each head: nothing is rounded again at the total.
 *
 * No server imports: islands may show a cart's tax with it.
 */

export type PriceMode = 'inclusive' | 'exclusive';
export type Supply = 'intra' | 'inter';

export interface TaxLineInput {
  /** Price of one unit in paise, as listed (with tax when `priceMode` is inclusive). */
  unitPricePaise: number;
  quantity: number;
  /** Discount on the whole line in paise (before tax when exclusive; off the gross when inclusive). */
  discountPaise: number;
  /** GST rate in basis points (0 … 10000). */
  rateBp: number;
  priceMode: PriceMode;
}

export interface TaxedLine {
  /** unit price × quantity, before the discount. */
  grossPaise: number;
  discountPaise: number;
  taxablePaise: number;
  cgstPaise: number;
  sgstPaise: number;
  igstPaise: number;
  totalPaise: number;
}

export interface TaxTotals {
  grossPaise: number;
  discountPaise: number;
  taxablePaise: number;
  cgstPaise: number;
  sgstPaise: number;
  igstPaise: number;
  taxPaise: number;
  totalPaise: number;
}

/** a × b / c rounded half up, for non-negative integers, exact at any size (BigInt inside). */
export function mulDivRound(a: number, b: number, c: number): number {
  if (c <= 0) throw new RangeError('divisor must be positive');
  const n = BigInt(a) * BigInt(b);
  const d = BigInt(c);
  return Number((n * 2n + d) / (2n * d));
}

/** "18.00" (a numeric column) or 18 → 1800 basis points, without floating point. */
export function percentToBasisPoints(percent: string | number): number {
  const text = typeof percent === 'number' ? percent.toFixed(2) : percent.trim();
  const match = /^(\d{1,3})(?:\.(\d{1,2}))?$/.exec(text);
  if (!match) throw new RangeError(`Not a percentage: ${text}`);
  const bp = Number(match[1]) * 100 + Number((match[2] ?? '').padEnd(2, '0'));
  if (bp > 10000) throw new RangeError(`A rate above 100 %: ${text}`);
  return bp;
}

function checkLine(line: TaxLineInput): void {
  for (const [name, value] of Object.entries({
    unitPricePaise: line.unitPricePaise,
    quantity: line.quantity,
    discountPaise: line.discountPaise,
    rateBp: line.rateBp,
  })) {
    if (!Number.isSafeInteger(value) || value < 0) throw new RangeError(`${name} must be a non-negative whole number`);
  }
  if (line.rateBp > 10000) throw new RangeError('rateBp must be at most 10000');
  if (!Number.isSafeInteger(line.unitPricePaise * line.quantity)) throw new RangeError('line amount too large');
  if (line.discountPaise > line.unitPricePaise * line.quantity) throw new RangeError('discount exceeds the line amount');
}

/** One line's GST, rounded once per head, half up, to the paisa. */
export function taxLine(line: TaxLineInput, supply: Supply): TaxedLine {
  checkLine(line);
  const gross = line.unitPricePaise * line.quantity;
  const net = gross - line.discountPaise;
  let taxable: number;
  let tax: number;
  if (line.priceMode === 'inclusive') {
    taxable = mulDivRound(net, 10000, 10000 + line.rateBp);
    tax = net - taxable;
  } else {
    taxable = net;
    tax = supply === 'intra' ? 2 * mulDivRound(net, line.rateBp, 20000) : mulDivRound(net, line.rateBp, 10000);
  }
  // Intra-state: CGST and SGST are each half the rate. Exclusive prices round each half (so the two
  // are equal); inclusive prices split the tax already inside the price, the odd paisa to SGST.
  const cgst = supply === 'intra' ? Math.floor(tax / 2) : 0;
  const sgst = supply === 'intra' ? tax - cgst : 0;
  const igst = supply === 'inter' ? tax : 0;
  return {
    grossPaise: gross,
    discountPaise: line.discountPaise,
    taxablePaise: taxable,
    cgstPaise: cgst,
    sgstPaise: sgst,
    igstPaise: igst,
    totalPaise: taxable + cgst + sgst + igst,
  };
}

/** The sums of taxed lines, head by head (never re-rounded). */
export function sumTaxedLines(lines: readonly TaxedLine[]): TaxTotals {
  const t: TaxTotals = { grossPaise: 0, discountPaise: 0, taxablePaise: 0, cgstPaise: 0, sgstPaise: 0, igstPaise: 0, taxPaise: 0, totalPaise: 0 };
  for (const l of lines) {
    t.grossPaise += l.grossPaise;
    t.discountPaise += l.discountPaise;
    t.taxablePaise += l.taxablePaise;
    t.cgstPaise += l.cgstPaise;
    t.sgstPaise += l.sgstPaise;
    t.igstPaise += l.igstPaise;
    t.totalPaise += l.totalPaise;
  }
  t.taxPaise = t.cgstPaise + t.sgstPaise + t.igstPaise;
  return t;
}

/** Intra-state when the shipping warehouse and the delivery address are in the same state. */
export function supplyBetween(warehouseStateId: number, deliveryStateId: number): Supply {
  return warehouseStateId === deliveryStateId ? 'intra' : 'inter';
}
