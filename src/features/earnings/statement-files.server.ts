/**
 * A monthly statement as files (issue 18 §2): CSV (one table a spreadsheet sums: section, date,
 * type, order, details, amount in rupees and in paise) and PDF (A4, PDFKit with Noto Sans embedded,
 * so ₹ and every Indian name print whatever fonts the reader has: decision 049).
 */
import { newPdf, pdfBytes } from '@/lib/pdf/pdf-kit.server.ts';
import { formatBasisPoints } from '@/lib/money/rate.ts';
import { toCsv } from '@/lib/areas/csv.server.ts';
import { formatIstDateTime, toIstIso } from '@/lib/india/ist.ts';
import { formatPaise, paiseToRupeesText } from '@/lib/money/paise.ts';
import { entryTypeLabel } from './earning.list.ts';
import type { Statement, WithholdingLine } from './statement.server.ts';

const monthName = (month: string) => {
  const [y, m] = month.split('-').map(Number) as [number, number];
  return `${['January', 'February', 'March', 'April', 'May', 'June', 'July', 'August', 'September', 'October', 'November', 'December'][m - 1]} ${y}`;
};

const withholdingLabel = (w: WithholdingLine) =>
  w.kind === 'tcs'
    ? `GST TCS, ${w.head?.toUpperCase()} at ${formatBasisPoints(w.rate_bp)} (s.52 CGST Act)`
    : `Income-tax TDS at ${formatBasisPoints(w.rate_bp)} (s.194-O)`;

export const statementFileName = (s: Statement, ext: 'csv' | 'pdf') =>
  `statement-${(s.vendor.name || `vendor-${s.vendor.id}`).replace(/[^\w-]+/g, '-').toLowerCase()}-${s.month}.${ext}`;

export function statementCsv(s: Statement): string {
  const money = (paise: number) => ({ amount_rupees: paiseToRupeesText(paise, { grouping: false }), amount_paise: paise });
  const rows: Record<string, unknown>[] = [
    { section: 'Statement', details: `${s.vendor.name}, ${monthName(s.month)}${s.vendor.gstin ? `, GSTIN ${s.vendor.gstin}` : ''}` },
    { section: 'Opening balance', date: toIstIso(s.from), ...money(s.opening_paise) },
    ...s.entries.map((e) => ({
      section: 'Entry',
      date: toIstIso(e.created_at),
      type: entryTypeLabel(e.type),
      order: e.order_number ?? '',
      details: e.description,
      payable_from: toIstIso(e.payable_at),
      ...money(e.amount_paise),
    })),
    ...s.totals.map((t) => ({ section: 'Total by type', type: t.label, details: `${t.count} entries`, ...money(t.amount_paise) })),
    ...s.withholding.map((w) => ({
      section: 'Withholding',
      type: w.kind === 'tcs' ? 'TCS withheld' : 'TDS withheld',
      details: `${withholdingLabel(w)} on ${formatPaise(w.base_paise)}; withheld ${formatPaise(w.withheld_paise)}, reversed by refunds ${formatPaise(w.reversed_paise)}`,
      ...money(w.net_paise),
    })),
    { section: 'Closing balance', date: toIstIso(new Date(s.to.getTime() - 1000)), ...money(s.closing_paise) },
    { section: 'Of which not yet payable', ...money(s.pending_at_close_paise) },
  ];
  return toCsv(
    [
      { field: 'section', header: 'Section' },
      { field: 'date', header: 'Date', kind: 'date' },
      { field: 'type', header: 'Type' },
      { field: 'order', header: 'Order' },
      { field: 'details', header: 'Details' },
      { field: 'amount_rupees', header: 'Amount (₹)', kind: 'number' },
      { field: 'amount_paise', header: 'Amount (paise)', kind: 'number' },
      { field: 'payable_from', header: 'Payable from', kind: 'date' },
    ],
    rows,
  );
}

/** The statement's page: A4 with a slightly wider margin than invoices (it is read on screen more than printed). */
const A4 = { width: 595.28, height: 841.89, margin: 40 };

