/** GET /api/products/imports/{id}/errors?page=&per_page=: the row errors of the job's latest phase, in row order, a page at a time. */
import { db } from '@/lib/boot.server.ts';
import { endpoint, json, parseWith, queryObject } from '@/lib/http/api.server.ts';
import { notFound } from '@/lib/http/errors.ts';
import { isRecordId } from '@/lib/http/integers.ts';
import { importErrorsQuery } from '@/features/products/product-import.schema.ts';
import { importJobFor } from '@/features/products/product-import-jobs.server.ts';
import { jobErrors } from '@/features/products/product-import.server.ts';

export const GET = endpoint(async ({ params, url, locals }) => {
  if (!isRecordId(params.id)) throw notFound('Import not found.');
  const { page = 1, per_page: perPage = 25 } = parseWith(importErrorsQuery, queryObject(url));
  const job = await importJobFor(db(), locals.principal!, Number(params.id));
  const phase = job.phase === 'import' && job.status === 'done' ? 'import' : 'dry_run';
  const { rows, total } = await jobErrors(db(), job.id, phase, page, perPage);
  return json({ data: rows, meta: { page, per_page: perPage, total, phase } });
});
