/** GET /api/wishlists/export?<list params>: the filtered wishlists as CSV (every page), times in IST. */
import { db } from '@/lib/boot.server.ts';
import { endpoint, queryObject } from '@/lib/http/api.server.ts';
import { csvResponse } from '@/lib/areas/csv.server.ts';
import { toIstIso } from '@/lib/india/ist.ts';
import { wishlistSource } from '@/features/wishlists/wishlist.source.server.ts';
import { wishlistList } from '@/features/wishlists/wishlist.list.ts';

const MAX_ROWS = 100_000;

export const GET = endpoint(async ({ url, locals }) => {
  const scope = { principal: locals.principal!, actor: locals.actor };
  const query = wishlistSource.parseListQuery({ ...queryObject(url), page: '1', per_page: '100' });
  const rows: Record<string, unknown>[] = [];
  let cursor: string | undefined;
  do {
    const page = await wishlistSource.list(db(), scope, { ...query, ...(cursor ? { cursor } : {}) });
    rows.push(...page.data);
    cursor = page.meta.next_cursor ?? undefined;
  } while (cursor && rows.length < MAX_ROWS);
  const columns = wishlistList.columns.map((c) => ({ field: c.field, header: c.header, kind: c.kind }));
  return csvResponse(`wishlists-${toIstIso(new Date()).slice(0, 10)}.csv`, [{ field: 'id', header: 'ID' }, ...columns], rows);
});
