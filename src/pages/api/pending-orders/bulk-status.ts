/**
 * POST /api/pending-orders/bulk-status { ids | filter, status: confirmed | packed } (orders:update):
 * Pending Orders' bulk confirm and pack (src/app/orders/order-bulk.server.ts); a vendor's own only.
 */
import { db } from '@/lib/boot.server.ts';
import { endpoint, json, readJson } from '@/lib/http/api.server.ts';
import { bulkStatusSchema } from '@/lib/areas/area-schemas.ts';
import { ORDER_SOURCES } from '@/features/orders/order.source.server.ts';
import { bulkMove } from '@/app/orders/order-bulk.server.ts';

export const POST = endpoint(async (context) => {
  const { status, ...target } = await readJson(context.request, bulkStatusSchema);
  const scope = { principal: context.locals.principal!, actor: context.locals.actor };
  return json(await bulkMove(db(), scope, ORDER_SOURCES.get('pending-orders')!, target, status));
});
