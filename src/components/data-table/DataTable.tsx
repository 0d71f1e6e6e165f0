/**
 * The one DataTable of every list (a React island). It takes an area's list declaration, the
 * first page rendered by the server (TanStack Query `initialData`: no spinner on first load),
 * and what the user may do, and renders the rest: server-side paging, sorting, the global
 * search, column filters with the spec's match modes, row selection with bulk delete/status,
 * CSV export, and the empty, loading and error states. The URL holds the table state
 * (pushState + popstate), so links and the back button work.
 *
 * Areas change a cell without forking the table through `renderCell` (by field) and add
 * row buttons through `rowActions`. See docs/adding-an-area.md.
 */
import { useEffect, useRef, useState, type ReactNode } from 'react';
import { QueryClientProvider, keepPreviousData, useQuery, useQueryClient } from '@tanstack/react-query';
import { api, ApiError } from '@/lib/http/client.ts';
import { islandQueryClient } from '@/lib/http/query-client.ts';
import { toSearchParams, type FieldFilter, type Filters, type ListResult } from '@/lib/list/list-query.ts';
import { listRequestQuery, listSearch, readListState, type ListState } from '@/lib/list/list-url.ts';
import { queryKeys } from '@/lib/areas/query-keys.ts';
import { editPath, inSentence, type AreaColumn } from '@/lib/areas/area.ts';
import type { AreaAbilities, AreaListView } from '@/lib/areas/list-view.ts';
import { toast } from '@/lib/stores/toast.ts';
import { askConfirm } from '@/lib/stores/confirm.ts';
import { buttonClass, inputClass } from '@/components/ui/styles.ts';
import { Icon } from '@/components/ui/Icon.tsx';
import { iconImage, iconSearch, iconX } from '@/components/ui/icons.ts';
import { showFlashToast } from '@/components/form/flash-toast.ts';
import { ColumnFilter } from './ColumnFilter.tsx';
import { Pagination } from './Pagination.tsx';
import { Popover } from './Popover.tsx';
import { badgeClass, formatDate, formatNumber } from './format.ts';
import type { RowOrder, RowOrderInput } from './row-order.tsx';
import { iconArrowDown, iconArrowUp, iconArrowUpDown, iconDownload, iconEye, iconPencil, iconPlus, iconTrash } from './icons.ts';

export type Row = Record<string, unknown> & { id: number };

export interface DataTableProps {
  area: AreaListView;
  /** Page 1 as the server rendered it; null when the server could not (see initialError). */
  initial: ListResult<Row> | null;
  /** The table state the server read from the URL. */
  initialState: ListState;
  /** Why the server could not load the list (a bad filter in the URL…). */
  initialError?: string | null;
  abilities: AreaAbilities;
  /** Area-specific cells, by column field. */
  renderCell?: Partial<Record<string, (row: Row) => ReactNode>>;
  /** Extra buttons at the end of each row. */
  rowActions?: (row: Row) => ReactNode;
  /** Extra controls in the toolbar, before "Add" (they may use the table's query client). */
  toolbar?: ReactNode;
  /**
   * The reordering controls of an area that declares `reorder` (`useRowOrder` of row-order.tsx,
   * passed by OrderedDataTable): a prop, so lists without an order don't load its code. Fixed for
   * the island's life, so the hooks it calls keep their order.
   */
  rowOrder?: (input: RowOrderInput) => RowOrder;
  /**
   * Filters sent with every request that the person can't see or remove: an "X of this Y" page's
   * parent (a brand's return policies). Not in the URL; their columns offer no filter.
   */
  fixedFilters?: Filters;
  /** Where "Add" goes (e.g. with the parent pre-selected); defaults to the area's add page. */
  addHref?: string;
  /** A page the edit form returns to after saving (`?return=`), instead of the area's list. */
  returnTo?: string;
}

const NO_ROW_ORDER: RowOrder = { offered: false, active: false, notice: null, announcer: null, rowProps: () => ({}), cell: () => null };

