/**
 * The API of every declared area, in one place: list, create, read, update, delete, bulk and
 * export. The middleware has already checked the permission declared for the path and method.
 */
import type { APIContext } from 'astro';
import { z } from 'zod';
import { db } from '@/lib/boot.server.ts';
import { json, parseWith, queryObject, readFormData, readInput } from '@/lib/http/api.server.ts';
import { HttpError, notFound } from '@/lib/http/errors.ts';
import { config } from '@/lib/config.server.ts';
import { resourceByKey } from './resources.server.ts';
import { exportProductsForImport } from '@/app/products/product-export.server.ts';
import { csvResponse } from '@/lib/areas/csv.server.ts';
import { toIstIso } from '@/lib/india/ist.ts';
import type { RequestScope, Resource } from '@/lib/areas/resource.server.ts';
import { hasMarkdownField, inSentence } from '@/lib/areas/area.ts';
import { bulkDeleteSchema, bulkStatusSchema, markdownPreviewSchema, optionsQuery, reorderSchema, type BulkTarget } from '@/lib/areas/area-schemas.ts';
import type { Filters } from '@/lib/list/list-query.ts';
import { isRecordId, recordIdList, versionSchema } from '@/lib/http/integers.ts';
import { renderMarkdown } from '@/lib/text/markdown.server.ts';
import { imageTooLargeMessage } from '@/lib/uploads/image-rules.ts';

export function resourceFor(context: APIContext): Resource {
  const resource = resourceByKey(context.params.area);
  if (!resource) throw notFound();
  return resource;
}

export function requestScope(context: APIContext): RequestScope {
  return { principal: context.locals.principal!, actor: context.locals.actor };
}

export function idParam(context: APIContext): number {
  const raw = context.params.id;
  if (!isRecordId(raw)) throw notFound();
  return Number(raw);
}

/** Forms come as multipart (they may carry files); integrators may send JSON. */
async function readRecordInput(context: APIContext, schema: z.ZodObject, extra: z.ZodRawShape = {}) {
  const type = (context.request.headers.get('content-type') ?? '').split(';')[0]!.trim();
  const full = schema.extend(extra);
  if (type === 'multipart/form-data' || type === 'application/x-www-form-urlencoded') {
    let form;
    try {
      form = await readFormData(context.request, config().MAX_UPLOAD_BYTES + 256 * 1024);
    } catch (e) {
      // Name the file field, so the form can show the error beside it.
      const field = resourceFor(context).def.images?.[0]?.field;
      if (e instanceof HttpError && e.status === 413 && field) {
        const message = imageTooLargeMessage(config().MAX_UPLOAD_BYTES);
        throw new HttpError(413, message, { [field]: [message] });
      }
      throw e;
    }
    return parseWith(full, form);
  }
  return readInput(context.request, full);
}

const versionField = { version: versionSchema };
const exportQuery = z.object({ ids: recordIdList('ids must be a comma-separated list of record ids.').optional() }).passthrough();

export async function listRecords(context: APIContext) {
  const r = resourceFor(context);
  return json(await r.list(db(), requestScope(context), r.parseListQuery(queryObject(context.url))));
}

export async function createRecord(context: APIContext) {
  const r = resourceFor(context);
  const input = await readRecordInput(context, r.area.schema);
  const record = await r.create(db(), requestScope(context), input);
  return json({ message: `${r.area.singular} created.`, data: record }, { status: 201 });
}

export async function readRecord(context: APIContext) {
  const r = resourceFor(context);
  return json({ data: await r.get(db(), requestScope(context), idParam(context)) });
}

export async function updateRecord(context: APIContext) {
  const r = resourceFor(context);
  const id = idParam(context);
  const { version, ...input } = (await readRecordInput(context, r.area.schema, versionField)) as { version: number };
  const record = await r.update(db(), requestScope(context), id, version, input as never);
  return json({ message: `${r.area.singular} saved.`, data: record });
}

export async function deleteRecord(context: APIContext) {
  const r = resourceFor(context);
  await r.remove(db(), requestScope(context), { ids: [idParam(context)] });
  return json({ message: `${r.area.singular} deleted.` });
}

/** GET /api/<area>/:id/delete-check → `{ data: { deletable, message, details } }`: the delete's in-use guards, without deleting. */
export async function deleteCheck(context: APIContext) {
  const r = resourceFor(context);
  return json({ data: await r.deleteCheck(db(), requestScope(context), idParam(context)) });
}

