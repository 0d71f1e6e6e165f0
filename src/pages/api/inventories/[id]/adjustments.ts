/**
 * POST /api/inventories/:id/adjustments { version, reason, delta, note? } (inventories:update): changes
 * the level's on-hand quantity with a reason, written to its ledger and the activity log in one
 * transaction. 409 when the version is stale or the change would leave less than the reserved units,
 * naming what is available.
 */
import { db } from '@/lib/boot.server.ts';
import { endpoint, json, readInput } from '@/lib/http/api.server.ts';
import { idParam } from '@/app/areas/area-endpoints.server.ts';
import { adjustmentSchema } from '@/features/inventories/inventory.schema.ts';
import { adjustLevel } from '@/features/inventories/inventory.service.server.ts';

export const POST = endpoint(async (context) => {
  const id = idParam(context);
  const input = await readInput(context.request, adjustmentSchema);
  const level = await adjustLevel(db(), { principal: context.locals.principal!, actor: context.locals.actor }, id, input);
  return json({ message: `Stock adjusted: ${level.on_hand} on hand, ${level.available} available.`, data: level }, { status: 201 });
});
