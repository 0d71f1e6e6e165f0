/** The earnings ledger's part of the OpenAPI document (issue 18 §6): money in paise, a vendor's own rows only. */
import { z } from 'zod';
import { listQuerySchema } from '@/lib/list/list-query.ts';
import { adjustmentSchema } from '@/features/earnings/adjustment.server.ts';

const EARNINGS = 'Earnings';
const vendorQuery = z.object({ vendor_id: z.number().int().optional().describe('Staff: one vendor (omitted: every vendor). A vendor always gets their own.') });

export const EARNING_OPERATIONS: Record<
  string,
  { summary: string; tag: string; body?: z.ZodType; query?: z.ZodObject; example?: unknown; responseExample?: unknown }
> = {
  'GET /api/earnings': {
    summary:
      'The earnings ledger (the list contract): one row per entry, newest first — type (sale, platform_discount, commission, commission_gst, tcs, tds, refund_reversal, shipping_fee, adjustment, payout), order, signed amount in paise, rate (bp) and base, payable_at, state (pending, payable, paid). Filters: type, created_at, order_number, vendor_id (staff), amount_paise, payable_at; search by order number. A vendor sees only their own',
    tag: EARNINGS,
    query: listQuerySchema,
  },
  'GET /api/earnings/export': { summary: 'The filtered ledger entries as CSV (times in IST; a vendor’s own only)', tag: EARNINGS, query: listQuerySchema },
  'GET /api/earnings/balances': {
    summary: 'Balances kept by the ledger: pending (inside return windows), payable, paid, total, in paise, as of now',
    tag: EARNINGS,
    query: vendorQuery,
    responseExample: {
      data: {
        vendor_id: 1,
        pending_paise: 129900,
        payable_paise: 245610,
        paid_paise: 0,
        total_paise: 375510,
        entries_count: 12,
        as_of: '2026-11-25T10:04:00.000Z',
      },
    },
  },
  'GET /api/earnings/statement': {
    summary:
      'A vendor’s monthly statement (IST month): opening balance, the month’s entries by type, TCS and TDS withheld with their rates, closing balance. `format` pdf (default), csv or json; staff name the vendor',
    tag: EARNINGS,
    query: vendorQuery.extend({ month: z.string().describe('2026-11'), format: z.enum(['pdf', 'csv', 'json']).optional() }),
  },
  'POST /api/earnings/adjustments': {
    summary: 'Write an adjustment entry (credit or debit, amount in paise, a reason the vendor sees, optionally the sub-order it corrects); payable at once',
    tag: EARNINGS,
    body: adjustmentSchema,
    example: { vendor_id: 1, direction: 'debit', amount: 25000, reason: 'Damaged packaging charged back by the courier', order_number: 'OD-2026-000123-1' },
  },
};
