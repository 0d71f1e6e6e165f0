/**
 * Bodies of the area calls that declarations switch on (`reorder`, a Markdown field), shared by
 * the endpoints and the OpenAPI document. No server imports.
 */
import { z } from 'zod';
import { filtersSchema } from '../list/list-query.ts';

/** POST /api/<area>/reorder: the ids of the list's records in their new order, and the search and filters that list was loaded with. */
export const reorderSchema = z.strictObject({
  ids: z.array(z.coerce.number().int().positive().max(2_147_483_647)).min(1, 'Send the ids in their new order.').max(1000, 'At most 1000 rows at a time.'),
  q: z.string().max(200).optional(),
  filters: filtersSchema.optional(),
});

/** Longer text is refused by the preview (the areas' own Markdown fields are shorter). */
export const MARKDOWN_PREVIEW_MAX_LENGTH = 20_000;

/** POST /api/<area>/markdown-preview. */
export const markdownPreviewSchema = z.strictObject({
  text: z.string({ error: 'Send the text to preview.' }).max(MARKDOWN_PREVIEW_MAX_LENGTH, `At most ${MARKDOWN_PREVIEW_MAX_LENGTH} characters.`),
});
