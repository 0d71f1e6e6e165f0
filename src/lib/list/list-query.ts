/**
 * The one list contract of every area:
 *   GET /api/<area>?page&per_page&sort&order&q&filters[&cursor]
 *   → { data, meta: { page, per_page, total, total_is_estimate, next_cursor } }
 *
 * `filters` is JSON in the model of the spec's filter match modes (§9): per field, an `operator` (and | or) over
 * `constraints`, each `{ value, matchMode }`. Fields combine with AND.
 *   filters={"name":{"operator":"or","constraints":[{"value":"nik","matchMode":"startsWith"},{"value":"ads","matchMode":"contains"}]}}
 *
 * No server imports: islands build the same query from the URL with these types.
 */
import { z } from 'zod';
import { pageSchema } from '@/lib/http/integers.ts';

export const MATCH_MODES = [
  'startsWith',
  'contains',
  'notContains',
  'endsWith',
  'equals',
  'notEquals',
  'in',
  'lt',
  'lte',
  'gt',
  'gte',
  'between',
  'dateIs',
  'dateIsNot',
  'dateBefore',
  'dateAfter',
] as const;
export type MatchMode = (typeof MATCH_MODES)[number];
export const PAGE_SIZES = [10, 25, 50, 100] as const;

/** What a column holds decides which match modes it accepts. */
export type ColumnKind = 'text' | 'number' | 'date' | 'enum' | 'boolean';

export const MODES_BY_KIND: Record<ColumnKind, readonly MatchMode[]> = {
  text: ['startsWith', 'contains', 'notContains', 'endsWith', 'equals', 'notEquals', 'in'],
  number: ['equals', 'notEquals', 'in', 'lt', 'lte', 'gt', 'gte', 'between'],
  date: ['dateIs', 'dateIsNot', 'dateBefore', 'dateAfter', 'between'],
  enum: ['equals', 'notEquals', 'in'],
  boolean: ['equals', 'notEquals'],
};

export interface FilterConstraint {
  value: unknown;
  matchMode: MatchMode;
}
export interface FieldFilter {
  operator: 'and' | 'or';
  constraints: FilterConstraint[];
}
export type Filters = Record<string, FieldFilter>;

export interface ListQuery {
  page: number;
  per_page: (typeof PAGE_SIZES)[number];
  sort?: string;
  order: 'asc' | 'desc';
  q?: string;
  filters: Filters;
  /** Keyset paging: the `next_cursor` of the previous page. Replaces `page` when present. */
  cursor?: string;
}

export interface ListMeta {
  page: number;
  per_page: number;
  total: number;
  /** True when `total` comes from the planner's estimate (very large tables). */
  total_is_estimate: boolean;
  /** Present when keyset paging can continue from the last row. */
  next_cursor: string | null;
}

export interface ListResult<T> {
  data: T[];
  meta: ListMeta;
}

// The schemas are built inside pure-annotated IIFEs so a bundle that only needs the types and
// constants (the DataTable island) drops them, and zod with them: the list page's JS budget.
const constraintSchema = /* @__PURE__ */ (() =>
  z.strictObject({
    value: z.unknown(),
    matchMode: z.enum(MATCH_MODES, { error: (i) => `Unknown match mode "${String(i.input)}".` }),
  }))();
const fieldFilterSchema = /* @__PURE__ */ (() =>
  z.strictObject({
    operator: z.enum(['and', 'or']).default('and'),
    constraints: z.array(constraintSchema).min(1).max(10),
  }))();
export const filtersSchema = /* @__PURE__ */ (() => z.record(z.string().max(64), fieldFilterSchema))();

/** The raw query string, before the area's allowlist is applied. */
export const listQuerySchema = /* @__PURE__ */ (() =>
  z.strictObject({
    page: pageSchema(),
    per_page: z.coerce
      .number()
      .int()
      .refine((n): n is (typeof PAGE_SIZES)[number] => (PAGE_SIZES as readonly number[]).includes(n), 'per_page must be 10, 25, 50 or 100.')
      .default(25),
    sort: z.string().max(64).optional(),
    order: z.enum(['asc', 'desc']).default('asc'),
    q: z.string().trim().max(200).optional(),
    filters: z
      .string()
      .max(8_000)
      .optional()
      .transform((raw, ctx) => {
        if (!raw) return {} as Filters;
        let parsed: unknown;
        try {
          parsed = JSON.parse(raw);
        } catch {
          ctx.addIssue({ code: 'custom', message: 'filters must be JSON.' });
          return z.NEVER;
        }
        const result = filtersSchema.safeParse(parsed);
        if (!result.success) {
          const first = result.error.issues[0]!;
          ctx.addIssue({ code: 'custom', message: `filters.${first.path.join('.')}: ${first.message}` });
          return z.NEVER;
        }
        return result.data as Filters;
      }),
    cursor: z.string().max(512).optional(),
  }))();

/** Builds the query string for a list request (islands and links use it, so URLs stay canonical). */
export function toSearchParams(query: Partial<ListQuery>): URLSearchParams {
  const p = new URLSearchParams();
  if (query.page && query.page !== 1) p.set('page', String(query.page));
  if (query.per_page && query.per_page !== 25) p.set('per_page', String(query.per_page));
  if (query.sort) p.set('sort', query.sort);
  if (query.sort && query.order && query.order !== 'asc') p.set('order', query.order);
  if (query.q) p.set('q', query.q);
  if (query.filters && Object.keys(query.filters).length) p.set('filters', JSON.stringify(query.filters));
  if (query.cursor) p.set('cursor', query.cursor);
  return p;
}
