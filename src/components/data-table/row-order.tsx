/**
 * The DataTable's reordering, for areas that declare `reorder` (widgets, FAQs): a drag handle
 * and Move up / Move down buttons on each row, the new order shown at once and saved through
 * POST /api/<area>/reorder with the list's search and filters (the server answers 409 when that
 * set changed meanwhile, and the table reloads). Offered while the list is sorted by the order
 * field, lowest first, with every matching row on the page: otherwise a note says how to get
 * there. Saves run one after another, so quick moves can't overtake each other.
 * Only lists of such areas load this file (OrderedDataTable.tsx passes it to the DataTable).
 */
import { useEffect, useRef, useState, type DragEvent, type HTMLAttributes, type ReactNode } from 'react';
import type { QueryClient } from '@tanstack/react-query';
import { api } from '@/lib/http/client.ts';
import { toast } from '@/lib/stores/toast.ts';
import type { ListResult } from '@/lib/list/list-query.ts';
import type { ListState } from '@/lib/list/list-url.ts';
import type { AreaListView } from '@/lib/areas/list-view.ts';
import { inSentence } from '@/lib/areas/area.ts';
import { buttonClass } from '@/components/ui/styles.ts';
import { Icon } from '@/components/ui/Icon.tsx';
import { iconArrowDown, iconArrowUp } from './icons.ts';

type Row = Record<string, unknown> & { id: number };

const iconGrip =
  '<circle cx="9" cy="12" r="1"/><circle cx="9" cy="5" r="1"/><circle cx="9" cy="19" r="1"/><circle cx="15" cy="12" r="1"/><circle cx="15" cy="5" r="1"/><circle cx="15" cy="19" r="1"/>';
const moveButton =
  'inline-flex size-7 items-center justify-center rounded-md text-surface-600 hover:bg-surface-100 disabled:opacity-30 disabled:hover:bg-transparent dark:text-surface-300 dark:hover:bg-surface-800';

export interface RowOrderInput {
  area: AreaListView;
  state: ListState;
  result: ListResult<Row> | undefined;
  canUpdate: boolean;
  sort: { field: string; order: 'asc' | 'desc' };
  client: QueryClient;
  queryKey: readonly unknown[];
  listsKey: readonly unknown[];
  title: (row: Row) => string;
  go: (next: ListState) => void;
  fail: (e: unknown) => void;
}

export interface RowOrder {
  /** The area may be reordered by this user here: the order column shows. */
  offered: boolean;
  /** The whole set is on the page, sorted by the order field: the controls work. */
  active: boolean;
  notice: ReactNode;
  announcer: ReactNode;
  rowProps: (row: Row, index: number) => HTMLAttributes<HTMLTableRowElement>;
  cell: (row: Row, index: number) => ReactNode;
}

