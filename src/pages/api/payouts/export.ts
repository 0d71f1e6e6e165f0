/** GET /api/payouts/export?<list params>[&ids=]: the filtered (or chosen) payouts as CSV (every page; a vendor's own only), times in IST. */
import { z } from 'zod';
import { db } from '@/lib/boot.server.ts';
import { endpoint, parseWith, queryObject } from '@/lib/http/api.server.ts';
import { recordIdList } from '@/lib/http/integers.ts';
import { csvResponse } from '@/lib/areas/csv.server.ts';
import { visibleTo } from '@/lib/areas/area.ts';
import { toIstIso } from '@/lib/india/ist.ts';
import { payoutSource } from '@/features/payouts/payout.source.server.ts';
import { payoutList } from '@/features/payouts/payout.list.ts';

const MAX_ROWS = 100_000;
const exportQuery = z.object({ ids: recordIdList('ids must be a comma-separated list of payout ids.').optional() }).loose();

export const GET = endpoint(async ({ url, locals }) => {
  const scope = { principal: locals.principal!, actor: locals.actor };
  const { ids, ...rest } = parseWith(exportQuery, queryObject(url));
  const query = payoutSource.parseListQuery({ ...(rest as Record<string, string>), page: '1', per_page: '100' });
  if (ids?.length) query.filters = { ...query.filters, id: { operator: 'and', constraints: [{ matchMode: 'in', value: ids }] } };
  const rows: Record<string, unknown>[] = [];
  let cursor: string | undefined;
  do {
    const page = await payoutSource.list(db(), scope, { ...query, ...(cursor ? { cursor } : {}) });
    rows.push(...page.data);
    cursor = page.meta.next_cursor ?? undefined;
  } while (cursor && rows.length < MAX_ROWS);
  const columns = visibleTo(payoutList.columns, locals.principal?.user.userType).map((c) => ({ field: c.field, header: c.header, kind: c.kind }));
  return csvResponse(`payouts-${toIstIso(new Date()).slice(0, 10)}.csv`, [{ field: 'id', header: 'ID' }, ...columns], rows);
});
