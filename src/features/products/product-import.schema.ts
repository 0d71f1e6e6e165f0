/**
 * The bulk import API's query and body schemas (issue 16): the upload's file name and vendor, the
 * confirmation, the error pages and the template's format. No server imports.
 */
import { z } from 'zod';
import { pageSchema, recordId } from '@/lib/http/integers.ts';
import { IMPORT_ROW_OUTCOMES } from './product-import-format.ts';

const fileName = z
  .string()
  .trim()
  .max(200, 'The file name is at most 200 characters.')
  .regex(/^[^\u0000-\u001f/\\]*$/, 'The file name can’t hold slashes or control characters.');

/** POST /api/products/imports?file_name=…&vendor_id=… with the file as the body. */
export const importUploadQuery = z.strictObject({
  file_name: fileName.optional(),
  /** Staff: whose catalogue; a vendor's is always their own. */
  vendor_id: recordId('Choose the vendor from the list.').optional(),
});

/** POST /api/products/imports/{id}/confirm */
export const importConfirmSchema = z.strictObject({
  /** The same file was imported for this vendor within a day: import it again anyway. */
  confirm_duplicate: z.union([z.boolean(), z.enum(['true', 'false']).transform((v) => v === 'true')]).optional(),
});

/** GET /api/products/imports/{id}/errors */
export const importErrorsQuery = z.strictObject({
  page: pageSchema().optional(),
  per_page: z.coerce
    .number({ error: 'per_page must be 10–100.' })
    .int('per_page must be 10–100.')
    .min(10, 'per_page must be 10–100.')
    .max(100, 'per_page must be 10–100.')
    .optional(),
});

/** GET /api/products/imports/{id}/rows */
export const importRowsQuery = importErrorsQuery.extend({
  outcome: z.enum(IMPORT_ROW_OUTCOMES, { error: 'outcome is error, created, updated or unchanged.' }).optional(),
});

/** GET /api/products/import-template and the export's `format`. */
export const importFileFormat = z.enum(['csv', 'xlsx'], { error: 'format is csv or xlsx.' });

export const importTemplateQuery = z.strictObject({
  format: importFileFormat.optional(),
  vendor_id: recordId('Choose the vendor from the list.').optional(),
});
