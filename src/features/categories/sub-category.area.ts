/** Sub-categories (the second level, one category each): the declaration the list, the form, the API, the registry and the search read. */
import { z } from 'zod';
import { defineArea } from '@/lib/areas/area.ts';
import { ACTIVE_STATUSES, recordId } from '@/lib/areas/field-schemas.ts';
import { levelFields, levelShape } from './catalogue-level.ts';

export const subCategorySchema = z.strictObject({
  category_id: recordId('Choose the category.'),
  ...levelShape('sub-category'),
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
    ...levelFields({
      namePlaceholder: 'e.g. Sarees',
      sortHint: 'Lower numbers come first within the category.',
      commissionPlaceholder: 'Category’s',
      commissionHint: '0 to 100 (e.g. 8). Leave blank to use the category’s commission (or the store’s default when the category has none).',
    }),
  ],
  columns: [
    { field: 'image_url', header: 'Image', kind: 'text', display: 'image' },
    { field: 'name', header: 'Name', kind: 'text', sortable: true, filterable: true },
    // Shows the category's name; its filter is a pick-list of categories sending category_id in [ids].
    { field: 'category_name', header: 'Category', kind: 'text', sortable: true, filterable: true, relation: { area: 'categories', field: 'category_id' } },
    { field: 'slug', header: 'Slug', kind: 'text', sortable: true, filterable: true, secondary: true },
    // Not sortable: blank (the category's) is NULL, which a keyset cursor can't step past.
    { field: 'commission_percent', header: 'Commission %', kind: 'number', filterable: true, display: 'number', emptyText: 'Category’s' },
    { field: 'products_count', header: 'Products', kind: 'number', sortable: true, filterable: true, display: 'number' },
    { field: 'status', header: 'Status', kind: 'enum', sortable: true, filterable: true, options: ACTIVE_STATUSES, display: 'status' },
    { field: 'updated_at', header: 'Updated', kind: 'date', sortable: true, filterable: true, display: 'date', secondary: true },
  ],
});
