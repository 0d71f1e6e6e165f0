import { endpoint, json, readInput } from '@/lib/http/api.server.ts';
import { db } from '@/lib/boot.server.ts';
import { idParam } from '@/app/areas/area-endpoints.server.ts';
import { customerStatusChangeSchema } from '@/features/customers/customer.area.ts';
import { blockCustomer } from '@/features/customers/customer-actions.server.ts';

/** POST /api/customers/:id/block `{ reason }` (customers:update): 409 when already blocked. */
export const POST = endpoint(async (context) => {
  const { reason } = await readInput(context.request, customerStatusChangeSchema);
  return json({ message: 'Customer blocked.', data: await blockCustomer(db(), context.locals.actor, idParam(context), reason) });
});
