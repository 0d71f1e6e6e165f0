/**
 * TanStack Query keys of an area, from one factory so every island agrees on them:
 * mutations invalidate `lists()` and every page of every filter refetches.
 *   queryKeys('brands').list(params) → ['brands', 'list', params]
 *   queryKeys('states').options(params) → ['states', 'options', params] (a picker's choices)
 */
import type { ListQuery } from '@/lib/list/list-query.ts';

export function queryKeys(area: string) {
  return {
    all: [area] as const,
    lists: () => [area, 'list'] as const,
    list: (params: ListParams) => [area, 'list', params] as const,
    details: () => [area, 'detail'] as const,
    detail: (id: number | string) => [area, 'detail', String(id)] as const,
    options: (params: OptionsParams) => [area, 'options', params] as const,
  };
}

/** A list query without the keyset cursor: what the table's URL holds. */
export type ListParams = Omit<ListQuery, 'cursor'>;

/** GET /api/<area>/options: a search, filters (JSON) or exact ids (comma-separated). */
export interface OptionsParams {
  q?: string | undefined;
  filters?: string | undefined;
  ids?: string | undefined;
}
