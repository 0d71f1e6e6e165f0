/**
 * A list's CSV export (`GET /api/<list>/export?<list params>[&ids=]`): the rows chosen in the table
 * (`ids`), or every row matching the filters, read page by page through the list's own source (so
 * the scope a vendor gets on the list is the export's too), with the columns the requester sees,
 * times in IST.
 */
import type { APIRoute } from 'astro';
import { z } from 'zod';
import { db } from '@/lib/boot.server.ts';
import { endpoint, parseWith, queryObject } from '@/lib/http/api.server.ts';
import { recordIdList } from '@/lib/http/integers.ts';
import { toIstIso } from '@/lib/india/ist.ts';
import { csvResponse, type CsvColumn } from './csv.server.ts';
import { visibleTo, type AreaListDeclaration } from './area.ts';
import type { ListSource } from './read-only-list.server.ts';

const MAX_EXPORT_ROWS = 100_000;
const exportQuery = z.object({ ids: recordIdList('ids must be a comma-separated list of record ids.').optional() }).loose();

export interface ListExport {
  source: ListSource;
  declaration: AreaListDeclaration;
  /** The file's name before its date: `payments` → payments-2026-01-31.csv. */
  fileStem: string;
  /** Columns before the declared ones (after the id). */
  leading?: CsvColumn[];
}

export function listExportEndpoint({ source, declaration, fileStem, leading = [] }: ListExport): APIRoute {
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
    return csvResponse(`${fileStem}-${toIstIso(new Date()).slice(0, 10)}.csv`, [{ field: 'id', header: 'ID' }, ...leading, ...columns], rows);
  });
}