/** A bulk call's `{ ids }` or `{ filter }`, the filter as the list would read it from its URL. */
const bulkTarget = (input: { ids?: number[]; filter?: { q?: string; filters?: Filters } }): BulkTarget =>
  input.ids ? { ids: input.ids } : { filter: input.filter ?? {} };

const counted = (r: Resource, count: number, verb: string) => `${count} ${inSentence(count === 1 ? r.area.singular : r.area.label)} ${verb}.`;

/** POST /api/<area>/bulk-delete `{ ids }` or `{ filter }` → `{ message, count }`: all or nothing. */
export async function bulkDelete(context: APIContext) {
  const r = resourceFor(context);
  const input = await readInput(context.request, bulkDeleteSchema);
  const count = await r.remove(db(), requestScope(context), bulkTarget(input));
  return json({ message: counted(r, count, 'deleted'), count, data: { deleted: count } });
}

/** POST /api/<area>/bulk-status `{ ids | filter, status }` → `{ message, count }`: how many changed. */
export async function bulkStatus(context: APIContext) {
  const r = resourceFor(context);
  const { status, ...input } = await readInput(context.request, bulkStatusSchema);
  const count = await r.setStatus(db(), requestScope(context), bulkTarget(input), status);
  return json({ message: counted(r, count, 'updated'), count, data: { updated: count } });
}

/** GET /api/<area>/options?q=&filters=&ids=: `{ data: [{ value, label }] }` for pickers in other areas' forms and filters. */
export async function listOptions(context: APIContext) {
  const r = resourceFor(context);
  const { ids, q, filters } = parseWith(optionsQuery.strict(), queryObject(context.url));
  const query = r.parseListQuery({ ...(q ? { q } : {}), ...(filters ? { filters } : {}), per_page: '50' });
  return json({ data: await r.options(db(), requestScope(context), query, ids ? [...new Set(ids)] : undefined) });
}

/** The whole filtered set, or only `ids` (the visible page), as CSV. */
/** Areas whose export is a file of their own format rather than the list's columns. */
const OWN_EXPORTS: Record<string, (context: APIContext, resource: Resource) => Promise<Response>> = {
  // The bulk import's format, so export → edit → import is a round trip (issue 16).
  products: exportProductsForImport,
};

export async function exportRecords(context: APIContext) {
  const r = resourceFor(context);
  const own = OWN_EXPORTS[r.area.key];
  if (own) return own(context, r);
  const raw = queryObject(context.url);
  const { ids } = parseWith(exportQuery, raw);
  const { ids: _ids, ...listParams } = raw;
  const query = r.parseListQuery({ ...listParams, page: '1', per_page: '100' });
  const rows = await r.exportRows(db(), requestScope(context), query, ids);
  const columns = r.area.columns.filter((c) => c.display !== 'image').map((c) => ({ field: c.field, header: c.header, kind: c.kind }));
  // Today in IST, as the file's times are.
  return csvResponse(`${r.area.key}-${toIstIso(new Date()).slice(0, 10)}.csv`, [{ field: 'id', header: 'ID' }, ...columns], rows);
}

/** POST /api/<area>/reorder `{ ids, q?, filters? }`: one transaction, one activity entry; 409 when the set changed meanwhile. */
export async function reorderRecords(context: APIContext) {
  const r = resourceFor(context);
  if (!r.area.reorder) throw notFound();
  const { ids, q, filters } = await readInput(context.request, reorderSchema);
  const query = r.parseListQuery({ ...(q ? { q } : {}), ...(filters ? { filters: JSON.stringify(filters) } : {}) });
  const moved = await r.reorder(db(), requestScope(context), ids, query);
  return json({ message: moved ? 'Order saved.' : 'The order is unchanged.', data: { updated: moved } });
}

/** POST /api/<area>/markdown-preview `{ text }` → `{ data: { html } }`: exactly what the area shows for that Markdown. */
export async function markdownPreview(context: APIContext) {
  const r = resourceFor(context);
  if (!hasMarkdownField(r.area)) throw notFound();
  const { text } = await readInput(context.request, markdownPreviewSchema);
  return json({ data: { html: renderMarkdown(text) } });
}
