/** Categories (top level; sub-categories are the second): the declaration the list, the form, the API, the registry and the search read. */
import { z } from 'zod';
import { defineArea } from '@/lib/areas/area.ts';
import { ACTIVE_STATUSES } from '@/lib/areas/field-schemas.ts';
import { levelFields, levelShape } from './catalogue-level.ts';

export const categorySchema = z.strictObject(levelShape('category'));
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
  fields: levelFields({
    namePlaceholder: 'e.g. Home & Kitchen',
    statusHint: 'Inactive categories are hidden from the storefront and from new products.',
    sortHint: 'Lower numbers come first in the storefront’s menus.',
    commissionPlaceholder: 'Store default',
    commissionHint:
      'What the marketplace keeps from each sale in this category, 0 to 100 (e.g. 12.5). Leave blank to use the store’s default commission from Global Settings.',
  }),
  columns: [
    { field: 'image_url', header: 'Image', kind: 'text', display: 'image' },
    { field: 'name', header: 'Name', kind: 'text', sortable: true, filterable: true },
    { field: 'slug', header: 'Slug', kind: 'text', sortable: true, filterable: true, secondary: true },
    { field: 'sort_order', header: 'Order', kind: 'number', sortable: true, filterable: true, display: 'number', secondary: true },
    // Not sortable: blank (the store default) is NULL, which a keyset cursor can't step past.
    { field: 'commission_percent', header: 'Commission %', kind: 'number', filterable: true, display: 'number', emptyText: 'Store default' },
    { field: 'sub_categories_count', header: 'Sub-categories', kind: 'number', sortable: true, filterable: true, display: 'number' },
    { field: 'products_count', header: 'Products', kind: 'number', sortable: true, filterable: true, display: 'number', secondary: true },
    { field: 'status', header: 'Status', kind: 'enum', sortable: true, filterable: true, options: ACTIVE_STATUSES, display: 'status' },
    { field: 'updated_at', header: 'Updated', kind: 'date', sortable: true, filterable: true, display: 'date', secondary: true },
  ],
});
