/**
 * The four order lists' API (`GET /api/<key>` and `GET /api/<key>/export`), one pair per list of
 * src/features/orders/order.list.ts, each behind its own permission in the route registry.
 */
import type { APIRoute } from 'astro';
import { z } from 'zod';
import { db } from '@/lib/boot.server.ts';
import { endpoint, json, parseWith, queryObject, readJson } from '@/lib/http/api.server.ts';
import { fileResponse } from '@/lib/http/file-response.server.ts';
import { bulkTargetSchema } from '@/lib/areas/area-schemas.ts';
import { csvResponse } from '@/lib/areas/csv.server.ts';
import { visibleTo } from '@/lib/areas/area.ts';
import { toIstIso } from '@/lib/india/ist.ts';
import { recordIdList } from '@/lib/http/integers.ts';
import { orderListByKey } from '@/features/orders/order.list.ts';
import { ORDER_SOURCES } from '@/features/orders/order.source.server.ts';
import { printInvoicesAndLabels } from './order-print.server.ts';

const MAX_EXPORT_ROWS = 100_000;
const exportQuery = z.object({ ids: recordIdList('ids must be a comma-separated list of record ids.').optional() }).loose();

function sourceOf(key: string) {
  const source = ORDER_SOURCES.get(key);
  const list = orderListByKey(key);
  if (!source || !list) throw new Error(`No order list "${key}"`);
  return { source, list };
}

export function orderListEndpoint(key: string): APIRoute {
  const { source } = sourceOf(key);
  return endpoint(async ({ url, locals }) =>
    json(await source.list(db(), { principal: locals.principal!, actor: locals.actor }, source.parseListQuery(queryObject(url)))),
  );
}

/** The filtered list (every page, a vendor's own only) or the chosen rows, as CSV with IST times. */
export function orderExportEndpoint(key: string): APIRoute {
  const { source, list } = sourceOf(key);
  return endpoint(async ({ url, locals }) => {
    const scope = { principal: locals.principal!, actor: locals.actor };
    const { ids, ...rest } = parseWith(exportQuery, queryObject(url));
    const query = source.parseListQuery({ ...(rest as Record<string, string>), page: '1', per_page: '100' });
    if (ids?.length) query.filters = { ...query.filters, id: { operator: 'and', constraints: [{ matchMode: 'in', value: ids }] } };
    const rows: Record<string, unknown>[] = [];
    let cursor: string | undefined;
    do {
      const page = await source.list(db(), scope, { ...query, ...(cursor ? { cursor } : {}) });
      rows.push(...page.data);
      cursor = page.meta.next_cursor ?? undefined;
    } while (cursor && rows.length < MAX_EXPORT_ROWS);
    const columns = visibleTo(list.declaration.columns, locals.principal?.user.userType).map((c) => ({ field: c.field, header: c.header, kind: c.kind }));
    return csvResponse(
      `${key}-${toIstIso(new Date()).slice(0, 10)}.csv`,
      [{ field: 'id', header: 'ID' }, { field: 'order_id', header: 'Order ID' }, ...columns],
      rows,
    );
  });
}

/** POST /api/<key>/bulk-print { ids | filter }: the parcels' invoices and labels as one PDF (order-print.server.ts). */
export function orderPrintEndpoint(key: string): APIRoute {
  const { source } = sourceOf(key);
  return endpoint(async ({ request, locals }) => {
    const target = await readJson(request, bulkTargetSchema);
    const batch = await printInvoicesAndLabels(db(), { principal: locals.principal!, actor: locals.actor }, source, target);
    return fileResponse(new Uint8Array(batch.bytes), {
      type: 'application/pdf',
      name: batch.fileName,
      headers: { 'result-summary': encodeURIComponent(batch.summary) },
    });
  });
}
