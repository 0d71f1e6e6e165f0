/** GET /api/products/imports/{id}: the job's phase, status and counts, polled by the page while it runs (a vendor only their own). */
import { db } from '@/lib/boot.server.ts';
import { endpoint, json } from '@/lib/http/api.server.ts';
import { notFound } from '@/lib/http/errors.ts';
import { isRecordId } from '@/lib/http/integers.ts';
import { importJobFor, importJobView, recentImportOfSameFile } from '@/features/products/product-import-jobs.server.ts';

export const GET = endpoint(async ({ params, locals }) => {
  if (!isRecordId(params.id)) throw notFound('Import not found.');
  const job = await importJobFor(db(), locals.principal!, Number(params.id));
  const earlier = job.phase === 'dry_run' ? await recentImportOfSameFile(db(), job) : null;
  return json({ data: importJobView(job, { duplicate: earlier && { id: earlier.id, created_at: earlier.createdAt.toISOString() } }) });
});
