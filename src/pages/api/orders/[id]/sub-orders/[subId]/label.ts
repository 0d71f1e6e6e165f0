/**
 * GET /api/orders/:id/sub-orders/:subId/label (orders:view): the shipped sub-order's 4 × 6 inch
 * shipping label as PDF (AWB barcode, addresses, COD amount). Another vendor's is a 404; one that
 * hasn't shipped (no AWB yet) a 409.
 */
import { db } from '@/lib/boot.server.ts';
import { endpoint } from '@/lib/http/api.server.ts';
import { notFound } from '@/lib/http/errors.ts';
import { isRecordId } from '@/lib/http/integers.ts';
import { fileResponse } from '@/lib/http/file-response.server.ts';
import { idParam } from '@/app/areas/area-endpoints.server.ts';
import { shippingLabel } from '@/features/invoices/document-read.server.ts';
import { shippingLabelPdf } from '@/features/invoices/pdf/render.server.ts';

export const GET = endpoint(async (context) => {
  const orderId = idParam(context);
  const raw = context.params.subId;
  if (!isRecordId(raw)) throw notFound();
  const label = await shippingLabel(db(), context.locals.principal!, orderId, Number(raw));
  return fileResponse(new Uint8Array(await shippingLabelPdf(label)), { type: 'application/pdf', name: `label-${label.subOrderNumber}.pdf` });
});
