/**
 * The four order lists' API (`GET /api/<key>` and `GET /api/<key>/export`), one pair per list of
 * src/features/orders/order.list.ts, each behind its own permission in the route registry.
 */
import type { APIRoute } from 'astro';
import { db } from '@/lib/boot.server.ts';
import { endpoint, json, queryObject, readJson } from '@/lib/http/api.server.ts';
import { fileResponse } from '@/lib/http/file-response.server.ts';
import { bulkTargetSchema } from '@/lib/areas/area-schemas.ts';
import { listExportEndpoint } from '@/lib/areas/list-export.server.ts';
import { orderListByKey } from '@/features/orders/order.list.ts';
import { ORDER_SOURCES } from '@/features/orders/order.source.server.ts';
import { printInvoicesAndLabels } from './order-print.server.ts';

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
  return listExportEndpoint(key, source, list.declaration, [{ field: 'order_id', header: 'Order ID' }]);
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
