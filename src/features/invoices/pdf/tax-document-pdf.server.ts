/**
 * A tax invoice or credit note as A4 pages (issue 17 §4, decision 041), drawn from its snapshot
 * row only: what was issued is what prints, whatever changed since. Every field Rule 46 of the
 * CGST Rules asks of an invoice (Rule 53 of a credit note) is on the first page: the supplier's
 * name, address and GSTIN; number and date; the recipient's name, address and GSTIN when registered,
 * with the state and its code; the delivery address; HSN, description, quantity and unit, value,
 * discount and taxable value per line; rate and amount of each tax head; the place of supply;
 * whether tax is payable on reverse charge; and the supplier's signatory. Long documents continue
 * on further pages with the table's header repeated.
 */
import { formatIstDateTime } from '@/lib/india/ist.ts';
import { formatPaise, paiseToRupeesText } from '@/lib/money/paise.ts';
import { paiseInWords } from '@/lib/money/in-words.ts';
import type { DocumentAddress } from '@/features/invoices/invoices.tables.ts';
import type { TaxDocumentLineRow, TaxDocumentView } from '@/features/invoices/document-read.server.ts';
import { financialYearLabel } from '@/features/invoices/document-numbers.ts';
import { A4, type Pdf } from '@/lib/pdf/pdf-kit.server.ts';
import { formatBasisPoints } from '@/lib/money/rate.ts';

const INK = '#111827';
const MUTED = '#4b5563';
const RULE = '#d1d5db';
const SHADE = '#f3f4f6';

const left = A4.margin;
const width = A4.width - 2 * A4.margin;
const bottom = A4.height - A4.margin;

/** "12 Jan 2026" (India time): the date an invoice shows. */
const istDate = (at: Date) => formatIstDateTime(at).split(',')[0]!;

const addressLines = (a: DocumentAddress) =>
  [a.line1, a.line2, `${a.city} ${a.pincode}`, `${a.state} (state code ${a.gst_state_code})`].filter((l): l is string => Boolean(l));

interface Column {
  header: string;
  width: number;
  align: 'left' | 'right';
  /** The cell's main text and, below it in small grey type, an optional second line. */
  cell: (l: TaxDocumentLineRow, i: number) => [string, string?];
}

/** The lines table's columns: CGST and SGST for an intra-state supply, IGST for an inter-state one. */
function columns(intra: boolean): Column[] {
  const money = (paise: number) => paiseToRupeesText(paise);
  const rate = (l: TaxDocumentLineRow, share: 1 | 2) => formatBasisPoints(share === 2 ? l.taxRateBp / 2 : l.taxRateBp);
  const heads: Column[] = intra
    ? [
        { header: 'CGST', width: 52, align: 'right', cell: (l) => [money(l.cgstPaise), `@ ${rate(l, 2)}`] },
        { header: 'SGST/UTGST', width: 52, align: 'right', cell: (l) => [money(l.sgstPaise), `@ ${rate(l, 2)}`] },
      ]
    : [{ header: 'IGST', width: 60, align: 'right', cell: (l) => [money(l.igstPaise), `@ ${rate(l, 1)}`] }];
  const fixed: Column[] = [
    { header: '#', width: 16, align: 'left', cell: (_l, i) => [String(i + 1)] },
    { header: 'HSN', width: 38, align: 'left', cell: (l) => [l.hsnCode] },
    { header: 'Qty', width: 36, align: 'right', cell: (l) => [l.quantity ? String(l.quantity) : '—', l.quantity ? l.unit : 'value'] },
    {
      header: 'Unit price',
      width: 54,
      align: 'right',
      cell: (l) => [money(l.unitPricePaise), l.priceMode === 'inclusive' ? 'incl. GST' : 'excl. GST'],
    },
    { header: 'Discount', width: 46, align: 'right', cell: (l) => [money(l.discountPaise)] },
    { header: 'Taxable value', width: 58, align: 'right', cell: (l) => [money(l.taxablePaise)] },
    ...heads,
    { header: 'Total', width: 58, align: 'right', cell: (l) => [money(l.totalPaise)] },
  ];
  const used = fixed.reduce((a, c) => a + c.width, 0);
  const description: Column = { header: 'Description', width: width - used, align: 'left', cell: (l) => [l.description, `SKU ${l.sku}`] };
  return [fixed[0]!, description, ...fixed.slice(1)];
}