export default function DataTable(props: DataTableProps) {
  return (
    <QueryClientProvider client={islandQueryClient}>
      <Table {...props} />
    </QueryClientProvider>
  );
}

// The row buttons stay in view when a wide table scrolls sideways.
const stickyEnd = 'sticky right-0';
const iconButton =
  'inline-flex size-8 items-center justify-center rounded-lg text-surface-600 hover:bg-surface-100 dark:text-surface-300 dark:hover:bg-surface-800';

function Cell({ column, row }: { column: AreaColumn; row: Row }) {
  const value = row[column.field];
  if (column.emptyText && (value === null || value === undefined || value === ''))
    return <span className="text-surface-500 dark:text-surface-400">{column.emptyText}</span>;
  switch (column.display ?? (column.kind === 'date' ? 'date' : column.kind === 'number' ? 'number' : 'text')) {
    case 'date':
      return <>{formatDate(value)}</>;
    case 'number':
      return <>{formatNumber(value)}</>;
    case 'status': {
      const v = String(value ?? '');
      return <span className={badgeClass(v)}>{column.options?.find((o) => o.value === v)?.label ?? v}</span>;
    }
    case 'image':
      return value ? (
        <img src={String(value)} alt="" loading="lazy" className="size-10 rounded-lg border border-surface-200 object-cover dark:border-surface-700" />
      ) : (
        <span className="inline-flex size-10 items-center justify-center rounded-lg bg-surface-100 text-surface-400 dark:bg-surface-800">
          <Icon svg={iconImage} className="size-4" />
        </span>
      );
    default:
      // An enum or yes/no column shows its option's label ("Union territory", not "true").
      return <>{value == null ? '' : (column.options?.find((o) => o.value === String(value))?.label ?? String(value))}</>;
  }
}

