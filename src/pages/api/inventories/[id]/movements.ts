/** GET /api/inventories/:id/movements?page=: the level's ledger, newest first, 20 a page (inventories:list; a vendor's own). */
import { z } from 'zod';
import { db } from '@/lib/boot.server.ts';
import { endpoint, json, parseWith, queryObject } from '@/lib/http/api.server.ts';
import { pageSchema } from '@/lib/http/integers.ts';
import { idParam } from '@/app/areas/area-endpoints.server.ts';
import { listMovements } from '@/features/inventories/inventory.service.server.ts';

const movementsQuery = z.strictObject({ page: pageSchema() });

export const GET = endpoint(async (context) => {
  const { page } = parseWith(movementsQuery, queryObject(context.url));
  return json(await listMovements(db(), context.locals.principal!, idParam(context), page));
});
