/**
 * A shipping label as one 4 × 6 inch page (issue 17 §3): the delivery partner, the AWB as a Code 128
 * barcode (drawn as vector bars, crisp on a 203-dpi thermal printer), the delivery address with its
 * pincode large, the return (warehouse) address, the order and sub-order numbers, the weight when
 * known, and for cash on delivery "COLLECT ₹ …" in reverse type, so
 * the courier can't miss it.
 */
import bwipjs from 'bwip-js/node';
import { formatIstDateTime } from '@/lib/india/ist.ts';
import { formatPaise } from '@/lib/money/paise.ts';
import type { ShippingLabel } from '@/features/invoices/document-read.server.ts';
import { LABEL, type Pdf } from '@/lib/pdf/pdf-kit.server.ts';

const INK = '#000000';
const MUTED = '#374151';

/** Code 128 bars of `text` across `w` × `h` at (x, y), from bwip-js's bar widths (bar, space, bar…). */
function code128(doc: Pdf, text: string, x: number, y: number, w: number, h: number) {
  const [symbol] = bwipjs.raw('code128', text, {}) as { sbs: number[] }[];
  const modules = symbol!.sbs.reduce((a, b) => a + b, 0);
  const unit = w / modules;
  let at = x;
  symbol!.sbs.forEach((size, i) => {
    if (i % 2 === 0) doc.rect(at, y, size * unit, h).fill(INK);
    at += size * unit;
  });
}

/** 1250 → "1.25 kg", 800 → "800 g". */
function weightText(grams: number): string {
  if (grams < 1000) return `${grams} g`;
  const fraction = String(grams % 1000)
    .padStart(3, '0')
    .replace(/0+$/, '');
  return `${Math.floor(grams / 1000)}${fraction ? `.${fraction}` : ''} kg`;
}

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
    .fontSize(opts.size ?? 8)
    .fillColor(opts.color ?? INK);
  doc.text(text, x, y, { width: w, align: opts.align ?? 'left', lineGap: 0.5 });
  return doc.y;
}

/** Draws one label on a new 4 × 6 page. */
export function drawShippingLabel(doc: Pdf, label: ShippingLabel): void {
  doc.addPage({ size: [LABEL.width, LABEL.height], margin: LABEL.margin });
  const x = LABEL.margin;
  const w = LABEL.width - 2 * LABEL.margin;
  const rule = (y: number) =>
    doc
      .moveTo(x, y)
      .lineTo(x + w, y)
      .lineWidth(1)
      .strokeColor(INK)
      .stroke();
  doc
    .rect(x - 4, LABEL.margin - 4, w + 8, LABEL.height - 2 * LABEL.margin + 8)
    .lineWidth(1.5)
    .strokeColor(INK)
    .stroke();

  // The courier and how the parcel is paid.
  put(doc, label.partnerName, x, LABEL.margin, w * 0.6, { font: 'bold', size: 12 });
  put(doc, label.paymentMethod === 'cod' ? 'COD' : 'PREPAID', x + w * 0.6, LABEL.margin, w * 0.4, { font: 'bold', size: 12, align: 'right' });
  let y = LABEL.margin + 20;
  if (label.paymentMethod === 'cod') {
    doc.rect(x, y, w, 30).fill(INK);
    put(doc, `COLLECT ${formatPaise(label.codPaise)}`, x, y + 5, w, { font: 'bold', size: 15, color: '#ffffff', align: 'center' });
    y += 36;
  } else {
    put(doc, 'Do not collect cash: paid online', x, y, w, { size: 8, color: MUTED });
    y += 14;
  }

  // The AWB, scannable: with its quiet zones (ten bars' width either side) inside the frame.
  code128(doc, label.awb, x + 20, y, w - 40, 56);
  y += 59;
  put(doc, `AWB ${label.awb}`, x, y, w, { font: 'bold', size: 11, align: 'center' });
  y += 18;
  rule(y);
  y += 5;

  // Where it goes.
  const to = label.to;
  y = put(doc, 'DELIVER TO', x, y, w, { font: 'bold', size: 7, color: MUTED });
  y = put(doc, to.name, x, y, w, { font: 'bold', size: 11 });
  y = put(doc, [to.line1, to.line2].filter(Boolean).join(', '), x, y, w, { size: 9 });
  y = put(doc, `${to.city}, ${to.state}`, x, y, w, { size: 9 });
  put(doc, to.pincode, x, y + 1, w * 0.55, { font: 'bold', size: 18 });
  put(doc, `Phone ${to.phone}`, x + w * 0.55, y + 7, w * 0.45, { size: 9, align: 'right' });
  y += 26;
  rule(y);
  y += 5;

  // The parcel.
  const facts = [
    `Order ${label.orderNumber}`,
    `Items ${label.items}${label.weightGrams !== null ? ` · Weight ${weightText(label.weightGrams)}` : ''}`,
    ...(label.invoiceNumber ? [`Invoice ${label.invoiceNumber}`] : []),
    ...(label.shippedAt ? [`Shipped ${formatIstDateTime(label.shippedAt)}`] : []),
  ];
  y = put(doc, `Sub-order ${label.subOrderNumber}`, x, y, w, { font: 'bold', size: 10 });
  for (const f of facts) y = put(doc, f, x, y, w, { size: 8.5 });
  y += 4;
  rule(y);
  y += 5;

  // Where it comes back to.
  const from = label.from;
  y = put(doc, 'IF UNDELIVERED, RETURN TO', x, y, w, { font: 'bold', size: 7, color: MUTED });
  y = put(doc, from.name, x, y, w, { font: 'bold', size: 8.5 });
  y = put(doc, [from.line1, from.line2, `${from.city}, ${from.state} ${from.pincode}`].filter(Boolean).join(', '), x, y, w, { size: 8 });
  if (from.phone) put(doc, `Phone ${from.phone}`, x, y, w, { size: 8 });
}
