/** GET /api/products/imports/{id}/error-file: the original file (CSV or XLSX) with an `errors` column on each row. */
import { db } from '@/lib/boot.server.ts';
import { endpoint } from '@/lib/http/api.server.ts';
import { notFound } from '@/lib/http/errors.ts';
import { isRecordId } from '@/lib/http/integers.ts';
import { importJobFor } from '@/features/products/product-import-jobs.server.ts';
import { errorFileResponse } from '@/features/products/product-import-export.server.ts';

export const GET = endpoint(async ({ params, locals }) => {
  if (!isRecordId(params.id)) throw notFound('Import not found.');
  return errorFileResponse(db(), await importJobFor(db(), locals.principal!, Number(params.id)));
});
