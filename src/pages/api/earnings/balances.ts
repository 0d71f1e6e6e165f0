/**
 * GET /api/earnings/balances[?vendor_id=]: pending, payable and paid (paise), kept by the ledger and
 * read without summing entries. A vendor: their own. Staff: one vendor's, or every vendor's together.
 */
import { db } from '@/lib/boot.server.ts';
import { endpoint, json, queryObject } from '@/lib/http/api.server.ts';
import { now } from '@/lib/time/clock.server.ts';
import { readBalances } from '@/features/earnings/ledger.server.ts';
import { earningsVendor } from '@/features/earnings/earnings-access.server.ts';

export const GET = endpoint(async ({ url, locals }) => {
  const vendorId = earningsVendor(locals.principal!, queryObject(url), false);
  return json({ data: { vendor_id: vendorId, ...(await readBalances(db(), vendorId, now())) } });
});
