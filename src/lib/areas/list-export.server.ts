/**
 * `GET /api/<key>/export?<list params>[&ids=]` for a read-only list (the order lists, Customer
 * Feedback): the filtered list (every page, only the rows the caller may see) or the chosen rows,
 * as CSV with the columns the caller sees and times in IST.
 */
import type { APIRoute } from 'astro';
import { z } from 'zod';
import { db } from '@/lib/boot.server.ts';
import { endpoint, parseWith, queryObject } from '@/lib/http/api.server.ts';
import { recordIdList } from '@/lib/http/integers.ts';
import { toIstIso } from '@/lib/india/ist.ts';
import { csvResponse } from './csv.server.ts';
import { visibleTo, type AreaListDeclaration } from './area.ts';
import type { ListSource } from './read-only-list.server.ts';

const MAX_EXPORT_ROWS = 100_000;
const exportQuery = z.object({ ids: recordIdList('ids must be a comma-separated list of record ids.').optional() }).loose();

export function listExportEndpoint(
  key: string,
  source: ListSource,
  declaration: AreaListDeclaration,
  extraColumns: { field: string; header: string }[] = [],
): APIRoute {
  return endpoint(async ({ url, locals }) => {
    const scope = { principal: locals.principal!, actor: locals.actor };
    const { ids, ...rest } = parseWith(exportQuery, queryObject(url));
    const query = source.parseListQuery({ ...(rest as Record<string, string>), page: '1', per_page: '100' });
    if (ids?.length) query.filters = { ...query.filters, id: { operator: 'and', constraints: [{ matchMode: 'in', value: ids }] } };
    const rows: Record<string, unknown>[] = [];
    let cursor: string | undefined;
    do {
      const page = await source.list(db(), scope, { ...query, ...(cursor ? { cursor } : {}) });
      rows.push(...page.data);
      cursor = page.meta.next_cursor ?? undefined;
    } while (cursor && rows.length < MAX_EXPORT_ROWS);
    const columns = visibleTo(declaration.columns, locals.principal?.user.userType).map((c) => ({ field: c.field, header: c.header, kind: c.kind }));
    return csvResponse(`${key}-${toIstIso(new Date()).slice(0, 10)}.csv`, [{ field: 'id', header: 'ID' }, ...extraColumns, ...columns], rows);
  });
}
