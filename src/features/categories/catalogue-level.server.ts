/** What the resources of categories and sub-categories share: a level's row as the API shows it, and the values saved from its form. */
import type { PgColumn } from 'drizzle-orm/pg-core';
import type { Row } from '../../lib/areas/resource.server.ts';
import type { ListColumns } from '../../lib/list/list-sql.server.ts';
import { activeStatusColumn, recordStamps, slugValue, storedPercent, timestampColumns, uploadUrl } from '../../lib/areas/resource-helpers.server.ts';

/** The fields both levels show (the resource adds its own: the category, the counts). */
export const levelRecord = (r: Row) => ({
  id: r.id,
  name: r.name,
  slug: r.slug,
  description: r.description ?? '',
  image_url: uploadUrl(r.imagePath),
  sort_order: r.sortOrder,
  commission_percent: r.commissionPercent === null ? null : Number(r.commissionPercent),
  status: r.status,
  ...recordStamps(r),
});

export interface LevelInput {
  name: string;
  slug?: string | undefined;
  description?: string | undefined;
  sort_order: number;
  commission_percent: number | null;
  status: string;
}

export const levelValues = (input: LevelInput, existing?: Row) => ({
  name: input.name,
  slug: slugValue(input.slug, input.name, existing),
  description: input.description || null,
  sortOrder: input.sort_order,
  commissionPercent: storedPercent(input.commission_percent),
  status: input.status,
});

type LevelTable = Record<'name' | 'slug' | 'sortOrder' | 'commissionPercent' | 'status' | 'createdAt' | 'updatedAt', PgColumn>;

/** The list columns both levels filter and sort on (the resource adds its own). */
export const levelColumns = (t: LevelTable): ListColumns => ({
  name: { column: t.name, kind: 'text', sortable: true, filterable: true },
  slug: { column: t.slug, kind: 'text', sortable: true, filterable: true },
  sort_order: { column: t.sortOrder, kind: 'number', sortable: true, filterable: true },
  // Not sortable: blank (the fallback) is NULL, which a keyset cursor can't step past.
  commission_percent: { column: t.commissionPercent, kind: 'number', filterable: true },
  status: activeStatusColumn(t.status),
  ...timestampColumns(t),
});
