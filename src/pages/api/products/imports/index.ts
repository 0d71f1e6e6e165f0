/**
 * POST /api/products/imports?file_name=products.csv[&vendor_id=3]: the file itself is the body
 * (text/csv or the XLSX type), streamed to disk up to MAX_IMPORT_BYTES; answers 201 with the job,
 * whose dry run starts at once, and `duplicate_of` when the same file was imported for this vendor
 * in the last day. GET: the latest jobs (a vendor's own). products:import (docs/products.md, "Bulk import").
 */
import { db } from '@/lib/boot.server.ts';
import { endpoint, json, parseWith, queryObject } from '@/lib/http/api.server.ts';
import { importUploadQuery } from '@/features/products/product-import.schema.ts';
import {
  createImportJob,
  importJobView,
  importVendorFor,
  receiveImportFile,
  recentImportJobs,
  recentImportOfSameFile,
} from '@/features/products/product-import-jobs.server.ts';

export const POST = endpoint(async ({ request, url, locals }) => {
  const principal = locals.principal!;
  const query = parseWith(importUploadQuery, queryObject(url));
  const vendorId = await importVendorFor(db(), principal, query.vendor_id);
  const file = await receiveImportFile(request);
  const job = await createImportJob(db(), principal, locals.actor, vendorId, query.file_name ?? '', file);
  const earlier = await recentImportOfSameFile(db(), job);
  return json(
    {
      message: 'File received: checking it now.',
      data: importJobView(job, { duplicate: earlier && { id: earlier.id, created_at: earlier.createdAt.toISOString() } }),
    },
    { status: 201 },
  );
});

export const GET = endpoint(async ({ locals }) => json({ data: (await recentImportJobs(db(), locals.principal!)).map((job) => importJobView(job)) }));
