/**
 * Bodies of the area calls that declarations switch on (`reorder`, a Markdown field), shared by
 * the endpoints and the OpenAPI document. No server imports.
 */
import { z } from 'zod';
import { filtersSchema, type Filters } from '@/lib/list/list-query.ts';
import { recordIdList, recordIds } from '@/lib/http/integers.ts';

/** POST /api/<area>/reorder: the ids of the list's records in their new order, and the search and filters that list was loaded with. */
export const reorderSchema = z.strictObject({
  ids: recordIds('Send the ids in their new order.', 'At most 1000 rows at a time.'),
  q: z.string().max(200).optional(),
  filters: filtersSchema.optional(),
});

/**
 * Which rows a bulk call changes: the selected rows' `ids`, or every row matching `filter` (the
 * list's own search and filters, checked against the area's allowlist like GET /api/<area>;
 * `{}` is every row the caller can see). Exactly one of the two.
 */
const bulkTargetShape = {
  ids: recordIds('Select at least one row.', "At most 1000 rows at a time; to change more, send the list's filter instead.").optional(),
  filter: z.strictObject({ q: z.string().trim().max(200).optional(), filters: filtersSchema.optional() }).optional(),
};

const oneTarget = (value: { ids?: unknown; filter?: unknown }, ctx: z.RefinementCtx) => {
  if ((value.ids === undefined) === (value.filter === undefined)) {
    ctx.addIssue({
      code: 'custom',
      path: ['ids'],
      message: "Send either ids (the selected rows) or filter (every row matching the list's search and filters).",
    });
  }
};

/** The rows of a bulk call that takes nothing else: `{ ids }` or `{ filter }` (a bulk delete, a bulk download). */
export const bulkTargetSchema = z.strictObject(bulkTargetShape).superRefine(oneTarget);

/** POST /api/<area>/bulk-delete: `{ ids }` or `{ filter }`. */
export const bulkDeleteSchema = bulkTargetSchema;

/** POST /api/<area>/bulk-status: `{ ids }` or `{ filter }`, and the status to give them. */
export const bulkStatusSchema = z.strictObject({ ...bulkTargetShape, status: z.string().min(1).max(40) }).superRefine(oneTarget);

/**
 * The same for a list whose statuses may need a reason (a status option declaring `reason`: a
 * review's "Rejected"): the DataTable asks for it and sends it here. Which status needs one is the
 * endpoint's rule.
 */
export const bulkStatusWithReasonSchema = z
  .strictObject({ ...bulkTargetShape, status: z.string().min(1).max(40), reason: z.string().trim().max(500, 'At most 500 characters.').optional() })
  .superRefine(oneTarget);

/** The rows a bulk call names, once parsed. */
export type BulkTarget = { ids: number[] } | { filter: { q?: string; filters?: Filters } };

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