export function useRowOrder({ area, state, result, canUpdate, sort, client, queryKey, listsKey, title, go, fail }: RowOrderInput): RowOrder {
  const field = area.reorder?.field;
  const rows = result?.data ?? [];
  const offered = Boolean(field && canUpdate && result && result.meta.total > 1);
  const active = offered && sort.field === field && sort.order === 'asc' && rows.length === result!.meta.total;
  const [dragging, setDragging] = useState<number | null>(null);
  const [over, setOver] = useState<number | null>(null);
  const [announcement, setAnnouncement] = useState('');
  const [focus, setFocus] = useState<{ id: number; dir: 'up' | 'down' } | null>(null);
  const queue = useRef<Promise<unknown>>(Promise.resolve());
  const pending = useRef(0);

  // Keyboard moves keep the focus on the moved row's button (the other one at either end).
  useEffect(() => {
    if (!focus) return;
    const find = (dir: string) => document.querySelector<HTMLButtonElement>(`[data-move="${focus.id}-${dir}"]`);
    const button = find(focus.dir);
    (button && !button.disabled ? button : find(focus.dir === 'up' ? 'down' : 'up'))?.focus();
    setFocus(null);
  }, [focus]);

  const move = (id: number, to: number) => {
    const from = rows.findIndex((r) => r.id === id);
    if (from < 0 || to < 0 || to >= rows.length || from === to) return;
    const next = [...rows];
    const [moved] = next.splice(from, 1);
    next.splice(to, 0, moved!);
    client.setQueryData(queryKey, { ...result!, data: next });
    setAnnouncement(`Moved "${title(moved!)}" to position ${to + 1} of ${next.length}.`);
    const ids = next.map((r) => r.id);
    pending.current++;
    queue.current = queue.current
      .then(() => api.post<{ message: string }>(`/api/${area.key}/reorder`, { ids, ...(state.q ? { q: state.q } : {}), filters: state.filters }))
      .then(
        (res) => {
          if (pending.current === 1) toast({ severity: 'success', summary: 'Saved', detail: res.message });
        },
        (e: unknown) => fail(e),
      )
      .finally(() => {
        // Reload once the last save is in: earlier answers would show an order already changed again.
        if (--pending.current === 0) void client.invalidateQueries({ queryKey: listsKey });
      });
  };

  const header = area.columns.find((c) => c.field === field)?.header ?? field;
  const notice: ReactNode =
    offered && !active ? (
      <div className="flex flex-wrap items-center gap-2 border-b border-surface-200 px-4 py-2 text-sm text-surface-600 dark:border-surface-700 dark:text-surface-300">
        <span>
          To change the order, show every {inSentence(area.singular)} sorted by {String(header).toLowerCase()}, lowest first.
        </span>
        {result!.meta.total <= 100 ? (
          <button
            type="button"
            className={buttonClass('outline', 'sm')}
            onClick={() => go({ ...state, sort: field, order: 'asc', page: 1, per_page: rows.length === result!.meta.total ? state.per_page : 100 })}
          >
            Arrange the order
          </button>
        ) : (
          <span>Narrow the list with a filter first (at most 100 at a time).</span>
        )}
      </div>
    ) : null;

  const rowProps = (row: Row, index: number): HTMLAttributes<HTMLTableRowElement> =>
    active
      ? {
          onDragOver: (e: DragEvent) => {
            if (dragging === null) return;
            e.preventDefault();
            e.dataTransfer.dropEffect = 'move';
            if (over !== index) setOver(index);
          },
          onDrop: (e: DragEvent) => {
            e.preventDefault();
            if (dragging !== null) move(dragging, index);
            setDragging(null);
            setOver(null);
          },
          className: over === index && dragging !== null && dragging !== row.id ? 'outline-2 -outline-offset-2 outline-primary' : undefined,
        }
      : {};

  const cell = (row: Row, index: number): ReactNode => (
    <span className="inline-flex items-center gap-0.5">
      <span
        draggable={active}
        aria-hidden="true"
        title={active ? 'Drag to move' : undefined}
        data-drag-handle={row.id}
        className={`inline-flex size-7 items-center justify-center rounded-md text-surface-400 ${active ? 'cursor-grab hover:bg-surface-100 dark:hover:bg-surface-800' : 'opacity-30'}`}
        onDragStart={(e) => {
          e.dataTransfer.effectAllowed = 'move';
          e.dataTransfer.setData('text/plain', String(row.id));
          setDragging(row.id);
        }}
        onDragEnd={() => {
          setDragging(null);
          setOver(null);
        }}
      >
        <Icon svg={iconGrip} className="size-4" />
      </span>
      {(['up', 'down'] as const).map((dir) => (
        <button
          key={dir}
          type="button"
          data-move={`${row.id}-${dir}`}
          className={moveButton}
          aria-label={`Move ${title(row)} ${dir}`}
          disabled={!active || (dir === 'up' ? index === 0 : index === rows.length - 1)}
          onClick={() => {
            move(row.id, dir === 'up' ? index - 1 : index + 1);
            setFocus({ id: row.id, dir });
          }}
        >
          <Icon svg={dir === 'up' ? iconArrowUp : iconArrowDown} className="size-4" />
        </button>
      ))}
    </span>
  );

  const announcer = (
    <p className="sr-only" aria-live="polite">
      {announcement}
    </p>
  );

  return { offered, active, notice, rowProps, cell, announcer };
}
