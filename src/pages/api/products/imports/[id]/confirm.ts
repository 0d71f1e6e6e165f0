/**
 * POST /api/products/imports/{id}/confirm `{ confirm_duplicate?: true }`: imports the file after its
 * dry run (202). 409 while the dry run runs, once imported, or when the same file was imported for
 * this vendor in the last day and `confirm_duplicate` is not sent.
 */
import { db } from '@/lib/boot.server.ts';
import { endpoint, json, readInput } from '@/lib/http/api.server.ts';
import { notFound } from '@/lib/http/errors.ts';
import { isRecordId } from '@/lib/http/integers.ts';
import { importConfirmSchema } from '@/features/products/product-import.schema.ts';
import { confirmImport, importJobView } from '@/features/products/product-import-jobs.server.ts';

export const POST = endpoint(async ({ params, request, locals }) => {
  if (!isRecordId(params.id)) throw notFound('Import not found.');
  const { confirm_duplicate: confirmDuplicate = false } = await readInput(request, importConfirmSchema);
  const job = await confirmImport(db(), locals.principal!, Number(params.id), confirmDuplicate);
  return json({ message: 'Importing: the page shows the progress.', data: importJobView(job) }, { status: 202 });
});
