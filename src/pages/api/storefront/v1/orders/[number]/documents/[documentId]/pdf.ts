/**
 * GET /api/storefront/v1/orders/:number/documents/:documentId/pdf (write-orders): a tax invoice or
 * credit note of an order this key placed, as PDF, for the customer to download. Never with a
 * back-office session (the middleware refuses it); another key's order is a 404.
 */
import { db } from '@/lib/boot.server.ts';
import { endpoint } from '@/lib/http/api.server.ts';
import { notFound } from '@/lib/http/errors.ts';
import { isRecordId } from '@/lib/http/integers.ts';
import { fileResponse } from '@/lib/http/file-response.server.ts';
import { storefrontDocument } from '@/features/invoices/document-read.server.ts';
import { documentFileName } from '@/features/invoices/document-numbers.ts';
import { taxDocumentPdf } from '@/features/invoices/pdf/render.server.ts';

export const GET = endpoint(async (context) => {
  const raw = context.params.documentId;
  if (!isRecordId(raw)) throw notFound();
  const view = await storefrontDocument(db(), context.locals.storefrontKey!.id, context.params.number ?? '', Number(raw));
  return fileResponse(new Uint8Array(await taxDocumentPdf(view)), { type: 'application/pdf', name: documentFileName(view.doc.number) });
});
