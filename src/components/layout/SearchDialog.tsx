/**
 * Global search (Ctrl/⌘+K): a "Search" box over GET /api/search?q=, debounced, with
 * keyboard navigation (↑ ↓ Enter, Escape closes). Width 75vw below 992px and 90vw below
 * 576px (spec §9). Loaded on first use by ShellIslands.
 */
import { useEffect, useId, useMemo, useRef, useState, type KeyboardEvent } from 'react';
import { QueryClientProvider, keepPreviousData, useQuery } from '@tanstack/react-query';
import { Dialog } from '@/components/ui/Dialog.tsx';
import { Icon } from '@/components/ui/Icon.tsx';
import { iconSearch, iconFileQuestion, iconChevronRight } from '@/components/ui/icons.ts';
import { api, ApiError } from '@/lib/http/client.ts';
import { useIslandQueryClient, useDebounced } from '@/lib/http/query-client.ts';
import type { SearchResult } from '@/app/search/search.server.ts';

const SEARCH_DEBOUNCE_MS = 250;

function SearchBody({ open }: { open: boolean }) {
  const [text, setText] = useState('');
  const [active, setActive] = useState(0);
  const q = useDebounced(text.trim(), SEARCH_DEBOUNCE_MS);
  const id = useId();
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
    if (!open) setText('');
  }, [open]);
  useEffect(() => {
    listRef.current?.querySelector(`[data-index="${active}"]`)?.scrollIntoView({ block: 'nearest' });
  }, [active]);

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

  const listId = `${id}-results`;
  const optionId = (i: number) => `${id}-option-${i}`;
  const waiting = text.trim() !== q;
  let status: string;
  if (result.isError) status = `Search failed: ${result.error instanceof ApiError ? result.error.message : 'unexpected error'}`;
  else if (result.isPending || waiting) status = 'Searching…';
  else if (items.length === 0) status = q ? `Nothing found for “${q}”.` : 'Type to search pages and records.';
  else status = `${items.length} result${items.length === 1 ? '' : 's'}`;

  return (
    <div>
      <div className="relative">
        <span className="pointer-events-none absolute inset-y-0 left-3 flex items-center text-surface-400">
          <Icon svg={iconSearch} />
        </span>
        <label htmlFor={`${id}-input`} className="sr-only">
          Search
        </label>
        <input
          id={`${id}-input`}
          type="text"
          role="combobox"
          aria-expanded={items.length > 0}
          aria-controls={listId}
          aria-autocomplete="list"
          aria-activedescendant={items.length > 0 ? optionId(active) : undefined}
          placeholder="Search"
          autoComplete="off"
          value={text}
          onChange={(e) => setText(e.target.value)}
          onKeyDown={onKeyDown}
          className="block w-full rounded-lg border border-surface-300 bg-surface-0 py-3 pr-3 pl-10 text-base outline-none focus:border-primary focus:ring-2 focus:ring-primary/30 dark:border-surface-700 dark:bg-surface-950"
          data-autofocus
        />
      </div>
      <p className="sr-only" role="status" aria-live="polite">
        {status}
      </p>
      <ul
        ref={listRef}
        id={listId}
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
            onClick={() => go(r)}
            className={`flex cursor-pointer items-center gap-3 rounded-lg px-3 py-2.5 ${i === active ? 'bg-highlight text-highlight-contrast' : ''}`}
          >
            <span className="min-w-0 flex-1">
              <span className="block truncate text-sm font-medium">{r.title}</span>
              {(r.subtitle || r.area) && <span className="block truncate text-xs opacity-75">{[r.area, r.subtitle].filter(Boolean).join(' · ')}</span>}
            </span>
            <span className="shrink-0 rounded bg-surface-100 px-1.5 py-0.5 text-xs text-surface-600 dark:bg-surface-800 dark:text-surface-300">
              {r.type === 'page' ? 'Page' : 'Record'}
            </span>
            <Icon svg={iconChevronRight} className="size-4 shrink-0 opacity-60" />
          </li>
        ))}
      </ul>
      {items.length === 0 && (
        <div className="flex flex-col items-center gap-2 py-8 text-sm text-surface-500 dark:text-surface-400" aria-hidden="true">
          {result.isError && <Icon svg={iconFileQuestion} className="size-6" />}
          {status}
        </div>
      )}
      <p className="mt-3 hidden text-xs text-surface-500 sm:block dark:text-surface-400" aria-hidden="true">
        ↑ ↓ to move · Enter to open · Esc to close
      </p>
    </div>
  );
}

export default function SearchDialog({ open, onClose }: { open: boolean; onClose: () => void }) {
  return (
    <QueryClientProvider client={useIslandQueryClient()}>
      <Dialog open={open} onClose={onClose} title="Search" widthClassName="w-[90vw] min-[576px]:w-[75vw] lg:w-[42rem]">
        <SearchBody open={open} />
      </Dialog>
    </QueryClientProvider>
  );
}
