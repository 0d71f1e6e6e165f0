/** Sub-categories (the second level, one category each): the declaration the list, the form, the API, the registry and the search read. */
import { z } from 'zod';
import { defineArea } from '../../lib/areas/area.ts';
import { ACTIVE_STATUSES, activeStatus, imageUpload, optionalPercent, optionalText, recordId, requiredText, slugSchema, sortOrder } from '../../lib/areas/field-schemas.ts';

export const subCategorySchema = z.strictObject({
  category_id: recordId('Choose the category.'),
  name: requiredText('Enter the sub-category name.'),
  slug: slugSchema,
  description: optionalText(5000),
  ...imageUpload('image'),
  sort_order: sortOrder,
  commission_percent: optionalPercent,
  status: activeStatus,
});
export type SubCategoryInput = z.infer<typeof subCategorySchema>;

export const subCategoryArea = defineArea({
  key: 'sub-categories',
  permissionArea: 'sub-categories',
  label: 'Sub Categories',
  singular: 'Sub-category',
  paths: { list: '/sub-categories/listing', add: '/sub-categories/add', edit: '/sub-categories/:id/edit' },
  schema: subCategorySchema,
  titleField: 'name',
  defaultSort: { field: 'name', order: 'asc' },
  statusField: { field: 'status', options: ACTIVE_STATUSES },
  searchPlaceholder: 'Search sub-categories by name or slug',
  // Vendors pick a sub-category for each product: its id and name are reference data.
  optionsAccess: 'auth',
  fields: [
    { name: 'category_id', label: 'Category', input: 'relation', relation: { area: 'categories', labelFrom: 'category_name' } },
    { name: 'name', label: 'Name', input: 'text', placeholder: 'e.g. Sarees' },
    { name: 'slug', label: 'Slug', input: 'slug', from: 'name', hint: 'Used in the storefront’s links. Follows the name until you edit it.' },
    { name: 'status', label: 'Status', input: 'select', options: ACTIVE_STATUSES },
    { name: 'sort_order', label: 'Sort order', input: 'text', inputType: 'number', placeholder: '0', hint: 'Lower numbers come first within the category.' },
    {
      name: 'commission_percent',
      label: 'Commission %',
      input: 'text',
      inputType: 'number',
      placeholder: 'Category’s',
      hint: '0 to 100 (e.g. 8). Leave blank to use the category’s commission (or the store’s default when the category has none).',
    },
    { name: 'description', label: 'Description', input: 'textarea' },
    { name: 'image', label: 'Image', input: 'image', previewField: 'image_url', hint: 'Optional. PNG, JPEG or WebP.' },
  ],
  columns: [
    { field: 'image_url', header: 'Image', kind: 'text', display: 'image' },
    { field: 'name', header: 'Name', kind: 'text', sortable: true, filterable: true },
    // Shows the category's name; its filter is a pick-list of categories sending category_id in [ids].
    { field: 'category_name', header: 'Category', kind: 'text', sortable: true, filterable: true, relation: { area: 'categories', field: 'category_id' } },
    { field: 'slug', header: 'Slug', kind: 'text', sortable: true, filterable: true, secondary: true },
    { field: 'commission_percent', header: 'Commission %', kind: 'number', filterable: true, display: 'number', emptyText: 'Category’s' },
    { field: 'products_count', header: 'Products', kind: 'number', sortable: true, filterable: true, display: 'number' },
    { field: 'status', header: 'Status', kind: 'enum', sortable: true, filterable: true, options: ACTIVE_STATUSES, display: 'status' },
    { field: 'updated_at', header: 'Updated', kind: 'date', sortable: true, filterable: true, display: 'date', secondary: true },
  ],
});
