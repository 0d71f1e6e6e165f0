/**
 * Bodies of the area calls that declarations switch on (`reorder`, a Markdown field), shared by
 * the endpoints and the OpenAPI document. No server imports.
 */
import { z } from 'zod';
import { filtersSchema } from '@/lib/list/list-query.ts';
import { recordIdList, recordIds } from '@/lib/http/integers.ts';

/** POST /api/<area>/reorder: the ids of the list's records in their new order, and the search and filters that list was loaded with. */
export const reorderSchema = z.strictObject({
  ids: recordIds('Send the ids in their new order.', 'At most 1000 rows at a time.'),
  q: z.string().max(200).optional(),
  filters: filtersSchema.optional(),
});

/** POST /api/<area>/bulk-delete: the selected rows' ids. */
export const bulkIdsSchema = z.strictObject({ ids: recordIds('Select at least one row.', 'At most 1000 rows at a time.') });

/** POST /api/<area>/bulk-status: the selected rows' ids and the status to give them. */
export const bulkStatusSchema = bulkIdsSchema.extend({ status: z.string().min(1).max(40) });

/** Longer text is refused by the preview (the areas' own Markdown fields are shorter). */
export const MARKDOWN_PREVIEW_MAX_LENGTH = 20_000;

/** POST /api/<area>/markdown-preview. */
export const markdownPreviewSchema = z.strictObject({
  text: z.string({ error: 'Send the text to preview.' }).max(MARKDOWN_PREVIEW_MAX_LENGTH, `At most ${MARKDOWN_PREVIEW_MAX_LENGTH} characters.`),
});

/** GET /api/<area>/options (and /api/vendors/options): which choices a picker asks for. */
export const optionsQuery = z.object({
  ids: recordIdList('ids must be a comma-separated list of at most 100 record ids.', 100).optional(),
  q: z.string().optional(),
  filters: z.string().optional(),
});
