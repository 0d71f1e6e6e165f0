/**
 * The server half of a list page: reads the table state from the URL, loads page 1 with the
 * area's resource (so the island starts with data and no spinner), and says what the user may
 * do. A bad filter in a hand-edited URL doesn't fail the page: the table shows the 422 message.
 */
import type { AstroGlobal } from 'astro';
import { db } from '@/lib/boot.server.ts';
import { HttpError } from '@/lib/http/errors.ts';
import { readListState, type ListState } from '@/lib/list/list-url.ts';
import type { Filters, ListQuery } from '@/lib/list/list-query.ts';
import { visibleTo, type AreaDeclaration, type AreaListDeclaration, type ScopedList } from '@/lib/areas/area.ts';
import { areaAbilities, listView } from '@/lib/areas/list-view.ts';
import { resourceByKey } from '@/app/areas/resources.server.ts';
import type { ListSource } from '@/lib/areas/read-only-list.server.ts';
import type { DataTableProps } from '@/components/data-table/DataTable.tsx';
import { recordFromParam } from './form-page.server.ts';

export type ListPageProps = Omit<DataTableProps, 'renderCell' | 'rowActions' | 'toolbar'>;

/** An "X of this Y" page, as loadScopedList() found it. */
export interface ScopedListPage {
  list: ScopedList;
  /** The parent's area: the not-found message names it and links to its list. */
  parentArea: Pick<AreaDeclaration, 'singular' | 'label' | 'paths'>;
  /** The parent's id and the heading naming it; null when it doesn't exist (the status is 404). */
  parent: { id: number; heading: string } | null;
  /** This page's own path: the add and edit forms come back here. */
  path: string;
}

/**
 * The server half of an "X of this Y" page (a brand's return policies), for the page's own
 * frontmatter: finds the declared scoped list by its route, loads the parent named by `:id`
 * through its resource, and sets the status to 404 when there is none (a component rendered
 * later can no longer change it).
 */
export async function loadScopedList(
  astro: Pick<AstroGlobal, 'params' | 'locals' | 'response' | 'url'>,
  area: AreaDeclaration,
  path: string,
): Promise<ScopedListPage> {
  const list = area.scopedLists?.find((s) => s.path === path);
  const parentArea = list && resourceByKey(list.parentArea)?.area;
  if (!list || !parentArea) throw new Error(`No scoped list "${path}" in area "${area.key}"`);
  const record = await recordFromParam(astro, list.parentArea);
  if (!record) astro.response.status = 404;
  const parent = record && { id: record.id, heading: list.heading.replace('{name}', String(record[parentArea.titleField] ?? `#${record.id}`)) };
  return { list, parentArea, parent, path: astro.url.pathname };
}

/** The state part of a parsed query, with no undefined keys (they would not survive as island props). */
function stateOf(q: ListQuery): ListState {
  const s: ListState = { page: q.page, per_page: q.per_page, order: q.order, filters: q.filters };
  if (q.sort) s.sort = q.sort;
  if (q.q) s.q = q.q;
  return s;
}

export async function listPageProps(
  astro: Pick<AstroGlobal, 'url' | 'locals'>,
  area: AreaDeclaration | AreaListDeclaration,
  source?: ListSource,
  scoped?: ScopedListPage,
): Promise<ListPageProps> {
  const from = source ?? (resourceByKey(area.key) as ListSource | undefined);
  if (!from) throw new Error(`No resource for area "${area.key}"`);
  const raw = Object.fromEntries(astro.url.searchParams);
  delete raw.cursor; // the table pages by number
  let initialState = readListState(astro.url.searchParams);
  let initial: ListPageProps['initial'] = null;
  let initialError: string | null = null;
  const parentId = scoped?.parent?.id;
  const fixedFilters: Filters | undefined =
    scoped && parentId !== undefined ? { [scoped.list.field]: { operator: 'and', constraints: [{ matchMode: 'equals', value: parentId }] } } : undefined;
  try {
    const query = from.parseListQuery(raw);
    initialState = stateOf(query);
    const filters = { ...query.filters, ...fixedFilters };
    initial = await from.list(db(), { principal: astro.locals.principal!, actor: astro.locals.actor }, { ...query, filters });
  } catch (e) {
    if (!(e instanceof HttpError)) throw e;
    initialError = e.message;
  }
  const view = listView(area);
  view.columns = visibleTo(view.columns, astro.locals.principal?.user.userType);
  const props: ListPageProps = { area: view, initial, initialState, initialError, abilities: areaAbilities(area, astro.locals.can) };
  if (scoped && fixedFilters && parentId !== undefined) {
    props.fixedFilters = fixedFilters;
    props.returnTo = scoped.path;
    // Add pre-selects the parent and comes back here (AreaFormPage reads both from the query).
    props.addHref = `${area.paths.add}?${new URLSearchParams({ [scoped.list.field]: String(parentId), return: scoped.path })}`;
  }
  return props;
}
