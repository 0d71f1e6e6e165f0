/**
 * The table's pager: "Showing 11 to 20 of 57", rows per page, and first/previous/pages/next/last.
 * Pages are real links and rows per page a GET form, so the server-rendered pager works before the
 * island hydrates (and without JavaScript); once hydrated, `follow` turns a plain click into the
 * table's own navigation (pushState, no page load).
 */
import { Fragment, type MouseEvent, type ReactNode } from 'react';
import { PAGE_SIZES, type ListMeta } from '@/lib/list/list-query.ts';
import { buttonClass, inputClass } from '@/components/ui/styles.ts';
import { Icon } from '@/components/ui/Icon.tsx';
import { iconChevronRight } from '@/components/ui/icons.ts';
import { iconChevronLeft, iconChevronsLeft, iconChevronsRight } from './icons.ts';
import { formatNumber } from './format.ts';
import { HiddenFields } from './links.tsx';

const pagerLink =
  'inline-flex size-9 items-center justify-center rounded-lg text-sm text-surface-700 hover:bg-surface-100 aria-disabled:pointer-events-none aria-disabled:opacity-40 aria-[current=page]:bg-primary aria-[current=page]:text-primary-contrast dark:text-surface-200 dark:hover:bg-surface-800';

export interface PaginationProps {
  meta: ListMeta;
  rows: number;
  /** The link to a page (`?page=3&…`, the rest of the table state kept). */
  pageHref: (page: number) => string;
  /** The rest of the table state, as the per-page form's hidden fields. */
  perPageFields: URLSearchParams;
  /** Intercepts a plain click on a page link once the island is live; undefined before. */
  follow?: (e: MouseEvent<HTMLAnchorElement>, page: number) => void;
  onPerPage?: (n: number) => void;
  /** Hydrated: the per-page select applies on change, so its submit button goes. */
  live: boolean;
}

export function Pagination({ meta, rows, pageHref, perPageFields, follow, onPerPage, live }: PaginationProps) {
  const pages = Math.max(1, Math.ceil(meta.total / meta.per_page));
  const page = Math.min(meta.page, pages);
  const from = rows ? (meta.page - 1) * meta.per_page + 1 : 0;
  const start = Math.max(1, Math.min(page - 2, pages - 4));
  const numbers = Array.from({ length: Math.min(5, pages) }, (_, i) => start + i);
  const link = (label: string, target: number, content: ReactNode, disabled: boolean, current = false) =>
    disabled ? (
      // A link to nowhere is no link: the first page has no "previous".
      <a className={pagerLink} aria-label={label} aria-disabled="true" role="link">
        {content}
      </a>
    ) : (
      <a
        href={pageHref(target)}
        className={pagerLink}
        aria-label={label}
        aria-current={current ? 'page' : undefined}
        onClick={follow ? (e) => follow(e, target) : undefined}
      >
        {content}
      </a>
    );
  return (
    <div className="flex flex-wrap items-center justify-between gap-3 border-t border-surface-200 px-4 py-3 text-sm dark:border-surface-700">
      <p aria-live="polite">
        {rows
          ? `Showing ${formatNumber(from)} to ${formatNumber(from + rows - 1)} of ${meta.total_is_estimate ? 'about ' : ''}${formatNumber(meta.total)}`
          : 'No entries'}
      </p>
      <nav aria-label="Pagination" className="flex items-center gap-1">
        {link('First page', 1, <Icon svg={iconChevronsLeft} className="size-4" />, page <= 1)}
        {link('Previous page', page - 1, <Icon svg={iconChevronLeft} className="size-4" />, page <= 1)}
        {numbers.map((n) => (
          <Fragment key={n}>{link(`Page ${n}`, n, n, false, n === page)}</Fragment>
        ))}
        {link('Next page', page + 1, <Icon svg={iconChevronRight} className="size-4" />, page >= pages)}
        {link('Last page', pages, <Icon svg={iconChevronsRight} className="size-4" />, page >= pages)}
      </nav>
      <form method="get" className="flex items-center gap-2 whitespace-nowrap" onSubmit={(e) => live && e.preventDefault()}>
        <HiddenFields params={perPageFields} />
        <label className="flex items-center gap-2">
          Rows per page
          <select name="per_page" className={`${inputClass} w-20`} value={meta.per_page} onChange={(e) => onPerPage?.(Number(e.target.value))}>
            {PAGE_SIZES.map((n) => (
              <option key={n}>{n}</option>
            ))}
          </select>
        </label>
        {/* Before the island is live a select can't apply itself: this button submits the form. */}
        {!live && (
          <button type="submit" className={buttonClass('outline', 'sm')}>
            Show
          </button>
        )}
      </form>
    </div>
  );
}
