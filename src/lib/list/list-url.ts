/**
 * The table state in the URL (page, per_page, sort, order, q, filters), read in the browser on
 * back/forward. Lenient on purpose and without zod (the list page's JS budget): a value the
 * browser can't read falls back to its default, and the server still validates everything it
 * receives (a bad filter answers 422 naming it).
 */
import { PAGE_SIZES, toSearchParams, type Filters, type ListQuery } from './list-query.ts';

export type ListState = Omit<ListQuery, 'cursor'>;

export const DEFAULT_LIST_STATE: ListState = { page: 1, per_page: 25, order: 'asc', filters: {} };

export function readListState(search: string | URLSearchParams): ListState {
  const p = typeof search === 'string' ? new URLSearchParams(search) : search;
  const page = Number(p.get('page'));
  const perPage = Number(p.get('per_page'));
  const state: ListState = {
    page: Number.isInteger(page) && page >= 1 ? page : 1,
    per_page: (PAGE_SIZES as readonly number[]).includes(perPage) ? (perPage as ListState['per_page']) : 25,
    order: p.get('order') === 'desc' ? 'desc' : 'asc',
    filters: readFilters(p.get('filters')),
  };
  const sort = p.get('sort');
  const q = p.get('q')?.trim();
  if (sort) state.sort = sort;
  if (q) state.q = q;
  return state;
}

function readFilters(raw: string | null): Filters {
  if (!raw) return {};
  try {
    const parsed: unknown = JSON.parse(raw);
    if (!parsed || typeof parsed !== 'object' || Array.isArray(parsed)) return {};
    const out: Filters = {};
    for (const [field, f] of Object.entries(parsed as Record<string, unknown>)) {
      const filter = f as Filters[string];
      if (filter && Array.isArray(filter.constraints)) out[field] = { operator: filter.operator === 'or' ? 'or' : 'and', constraints: filter.constraints };
    }
    return out;
  } catch {
    return {};
  }
}

/** `?page=2&sort=name…` for the state, in the canonical order the server's links use. */
export function listSearch(state: ListState): string {
  const qs = toSearchParams(state).toString();
  return qs ? `?${qs}` : '';
}

/** The query of a list request, for the HTTP client. */
export function listRequestQuery(state: ListState): Record<string, string> {
  return Object.fromEntries(toSearchParams(state));
}
