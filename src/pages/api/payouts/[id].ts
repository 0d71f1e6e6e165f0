/** GET /api/payouts/:id (accountings:payouts-list): a payout with the entries it settles and its timeline; another vendor's is a 404. */
import { db } from '@/lib/boot.server.ts';
import { endpoint, json } from '@/lib/http/api.server.ts';
import { idParam } from '@/app/areas/area-endpoints.server.ts';
import { payoutDetails } from '@/app/payouts/payout-requests.server.ts';

export const GET = endpoint(async (context) => json({ data: await payoutDetails(db(), context.locals.principal!, idParam(context)) }));
