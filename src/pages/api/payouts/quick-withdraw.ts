/**
 * GET /api/payouts/quick-withdraw (accountings:payouts-request): the vendor's payable balance, the
 * minimum (Global Settings) and whether they may ask. POST: a payout of the whole payable balance
 * (409 below the minimum; two at once make one payout).
 */
import { db } from '@/lib/boot.server.ts';
import { endpoint, json } from '@/lib/http/api.server.ts';
import { notFound } from '@/lib/http/errors.ts';
import { payoutDetails, quickWithdraw, withdrawState } from '@/app/payouts/payout-requests.server.ts';

export const GET = endpoint(async ({ locals }) => {
  const vendorId = locals.principal!.user.vendorId;
  if (locals.principal!.user.userType !== 'vendor' || vendorId === null) throw notFound('No payable balance of yours: Quick Withdraw is a vendor’s own.');
  return json({ data: await withdrawState(db(), vendorId) });
});

export const POST = endpoint(async ({ locals }) => {
  const payout = await quickWithdraw(db(), locals.actor, locals.principal!);
  return json({ message: `Payout ${payout.number} requested.`, data: await payoutDetails(db(), locals.principal!, payout.id) }, { status: 201 });
});
