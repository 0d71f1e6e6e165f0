/** POST /api/earnings/adjustments (accountings:earning-adjust): a credit or debit entry in a vendor's ledger, with a reason. */
import { db } from '@/lib/boot.server.ts';
import { endpoint, json, readInput } from '@/lib/http/api.server.ts';
import { addAdjustment, adjustmentSchema } from '@/features/earnings/adjustment.server.ts';

export const POST = endpoint(async ({ request, locals }) => {
  const input = await readInput(request, adjustmentSchema);
  const p = locals.principal!;
  const data = await addAdjustment(db(), locals.actor, { id: p.user.id, name: p.user.name }, input);
  return json({ message: 'Adjustment recorded.', data }, { status: 201 });
});