/** Text at a place, returning the y below it. */
function put(
  doc: Pdf,
  text: string,
  x: number,
  y: number,
  w: number,
  opts: { font?: 'regular' | 'bold'; size?: number; color?: string; align?: 'left' | 'right' | 'center' } = {},
) {
  doc
    .font(opts.font ?? 'regular')
    .fontSize(opts.size ?? 8.5)
    .fillColor(opts.color ?? INK);
  doc.text(text, x, y, { width: w, align: opts.align ?? 'left', lineGap: 1 });
  return doc.y;
}

/** A labelled block of lines ("Bill to", name, address…); returns the y below it. */
function block(doc: Pdf, title: string, name: string, lines: string[], x: number, y: number, w: number) {
  let at = put(doc, title.toUpperCase(), x, y, w, { font: 'bold', size: 7, color: MUTED });
  at = put(doc, name, x, at + 1, w, { font: 'bold', size: 9.5 });
  for (const line of lines) at = put(doc, line, x, at, w);
  return at;
}

function tableHeader(doc: Pdf, cols: Column[], y: number) {
  const height = 22;
  doc.rect(left, y, width, height).fill(SHADE);
  let x = left;
  for (const c of cols) {
    put(doc, c.header, x + 3, y + 4, c.width - 6, { font: 'bold', size: 7, color: MUTED, align: c.align });
    x += c.width;
  }
  put(doc, 'Amounts in ₹', left, y + 13, width - 3, { size: 6, color: MUTED, align: 'right' });
  return y + height;
}

