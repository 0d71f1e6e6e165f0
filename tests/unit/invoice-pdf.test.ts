/**
 * The invoice, credit note and label PDFs as a reader sees them (PDF.js reads the text back
 * through the embedded font's Unicode map): the rupee sign, the number, Rule 46's fields, the
 * heads of an intra- and an inter-state supply, a long invoice continuing on a second page, and a
 * COD label's amount to collect. `PDF_SAMPLES=dir` also writes the files, to look at with pdftoppm.
 */
import { mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { printBatchPdf, shippingLabelPdf, taxDocumentPdf } from '@/features/invoices/pdf/render.server.ts';
import type { ShippingLabel, TaxDocumentLineRow, TaxDocumentRow, TaxDocumentView } from '@/features/invoices/document-read.server.ts';
import { formatBasisPoints } from '@/lib/money/rate.ts';
import { isPdf, readPdf } from '../helpers/pdf.ts';

const samples = process.env.PDF_SAMPLES;
const keep = (name: string, bytes: Buffer) => {
  if (!samples) return;
  mkdirSync(samples, { recursive: true });
  writeFileSync(join(samples, name), bytes);
};

const address = (name: string, city: string, state: string, code: string, pincode: string) => ({
  name,
  line1: '12 MG Road',
  line2: 'Near the metro station',
  city,
  state,
  gst_state_code: code,
  pincode,
  phone: '+919876543210',
});

function invoice(overrides: Partial<TaxDocumentRow> = {}, lineCount = 2): TaxDocumentView {
  const intra = (overrides.supply ?? 'intra') === 'intra';
  const lines: TaxDocumentLineRow[] = Array.from({ length: lineCount }, (_, i) => {
    const taxable = 123714 + i;
    const tax = 6186;
    return {
      id: i + 1,
      documentId: 1,
      orderLineId: i + 1,
      position: i + 1,
      description: i === 0 ? 'Indigo block-print kurta (Size: M, Colour: Indigo)' : `Handloom cotton saree ${i}`,
      sku: `DFH-KUR-${String(i + 1).padStart(3, '0')}`,
      hsnCode: '6211',
      quantity: 1,
      unit: 'PCS',
      unitPricePaise: taxable + tax,
      priceMode: 'inclusive',
      discountPaise: 0,
      taxablePaise: taxable,
      taxRateBp: 500,
      cgstPaise: intra ? tax / 2 : 0,
      sgstPaise: intra ? tax / 2 : 0,
      igstPaise: intra ? 0 : tax,
      totalPaise: taxable + tax,
    };
  });
  const sum = (k: 'taxablePaise' | 'cgstPaise' | 'sgstPaise' | 'igstPaise' | 'totalPaise') => lines.reduce((a, l) => a + l[k], 0);
  const doc: TaxDocumentRow = {
    id: 1,
    kind: 'invoice',
    number: 'DFH/2627/000123',
    seriesKey: 'gstin:29AAFCD1234K1ZN',
    financialYear: 2026,
    serial: 123,
    orderId: 1,
    subOrderId: 1,
    vendorId: 1,
    invoiceId: null,
    issuedAt: new Date('2026-04-01T00:05:00+05:30'),
    supplierName: 'Demo Fashion House Private Limited',
    supplierTradeName: 'Demo Fashion House',
    supplierGstin: '29AAFCD1234K1ZN',
    supplierAddress: address('Demo Fashion House Private Limited', 'Bengaluru', 'Karnataka', '29', '560001'),
    dispatchAddress: address('Bengaluru warehouse', 'Bengaluru', 'Karnataka', '29', '560100'),
    recipientName: 'Asha Rao',
    recipientGstin: null,
    billingAddress: address('Asha Rao', 'Bengaluru', 'Karnataka', '29', '560025'),
    shippingAddress: address('Asha Rao', 'Bengaluru', 'Karnataka', '29', '560025'),
    placeOfSupplyState: 'Karnataka',
    placeOfSupplyCode: '29',
    supply: 'intra',
    reverseCharge: false,
    paymentMethod: 'cod',
    orderNumber: 'OD-2026-000123',
    subOrderNumber: 'OD-2026-000123-1',
    orderPlacedAt: new Date('2026-03-30T10:00:00+05:30'),
    invoiceNumber: null,
    invoiceIssuedAt: null,
    reason: null,
    taxablePaise: sum('taxablePaise'),
    cgstPaise: sum('cgstPaise'),
    sgstPaise: sum('sgstPaise'),
    igstPaise: sum('igstPaise'),
    cessPaise: 0,
    totalPaise: sum('totalPaise'),
    irn: null,
    irnAckNumber: null,
    irnAckAt: null,
    signedQrCode: null,
    issuedBy: 'Demo data',
    createdAt: new Date(),
    ...overrides,
  };
  return { doc, lines };
}

const label: ShippingLabel = {
  orderNumber: 'OD-2026-000123',
  subOrderNumber: 'OD-2026-000123-1',
  awb: 'SWX100000001',
  partnerName: 'Swift Express',
  paymentMethod: 'cod',
  codPaise: 123400,
  shippedAt: new Date('2026-04-02T11:00:00+05:30'),
  to: {
    name: 'Asha Rao',
    phone: '9845012345',
    line1: '14 Residency Road',
    line2: 'Flat 3B',
    city: 'Bengaluru',
    state: 'Karnataka',
    state_code: 'KA',
    gst_state_code: '29',
    pincode: '560025',
  },
  from: address('Demo Fashion House, Bengaluru warehouse', 'Bengaluru', 'Karnataka', '29', '560100'),
  vendorName: 'Demo Fashion House',
  invoiceNumber: 'DFH/2627/000123',
  items: 2,
  weightGrams: 1250,
};

describe('the tax invoice PDF', () => {
  it('prints Rule 46’s fields with the rupee sign, CGST and SGST for an intra-state supply', async () => {
    const bytes = await taxDocumentPdf(invoice());
    keep('invoice-intra.pdf', bytes);
    expect(isPdf(bytes)).toBe(true);
    const pages = await readPdf(bytes);
    expect(pages).toHaveLength(1);
    expect(pages[0]).toMatchObject({ width: 595, height: 842 });
    const text = pages[0]!.text;
    for (const expected of [
      'TAX INVOICE',
      'DFH/2627/000123',
      '1 Apr 2026',
      'Demo Fashion House Private Limited',
      'GSTIN 29AAFCD1234K1ZN',
      'Karnataka (state code 29)',
      'Asha Rao',
      'Unregistered (no GSTIN)',
      'Place of supply',
      'Reverse charge',
      '6211',
      'CGST',
      'SGST/UTGST',
      '@ 2.5 %',
      '₹ 2,598.01',
      'Rupees Two Thousand Five Hundred Ninety-Eight and One Paise Only',
      'Authorised signatory',
    ]) {
      expect(text).toContain(expected);
    }
    expect(text).not.toContain('IGST');
  });

  it('prints IGST alone for an inter-state supply, and the buyer’s GSTIN when registered', async () => {
    const bytes = await taxDocumentPdf(
      invoice({ supply: 'inter', recipientGstin: '33AAKFK5678R1ZE', placeOfSupplyState: 'Tamil Nadu', placeOfSupplyCode: '33' }),
    );
    keep('invoice-inter.pdf', bytes);
    const text = (await readPdf(bytes))[0]!.text;
    expect(text).toContain('IGST');
    expect(text).toContain('@ 5 %');
    expect(text).toContain('GSTIN 33AAKFK5678R1ZE');
    expect(text).toContain('Tamil Nadu (state code 33)');
    expect(text).not.toContain('CGST');
  });

  it('continues a long invoice on the next page with the table’s header, and the totals after the last line', async () => {
    const bytes = await taxDocumentPdf(invoice({}, 50));
    keep('invoice-long.pdf', bytes);
    const pages = await readPdf(bytes);
    expect(pages.length).toBeGreaterThan(1);
    expect(pages[1]!.text).toContain('DFH/2627/000123 (continued)');
    expect(pages[1]!.text).toContain('Taxable value');
    expect(pages.at(-1)!.text).toContain('Invoice total');
    const all = pages.map((p) => p.text).join('\n');
    expect(all).toContain('DFH-KUR-050');
  });

  it('prints a credit note against its invoice, with its reason', async () => {
    const base = invoice();
    const bytes = await taxDocumentPdf({
      ...base,
      doc: {
        ...base.doc,
        kind: 'credit_note',
        number: 'DFH/2627/C00012',
        invoiceId: 1,
        invoiceNumber: 'DFH/2627/000123',
        invoiceIssuedAt: base.doc.issuedAt,
        reason: 'Goods returned: colour differs',
      },
    });
    keep('credit-note.pdf', bytes);
    const text = (await readPdf(bytes))[0]!.text;
    expect(text).toContain('CREDIT NOTE');
    expect(text).toContain('DFH/2627/C00012');
    expect(text).toContain('DFH/2627/000123 of 1 Apr 2026');
    expect(text).toContain('Goods returned: colour differs');
    expect(text).toContain('Total credited');
  });
});

describe('the shipping label PDF', () => {
  it('is one 4 × 6 inch page with the AWB, both addresses, the weight and COLLECT ₹ for cash on delivery', async () => {
    const bytes = await shippingLabelPdf(label);
    keep('label-cod.pdf', bytes);
    const pages = await readPdf(bytes);
    expect(pages).toHaveLength(1);
    expect(pages[0]).toMatchObject({ width: 288, height: 432 });
    const text = pages[0]!.text;
    for (const expected of ['Swift Express', 'COLLECT ₹ 1,234.00', 'AWB SWX100000001', '560025', 'OD-2026-000123-1', '1.25 kg', 'RETURN TO', '560100']) {
      expect(text).toContain(expected);
    }
  });

  it('says a prepaid parcel is paid, and collects nothing', async () => {
    const bytes = await shippingLabelPdf({ ...label, paymentMethod: 'prepaid', weightGrams: null });
    keep('label-prepaid.pdf', bytes);
    const text = (await readPdf(bytes))[0]!.text;
    expect(text).toContain('PREPAID');
    expect(text).not.toContain('COLLECT');
    expect(text).not.toContain('Weight');
  });
});

describe('a print batch', () => {
  it('puts each parcel’s invoice before its label, and a first page naming what was not printed', async () => {
    const bytes = await printBatchPdf('Invoices and labels', [{ invoice: invoice(), label }, { label: { ...label, subOrderNumber: 'OD-2026-000124-1' } }], {
      count: 2,
      numbers: ['OD-2026-000125-1', 'OD-2026-000126-1'],
      why: 'not shipped yet.',
    });
    keep('batch.pdf', bytes);
    const pages = await readPdf(bytes);
    expect(pages.map((p) => `${p.width}x${p.height}`)).toEqual(['595x842', '595x842', '288x432', '288x432']);
    expect(pages[0]!.text).toContain('2 parcels printed. 2 not printed: not shipped yet.');
    expect(pages[0]!.text).toContain('OD-2026-000125-1');
    expect(pages[1]!.text).toContain('TAX INVOICE');
    expect(pages[3]!.text).toContain('OD-2026-000124-1');
  });
});

describe('rates', () => {
  it('read as people write them, without floating point', () => {
    expect(formatBasisPoints(500)).toBe('5 %');
    expect(formatBasisPoints(250)).toBe('2.5 %');
    expect(formatBasisPoints(1800)).toBe('18 %');
    expect(formatBasisPoints(125)).toBe('1.25 %');
    expect(formatBasisPoints(0)).toBe('0 %');
  });
});
