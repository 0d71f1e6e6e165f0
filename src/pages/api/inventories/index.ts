/**
 * GET /api/inventories: the list contract over stock levels (one row per variant per warehouse; a
 * vendor's own only). POST { variant_id, warehouse_id }: the variant's first level in another of its
 * vendor's warehouses, at zero (inventories:update); stock then comes in as an adjustment.
 */
import { db } from '@/lib/boot.server.ts';
import { endpoint, json, queryObject, readInput } from '@/lib/http/api.server.ts';
import { inventorySource } from '@/features/inventories/inventory.source.server.ts';
import { startStockingSchema } from '@/features/inventories/inventory.schema.ts';
import { startStocking } from '@/features/inventories/inventory.service.server.ts';

export const GET = endpoint(async ({ url, locals }) =>
  json(await inventorySource.list(db(), { principal: locals.principal!, actor: locals.actor }, inventorySource.parseListQuery(queryObject(url)))),
);

export const POST = endpoint(async ({ request, locals }) => {
  const input = await readInput(request, startStockingSchema);
  const level = await startStocking(db(), { principal: locals.principal!, actor: locals.actor }, input);
  return json({ message: 'Stock level started.', data: level }, { status: 201 });
});
