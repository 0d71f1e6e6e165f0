/**
 * GET /api/products/import-template?format=csv|xlsx[&vendor_id=3]: the bulk import's template, with
 * two example products; the XLSX adds a Help sheet explaining each column and listing the vendor's
 * valid brands, categories, taxes, warehouses and option groups.
 */
import { db } from '@/lib/boot.server.ts';
import { endpoint, parseWith, queryObject } from '@/lib/http/api.server.ts';
import { importTemplateQuery } from '@/features/products/product-import.schema.ts';
import { importVendorFor } from '@/features/products/product-import-jobs.server.ts';
import { templateResponse } from '@/features/products/product-import-export.server.ts';

export const GET = endpoint(async ({ url, locals }) => {
  const { format = 'csv', vendor_id: requested } = parseWith(importTemplateQuery, queryObject(url));
  const vendorId = await importVendorFor(db(), locals.principal!, requested);
  return templateResponse(db(), vendorId, format);
});
