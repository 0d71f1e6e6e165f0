/**
 * The one DataTable of every list (a React island). It takes an area's list declaration, the
 * first page rendered by the server (TanStack Query `initialData`: no spinner on first load),
 * and what the user may do, and renders the rest: server-side paging, sorting, the global
 * search, column filters with the spec's match modes, row selection with bulk delete/status and
 * bulk downloads (a file answered for the selection: decision 041), CSV export, and the empty,
 * loading and error states. The URL holds the table state
 * (pushState + popstate), so links and the back button work.
 *
 * Areas change a cell without forking the table through `renderCell` (by field) and add
 * row buttons through `rowActions`. See docs/adding-an-area.md.
 */
import { lazy, Suspense, useEffect, useRef, useState, type MouseEvent, type ReactNode } from 'react';
import { QueryClientProvider, keepPreviousData, useQuery, useQueryClient } from '@tanstack/react-query';
import { api, ApiError, download, saveFile } from '@/lib/http/client.ts';
import { useIslandQueryClient } from '@/lib/http/query-client.ts';
import { toSearchParams, type FieldFilter, type Filters, type ListResult } from '@/lib/list/list-query.ts';
import { listRequestQuery, listSearch, readListState, type ListState } from '@/lib/list/list-url.ts';
import { queryKeys } from '@/lib/areas/query-keys.ts';
import { editPath, inSentence, type AreaColumn, type BulkDownload } from '@/lib/areas/area.ts';
import type { AreaAbilities, AreaListView } from '@/lib/areas/list-view.ts';
import { toast } from '@/lib/stores/toast.ts';
import { askConfirm } from '@/lib/stores/confirm.ts';
import { buttonClass, inputClass } from '@/components/ui/styles.ts';
import { Icon } from '@/components/ui/Icon.tsx';
import { iconImage, iconSearch, iconX } from '@/components/ui/icons.ts';
import { showFlashToast } from '@/components/form/flash-toast.ts';
import { ColumnFilter } from './ColumnFilter.tsx';
import { Pagination } from './Pagination.tsx';
import { HiddenFields, takeOver } from './links.tsx';
import type { DeleteRequest } from './DeleteDialog.tsx';
import { Popover } from './Popover.tsx';
import { badgeClass, formatDate, formatNumber } from './format.ts';
import { formatPaiseRange } from '@/lib/money/paise.ts';
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

// Headless UI's Dialog comes with it: loaded the first time someone deletes (decision 010).
const DeleteDialog = lazy(() => import('./DeleteDialog.tsx'));

const NO_ROW_ORDER: RowOrder = { offered: false, active: false, notice: null, announcer: null, rowProps: () => ({}), cell: () => null };

export default function DataTable(props: DataTableProps) {
  return (
    <QueryClientProvider client={useIslandQueryClient()}>
      <Table {...props} />
    </QueryClientProvider>
  );
}

// The row buttons stay in view when a wide table scrolls sideways.
// A faint shadow on its left edge shows that columns pass beneath it.
const stickyEnd = 'sticky right-0 shadow-[-6px_0_6px_-6px_rgb(0_0_0/0.3)] max-sm:shadow-none';
const iconButton =
  'inline-flex size-8 items-center justify-center rounded-lg text-surface-600 hover:bg-surface-100 dark:text-surface-300 dark:hover:bg-surface-800';

/** Cells whose whole value stays on one line: numbers, badges, images (text and dates choose where they may wrap, in Cell). */
const oneLine = (c: AreaColumn) =>
  Boolean(c.money) || c.display === 'number' || c.display === 'status' || c.display === 'image' || (c.kind === 'number' && !c.display);

