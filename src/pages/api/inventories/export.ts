/** GET /api/inventories/export?<list params>[&ids=1,2,3]: the filtered stock levels as CSV (every page; a vendor's own only), times in IST. */
import { db } from '@/lib/boot.server.ts';
import { endpoint, queryObject } from '@/lib/http/api.server.ts';
import { csvResponse } from '@/lib/areas/csv.server.ts';
import { toIstIso } from '@/lib/india/ist.ts';
import { z } from 'zod';
import { visibleTo } from '@/lib/areas/area.ts';
import { parseWith } from '@/lib/http/api.server.ts';
import { recordIdList } from '@/lib/http/integers.ts';
import { inventorySource } from '@/features/inventories/inventory.source.server.ts';
import { inventoryList } from '@/features/inventories/inventory.list.ts';

const MAX_ROWS = 100_000;
const exportQuery = z.object({ ids: recordIdList('ids must be a comma-separated list of record ids.').optional() }).loose();

export const GET = endpoint(async ({ url, locals }) => {
  const scope = { principal: locals.principal!, actor: locals.actor };
  const { ids, ...rest } = parseWith(exportQuery, queryObject(url));
  const query = inventorySource.parseListQuery({ ...(rest as Record<string, string>), page: '1', per_page: '100' });
  if (ids?.length) query.filters = { ...query.filters, id: { operator: 'and', constraints: [{ matchMode: 'in', value: ids }] } };
  const rows: Record<string, unknown>[] = [];
  let cursor: string | undefined;
  do {
    const page = await inventorySource.list(db(), scope, { ...query, ...(cursor ? { cursor } : {}) });
    rows.push(...page.data);
    cursor = page.meta.next_cursor ?? undefined;
  } while (cursor && rows.length < MAX_ROWS);
  const columns = visibleTo(inventoryList.columns, locals.principal?.user.userType).map((c) => ({ field: c.field, header: c.header, kind: c.kind }));
  return csvResponse(`inventories-${toIstIso(new Date()).slice(0, 10)}.csv`, [{ field: 'id', header: 'ID' }, ...columns], rows);
});
