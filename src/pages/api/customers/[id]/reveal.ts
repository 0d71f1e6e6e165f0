import { endpoint, json } from '@/lib/http/api.server.ts';
import { db } from '@/lib/boot.server.ts';
import { idParam } from '@/app/areas/area-endpoints.server.ts';
import { revealCustomer } from '@/features/customers/customer-actions.server.ts';

/** POST /api/customers/:id/reveal → `{ data: { email, phone } }` (customers:view-pii): written to the activity log. */
export const POST = endpoint(async (context) => json({ data: await revealCustomer(db(), context.locals.actor, idParam(context)) }));