function Cell({ column, row }: { column: AreaColumn; row: Row }) {
  const value = row[column.field];
  if (column.emptyText && (value === null || value === undefined || value === ''))
    return <span className="text-surface-500 dark:text-surface-400">{column.emptyText}</span>;
  if (column.money) {
    const end = column.money.rangeEnd ? row[column.money.rangeEnd] : value;
    return <>{formatPaiseRange(value as number | null, end as number | null)}</>;
  }
  switch (column.display ?? (column.kind === 'date' ? 'date' : column.kind === 'number' ? 'number' : 'text')) {
    case 'date': {
      // "20 Jan 2026, 3:00 pm" may wrap after the comma, never inside the date or the time.
      const [day, time] = formatDate(value).split(', ');
      return time ? (
        // One box, so a phone card's label-and-value row can wrap it like text.
        <span className="min-w-0">
          <span className="whitespace-nowrap">{day},</span> <span className="whitespace-nowrap">{time}</span>
        </span>
      ) : (
        <>{day}</>
      );
    }
    case 'number':
      return <>{formatNumber(value)}</>;
    case 'status': {
      const v = String(value ?? '');
      return <span className={badgeClass(v)}>{column.options?.find((o) => o.value === v)?.label ?? v}</span>;
    }
    case 'list': {
      const items = String(value ?? '')
        .split(/\s+/)
        .filter(Boolean);
      if (!items.length) return null;
      return (
        // On a desktop one line; in a phone's card "+N more" may go under the item.
        <span className="min-w-0 md:whitespace-nowrap" title={items.length > 1 ? items.join(', ') : undefined}>
          <span className="break-all">{items[0]}</span>
          {items.length > 1 && (
            <>
              {' '}
              <span className="text-xs whitespace-nowrap text-surface-500 dark:text-surface-400">+{items.length - 1} more</span>
            </>
          )}
        </span>
      );
    }
    case 'image':
      return value ? (
        <img src={String(value)} alt="" loading="lazy" className="size-10 rounded-lg border border-surface-200 object-cover dark:border-surface-700" />
      ) : (
        <span className="inline-flex size-10 items-center justify-center rounded-lg bg-surface-100 text-surface-400 dark:bg-surface-800">
          <Icon svg={iconImage} className="size-4" />
        </span>
      );
    default: {
      // An enum or yes/no column shows its option's label ("Union territory", not "true").
      const text = value == null ? '' : (column.options?.find((o) => o.value === String(value))?.label ?? String(value));
      // One word (a slug, a code, an email) never breaks, not even at its hyphens; text with
      // spaces wraps between words, in a column kept wide enough to read.
      return /\s/.test(text) && !column.options ? (
        <span className="block min-w-48 max-sm:min-w-0">{text}</span>
      ) : (
        <span className="whitespace-nowrap">{text}</span>
      );
    }
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
  // "Select all N matching": the selection is the list's filter, every page of it, not ids.
  const [allMatching, setAllMatching] = useState(false);
  const [notice, setNotice] = useState<{ message: string; details: string[] } | null>(null);
  const [busy, setBusy] = useState(false);
  const [deleting, setDeleting] = useState<DeleteRequest | null>(null);
  // The delete dialog leaves the page when it closes: focus goes back to the button that opened it.
  const deleteOpener = useRef<HTMLElement | null>(null);
  const askDelete = (request: DeleteRequest) => {
    deleteOpener.current = document.activeElement as HTMLElement | null;
    setDeleting(request);
  };
  useEffect(() => {
    if (deleting || !deleteOpener.current) return;
    if (deleteOpener.current.isConnected) deleteOpener.current.focus();
    deleteOpener.current = null;
  }, [deleting]);
  // The server's HTML works before hydration (links and GET forms); once hydrated, the island
  // takes over their clicks. `data-ready` tells the page's hydrate-on-interaction directive (and
  // tests) that it has.
  const [ready, setReady] = useState(false);

  const clearSelection = () => {
    setSelected([]);
    setAllMatching(false);
  };

  /** Another search or filter selects other rows: the selection (ids or "all matching") no longer applies. */
  const showState = (next: ListState) => {
    const prev = stateRef.current;
    if (prev.q !== next.q || JSON.stringify(prev.filters) !== JSON.stringify(next.filters)) clearSelection();
    setState(next);
  };
  const go = (next: ListState, replace = false) => {
    showState(next);
    history[replace ? 'replaceState' : 'pushState'](null, '', location.pathname + listSearch(next));
  };
  /** A link to another table state: its href works without the island; with it, a plain click navigates in place. */
  const stateLink = (next: ListState) => ({
    href: listSearch(next) || '?',
    onClick: ready ? (e: MouseEvent<HTMLAnchorElement>) => takeOver(e) && go(next) : undefined,
  });

  useEffect(() => {
    const onPop = () => {
      const next = readListState(location.search);
      showState(next);
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
  const sortState = (field: string): ListState => ({
    ...state,
    sort: field,
    order: sortField === field && sortOrder === 'asc' ? 'desc' : 'asc',
    page: 1,
  });

  const refresh = () => client.invalidateQueries({ queryKey: keys.lists() });
  const title = (row: Row) => String(row[area.titleField] ?? `#${row.id}`);
  // An action that failed (a status change, a reorder): said once, above the table.
  const fail = (e: unknown) => {
    setNotice({ message: (e as Error).message, details: e instanceof ApiError && e.status === 409 ? Object.values(e.fieldErrors).flat() : [] });
  };
  const done = async (message: string) => {
    setNotice(null);
    clearSelection();
    toast({ severity: 'success', summary: 'Success', detail: message });
    await refresh();
  };

  const total = result?.meta.total ?? 0;
  const aboutTotal = `${result?.meta.total_is_estimate ? 'about ' : ''}${formatNumber(total)}`;
  const count = allMatching ? total : selected.length;
  const countLabel = allMatching ? aboutTotal : formatNumber(selected.length);
  const nouns = (n: number) => (n === 1 ? singular : plural);
  /** What a bulk call changes: the selected ids, or the list's search and filters (fixed ones included). */
  const bulkTarget = () => (allMatching ? { filter: { ...(requested.q ? { q: requested.q } : {}), filters: requested.filters } } : { ids: selected });

  const askStatus = (value: string) => {
    const option = area.statusField?.options.find((o) => o.value === value);
    const label = option?.label ?? value;
    askConfirm({
      title: `Set ${countLabel} ${nouns(count)} to ${label}?`,
      message: allMatching
        ? `Every ${singular} matching the search and filters (${aboutTotal}, on every page) will be set to ${label}.`
        : `The ${countLabel} selected ${nouns(count)} will be set to ${label}.`,
      confirmLabel: `Set to ${label}`,
      cancelLabel: 'Cancel',
      ...(option?.reason ? { reason: { label: option.reason } } : {}),
      onConfirm: (reason) => setStatus(value, reason),
    });
  };

  const setStatus = async (status: string, reason?: string) => {
    setBusy(true);
    try {
      await done((await api.post<{ message: string }>(`${base}/bulk-status`, { ...bulkTarget(), status, ...(reason ? { reason } : {}) })).message);
    } catch (e) {
      fail(e);
    } finally {
      setBusy(false);
    }
  };

  // Bulk actions that answer a file (a bulk print): the selection is sent as the other bulk
  // actions send it, the file saved under the server's name, its summary the toast.
  const downloads = (area.bulkDownloads ?? []).filter((d) => abilities.downloads?.includes(d.path));
  const [preparing, setPreparing] = useState<string | null>(null);
  const runDownload = async (d: BulkDownload) => {
    setPreparing(d.path);
    try {
      const file = await download(`${base}/${d.path}`, bulkTarget(), `${area.key}-${d.path}`);
      saveFile(file);
      setNotice(null);
      toast({ severity: 'success', summary: d.label, detail: file.summary ?? `Downloaded ${file.fileName}.` });
    } catch (e) {
      fail(e);
    } finally {
      setPreparing(null);
    }
  };

  const exportHref = (ids?: number[]) => {
    const p = toSearchParams({ ...requested, page: 1, per_page: 25 });
    if (ids) p.set('ids', ids.join(','));
    return `${base}/export${p.size ? `?${p}` : ''}`;
  };

  const pageIds = rows.map((r) => r.id);
  const isSelected = (id: number) => allMatching || selected.includes(id);
  const allOnPage = pageIds.length > 0 && pageIds.every(isSelected);
  const someOnPage = pageIds.some(isSelected);
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
  const canSelect = abilities.delete || (abilities.update && Boolean(area.statusField)) || area.exportable || downloads.length > 0;
  const hasActions = abilities.update || abilities.delete || Boolean(abilities.view && area.paths.details) || Boolean(rowActions);
  const filtered = Boolean(state.q) || Object.keys(state.filters).length > 0;
  const colSpan = area.columns.length + (canSelect ? 1 : 0) + (order.offered ? 1 : 0) + (hasActions ? 1 : 0);
  const selecting = count > 0;
  const hasImage = area.columns.some((c) => c.display === 'image' && !c.secondary);
  const unfiltered: ListState = { ...state, q: undefined, filters: {}, page: 1 };
  const clearFiltersLink = {
    ...stateLink(unfiltered),
    onClick: ready
      ? (e: MouseEvent<HTMLAnchorElement>) => {
          if (!takeOver(e)) return;
          setQ('');
          go(unfiltered);
        }
      : undefined,
  };
  // The search box's form keeps the rest of the table state (sort, rows per page, filters) and starts at page 1.
  const searchFields = toSearchParams({ ...state, q: undefined, page: 1 });
  const perPageFields = toSearchParams({ ...state, per_page: undefined, page: 1 });

  const toggleRow = (id: number, checked: boolean) => {
    if (allMatching) {
      // Leaving "all matching": what stays selected is this page, less the row unticked.
      setAllMatching(false);
      setSelected(pageIds.filter((x) => x !== id));
      return;
    }
    setSelected(checked ? [...selected, id] : selected.filter((x) => x !== id));
  };
  const togglePage = () => {
    if (allMatching) clearSelection();
    else setSelected(allOnPage ? selected.filter((id) => !pageIds.includes(id)) : [...new Set([...selected, ...pageIds])]);
  };

  // The bulk actions take the header row's place while rows are selected: drawn over it, beside
  // the select-all box (which stays, to clear the selection), while the column headers keep their
  // cells invisibly, so neither the row's height nor a column's width changes: nothing moves.
  const selectionBar = (
    <div
      role="region"
      aria-label="Bulk actions"
      className="absolute inset-y-0 left-full z-10 flex w-max items-center gap-2 pr-4 text-sm font-normal whitespace-nowrap text-surface-800 normal-case max-sm:left-10 max-sm:w-auto max-sm:right-0 max-sm:overflow-x-auto dark:text-surface-100"
    >
      <span className="font-medium" aria-live="polite">
        {allMatching ? `All ${countLabel} matching selected` : `${countLabel} selected`}
      </span>
      {!allMatching && allOnPage && total > rows.length && (
        <button type="button" className={`${buttonClass('ghost', 'sm')} h-8 py-0 text-primary`} onClick={() => setAllMatching(true)}>
          Select all {aboutTotal} matching
        </button>
      )}
      {abilities.update && area.statusField && (
        <select
          aria-label={`Set ${area.statusField.noun ?? 'status'} of the selected ${plural}`}
          className={`${inputClass.replace('w-full', 'w-auto')} h-8 py-0`}
          value=""
          disabled={busy}
          onChange={(e) => e.target.value && askStatus(e.target.value)}
        >
          <option value="">Set {area.statusField.noun ?? 'status'}…</option>
          {area.statusField.options.map((o) => (
            <option key={o.value} value={o.value}>
              {o.label}
            </option>
          ))}
        </select>
      )}
      {downloads.map((d) => (
        <button
          key={d.path}
          type="button"
          className={`${buttonClass('outline', 'sm')} h-8 py-0`}
          disabled={preparing !== null}
          aria-busy={preparing === d.path || undefined}
          onClick={() => runDownload(d)}
        >
          <Icon svg={iconDownload} className="size-4" /> {preparing === d.path ? 'Preparing…' : d.label}
        </button>
      ))}
      {abilities.delete && (
        <button type="button" className={`${buttonClass('danger', 'sm')} h-8 py-0`} onClick={() => askDelete({ kind: 'many', count, target: bulkTarget() })}>
          <Icon svg={iconTrash} className="size-4" /> Delete selected
        </button>
      )}
      <button type="button" className={`${buttonClass('ghost', 'sm')} h-8 py-0`} onClick={clearSelection}>
        Clear selection
      </button>
    </div>
  );

  const selectAllCell = canSelect && (
    <th scope="col" className="relative w-10 px-4 max-sm:static max-sm:px-3">
      <input
        ref={selectAll}
        type="checkbox"
        aria-label="Select all rows on this page"
        checked={allOnPage}
        disabled={!rows.length}
        onChange={togglePage}
        className="align-middle"
      />
      {selecting && selectionBar}
    </th>
  );

  const columnHeaders = area.columns.map((c) => {
    const active = c.sortable && sortField === c.field;
    return (
      <th
        key={c.field}
        scope="col"
        className={`px-3 whitespace-nowrap max-sm:px-2 ${c.secondary ? 'hidden md:table-cell' : !c.sortable && !c.filterable ? 'max-sm:hidden' : ''} ${selecting ? 'invisible' : ''}`}
        aria-sort={c.sortable ? (active ? (sortOrder === 'asc' ? 'ascending' : 'descending') : 'none') : undefined}
      >
        <span className="inline-flex items-center gap-1">
          {c.sortable ? (
            <a {...stateLink(sortState(c.field))} className="inline-flex items-center gap-1 rounded uppercase hover:text-surface-900 dark:hover:text-surface-0">
              {c.header}
              <Icon
                svg={active ? (sortOrder === 'asc' ? iconArrowUp : iconArrowDown) : iconArrowUpDown}
                className={`size-3.5 ${active ? 'text-primary' : 'opacity-50'}`}
              />
            </a>
          ) : (
            c.header
          )}
          {c.filterable && !fixedFilters?.[c.relation?.field ?? c.field] && (
            <ColumnFilter column={c} value={state.filters[c.relation?.field ?? c.field]} onApply={(f) => setFilter(c.relation?.field ?? c.field, f)} />
          )}
        </span>
      </th>
    );
  });

  return (
    <div className="card overflow-hidden p-0" data-ready={ready || undefined}>
      <div className="flex flex-wrap items-center gap-2 border-b border-surface-200 p-4 dark:border-surface-700">
        {/* A GET form: Enter searches before the island hydrates too; once hydrated, typing searches as you go. */}
        <form
          method="get"
          role="search"
          className="relative min-w-56 flex-1 max-sm:min-w-full"
          onSubmit={(e) => {
            if (!ready) return;
            e.preventDefault();
            clearTimeout(timer.current);
            go({ ...state, q: q.trim() || undefined, page: 1 });
          }}
        >
          <HiddenFields params={searchFields} />
          <Icon svg={iconSearch} className="pointer-events-none absolute top-1/2 left-3 size-4 -translate-y-1/2 text-surface-400" />
          <input
            type="search"
            name="q"
            className={`${inputClass} pl-9`}
            placeholder={area.searchPlaceholder ?? `Search ${plural}`}
            aria-label={`Search ${plural}`}
            value={q}
            onChange={(e) => onSearch(e.target.value)}
          />
        </form>
        {filtered && (
          <a {...clearFiltersLink} className={buttonClass('ghost', 'sm')}>
            <Icon svg={iconX} className="size-4" /> Clear filters
          </a>
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
                  ...(selecting ? [{ label: `Selected rows (${countLabel})`, href: allMatching ? exportHref() : exportHref(selected) }] : []),
                  { label: `Visible rows (${rows.length})`, href: exportHref(pageIds) },
                  { label: `All matching rows (${total})`, href: exportHref() },
                ].map((item) => (
                  <li key={item.label}>
                    <a href={item.href} download onClick={() => close()} className="block rounded-lg px-3 py-2 hover:bg-surface-100 dark:hover:bg-surface-800">
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

      {/* On a phone (< 640 px) each row is a card: its title first, then the key columns, each with its header as a label. */}
      <div className="overflow-x-auto max-sm:overflow-x-visible">
        <table className="w-full text-left text-sm max-sm:block" aria-busy={query.isFetching}>
          <caption className="sr-only">{area.label}</caption>
          <thead className="bg-surface-50 text-xs font-semibold text-surface-600 uppercase max-sm:block dark:bg-surface-800/50 dark:text-surface-300">
            <tr className="h-12 max-sm:relative max-sm:flex max-sm:items-center max-sm:overflow-x-auto" data-selecting={selecting || undefined}>
              {selectAllCell}
              {order.offered && (
                <th scope="col" className="w-px px-2" aria-hidden={selecting || undefined}>
                  <span className="sr-only">Order</span>
                </th>
              )}
              {columnHeaders}
              {hasActions && (
                <th scope="col" className={`${stickyEnd} bg-surface-50 px-4 text-right max-sm:hidden dark:bg-surface-800`}>
                  <span className="sr-only">Actions</span>
                </th>
              )}
            </tr>
          </thead>
          <tbody className="divide-y divide-surface-200 max-sm:block dark:divide-surface-700">
            {error && !result ? (
              <tr className="max-sm:block">
                <td colSpan={colSpan} className="px-4 py-10 text-center max-sm:block">
                  <p role="alert" className="text-red-700 dark:text-red-300">
                    {error}
                  </p>
                  <div className="mt-3 flex justify-center gap-2">
                    <button type="button" className={buttonClass('outline', 'sm')} onClick={() => query.refetch()}>
                      Retry
                    </button>
                    {filtered && (
                      <a {...clearFiltersLink} className={buttonClass('ghost', 'sm')}>
                        Clear filters
                      </a>
                    )}
                  </div>
                </td>
              </tr>
            ) : !result ? (
              <tr className="max-sm:block">
                <td colSpan={colSpan} className="px-4 py-10 text-center text-surface-500 max-sm:block dark:text-surface-400">
                  Loading {plural}…
                </td>
              </tr>
            ) : rows.length === 0 ? (
              <tr className="max-sm:block">
                <td colSpan={colSpan} className="px-4 py-10 text-center text-surface-500 max-sm:block dark:text-surface-400">
                  {filtered ? `No ${plural} match these filters.` : `No ${plural} yet.`}
                </td>
              </tr>
            ) : (
              rows.map((row, index) => {
                const rowProps = order.rowProps(row, index);
                return (
                  <tr
                    key={row.id}
                    {...rowProps}
                    className={`hover:bg-surface-50 max-sm:relative max-sm:flex max-sm:flex-col max-sm:gap-1 max-sm:py-3 max-sm:pr-3 ${canSelect ? 'max-sm:pl-12' : 'max-sm:pl-4'} dark:hover:bg-surface-800/40 ${isSelected(row.id) ? 'bg-primary-50 dark:bg-primary-950/30' : ''} ${rowProps.className ?? ''}`}
                  >
                    {canSelect && (
                      <td className="px-4 py-2 max-sm:absolute max-sm:top-3 max-sm:left-3 max-sm:p-0">
                        <input
                          type="checkbox"
                          aria-label={`Select ${title(row)}`}
                          checked={isSelected(row.id)}
                          onChange={(e) => toggleRow(row.id, e.target.checked)}
                        />
                      </td>
                    )}
                    {order.offered && <td className="px-2 py-2 whitespace-nowrap max-sm:order-last max-sm:p-0">{order.cell(row, index)}</td>}
                    {area.columns.map((c) => {
                      const isTitle = c.field === area.titleField;
                      return (
                        <td
                          key={c.field}
                          data-label={isTitle || c.display === 'image' ? undefined : c.header}
                          className={`px-3 py-2 max-sm:p-0 ${
                            c.secondary
                              ? `hidden md:table-cell ${oneLine(c) ? 'whitespace-nowrap' : ''}`
                              : isTitle
                                ? `min-w-40 max-sm:order-first max-sm:min-w-0 max-sm:text-base max-sm:font-medium ${hasImage ? 'max-sm:min-h-10 max-sm:pr-12' : ''}`
                                : c.display === 'image'
                                  ? // On a phone, the card's thumbnail, top right.
                                    'max-sm:absolute max-sm:top-3 max-sm:right-3'
                                  : // Numbers and badges stay on one line; dates, words and text decide in Cell.
                                    `${oneLine(c) ? 'whitespace-nowrap' : ''} max-sm:flex max-sm:items-center max-sm:gap-2 max-sm:whitespace-normal max-sm:before:w-28 max-sm:before:shrink-0 max-sm:before:text-xs max-sm:before:text-surface-500 max-sm:before:content-[attr(data-label)]`
                          }`}
                        >
                          {renderCell?.[c.field] ? (
                            renderCell[c.field]!(row)
                          ) : isTitle && abilities.update && area.paths.edit ? (
                            <a href={editHref(row.id)} className="font-medium text-primary hover:underline">
                              {title(row)}
                            </a>
                          ) : (
                            <Cell column={c} row={row} />
                          )}
                        </td>
                      );
                    })}
                    {hasActions && (
                      <td
                        className={`${stickyEnd} bg-surface-0 px-4 py-2 text-right whitespace-nowrap max-sm:static max-sm:order-last max-sm:-ml-2 max-sm:bg-transparent max-sm:p-0 max-sm:text-left dark:bg-surface-900 max-sm:dark:bg-transparent`}
                      >
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
                            onClick={() => askDelete({ kind: 'one', id: row.id, title: title(row) })}
                          >
                            <Icon svg={iconTrash} className="size-4" />
                          </button>
                        )}
                      </td>
                    )}
                  </tr>
                );
              })
            )}
          </tbody>
        </table>
      </div>
      {result && (
        <Pagination
          meta={result.meta}
          rows={rows.length}
          pageHref={(page) => listSearch({ ...state, page }) || '?'}
          perPageFields={perPageFields}
          follow={ready ? (e, page) => takeOver(e) && go({ ...state, page }) : undefined}
          onPerPage={(n) => go({ ...state, per_page: n as ListState['per_page'], page: 1 })}
          live={ready}
        />
      )}
      {deleting && (
        <Suspense>
          <DeleteDialog
            key={deleting.kind === 'one' ? `one-${deleting.id}` : 'many'}
            request={deleting}
            base={base}
            singular={singular}
            plural={plural}
            onClose={() => setDeleting(null)}
            onDeleted={done}
          />
        </Suspense>
      )}
    </div>
  );
}
