/**
 * POST /api/payouts/:id/transitions { action, version?, reason?, utr?, paid_on? } (staff): approve or
 * reject (accountings:payouts-approve; never the payout's own creator), pay, fail or return
 * (accountings:payouts-pay). One transaction with its ledger entries; a step the status doesn't
 * allow (approving twice), a stale version or paying a suspended vendor is a 409.
 */
import { db } from '@/lib/boot.server.ts';
import { endpoint, json, readInput } from '@/lib/http/api.server.ts';
import { idParam } from '@/app/areas/area-endpoints.server.ts';
import { payoutStatusLabel } from '@/features/payouts/payout-rules.ts';
import { payoutDetails, stepByPerson, stepSchema } from '@/app/payouts/payout-requests.server.ts';

export const POST = endpoint(async (context) => {
  const id = idParam(context);
  const input = await readInput(context.request, stepSchema);
  const { locals } = context;
  const after = await stepByPerson(db(), locals.actor, locals.principal!, locals.can, id, input);
  return json({
    message: `Payout ${after.number} is ${payoutStatusLabel(after.status).toLowerCase()}.`,
    data: await payoutDetails(db(), locals.principal!, id),
  });
});