function Table({
  area,
  initial,
  initialState,
  initialError,
  abilities,
  renderCell,
  rowActions,
  toolbar,
  rowOrder,
  fixedFilters,
  addHref,
  returnTo,
}: DataTableProps) {
  const client = useQueryClient();
  const keys = queryKeys(area.key);
  const base = `/api/${area.key}`;
  const plural = inSentence(area.label);
  const singular = inSentence(area.singular);

  const [state, setState] = useState(initialState);
  const stateRef = useRef(state);
  stateRef.current = state;
  const initialSearch = useRef(listSearch(initialState)).current;
  const isInitial = listSearch(state) === initialSearch;
  // What the server is asked for: the person's filters and the page's fixed ones.
  const requested = fixedFilters ? { ...state, filters: { ...state.filters, ...fixedFilters } } : state;
  const editHref = (id: number) => editPath(area, id) + (returnTo ? `?${new URLSearchParams({ return: returnTo })}` : '');

  const query = useQuery({
    queryKey: keys.list(requested),
    queryFn: ({ signal }) => api.get<ListResult<Row>>(base, listRequestQuery(requested), signal),
    initialData: isInitial && initial ? initial : undefined,
    placeholderData: keepPreviousData,
    enabled: !(isInitial && initialError && !initial),
  });
  const result = query.data;
  const rows = result?.data ?? [];
  const error = query.error?.message ?? (isInitial && !result ? initialError : null);

  const [q, setQ] = useState(state.q ?? '');
  const timer = useRef<ReturnType<typeof setTimeout>>(undefined);
  const [selected, setSelected] = useState<number[]>([]);
  const [notice, setNotice] = useState<{ message: string; details: string[] } | null>(null);
  const [busy, setBusy] = useState(false);
  // The server-rendered controls stay disabled until the island hydrates: a click or a tick
  // before that would be lost (or leave a checkbox out of step with the selection).
  const [ready, setReady] = useState(false);

  const go = (next: ListState, replace = false) => {
    const prev = stateRef.current;
    if (prev.q !== next.q || JSON.stringify(prev.filters) !== JSON.stringify(next.filters)) setSelected([]);
    setState(next);
    history[replace ? 'replaceState' : 'pushState'](null, '', location.pathname + listSearch(next));
  };

  useEffect(() => {
    const onPop = () => {
      const next = readListState(location.search);
      setState(next);
      setQ(next.q ?? '');
    };
    addEventListener('popstate', onPop);
    showFlashToast();
    setReady(true);
    return () => removeEventListener('popstate', onPop);
  }, []);

  // A delete can empty the last page: step back to the new last one.
  useEffect(() => {
    if (result && !rows.length && state.page > 1 && result.meta.total > 0) go({ ...state, page: Math.ceil(result.meta.total / state.per_page) }, true);
  }, [result]);

  const onSearch = (value: string) => {
    setQ(value);
    clearTimeout(timer.current);
    timer.current = setTimeout(() => go({ ...stateRef.current, q: value.trim() || undefined, page: 1 }), 350);
  };

  const setFilter = (field: string, f?: FieldFilter) => {
    const filters = { ...state.filters };
    if (f) filters[field] = f;
    else delete filters[field];
    go({ ...state, filters, page: 1 });
  };

  const sortField = state.sort ?? area.defaultSort.field;
  const sortOrder = state.sort ? state.order : area.defaultSort.order;
  const sortBy = (field: string) => go({ ...state, sort: field, order: sortField === field && sortOrder === 'asc' ? 'desc' : 'asc', page: 1 });

  const refresh = () => client.invalidateQueries({ queryKey: keys.lists() });
  const title = (row: Row) => String(row[area.titleField] ?? `#${row.id}`);
  const fail = (e: unknown) => {
    const message = (e as Error).message;
    setNotice({ message, details: e instanceof ApiError && e.status === 409 ? Object.values(e.fieldErrors).flat() : [] });
    toast({ severity: 'error', summary: e instanceof ApiError && e.status === 409 ? 'Not deleted' : 'Error', detail: message });
  };
  const done = async (message: string) => {
    setNotice(null);
    setSelected([]);
    toast({ severity: 'success', summary: 'Success', detail: message });
    await refresh();
  };

  const confirmDelete = (targets: Row[]) => {
    const one = targets.length === 1 ? targets[0]! : null;
    askConfirm({
      title: one ? `Delete ${singular}` : `Delete ${targets.length} ${plural}`,
      message: one
        ? `"${title(one)}" will be deleted. This cannot be undone.`
        : `The ${targets.length} selected ${plural} will be deleted. This cannot be undone. If any of them is still in use, none is deleted.`,
      confirmationText: one ? title(one) : undefined,
      confirmLabel: 'Delete',
      cancelLabel: 'Cancel',
      danger: true,
      onConfirm: async () => {
        try {
          const res = one
            ? await api.delete<{ message: string }>(`${base}/${one.id}`)
            : await api.post<{ message: string }>(`${base}/bulk-delete`, { ids: targets.map((r) => r.id) });
          await done(res.message);
        } catch (e) {
          fail(e);
        }
      },
    });
  };

  const setStatus = async (status: string) => {
    setBusy(true);
    try {
      await done((await api.post<{ message: string }>(`${base}/bulk-status`, { ids: selected, status })).message);
    } catch (e) {
      fail(e);
    } finally {
      setBusy(false);
    }
  };

  const exportHref = (ids?: number[]) => {
    const p = toSearchParams({ ...requested, page: 1, per_page: 25 });
    if (ids) p.set('ids', ids.join(','));
    return `${base}/export${p.size ? `?${p}` : ''}`;
  };

  const pageIds = rows.map((r) => r.id);
  const allOnPage = pageIds.length > 0 && pageIds.every((id) => selected.includes(id));
  const someOnPage = pageIds.some((id) => selected.includes(id));
  const selectAll = useRef<HTMLInputElement>(null);
  useEffect(() => {
    if (selectAll.current) selectAll.current.indeterminate = someOnPage && !allOnPage;
  });
  const order = (rowOrder ?? (() => NO_ROW_ORDER))({
    area,
    state,
    result,
    canUpdate: abilities.update,
    sort: { field: sortField, order: sortOrder },
    client,
    queryKey: keys.list(state),
    listsKey: keys.lists(),
    title,
    go,
    fail,
  });
  const canSelect = abilities.delete || (abilities.update && Boolean(area.statusField)) || area.exportable;
  const hasActions = abilities.update || abilities.delete || Boolean(abilities.view && area.paths.details) || Boolean(rowActions);
  const filtered = Boolean(state.q) || Object.keys(state.filters).length > 0;
  const colSpan = area.columns.length + (canSelect ? 1 : 0) + (order.offered ? 1 : 0) + (hasActions ? 1 : 0);
  const selectedRows = rows.filter((r) => selected.includes(r.id));

  return (
    <div className="card overflow-hidden p-0" data-ready={ready || undefined}>
      <fieldset disabled={!ready} className="m-0 min-w-0 border-0 p-0">
        <div className="flex flex-wrap items-center gap-2 border-b border-surface-200 p-4 dark:border-surface-700">
          <div className="relative min-w-56 flex-1">
            <Icon svg={iconSearch} className="pointer-events-none absolute top-1/2 left-3 size-4 -translate-y-1/2 text-surface-400" />
            <input
              type="search"
              className={`${inputClass} pl-9`}
              placeholder={area.searchPlaceholder ?? `Search ${plural}`}
              aria-label={`Search ${plural}`}
              value={q}
              onChange={(e) => onSearch(e.target.value)}
              onKeyDown={(e) => {
                if (e.key === 'Enter') {
                  clearTimeout(timer.current);
                  go({ ...state, q: q.trim() || undefined, page: 1 });
                }
              }}
            />
          </div>
          {filtered && (
            <button
              type="button"
              className={buttonClass('ghost', 'sm')}
              onClick={() => {
                setQ('');
                go({ ...state, q: undefined, filters: {}, page: 1 });
              }}
            >
              <Icon svg={iconX} className="size-4" /> Clear filters
            </button>
          )}
          {area.exportable && (
            <Popover
              label="Export"
              triggerClass={buttonClass('outline', 'sm')}
              trigger={
                <>
                  <Icon svg={iconDownload} className="size-4" /> Export
                </>
              }
              width={260}
            >
              {(close) => (
                <ul className="space-y-1">
                  {[
                    ...(selected.length ? [{ label: `Selected rows (${selected.length})`, href: exportHref(selected) }] : []),
                    { label: `Visible rows (${rows.length})`, href: exportHref(pageIds) },
                    { label: `All matching rows (${result?.meta.total ?? 0})`, href: exportHref() },
                  ].map((item) => (
                    <li key={item.label}>
                      <a
                        href={item.href}
                        download
                        onClick={() => close()}
                        className="block rounded-lg px-3 py-2 hover:bg-surface-100 dark:hover:bg-surface-800"
                      >
                        {item.label}
                      </a>
                    </li>
                  ))}
                </ul>
              )}
            </Popover>
          )}
          {toolbar}
          {abilities.create && area.paths.add && (
            <a href={addHref ?? area.paths.add} className={buttonClass('primary', 'sm')}>
              <Icon svg={iconPlus} className="size-4" /> Add {singular}
            </a>
          )}
        </div>

        {selected.length > 0 && (
          <div
            className="flex flex-wrap items-center gap-2 border-b border-surface-200 bg-surface-50 px-4 py-2 text-sm dark:border-surface-700 dark:bg-surface-800/50"
            role="region"
            aria-label="Bulk actions"
          >
            <span className="font-medium">{selected.length} selected</span>
            {abilities.update && area.statusField && (
              <select
                aria-label={`Set ${area.statusField.noun ?? 'status'} of the selected ${plural}`}
                className={`${inputClass} w-auto py-1`}
                value=""
                disabled={busy}
                onChange={(e) => e.target.value && setStatus(e.target.value)}
              >
                <option value="">Set {area.statusField.noun ?? 'status'}…</option>
                {area.statusField.options.map((o) => (
                  <option key={o.value} value={o.value}>
                    {o.label}
                  </option>
                ))}
              </select>
            )}
            {abilities.delete && (
              <button
                type="button"
                className={buttonClass('danger', 'sm')}
                onClick={() => confirmDelete(selectedRows.length === selected.length ? selectedRows : selected.map((id) => ({ id })))}
              >
                <Icon svg={iconTrash} className="size-4" /> Delete selected
              </button>
            )}
            <button type="button" className={buttonClass('ghost', 'sm')} onClick={() => setSelected([])}>
              Clear selection
            </button>
          </div>
        )}

        {order.notice}
        {order.announcer}

        {notice && (
          <div
            role="alert"
            className="flex items-start gap-3 border-b border-red-200 bg-red-50 px-4 py-3 text-sm text-red-900 dark:border-red-900 dark:bg-red-950 dark:text-red-100"
          >
            <div className="flex-1">
              <p className="font-medium">{notice.message}</p>
              {notice.details.length > 0 && (
                <ul className="mt-1 list-disc pl-5">
                  {notice.details.map((d) => (
                    <li key={d}>{d}</li>
                  ))}
                </ul>
              )}
            </div>
            <button type="button" className={iconButton} aria-label="Dismiss" onClick={() => setNotice(null)}>
              <Icon svg={iconX} className="size-4" />
            </button>
          </div>
        )}

        <div className="h-0.5">
          {query.isFetching && <div role="progressbar" aria-label={`Loading ${plural}`} className="h-full w-full animate-pulse bg-primary" />}
        </div>

        <div className="overflow-x-auto">
          <table className="w-full text-left text-sm" aria-busy={query.isFetching}>
            <caption className="sr-only">{area.label}</caption>
            <thead className="bg-surface-50 text-xs font-semibold text-surface-600 uppercase dark:bg-surface-800/50 dark:text-surface-300">
              <tr>
                {canSelect && (
                  <th scope="col" className="w-10 px-4 py-3">
                    <input
                      ref={selectAll}
                      type="checkbox"
                      aria-label="Select all rows on this page"
                      checked={allOnPage}
                      disabled={!rows.length}
                      onChange={() => setSelected(allOnPage ? selected.filter((id) => !pageIds.includes(id)) : [...new Set([...selected, ...pageIds])])}
                    />
                  </th>
                )}
                {order.offered && (
                  <th scope="col" className="w-px px-2 py-3">
                    <span className="sr-only">Order</span>
                  </th>
                )}
                {area.columns.map((c) => {
                  const active = c.sortable && sortField === c.field;
                  return (
                    <th
                      key={c.field}
                      scope="col"
                      className={`px-4 py-2 whitespace-nowrap ${c.secondary ? 'hidden md:table-cell' : ''}`}
                      aria-sort={c.sortable ? (active ? (sortOrder === 'asc' ? 'ascending' : 'descending') : 'none') : undefined}
                    >
                      <span className="inline-flex items-center gap-1">
                        {c.sortable ? (
                          <button
                            type="button"
                            className="inline-flex items-center gap-1 rounded uppercase hover:text-surface-900 dark:hover:text-surface-0"
                            onClick={() => sortBy(c.field)}
                          >
                            {c.header}
                            <Icon
                              svg={active ? (sortOrder === 'asc' ? iconArrowUp : iconArrowDown) : iconArrowUpDown}
                              className={`size-3.5 ${active ? 'text-primary' : 'opacity-50'}`}
                            />
                          </button>
                        ) : (
                          c.header
                        )}
                        {c.filterable && !fixedFilters?.[c.relation?.field ?? c.field] && (
                          <ColumnFilter
                            column={c}
                            value={state.filters[c.relation?.field ?? c.field]}
                            onApply={(f) => setFilter(c.relation?.field ?? c.field, f)}
                          />
                        )}
                      </span>
                    </th>
                  );
                })}
                {hasActions && (
                  <th scope="col" className={`${stickyEnd} bg-surface-50 px-4 py-3 text-right dark:bg-surface-800`}>
                    <span className="sr-only">Actions</span>
                  </th>
                )}
              </tr>
            </thead>
            <tbody className="divide-y divide-surface-200 dark:divide-surface-700">
              {error && !result ? (
                <tr>
                  <td colSpan={colSpan} className="px-4 py-10 text-center">
                    <p role="alert" className="text-red-700 dark:text-red-300">
                      {error}
                    </p>
                    <div className="mt-3 flex justify-center gap-2">
                      <button type="button" className={buttonClass('outline', 'sm')} onClick={() => query.refetch()}>
                        Retry
                      </button>
                      {filtered && (
                        <button type="button" className={buttonClass('ghost', 'sm')} onClick={() => go({ ...state, q: undefined, filters: {}, page: 1 })}>
                          Clear filters
                        </button>
                      )}
                    </div>
                  </td>
                </tr>
              ) : !result ? (
                <tr>
                  <td colSpan={colSpan} className="px-4 py-10 text-center text-surface-500 dark:text-surface-400">
                    Loading {plural}…
                  </td>
                </tr>
              ) : rows.length === 0 ? (
                <tr>
                  <td colSpan={colSpan} className="px-4 py-10 text-center text-surface-500 dark:text-surface-400">
                    {filtered ? `No ${plural} match these filters.` : `No ${plural} yet.`}
                  </td>
                </tr>
              ) : (
                rows.map((row, index) => (
                  <tr
                    key={row.id}
                    {...order.rowProps(row, index)}
                    className={`hover:bg-surface-50 dark:hover:bg-surface-800/40 ${selected.includes(row.id) ? 'bg-primary-50 dark:bg-primary-950/30' : ''} ${order.rowProps(row, index).className ?? ''}`}
                  >
                    {canSelect && (
                      <td className="px-4 py-2">
                        <input
                          type="checkbox"
                          aria-label={`Select ${title(row)}`}
                          checked={selected.includes(row.id)}
                          onChange={(e) => setSelected(e.target.checked ? [...selected, row.id] : selected.filter((id) => id !== row.id))}
                        />
                      </td>
                    )}
                    {order.offered && <td className="px-2 py-2 whitespace-nowrap">{order.cell(row, index)}</td>}
                    {area.columns.map((c) => (
                      <td key={c.field} className={`px-4 py-2 ${c.secondary ? 'hidden md:table-cell' : ''}`}>
                        {renderCell?.[c.field] ? (
                          renderCell[c.field]!(row)
                        ) : c.field === area.titleField && abilities.update && area.paths.edit ? (
                          <a href={editHref(row.id)} className="font-medium text-primary hover:underline">
                            {title(row)}
                          </a>
                        ) : (
                          <Cell column={c} row={row} />
                        )}
                      </td>
                    ))}
                    {hasActions && (
                      <td className={`${stickyEnd} bg-surface-0 px-4 py-2 text-right whitespace-nowrap dark:bg-surface-900`}>
                        {rowActions?.(row)}
                        {abilities.view && area.paths.details && (
                          <a href={area.paths.details.replace(':id', String(row.id))} className={iconButton} aria-label={`View ${title(row)}`}>
                            <Icon svg={iconEye} className="size-4" />
                          </a>
                        )}
                        {abilities.update && area.paths.edit && (
                          <a href={editHref(row.id)} className={iconButton} aria-label={`Edit ${title(row)}`}>
                            <Icon svg={iconPencil} className="size-4" />
                          </a>
                        )}
                        {abilities.delete && (
                          <button
                            type="button"
                            className={`${iconButton} hover:text-red-600`}
                            aria-label={`Delete ${title(row)}`}
                            onClick={() => confirmDelete([row])}
                          >
                            <Icon svg={iconTrash} className="size-4" />
                          </button>
                        )}
                      </td>
                    )}
                  </tr>
                ))
              )}
            </tbody>
          </table>
        </div>
        {result && (
          <Pagination
            meta={result.meta}
            rows={rows.length}
            onPage={(page) => go({ ...state, page })}
            onPerPage={(n) => go({ ...state, per_page: n as ListState['per_page'], page: 1 })}
          />
        )}
      </fieldset>
    </div>
  );
}
