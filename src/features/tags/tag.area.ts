/** Product tags ("Handloom", "Festive"): the declaration the list, the form, the API, the registry and the search read. */
import { z } from 'zod';
import { defineArea } from '@/lib/areas/area.ts';
import { ACTIVE_STATUSES, activeStatus, requiredText, slugSchema } from '@/lib/areas/field-schemas.ts';

export const tagSchema = z.strictObject({
  name: requiredText('Enter the tag name.', 60),
  slug: slugSchema,
  status: activeStatus,
});
export type TagInput = z.infer<typeof tagSchema>;

export const tagArea = defineArea({
  key: 'tags',
  permissionArea: 'tags',
  label: 'Product Tags', // the spec's menu label
  singular: 'Tag',
  paths: { list: '/tags/listing', add: '/tags/add', edit: '/tags/:id/edit' },
  schema: tagSchema,
  titleField: 'name',
  defaultSort: { field: 'name', order: 'asc' },
  statusField: { field: 'status', options: ACTIVE_STATUSES },
  searchPlaceholder: 'Search tags by name or slug',
  // Vendors tag their products: a tag's id and name are reference data.
  optionsAccess: 'auth',
  fields: [
    { name: 'name', label: 'Name', input: 'text', placeholder: 'e.g. Handloom' },
    { name: 'slug', label: 'Slug', input: 'slug', from: 'name', hint: 'Used in the storefront’s links (/tags/handloom). Follows the name until you edit it.' },
    { name: 'status', label: 'Status', input: 'select', options: ACTIVE_STATUSES, hint: 'Inactive tags stay on products but are not offered for new ones.' },
  ],
  columns: [
    { field: 'name', header: 'Name', kind: 'text', sortable: true, filterable: true },
    { field: 'slug', header: 'Slug', kind: 'text', sortable: true, filterable: true },
    { field: 'status', header: 'Status', kind: 'enum', sortable: true, filterable: true, options: ACTIVE_STATUSES, display: 'status' },
    { field: 'created_at', header: 'Created', kind: 'date', sortable: true, filterable: true, display: 'date', secondary: true },
    { field: 'updated_at', header: 'Updated', kind: 'date', sortable: true, filterable: true, display: 'date', secondary: true },
  ],
});
