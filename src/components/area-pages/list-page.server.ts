/**
 * The server half of a list page: reads the table state from the URL, loads page 1 with the
 * area's resource (so the island starts with data and no spinner), and says what the user may
 * do. A bad filter in a hand-edited URL doesn't fail the page: the table shows the 422 message.
 */
import type { AstroGlobal } from 'astro';
import { db } from '../../lib/boot.server.ts';
import { HttpError } from '../../lib/http/errors.ts';
import { readListState, type ListState } from '../../lib/list/list-url.ts';
import type { ListQuery } from '../../lib/list/list-query.ts';
import type { AreaDeclaration, AreaListDeclaration } from '../../lib/areas/area.ts';
import { areaAbilities, listView } from '../../lib/areas/list-view.ts';
import { resourceByKey } from '../../lib/areas/resources.server.ts';
import type { ListSource } from '../../lib/areas/read-only-list.server.ts';
import type { DataTableProps } from '../data-table/DataTable.tsx';

export type ListPageProps = Omit<DataTableProps, 'renderCell' | 'rowActions' | 'toolbar'>;

/** The state part of a parsed query, with no undefined keys (they would not survive as island props). */
function stateOf(q: ListQuery): ListState {
  const s: ListState = { page: q.page, per_page: q.per_page, order: q.order, filters: q.filters };
  if (q.sort) s.sort = q.sort;
  if (q.q) s.q = q.q;
  return s;
}

export async function listPageProps(astro: Pick<AstroGlobal, 'url' | 'locals'>, area: AreaDeclaration | AreaListDeclaration, source?: ListSource): Promise<ListPageProps> {
  const from = source ?? (resourceByKey(area.key) as ListSource | undefined);
  if (!from) throw new Error(`No resource for area "${area.key}"`);
  const raw = Object.fromEntries(astro.url.searchParams);
  delete raw.cursor; // the table pages by number
  let initialState = readListState(astro.url.searchParams);
  let initial: ListPageProps['initial'] = null;
  let initialError: string | null = null;
  try {
    const query = from.parseListQuery(raw);
    initialState = stateOf(query);
    initial = await from.list(db(), { principal: astro.locals.principal!, actor: astro.locals.actor }, query);
  } catch (e) {
    if (!(e instanceof HttpError)) throw e;
    initialError = e.message;
  }
  return { area: listView(area), initial, initialState, initialError, abilities: areaAbilities(area, astro.locals.can) };
}
