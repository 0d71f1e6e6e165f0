/**
 * GET /api/orders/:id/documents/:documentId/pdf (orders:view: support staff read them too): a tax
 * invoice or credit note as PDF, drawn from its snapshot. Another vendor's is a 404.
 */
import { db } from '@/lib/boot.server.ts';
import { endpoint } from '@/lib/http/api.server.ts';
import { notFound } from '@/lib/http/errors.ts';
import { isRecordId } from '@/lib/http/integers.ts';
import { fileResponse } from '@/lib/http/file-response.server.ts';
import { idParam } from '@/app/areas/area-endpoints.server.ts';
import { orderDocument } from '@/features/invoices/document-read.server.ts';
import { documentFileName } from '@/features/invoices/document-numbers.ts';
import { taxDocumentPdf } from '@/features/invoices/pdf/render.server.ts';

export const GET = endpoint(async (context) => {
  const orderId = idParam(context);
  const raw = context.params.documentId;
  if (!isRecordId(raw)) throw notFound();
  const view = await orderDocument(db(), context.locals.principal!, orderId, Number(raw));
  return fileResponse(new Uint8Array(await taxDocumentPdf(view)), { type: 'application/pdf', name: documentFileName(view.doc.number) });
});
