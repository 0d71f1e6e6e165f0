/**
 * GET /api/vendors/:id/documents/:doc?expires=&sig=: one KYC document, for staff holding
 * vendors:view-kyc (the registry) AND with a signed link that has not expired (5 minutes, from
 * GET /api/vendors/:id). Never cached, never a public URL.
 */
import { db } from '@/lib/boot.server.ts';
import { endpoint } from '@/lib/http/api.server.ts';
import { notFound } from '@/lib/http/errors.ts';
import { isRecordId } from '@/lib/http/integers.ts';
import { idParam } from '@/app/areas/area-endpoints.server.ts';
import { readSignedDocument } from '@/features/vendors/vendors.service.server.ts';

export const GET = endpoint(async (context) => {
  const id = idParam(context);
  if (!isRecordId(context.params.doc)) throw notFound();
  const { doc, bytes } = await readSignedDocument(
    db(),
    id,
    Number(context.params.doc),
    context.url.searchParams.get('expires'),
    context.url.searchParams.get('sig'),
  );
  const ext = doc.contentType === 'application/pdf' ? 'pdf' : doc.contentType === 'image/png' ? 'png' : 'jpg';
  return new Response(new Uint8Array(bytes), {
    headers: {
      'content-type': doc.contentType,
      'content-length': String(bytes.length),
      'content-disposition': `inline; filename="${doc.kind}-${id}.${ext}"`,
      'cache-control': 'private, no-store',
      'x-content-type-options': 'nosniff',
    },
  });
});
