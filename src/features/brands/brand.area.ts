/** Brands: the declaration the list, the form, the API, the registry and the search read. */
import { z } from 'zod';
import { defineArea } from '@/lib/areas/area.ts';

export const BRAND_STATUSES = [
  { value: 'active', label: 'Active' },
  { value: 'inactive', label: 'Inactive' },
] as const;

export const brandSchema = z.strictObject({
  name: z.string().trim().min(1, 'Enter the brand name.').max(120, 'At most 120 characters.'),
  slug: z
    .string()
    .trim()
    .toLowerCase()
    .max(120, 'At most 120 characters.')
    .regex(/^([a-z0-9]+(-[a-z0-9]+)*)?$/, 'Use lowercase letters, digits and single hyphens.')
    .optional(),
  description: z.string().trim().max(5000, 'At most 5000 characters.').optional(),
  status: z.enum(['active', 'inactive'], { error: 'Choose Active or Inactive.' }).default('active'),
  /** A File from the form; its bytes are checked on the server. */
  logo: z.unknown().optional(),
  logo_remove: z.enum(['true', 'false']).optional(),
});
export type BrandInput = z.infer<typeof brandSchema>;

export const brandArea = defineArea({
  key: 'brands',
  permissionArea: 'brands',
  label: 'Brands',
  singular: 'Brand',
  paths: { list: '/brands/listing', add: '/brands/add', edit: '/brands/:id/edit' },
  schema: brandSchema,
  titleField: 'name',
  defaultSort: { field: 'name', order: 'asc' },
  statusField: { field: 'status', options: BRAND_STATUSES },
  // Vendors pick a brand for their products without managing brands.
  optionsAccess: 'auth',
  searchPlaceholder: 'Search brands by name or slug',
  fields: [
    { name: 'name', label: 'Name', input: 'text', placeholder: 'e.g. Indigo Loom' },
    { name: 'slug', label: 'Slug', input: 'slug', from: 'name', hint: 'Used in links. Follows the name until you edit it.' },
    { name: 'status', label: 'Status', input: 'select', options: BRAND_STATUSES },
    { name: 'description', label: 'Description', input: 'textarea' },
    { name: 'logo', label: 'Logo', input: 'image', previewField: 'logo_url' },
  ],
  columns: [
    { field: 'logo_url', header: 'Logo', kind: 'text', display: 'image' },
    { field: 'name', header: 'Name', kind: 'text', sortable: true, filterable: true },
    { field: 'slug', header: 'Slug', kind: 'text', sortable: true, filterable: true, secondary: true },
    { field: 'status', header: 'Status', kind: 'enum', sortable: true, filterable: true, options: BRAND_STATUSES, display: 'status' },
    { field: 'products_count', header: 'Products', kind: 'number', sortable: true, filterable: true, display: 'number', secondary: true },
    { field: 'created_at', header: 'Created', kind: 'date', sortable: true, filterable: true, display: 'date', secondary: true },
    { field: 'updated_at', header: 'Updated', kind: 'date', sortable: true, filterable: true, display: 'date' },
  ],
});
