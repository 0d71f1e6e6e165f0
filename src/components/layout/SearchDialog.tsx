/**
 * Global search results (Ctrl/⌘+K): GET /api/search?q= as the person types, debounced, with
 * keyboard navigation (↑ ↓ Home End Enter). The dialog and its Search field are server-rendered
 * (SearchBox.astro) and opened by the shell script, so the field is focused inside the tap that
 * opens it (phones show the keyboard only then); this island, loaded on first use by ShellIslands,
 * attaches to that field and draws the results into the dialog. Escape, the × and the backdrop
 * close the native dialog; the shell script gives the focus back to the opener.
 */
import { useEffect, useMemo, useRef, useState } from 'react';
import { createPortal } from 'react-dom';
import { QueryClientProvider, keepPreviousData, useQuery } from '@tanstack/react-query';
import { Icon } from '@/components/ui/Icon.tsx';
import { iconFileQuestion, iconChevronRight } from '@/components/ui/icons.ts';
import { api, ApiError } from '@/lib/http/client.ts';
import { useIslandQueryClient, useDebounced } from '@/lib/http/query-client.ts';
import type { SearchResult } from '@/app/search/search.server.ts';

const SEARCH_DEBOUNCE_MS = 250;
const LIST_ID = 'search-results';
const optionId = (i: number) => `search-option-${i}`;

/** The field's text, followed as it changes (typed before this island loaded included). */
function useFieldText(input: HTMLInputElement, open: boolean): string {
  const [text, setText] = useState(input.value);
  useEffect(() => {
    const follow = () => setText(input.value);
    follow();
    input.addEventListener('input', follow);
    return () => input.removeEventListener('input', follow);
  }, [input, open]);
  return text;
}

function SearchResults({ open, input, placeholder }: { open: boolean; input: HTMLInputElement; placeholder: HTMLElement | null }) {
  const text = useFieldText(input, open);
  const [active, setActive] = useState(0);
  const q = useDebounced(text.trim(), SEARCH_DEBOUNCE_MS);
  const listRef = useRef<HTMLUListElement>(null);
  const result = useQuery({
    queryKey: ['search', q],
    queryFn: ({ signal }) => api.get<{ data: SearchResult[] }>('/api/search', { q }, signal),
    enabled: open,
    placeholderData: keepPreviousData,
  });
  const items = useMemo(() => result.data?.data ?? [], [result.data]);
  useEffect(() => setActive(0), [items]);
  useEffect(() => {
    listRef.current?.querySelector(`[data-index="${active}"]`)?.scrollIntoView({ block: 'nearest' });
  }, [active]);
  // The server's "Type to search" line gives way to this island's own.
  useEffect(() => {
    if (placeholder) placeholder.hidden = true;
  }, [placeholder]);

  // The field is the server's: its combobox state is kept here.
  useEffect(() => {
    input.setAttribute('aria-expanded', String(items.length > 0));
    if (items.length > 0) input.setAttribute('aria-activedescendant', optionId(active));
    else input.removeAttribute('aria-activedescendant');
  }, [input, items.length, active]);

  useEffect(() => {
    const go = (r: SearchResult | undefined) => {
      if (r) window.location.assign(r.href);
    };
    const onKeyDown = (e: KeyboardEvent) => {
      if (items.length === 0) return;
      if (e.key === 'ArrowDown') {
        e.preventDefault();
        setActive((i) => (i + 1) % items.length);
      } else if (e.key === 'ArrowUp') {
        e.preventDefault();
        setActive((i) => (i - 1 + items.length) % items.length);
      } else if (e.key === 'Home') {
        e.preventDefault();
        setActive(0);
      } else if (e.key === 'End') {
        e.preventDefault();
        setActive(items.length - 1);
      } else if (e.key === 'Enter') {
        e.preventDefault();
        go(items[active]);
      }
    };
    input.addEventListener('keydown', onKeyDown);
    return () => input.removeEventListener('keydown', onKeyDown);
  }, [input, items, active]);

  const waiting = text.trim() !== q;
  let status: string;
  if (result.isError) status = `Search failed: ${result.error instanceof ApiError ? result.error.message : 'unexpected error'}`;
  else if (result.isPending || waiting) status = 'Searching…';
  else if (items.length === 0) status = q ? `Nothing found for “${q}”.` : 'Type to search pages and records.';
  else status = `${items.length} result${items.length === 1 ? '' : 's'}`;

  return (
    <>
      <p className="sr-only" role="status" aria-live="polite">
        {status}
      </p>
      {items.length > 0 && (
        <ul
          ref={listRef}
          id={LIST_ID}
          role="listbox"
          aria-label="Search results"
          className={`mt-3 max-h-[55vh] overflow-y-auto transition-opacity ${result.isFetching || waiting ? 'opacity-60' : ''}`}
          aria-busy={result.isFetching || waiting}
        >
          {items.map((r, i) => (
            <li
              key={`${r.type}-${r.href}`}
              id={optionId(i)}
              data-index={i}
              role="option"
              aria-selected={i === active}
              onMouseMove={() => setActive(i)}
              onClick={() => window.location.assign(r.href)}
              className={`flex cursor-pointer items-center gap-3 rounded-lg px-3 py-2.5 ${i === active ? 'bg-highlight text-highlight-contrast' : ''}`}
            >
              <span className="min-w-0 flex-1">
                <span className="block truncate text-sm font-medium">{r.title}</span>
                {(r.subtitle || r.area) && <span className="block truncate text-xs opacity-75">{[r.area, r.subtitle].filter(Boolean).join(' · ')}</span>}
              </span>
              <span className="shrink-0 rounded bg-surface-100 px-1.5 py-0.5 text-xs text-surface-700 dark:bg-surface-800 dark:text-surface-300">
                {r.type === 'page' ? 'Page' : 'Record'}
              </span>
              <Icon svg={iconChevronRight} className="size-4 shrink-0 opacity-60" />
            </li>
          ))}
        </ul>
      )}
      {items.length === 0 && (
        <div className="flex flex-col items-center gap-2 py-8 text-sm text-surface-600 dark:text-surface-400" aria-hidden="true">
          {result.isError && <Icon svg={iconFileQuestion} className="size-6" />}
          {status}
        </div>
      )}
      <p className="mt-3 hidden text-xs text-surface-600 sm:block dark:text-surface-400" aria-hidden="true">
        ↑ ↓ to move · Enter to open · Esc to close
      </p>
    </>
  );
}

export default function SearchDialog({ open }: { open: boolean }) {
  const client = useIslandQueryClient();
  const input = document.querySelector<HTMLInputElement>('#search-input');
  const container = document.querySelector<HTMLElement>('[data-search-results]');
  if (!input || !container) return null;
  return createPortal(
    <QueryClientProvider client={client}>
      <SearchResults open={open} input={input} placeholder={container.querySelector<HTMLElement>('[data-search-placeholder]')} />
    </QueryClientProvider>,
    container,
  );
}
