/**
 * What a category and a sub-category have in common: the two levels of the catalogue tree take the
 * same fields (name, slug, image, description, sort order, commission override, status), each
 * with its own words. No server imports: the forms and the API share it.
 */
import type { AreaField } from '@/lib/areas/area.ts';
import { ACTIVE_STATUSES, activeStatus, imageUpload, optionalPercent, optionalText, requiredText, slugSchema, sortOrder } from '@/lib/areas/field-schemas.ts';

/** The zod shape of a level; `singular` names it in the messages ("Enter the category name."). */
export const levelShape = (singular: string) => ({
  name: requiredText(`Enter the ${singular} name.`),
  slug: slugSchema,
  description: optionalText(5000),
  ...imageUpload('image'),
  sort_order: sortOrder,
  commission_percent: optionalPercent,
  status: activeStatus,
});

export interface LevelWords {
  namePlaceholder: string;
  sortHint: string;
  /** What a blank commission falls back to, as a placeholder and in the hint. */
  commissionPlaceholder: string;
  commissionHint: string;
  statusHint?: string;
}

/** The form's fields of a level, in display order. */
export function levelFields(w: LevelWords): AreaField[] {
  return [
    { name: 'name', label: 'Name', input: 'text', placeholder: w.namePlaceholder },
    { name: 'slug', label: 'Slug', input: 'slug', from: 'name', hint: 'Used in the storefront’s links. Follows the name until you edit it.' },
    { name: 'status', label: 'Status', input: 'select', options: ACTIVE_STATUSES, ...(w.statusHint ? { hint: w.statusHint } : {}) },
    { name: 'sort_order', label: 'Sort order', input: 'text', inputType: 'number', placeholder: '0', hint: w.sortHint },
    { name: 'commission_percent', label: 'Commission %', input: 'text', inputType: 'number', placeholder: w.commissionPlaceholder, hint: w.commissionHint },
    { name: 'description', label: 'Description', input: 'textarea' },
    { name: 'image', label: 'Image', input: 'image', previewField: 'image_url' },
  ];
}
