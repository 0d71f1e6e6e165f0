/** Categories (top level; sub-categories are the second): the declaration the list, the form, the API, the registry and the search read. */
import { z } from 'zod';
import { defineArea } from '../../lib/areas/area.ts';
import { ACTIVE_STATUSES, activeStatus, imageUpload, optionalPercent, optionalText, requiredText, slugSchema, sortOrder } from '../../lib/areas/field-schemas.ts';

export const categorySchema = z.strictObject({
  name: requiredText('Enter the category name.'),
  slug: slugSchema,
  description: optionalText(5000),
  ...imageUpload('image'),
  sort_order: sortOrder,
  commission_percent: optionalPercent,
  status: activeStatus,
});
export type CategoryInput = z.infer<typeof categorySchema>;

export const categoryArea = defineArea({
  key: 'categories',
  permissionArea: 'categories',
  label: 'Categories',
  singular: 'Category',
  paths: { list: '/categories/listing', add: '/categories/add', edit: '/categories/:id/edit' },
  schema: categorySchema,
  titleField: 'name',
  defaultSort: { field: 'sort_order', order: 'asc' },
  statusField: { field: 'status', options: ACTIVE_STATUSES },
  searchPlaceholder: 'Search categories by name or slug',
  // Vendors pick a category for each product: its id and name are reference data.
  optionsAccess: 'auth',
  fields: [
    { name: 'name', label: 'Name', input: 'text', placeholder: 'e.g. Home & Kitchen' },
    { name: 'slug', label: 'Slug', input: 'slug', from: 'name', hint: 'Used in the storefront’s links. Follows the name until you edit it.' },
    { name: 'status', label: 'Status', input: 'select', options: ACTIVE_STATUSES, hint: 'Inactive categories are hidden from the storefront and from new products.' },
    { name: 'sort_order', label: 'Sort order', input: 'text', inputType: 'number', placeholder: '0', hint: 'Lower numbers come first in the storefront’s menus.' },
    {
      name: 'commission_percent',
      label: 'Commission %',
      input: 'text',
      inputType: 'number',
      placeholder: 'Store default',
      hint: 'What the marketplace keeps from each sale in this category, 0 to 100 (e.g. 12.5). Leave blank to use the store’s default commission from Global Settings.',
    },
    { name: 'description', label: 'Description', input: 'textarea' },
    { name: 'image', label: 'Image', input: 'image', previewField: 'image_url' },
  ],
  columns: [
    { field: 'image_url', header: 'Image', kind: 'text', display: 'image' },
    { field: 'name', header: 'Name', kind: 'text', sortable: true, filterable: true },
    { field: 'slug', header: 'Slug', kind: 'text', sortable: true, filterable: true, secondary: true },
    { field: 'sort_order', header: 'Order', kind: 'number', sortable: true, filterable: true, display: 'number', secondary: true },
    { field: 'commission_percent', header: 'Commission %', kind: 'number', filterable: true, display: 'number', emptyText: 'Store default' },
    { field: 'sub_categories_count', header: 'Sub-categories', kind: 'number', sortable: true, filterable: true, display: 'number' },
    { field: 'products_count', header: 'Products', kind: 'number', sortable: true, filterable: true, display: 'number', secondary: true },
    { field: 'status', header: 'Status', kind: 'enum', sortable: true, filterable: true, options: ACTIVE_STATUSES, display: 'status' },
    { field: 'updated_at', header: 'Updated', kind: 'date', sortable: true, filterable: true, display: 'date', secondary: true },
  ],
});
