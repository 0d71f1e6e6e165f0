import { endpoint, json, readInput } from '@/lib/http/api.server.ts';
import { db } from '@/lib/boot.server.ts';
import { idParam } from '@/app/areas/area-endpoints.server.ts';
import { customerStatusChangeSchema } from '@/features/customers/customer.area.ts';
import { unblockCustomer } from '@/features/customers/customer-actions.server.ts';

/** POST /api/customers/:id/unblock `{ reason }` (customers:update): 409 when not blocked. */
export const POST = endpoint(async (context) => {
  const { reason } = await readInput(context.request, customerStatusChangeSchema);
  return json({ message: 'Customer unblocked.', data: await unblockCustomer(db(), context.locals.actor, idParam(context), reason) });
});
