/** GET /api/vendors/export?<list params>: the filtered vendors as CSV (every page), times in IST. */
import { db } from '@/lib/boot.server.ts';
import { endpoint, queryObject } from '@/lib/http/api.server.ts';
import { csvResponse } from '@/lib/areas/csv.server.ts';
import { toIstIso } from '@/lib/india/ist.ts';
import { vendorSource } from '@/features/vendors/vendor.source.server.ts';
import { vendorList } from '@/features/vendors/vendor.list.ts';

const MAX_ROWS = 100_000;

export const GET = endpoint(async ({ url, locals }) => {
  const scope = { principal: locals.principal!, actor: locals.actor };
  const query = vendorSource.parseListQuery({ ...queryObject(url), page: '1', per_page: '100' });
  const rows: Record<string, unknown>[] = [];
  let cursor: string | undefined;
  do {
    const page = await vendorSource.list(db(), scope, { ...query, ...(cursor ? { cursor } : {}) });
    rows.push(...page.data);
    cursor = page.meta.next_cursor ?? undefined;
  } while (cursor && rows.length < MAX_ROWS);
  const columns = vendorList.columns.map((c) => ({ field: c.field, header: c.header, kind: c.kind }));
  return csvResponse(`vendors-${toIstIso(new Date()).slice(0, 10)}.csv`, [{ field: 'id', header: 'ID' }, ...columns], rows);
});
