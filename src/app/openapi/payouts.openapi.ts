/** The payouts' part of the OpenAPI document (issue 18 §3, §6): money in paise, a vendor's own payouts only; steps by staff. */
import { z } from 'zod';
import { listQuerySchema } from '@/lib/list/list-query.ts';
import { staffPayoutSchema, stepSchema } from '@/app/payouts/payout-requests.server.ts';

const PAYOUTS = 'Payouts';

export const PAYOUT_OPERATIONS: Record<
  string,
  { summary: string; tag: string; body?: z.ZodType; query?: z.ZodObject; example?: unknown; responseExample?: unknown }
> = {
  'GET /api/payouts': {
    summary:
      'Payouts (the list contract), newest first: number, vendor, amount_paise, status (requested, approved, processing, paid, failed, rejected, returned), source (schedule, withdraw, staff), the account’s last four digits and IFSC, UTR, paid_on. Filters: status, vendor_id (staff), created_at, amount_paise, source, utr; search by payout number or UTR. A vendor sees only their own',
    tag: PAYOUTS,
    query: listQuerySchema,
  },
  'GET /api/payouts/export': { summary: 'The filtered payouts as CSV (times in IST; a vendor’s own only)', tag: PAYOUTS, query: listQuerySchema },
  'GET /api/payouts/{id}': { summary: 'A payout with the ledger entries it settles and its timeline (another vendor’s is a 404)', tag: PAYOUTS },
  'POST /api/payouts': {
    summary: 'Staff create a payout of a vendor’s entries payable on or before `up_to` (an IST date, today when left out), to their verified bank account',
    tag: PAYOUTS,
    body: staffPayoutSchema,
    example: { vendor_id: 1, up_to: '2026-11-28' },
  },
  'GET /api/payouts/quick-withdraw': {
    summary: 'The vendor’s payable balance, the Quick Withdraw minimum, whether they may ask, and whether a payout is open (paise)',
    tag: PAYOUTS,
    responseExample: { data: { payable_paise: 158567, minimum_paise: 50000, can_withdraw: true, has_open_payout: false } },
  },
  'POST /api/payouts/quick-withdraw': {
    summary: 'A vendor asks for their whole payable balance (409 below the minimum; two at once make one payout)',
    tag: PAYOUTS,
  },
  'POST /api/payouts/{id}/transitions': {
    summary:
      'Staff take a step: approve or reject (accountings:payouts-approve; never one’s own payout), pay with the UTR and date, fail or return (accountings:payouts-pay). A reason for reject, fail and return. A step the status doesn’t allow, a stale version or a suspended vendor’s payment is a 409',
    tag: PAYOUTS,
    body: stepSchema,
    example: { action: 'pay', version: 3, utr: 'UTIBN52026112800042', paid_on: '2026-11-27' },
  },
  'POST /api/payouts/bank-file': {
    summary: 'Every approved payout of active vendors (or `ids`, comma-separated) as the bank’s bulk-transfer CSV; they become processing',
    tag: PAYOUTS,
    body: z.object({ ids: z.string().optional().describe('1,2,3') }),
  },
  'POST /api/payouts/bank-result': {
    summary:
      'The bank’s result file (multipart `file`: reference, status paid|failed, utr, date, reason): marks each payout paid or failed, one transaction per row; answers the counts and each refused row; importing it again changes nothing',
    tag: PAYOUTS,
    responseExample: { message: '1 paid, 1 failed, 0 unchanged, 0 with errors.', data: { rows: 2, paid: 1, failed: 1, unchanged: 0, errors: [] } },
  },
};
