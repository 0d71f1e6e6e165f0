/**
 * GET /api/products/imports/{id}/rows?outcome=error|created|updated|unchanged&page=&per_page=: the rows of
 * the job's latest phase that came to that outcome, in row order, with their SKU; error rows with what is wrong.
 */
import { db } from '@/lib/boot.server.ts';
import { endpoint, json, parseWith, queryObject } from '@/lib/http/api.server.ts';
import { notFound } from '@/lib/http/errors.ts';
import { isRecordId } from '@/lib/http/integers.ts';
import { importRowsQuery } from '@/features/products/product-import.schema.ts';
import { importJobFor } from '@/features/products/product-import-jobs.server.ts';
import { jobRows } from '@/features/products/product-import.server.ts';

export const GET = endpoint(async ({ params, url, locals }) => {
  if (!isRecordId(params.id)) throw notFound('Import not found.');
  const { page = 1, per_page: perPage = 25, outcome = 'error' } = parseWith(importRowsQuery, queryObject(url));
  const job = await importJobFor(db(), locals.principal!, Number(params.id));
  const phase = job.phase === 'import' && job.status === 'done' ? 'import' : 'dry_run';
  const { rows, total } = await jobRows(db(), job.id, phase, outcome, page, perPage);
  return json({ data: rows, meta: { page, per_page: perPage, total, phase, outcome } });
});