/** Draws one document from a new page on. */
export function drawTaxDocument(doc: Pdf, view: TaxDocumentView): void {
  const d = view.doc;
  const creditNote = d.kind === 'credit_note';
  const title = creditNote ? 'CREDIT NOTE' : 'TAX INVOICE';
  doc.addPage({ size: 'A4', margin: A4.margin });

  // Heading: what it is, and for whom this copy is (Rule 48: the original goes to the recipient).
  put(doc, title, left, left, width / 2, { font: 'bold', size: 16 });
  put(doc, creditNote ? 'Section 34 of the CGST Act · Original for recipient' : 'Original for recipient', left + width / 2, left + 4, width / 2, {
    size: 7.5,
    color: MUTED,
    align: 'right',
  });
  let y = left + 26;
  doc
    .moveTo(left, y)
    .lineTo(left + width, y)
    .lineWidth(0.75)
    .strokeColor(INK)
    .stroke();
  y += 8;

  // The supplier (left) and the document's particulars (right).
  const half = width / 2 - 8;
  const supplierLines = [
    ...(d.supplierTradeName ? [`Trading as ${d.supplierTradeName}`] : []),
    ...addressLines(d.supplierAddress),
    d.supplierGstin ? `GSTIN ${d.supplierGstin}` : 'Not registered for GST (no GSTIN)',
  ];
  const supplierBottom = block(doc, 'Sold by (supplier)', d.supplierName, supplierLines, left, y, half);
  const facts: [string, string][] = [
    [creditNote ? 'Credit note number' : 'Invoice number', d.number],
    [creditNote ? 'Credit note date' : 'Invoice date', istDate(d.issuedAt)],
    ...(creditNote && d.invoiceNumber ? ([['Against invoice', `${d.invoiceNumber} of ${istDate(d.invoiceIssuedAt!)}`]] as [string, string][]) : []),
    ['Financial year', financialYearLabel(d.financialYear)],
    ['Order', `${d.orderNumber} of ${istDate(d.orderPlacedAt)}`],
    ['Sub-order', d.subOrderNumber],
    ['Payment', d.paymentMethod === 'cod' ? 'Cash on delivery' : 'Prepaid'],
    ['Place of supply', `${d.placeOfSupplyState} (state code ${d.placeOfSupplyCode})`],
    ['Reverse charge', d.reverseCharge ? 'Yes: tax payable by the recipient' : 'No'],
    ...(creditNote && d.reason ? ([['Reason', d.reason]] as [string, string][]) : []),
  ];
  let factsY = y;
  const keyWidth = 112;
  for (const [k, v] of facts) {
    const keyBottom = put(doc, k, left + width / 2 + 8, factsY, keyWidth, { size: 8, color: MUTED });
    const valueBottom = put(doc, v, left + width / 2 + 8 + keyWidth, factsY, half - keyWidth, { font: k.endsWith('number') ? 'bold' : 'regular', size: 8.5 });
    factsY = Math.max(keyBottom, valueBottom);
  }
  y = Math.max(supplierBottom, factsY) + 10;

  // The recipient, where the goods went, and where they left from.
  const third = (width - 16) / 3;
  const billTo = block(
    doc,
    'Bill to (recipient)',
    d.recipientName,
    [...addressLines(d.billingAddress), d.recipientGstin ? `GSTIN ${d.recipientGstin}` : 'Unregistered (no GSTIN)'],
    left,
    y,
    third,
  );
  const shipTo = block(doc, 'Ship to (delivery address)', d.shippingAddress.name, addressLines(d.shippingAddress), left + third + 8, y, third);
  const from = block(doc, 'Dispatched from', d.dispatchAddress.name, addressLines(d.dispatchAddress), left + 2 * (third + 8), y, third);
  y = Math.max(billTo, shipTo, from) + 12;

  // The lines, with the header repeated on every page they run onto.
  const cols = columns(d.supply === 'intra');
  y = tableHeader(doc, cols, y);
  view.lines.forEach((line, i) => {
    const cells = cols.map((c) => c.cell(line, i));
    doc.font('regular').fontSize(8);
    const height = Math.max(...cells.map(([main, sub], k) => doc.heightOfString(main, { width: cols[k]!.width - 6 }) + (sub ? 9 : 0))) + 8;
    if (y + height > bottom - 40) {
      doc.addPage({ size: 'A4', margin: A4.margin });
      put(doc, `${title} ${d.number} (continued)`, left, left, width, { font: 'bold', size: 10 });
      y = tableHeader(doc, cols, left + 20);
    }
    let x = left;
    cells.forEach(([main, sub], k) => {
      const c = cols[k]!;
      const below = put(doc, main, x + 3, y + 4, c.width - 6, { size: 8, align: c.align, font: k === 1 ? 'bold' : 'regular' });
      if (sub) put(doc, sub, x + 3, below, c.width - 6, { size: 6.5, color: MUTED, align: c.align });
      x += c.width;
    });
    y += height;
    doc
      .moveTo(left, y)
      .lineTo(left + width, y)
      .lineWidth(0.5)
      .strokeColor(RULE)
      .stroke();
  });

  // Totals, head by head, and the amount in words.
  const totals: [string, number][] = [
    ['Taxable value', d.taxablePaise],
    ...(d.supply === 'intra'
      ? ([
          ['CGST', d.cgstPaise],
          ['SGST/UTGST', d.sgstPaise],
        ] as [string, number][])
      : ([['IGST', d.igstPaise]] as [string, number][])),
    ...(d.cessPaise ? ([['Cess', d.cessPaise]] as [string, number][]) : []),
  ];
  const needed = 18 * (totals.length + 1) + 120;
  if (y + needed > bottom) {
    doc.addPage({ size: 'A4', margin: A4.margin });
    put(doc, `${title} ${d.number} (continued)`, left, left, width, { font: 'bold', size: 10 });
    y = left + 24;
  }
  y += 8;
  const totalsX = left + width - 230;
  for (const [k, v] of totals) {
    put(doc, k, totalsX, y, 120, { color: MUTED });
    put(doc, formatPaise(v), totalsX + 120, y, 110, { align: 'right' });
    y += 14;
  }
  doc.rect(totalsX, y, 230, 22).fill(SHADE);
  put(doc, creditNote ? 'Total credited' : 'Invoice total', totalsX + 6, y + 5, 120, { font: 'bold', size: 10 });
  put(doc, formatPaise(d.totalPaise), totalsX + 120, y + 5, 104, { font: 'bold', size: 10, align: 'right' });
  y += 30;
  y = put(doc, `Amount in words: ${paiseInWords(d.totalPaise)}`, left, y, width, { size: 8.5 }) + 18;

  // The signatory (Rule 46(q)), and how the document came to be.
  put(doc, `For ${d.supplierName}`, left + width - 230, y, 230, { font: 'bold', align: 'right' });
  put(doc, 'Authorised signatory', left + width - 230, y + 30, 230, { size: 8, color: MUTED, align: 'right' });
  put(
    doc,
    `Issued electronically by the seller through the marketplace on ${formatIstDateTime(d.issuedAt)}.${d.irn ? ` IRN ${d.irn}.` : ''} Goods sold by the supplier named above; the marketplace is not the seller.`,
    left,
    y,
    width - 250,
    { size: 7, color: MUTED },
  );
}
