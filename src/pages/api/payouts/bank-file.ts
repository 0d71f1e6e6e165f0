/**
 * POST /api/payouts/bank-file { ids? } (accountings:payouts-pay): every approved payout (or the
 * chosen ones) of active vendors as the bank's bulk-transfer CSV; they become processing. Answers the
 * file; `Result-Summary` says how many went.
 */
import { z } from 'zod';
import { db } from '@/lib/boot.server.ts';
import { endpoint, readInput } from '@/lib/http/api.server.ts';
import { recordIdList } from '@/lib/http/integers.ts';
import { fileResponse } from '@/lib/http/file-response.server.ts';
import { exportBankFile } from '@/app/payouts/bank-file.server.ts';
import { personOf } from '@/app/payouts/payout-requests.server.ts';

const schema = z.strictObject({ ids: recordIdList('ids must be a comma-separated list of payout ids.').optional() });

export const POST = endpoint(async ({ request, locals }) => {
  const input = await readInput(request, schema);
  const file = await exportBankFile(db(), locals.actor, personOf(locals.principal!), input.ids);
  return fileResponse(file.csv, {
    type: 'text/csv; charset=utf-8',
    name: `${file.batchRef}.csv`,
    headers: {
      'result-summary': encodeURIComponent(`${file.count} payout${file.count === 1 ? '' : 's'} sent to the bank in ${file.batchRef}.`),
      'cache-control': 'no-store',
    },
  });
});
