/**
 * The tax documents' part of the OpenAPI document (issue 17 §4, decisions 040 and 041): the
 * back-office's invoices, credit notes, labels and bulk print, and the storefront's download of
 * its customer's invoices. The PDFs are answered as `application/pdf`.
 */
import type { z } from 'zod';
import { bulkTargetSchema } from '@/lib/areas/area-schemas.ts';
import { ORDER_LISTS } from '@/features/orders/order.list.ts';

const STOREFRONT = 'Storefront API v1';
const ORDERS = 'Orders';

const documentsExample = (pdf: (id: number) => string) => ({
  data: [
    {
      id: 17,
      kind: 'invoice',
      kind_label: 'Tax invoice',
      number: 'DFH/2627/000123',
      order_number: 'OD-2026-000123',
      sub_order_number: 'OD-2026-000123-1',
      issued_at: '2026-04-02T05:30:00.000Z',
      total_paise: 129900,
      invoice_number: null,
      reason: null,
      file_name: 'DFH-2627-000123.pdf',
      pdf_url: pdf(17),
    },
    {
      id: 18,
      kind: 'credit_note',
      kind_label: 'Credit note',
      number: 'DFH/2627/C00012',
      order_number: 'OD-2026-000123',
      sub_order_number: 'OD-2026-000123-1',
      issued_at: '2026-04-12T09:00:00.000Z',
      total_paise: 129900,
      invoice_number: 'DFH/2627/000123',
      reason: 'Goods returned: colour differs from the photo',
      file_name: 'DFH-2627-C00012.pdf',
      pdf_url: pdf(18),
    },
  ],
});

export const INVOICE_OPERATIONS: Record<
  string,
  { summary: string; tag: string; body?: z.ZodType; example?: unknown; responseExample?: unknown; file?: string }
> = {
  'GET /api/orders/{id}/documents': {
    summary:
      'The order’s tax invoices (one per shipped sub-order, the vendor as supplier) and credit notes (refunds, RTO), oldest first, each with its PDF’s address; a vendor gets only their own',
    tag: ORDERS,
    responseExample: documentsExample((id) => `/api/orders/1/documents/${id}/pdf`),
  },
  'GET /api/orders/{id}/documents/{documentId}/pdf': {
    summary: 'A tax invoice or credit note as PDF (A4), printed from its snapshot: what was issued, whatever changed since. 404 for another vendor’s',
    tag: ORDERS,
    file: 'application/pdf',
  },
  'GET /api/orders/{id}/sub-orders/{subId}/label': {
    summary:
      'The shipped sub-order’s shipping label as PDF (4 × 6 in): AWB as a Code 128 barcode, addresses, weight, COLLECT amount for COD. 409 before it ships',
    tag: ORDERS,
    file: 'application/pdf',
  },
  ...Object.fromEntries(
    ORDER_LISTS.flatMap((l) =>
      (l.declaration.bulkDownloads ?? []).map((d) => [
        `POST /api/${l.declaration.key}/${d.path}`,
        {
          summary: `${d.label} from ${l.declaration.label}: the selected sub-orders (\`ids\`) or every one matching the list’s \`filter\`, as one PDF with each parcel’s tax invoice and then its label; parcels not shipped yet are skipped and named on a first page and in the \`Result-Summary\` header. At most 500 (422 beyond); 422 when nothing can be printed. A vendor’s own only`,
          tag: ORDERS,
          body: bulkTargetSchema,
          example: { ids: [12, 13] },
          file: 'application/pdf',
        },
      ]),
    ),
  ),
  'GET /api/storefront/v1/orders/{number}/documents': {
    summary: 'The tax invoices and credit notes of an order this key placed, for the customer, each with its PDF’s address (404 for another key’s order)',
    tag: STOREFRONT,
    responseExample: documentsExample((id) => `/api/storefront/v1/orders/OD-2026-000123/documents/${id}/pdf`),
  },
  'GET /api/storefront/v1/orders/{number}/documents/{documentId}/pdf': {
    summary: 'A tax invoice or credit note of an order this key placed, as PDF, for the customer to download (404 for another key’s order)',
    tag: STOREFRONT,
    file: 'application/pdf',
  },
};
