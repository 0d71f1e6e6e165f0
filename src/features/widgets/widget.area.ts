/**
 * Widgets and banners of the storefront (spec: /widgets/listing, /widgets/add, /widget/{id}/edit;
 * permissions banners:*). Shown in `position` order while their schedule is open; the list
 * reorders them by drag and drop or Move up / Move down (`reorder`).
 */
import { z } from 'zod';
import { defineArea } from '@/lib/areas/area.ts';
import { ACTIVE_STATUSES, activeStatus, isChosenFile, optionalWholeNumber } from '@/lib/areas/field-schemas.ts';
import { istDateTime } from '@/lib/india/formats.ts';

export const WIDGET_TYPES = [
  { value: 'hero-banner', label: 'Hero banner' },
  { value: 'strip', label: 'Announcement strip' },
  { value: 'category-tiles', label: 'Category tiles' },
  { value: 'product-carousel', label: 'Product carousel' },
  { value: 'promo-card', label: 'Promo card' },
] as const;

/** These are pictures first: without an image there is nothing to show. */
export const TYPES_NEEDING_AN_IMAGE: readonly string[] = ['hero-banner', 'promo-card'];

export const WIDGET_STATUSES = ACTIVE_STATUSES;

/** What the storefront shows now, from the status and the schedule (computed by the database). */
export const WIDGET_VISIBILITY = [
  { value: 'live', label: 'Live' },
  { value: 'scheduled', label: 'Scheduled' },
  { value: 'expired', label: 'Expired' },
  { value: 'inactive', label: 'Off' },
] as const;

const LINK_MESSAGE = 'Enter a storefront path starting with / (like /sale/diwali) or an https:// address.';

/**
 * Where a widget may send a shopper: a path of the storefront (`/sale/diwali`, never `//host`,
 * which browsers read as another site) or an https:// address without a user name or password.
 * javascript:, data:, http: and every other scheme are refused.
 */
export function isStorefrontLink(link: string): boolean {
  if (/[\s\u0000-\u001f\u007f\\<>"]/.test(link)) return false;
  if (link.startsWith('/')) return !link.startsWith('//');
  if (!/^https:\/\//i.test(link)) return false;
  try {
    const url = new URL(link);
    return url.protocol === 'https:' && url.hostname.includes('.') && !url.username && !url.password;
  } catch {
    return false;
  }
}

export const storefrontLink = z
  .string(LINK_MESSAGE)
  .trim()
  .max(2000, 'At most 2000 characters.')
  .nullish()
  .transform((value, ctx) => {
    if (!value) return null;
    if (!isStorefrontLink(value)) {
      ctx.addIssue({ code: 'custom', message: LINK_MESSAGE });
      return z.NEVER;
    }
    return value;
  });

export const ALT_TEXT_MESSAGE = 'Describe the image for shoppers who can’t see it (alt text).';

export const widgetSchema = z
  .strictObject({
    title: z.string('Enter the widget title.').trim().min(1, 'Enter the widget title.').max(120, 'At most 120 characters.'),
    type: z.enum(['hero-banner', 'strip', 'category-tiles', 'product-carousel', 'promo-card'], { error: 'Choose the widget type.' }),
    /** A File from the form; its bytes are checked on the server (PNG, JPEG or WebP; never SVG). */
    image: z.unknown().optional(),
    image_remove: z.enum(['true', 'false']).optional(),
    alt_text: z.string().trim().max(250, 'At most 250 characters.').optional(),
    link_url: storefrontLink,
    position: optionalWholeNumber('Enter a whole number from 0 to 99999, or leave it blank to add it at the end.'),
    starts_at: istDateTime(),
    ends_at: istDateTime(),
    status: activeStatus,
  })
  .superRefine((w, ctx) => {
    if (w.starts_at && w.ends_at && w.ends_at <= w.starts_at) ctx.addIssue({ code: 'custom', path: ['ends_at'], message: 'End the schedule after it starts.' });
    // A new image needs its alt text now; a saved one is checked by the server, which knows it.
    if (isChosenFile(w.image) && !w.alt_text) ctx.addIssue({ code: 'custom', path: ['alt_text'], message: ALT_TEXT_MESSAGE });
  });
export type WidgetInput = z.infer<typeof widgetSchema>;

export const widgetArea = defineArea({
  key: 'widgets',
  permissionArea: 'banners',
  label: 'Widgets',
  singular: 'Widget',
  paths: { list: '/widgets/listing', add: '/widgets/add', edit: '/widget/:id/edit' },
  schema: widgetSchema,
  titleField: 'title',
  defaultSort: { field: 'position', order: 'asc' },
  statusField: { field: 'status', options: WIDGET_STATUSES },
  reorder: { field: 'position' },
  searchPlaceholder: 'Search widgets by title, link or alt text',
  fields: [
    { name: 'title', label: 'Title', input: 'text', placeholder: 'e.g. Diwali Festive Sale', hint: 'Shown on the storefront where the widget has a heading.' },
    { name: 'type', label: 'Type', input: 'select', options: WIDGET_TYPES, hint: 'Hero banners and promo cards need an image.' },
    { name: 'status', label: 'Status', input: 'select', options: WIDGET_STATUSES },
    {
      name: 'position',
      label: 'Position',
      input: 'text',
      inputType: 'number',
      hint: 'Lower comes first. Leave blank to add it at the end; the list also reorders by dragging.',
    },
    { name: 'image', label: 'Image', input: 'image', previewField: 'image_url' },
    {
      name: 'alt_text',
      label: 'Alt text',
      input: 'text',
      wide: true,
      placeholder: 'e.g. Diyas and silk sarees: up to 60% off for Diwali',
      hint: 'Required with an image: read aloud to shoppers who use a screen reader.',
    },
    {
      name: 'link_url',
      label: 'Link',
      input: 'text',
      wide: true,
      placeholder: '/sale/diwali or https://…',
      hint: 'A storefront path starting with / or an https:// address.',
    },
    { name: 'starts_at', label: 'Starts', input: 'text', inputType: 'datetime-local', section: 'Schedule', hint: 'India time (IST). Blank: from now.' },
    { name: 'ends_at', label: 'Ends', input: 'text', inputType: 'datetime-local', hint: 'India time (IST). Blank: no end.' },
  ],
  columns: [
    { field: 'position', header: 'Position', kind: 'number', sortable: true, filterable: true, display: 'number' },
    { field: 'image_url', header: 'Image', kind: 'text', display: 'image' },
    { field: 'title', header: 'Title', kind: 'text', sortable: true, filterable: true },
    { field: 'type', header: 'Type', kind: 'enum', sortable: true, filterable: true, options: WIDGET_TYPES, display: 'status', secondary: true },
    { field: 'visibility', header: 'Visibility', kind: 'enum', sortable: true, filterable: true, options: WIDGET_VISIBILITY, display: 'status' },
    { field: 'starts_at', header: 'Starts (IST)', kind: 'date', sortable: true, filterable: true, display: 'date', secondary: true },
    { field: 'ends_at', header: 'Ends (IST)', kind: 'date', sortable: true, filterable: true, display: 'date', secondary: true },
    { field: 'status', header: 'Status', kind: 'enum', sortable: true, filterable: true, options: WIDGET_STATUSES, display: 'status' },
    { field: 'link_url', header: 'Link', kind: 'text', filterable: true, secondary: true },
  ],
});
