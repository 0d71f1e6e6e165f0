/**
 * GET /api/inventories/:id: one stock level (inventories:list; a vendor's own, else 404).
 * PATCH { version, low_stock_threshold }: its low-stock threshold (inventories:update; 409 on a stale version).
 */
import { db } from '@/lib/boot.server.ts';
import { endpoint, json, readInput } from '@/lib/http/api.server.ts';
import { idParam } from '@/app/areas/area-endpoints.server.ts';
import { thresholdSchema } from '@/features/inventories/inventory.schema.ts';
import { getStockLevel, setThreshold } from '@/features/inventories/inventory.service.server.ts';

export const GET = endpoint(async (context) => json({ data: await getStockLevel(db(), context.locals.principal!, idParam(context)) }));

export const PATCH = endpoint(async (context) => {
  const id = idParam(context);
  const input = await readInput(context.request, thresholdSchema);
  const level = await setThreshold(db(), { principal: context.locals.principal!, actor: context.locals.actor }, id, input);
  return json({ message: 'Low-stock threshold saved.', data: level });
});