export function statementPdf(s: Statement): Promise<Buffer> {
  const doc = newPdf(`Statement ${s.month} ${s.vendor.name}`);
  doc.addPage({ size: 'A4', margin: A4.margin });
  const width = A4.width - 2 * A4.margin;
  const bottom = A4.height - A4.margin;

  // Columns of the entries table: date, type, order, details, amount (right-aligned).
  const cols = [
    { x: 0, w: 92 },
    { x: 94, w: 96 },
    { x: 192, w: 104 },
    { x: 298, w: 130 },
    { x: 430, w: width - 430 },
  ];
  const ensure = (h: number) => {
    if (doc.y + h > bottom) doc.addPage();
  };
  const row = (cells: string[], opts: { bold?: boolean; size?: number } = {}) => {
    doc.font(opts.bold ? 'bold' : 'regular').fontSize(opts.size ?? 8);
    const heights = cells.map((c, i) => doc.heightOfString(c, { width: cols[i]!.w }));
    const h = Math.max(...heights) + 3;
    ensure(h);
    const y = doc.y;
    cells.forEach((c, i) => doc.text(c, A4.margin + cols[i]!.x, y, { width: cols[i]!.w, align: i === cells.length - 1 ? 'right' : 'left' }));
    doc.y = y + h;
  };
  const line = (label: string, value: string, isBold = false) => {
    doc.font(isBold ? 'bold' : 'regular').fontSize(10);
    ensure(16);
    const y = doc.y;
    doc.text(label, A4.margin, y, { width: width - 140 });
    doc.text(value, A4.margin + width - 140, y, { width: 140, align: 'right' });
    doc.y = Math.max(doc.y, y + 14);
  };
  const heading = (text: string) => {
    ensure(30);
    doc.moveDown(0.6).font('bold').fontSize(11).text(text, A4.margin, doc.y, { width });
    doc.moveDown(0.2);
  };

  doc.font('bold').fontSize(16).text('Earnings statement', A4.margin, A4.margin, { width });
  doc
    .font('regular')
    .fontSize(10)
    .text(`${s.vendor.name} · ${monthName(s.month)}`, { width });
  const ids = [s.vendor.gstin ? `GSTIN ${s.vendor.gstin}` : null, s.vendor.pan ? `PAN ${s.vendor.pan}` : null].filter(Boolean).join(' · ');
  if (ids) doc.text(ids, { width });
  doc
    .fontSize(8)
    .fillColor('#555555')
    .text(`Times in India Standard Time. From ${formatIstDateTime(s.from)} to ${formatIstDateTime(s.to)}.`, { width })
    .fillColor('#000000');
  doc.moveDown(0.8);
  line('Opening balance', formatPaise(s.opening_paise), true);

  heading(`Entries (${s.entries.length})`);
  row(['Date', 'Type', 'Order', 'Details', 'Amount'], { bold: true });
  if (!s.entries.length) row(['No entries this month.', '', '', '', '']);
  for (const e of s.entries) row([formatIstDateTime(e.created_at), entryTypeLabel(e.type), e.order_number ?? '—', e.description, formatPaise(e.amount_paise)]);

  heading('Totals by type');
  for (const t of s.totals) line(`${t.label} (${t.count})`, formatPaise(t.amount_paise));

  heading('Tax withheld this month (claim it in your returns)');
  if (!s.withholding.length) line('Nothing withheld this month.', '');
  for (const w of s.withholding) {
    line(`${withholdingLabel(w)} on ${formatPaise(w.base_paise)}`, formatPaise(w.net_paise));
    if (w.reversed_paise) line(`   withheld ${formatPaise(w.withheld_paise)}, given back by refunds ${formatPaise(w.reversed_paise)}`, '');
  }

  heading('Reconciliation');
  line('Sales delivered', formatPaise(s.reconciliation.delivered_sales_paise));
  line('Sales refunded', formatPaise(-s.reconciliation.refunded_sales_paise));
  if (s.reconciliation.platform_discounts_paise) line('Discounts paid by the platform', formatPaise(s.reconciliation.platform_discounts_paise));
  line('Adjustments', formatPaise(s.reconciliation.adjustments_paise));
  line('Paid out', formatPaise(-s.reconciliation.payouts_paise));
  doc.moveDown(0.4);
  line('Closing balance', formatPaise(s.closing_paise), true);
  line('   of which not yet payable (inside return windows)', formatPaise(s.pending_at_close_paise));
  return pdfBytes(doc);
}
