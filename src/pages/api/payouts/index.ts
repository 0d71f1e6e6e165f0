/**
 * GET /api/payouts: the list contract over payouts (accountings:payouts-list; a vendor's own only).
 * POST /api/payouts { vendor_id, up_to? } (accountings:payouts-create): staff make a payout of a
 * vendor's entries payable by a date (today when left out).
 */
import { db } from '@/lib/boot.server.ts';
import { endpoint, json, queryObject, readInput } from '@/lib/http/api.server.ts';
import { payoutSource } from '@/features/payouts/payout.source.server.ts';
import { createStaffPayout, payoutDetails, staffPayoutSchema } from '@/app/payouts/payout-requests.server.ts';

export const GET = endpoint(async ({ url, locals }) =>
  json(await payoutSource.list(db(), { principal: locals.principal!, actor: locals.actor }, payoutSource.parseListQuery(queryObject(url)))),
);

export const POST = endpoint(async ({ request, locals }) => {
  const input = await readInput(request, staffPayoutSchema);
  const payout = await createStaffPayout(db(), locals.actor, locals.principal!, input);
  return json({ message: `Payout ${payout.number} created.`, data: await payoutDetails(db(), locals.principal!, payout.id) }, { status: 201 });
});
