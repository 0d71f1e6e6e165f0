/**
 * POST /api/vendor/kyc/documents (multipart: `kind` pan_card | cancelled_cheque | gst_certificate,
 * `file`): one KYC document, checked by its bytes (PDF, JPEG, PNG, at most 5 MB), stored outside
 * the public uploads. Replaces the earlier one of that kind.
 */
import { db } from '@/lib/boot.server.ts';
import { endpoint, json, readFormData } from '@/lib/http/api.server.ts';
import { forbidden } from '@/lib/http/errors.ts';
import { DOCUMENT_MAX_BYTES, saveDocument } from '@/features/vendors/vendors.service.server.ts';
import { DOCUMENT_KINDS } from '@/features/vendors/vendor-status.ts';

export const POST = endpoint(async ({ request, locals }) => {
  const vendorId = locals.principal!.vendor?.id;
  if (!vendorId) throw forbidden('Finish your store setup first.');
  const form = await readFormData(request, DOCUMENT_MAX_BYTES + 64 * 1024);
  const kind = String(form.kind ?? '');
  await saveDocument(db(), locals.actor, vendorId, kind, form.file as File);
  const label = DOCUMENT_KINDS.find((d) => d.value === kind)?.label ?? 'Document';
  return json({ message: `${label} uploaded.` }, { status: 201 });
});
