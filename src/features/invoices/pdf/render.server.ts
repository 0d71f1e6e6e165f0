/**
 * The PDFs the back-office and the storefront download: one tax document, one shipping label, or a
 * batch of both for bulk printing (decision 041).
 */
import { KIND_LABELS, type ShippingLabel, type TaxDocumentView } from '@/features/invoices/document-read.server.ts';
import { drawTaxDocument } from './tax-document-pdf.server.ts';
import { drawShippingLabel } from './shipping-label-pdf.server.ts';
import { A4, newPdf, pdfBytes } from '@/lib/pdf/pdf-kit.server.ts';

export async function taxDocumentPdf(view: TaxDocumentView): Promise<Buffer> {
  const doc = newPdf(`${KIND_LABELS[view.doc.kind as keyof typeof KIND_LABELS]} ${view.doc.number}`);
  drawTaxDocument(doc, view);
  return pdfBytes(doc);
}

export async function shippingLabelPdf(label: ShippingLabel): Promise<Buffer> {
  const doc = newPdf(`Shipping label ${label.subOrderNumber} (AWB ${label.awb})`);
  drawShippingLabel(doc, label);
  return pdfBytes(doc);
}

/** One parcel of a batch: its invoice (when it has one) and its label (when it has shipped). */
export interface PrintItem {
  invoice?: TaxDocumentView;
  label?: ShippingLabel;
}

/**
 * A batch as one PDF: each parcel's invoice, then its label. When some of the chosen sub-orders
 * had nothing to print, a first page says how many and which, so nobody wonders where they went.
 */
export async function printBatchPdf(title: string, items: PrintItem[], skipped: { count: number; numbers: string[]; why: string }): Promise<Buffer> {
  const doc = newPdf(title);
  if (skipped.count) {
    doc.addPage({ size: 'A4', margin: A4.margin });
    doc.font('bold').fontSize(14).text(title);
    doc.moveDown(0.5);
    doc
      .font('regular')
      .fontSize(10)
      .text(`${items.length} ${items.length === 1 ? 'parcel' : 'parcels'} printed. ${skipped.count} not printed: ${skipped.why}`);
    doc.moveDown(0.5);
    doc
      .fontSize(9)
      .fillColor('#4b5563')
      .text(skipped.numbers.join(', ') + (skipped.count > skipped.numbers.length ? ` and ${skipped.count - skipped.numbers.length} more` : ''));
    doc.fillColor('#111827');
  }
  for (const item of items) {
    if (item.invoice) drawTaxDocument(doc, item.invoice);
    if (item.label) drawShippingLabel(doc, item.label);
  }
  return pdfBytes(doc);
}
