/**
 * The products list's export (GET /api/products/export?<list params>[&ids=1,2][&format=csv|xlsx]
 * [&vendor_id=3]) in exactly the bulk import's format (docs/products.md, "Bulk import"): export → edit
 * in a spreadsheet → import changes nothing that was not edited. The file is one vendor's catalogue
 * (handles, SKUs and warehouse codes are per vendor): a vendor's own; staff filter the list to one
 * vendor or name it with vendor_id. The areas' export endpoint hands the products area here.
 */
import type { APIContext } from 'astro';
import { z } from 'zod';
import { db } from '@/lib/boot.server.ts';
import { parseWith, queryObject } from '@/lib/http/api.server.ts';
import { invalid } from '@/lib/http/errors.ts';
import { recordId, recordIdList } from '@/lib/http/integers.ts';
import { toIstIso } from '@/lib/india/ist.ts';
import type { Resource } from '@/lib/areas/resource.server.ts';
import { importFileFormat } from '@/features/products/product-import.schema.ts';
import { streamedFile, writeProductsForImport } from '@/features/products/product-import-export.server.ts';

const exportQuery = z
  .object({
    ids: recordIdList('ids must be a comma-separated list of record ids.').optional(),
    format: importFileFormat.optional(),
    vendor_id: recordId('Choose the vendor from the list.').optional(),
  })
  .loose();

export async function exportProductsForImport(context: APIContext, resource: Resource): Promise<Response> {
  const { url, locals } = context;
  const principal = locals.principal!;
  const raw = queryObject(url);
  const { ids, format = 'csv', vendor_id: requestedVendor } = parseWith(exportQuery, raw);
  const { ids: _ids, format: _format, vendor_id: _vendor, ...listParams } = raw;
  const query = resource.parseListQuery({ ...listParams, page: '1', per_page: '100' });
  const rows = await resource.exportRows(db(), { principal, actor: locals.actor }, query, ids);
  const staff = principal.user.userType !== 'vendor';
  let vendorId: number | undefined = staff ? requestedVendor : principal.vendor?.id;
  if (staff && !vendorId) {
    const vendors = new Set(rows.map((r) => Number(r.vendor_id)));
    if (vendors.size !== 1)
      throw invalid(
        { vendor_id: ['Filter the list to one vendor to export: the file is that vendor’s catalogue, ready to import.'] },
        'Filter the list to one vendor to export: the file is that vendor’s catalogue, ready to import.',
      );
    vendorId = [...vendors][0]!;
  }
  if (!vendorId) throw invalid({ vendor_id: ['Your account has no store.'] });
  const productIds = rows.filter((r) => Number(r.vendor_id) === vendorId).map((r) => Number(r.id));
  return streamedFile(`products-${toIstIso(new Date()).slice(0, 10)}.${format}`, format, (writer) =>
    writeProductsForImport(db(), vendorId, productIds, writer, staff),
  );
}
