/** What the resources of categories and sub-categories share: a level's row as the API shows it, and the values saved from its form. */
import type { Row } from '@/lib/areas/resource.server.ts';
import { recordStamps, slugValue, storedPercent, uploadUrl } from '@/lib/areas/resource-helpers.server.ts';

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
