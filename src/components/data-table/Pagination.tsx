/** The table's pager: "Showing 11 to 20 of 57", rows per page, and first/previous/pages/next/last. */
import { PAGE_SIZES, type ListMeta } from '@/lib/list/list-query.ts';
import { inputClass } from '@/components/ui/styles.ts';
import { Icon } from '@/components/ui/Icon.tsx';
import { iconChevronRight } from '@/components/ui/icons.ts';
import { iconChevronLeft, iconChevronsLeft, iconChevronsRight } from './icons.ts';
import { formatNumber } from './format.ts';

const pagerButton =
  'inline-flex size-9 items-center justify-center rounded-lg text-sm text-surface-700 hover:enabled:bg-surface-100 disabled:opacity-40 aria-[current=page]:bg-primary aria-[current=page]:text-primary-contrast dark:text-surface-200 dark:hover:enabled:bg-surface-800';

export function Pagination({ meta, rows, onPage, onPerPage }: { meta: ListMeta; rows: number; onPage: (p: number) => void; onPerPage: (n: number) => void }) {
  const pages = Math.max(1, Math.ceil(meta.total / meta.per_page));
  const page = Math.min(meta.page, pages);
  const from = rows ? (meta.page - 1) * meta.per_page + 1 : 0;
  const start = Math.max(1, Math.min(page - 2, pages - 4));
  const numbers = Array.from({ length: Math.min(5, pages) }, (_, i) => start + i);
  const nav = (label: string, target: number, svg: string, disabled: boolean) => (
    <button type="button" className={pagerButton} aria-label={label} disabled={disabled} onClick={() => onPage(target)}>
      <Icon svg={svg} className="size-4" />
    </button>
  );
  return (
    <div className="flex flex-wrap items-center justify-between gap-3 border-t border-surface-200 px-4 py-3 text-sm dark:border-surface-700">
      <p aria-live="polite">
        {rows
          ? `Showing ${formatNumber(from)} to ${formatNumber(from + rows - 1)} of ${meta.total_is_estimate ? 'about ' : ''}${formatNumber(meta.total)}`
          : 'No entries'}
      </p>
      <nav aria-label="Pagination" className="flex items-center gap-1">
        {nav('First page', 1, iconChevronsLeft, page <= 1)}
        {nav('Previous page', page - 1, iconChevronLeft, page <= 1)}
        {numbers.map((n) => (
          <button
            key={n}
            type="button"
            className={pagerButton}
            aria-label={`Page ${n}`}
            aria-current={n === page ? 'page' : undefined}
            onClick={() => onPage(n)}
          >
            {n}
          </button>
        ))}
        {nav('Next page', page + 1, iconChevronRight, page >= pages)}
        {nav('Last page', pages, iconChevronsRight, page >= pages)}
      </nav>
      <label className="flex items-center gap-2 whitespace-nowrap">
        Rows per page
        <select className={`${inputClass} w-20`} value={meta.per_page} onChange={(e) => onPerPage(Number(e.target.value))}>
          {PAGE_SIZES.map((n) => (
            <option key={n}>{n}</option>
          ))}
        </select>
      </label>
    </div>
  );
}
