/**
 * POST /api/payouts/bank-result (multipart: file) (accountings:payouts-pay): the bank's result file
 * (reference, status paid|failed, utr, date, reason); each row marks its payout paid or failed in its
 * own transaction. Answers the counts and each refused row; importing it again changes nothing.
 */
import { db } from '@/lib/boot.server.ts';
import { endpoint, json, readFormData } from '@/lib/http/api.server.ts';
import { invalid } from '@/lib/http/errors.ts';
import { importBankResult } from '@/app/payouts/bank-file.server.ts';
import { personOf } from '@/app/payouts/payout-requests.server.ts';

export const POST = endpoint(async ({ request, locals }) => {
  const form = await readFormData(request);
  const file = form.file;
  if (!(file instanceof File) || file.size === 0) throw invalid({ file: ['Choose the bank’s result file (CSV).'] });
  const report = await importBankResult(db(), locals.actor, personOf(locals.principal!), await file.text());
  const message = `${report.paid} paid, ${report.failed} failed, ${report.unchanged} unchanged, ${report.errors.length} with errors.`;
  return json({ message, data: report });
});
