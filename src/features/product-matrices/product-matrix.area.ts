/**
 * Product matrices (spec: /product-matrices/listing; permissions product-matrix-group:*, as the
 * spec's menu gives both items one permission): a named, reusable set of one group's values
 * ("Adult sizes": S–XXL; "Festive colours": Maroon, Gold, Red). The product form's variant grid
 * fills a group's values from one at a time. Staff only, like the groups.
 */
import { z } from 'zod';
import { defineArea, type CustomInput } from '@/lib/areas/area.ts';
import { optionalText, recordId, requiredText } from '@/lib/areas/field-schemas.ts';
import { MAX_GROUP_VALUES } from './product-matrix-group.area.ts';

const parsedJson = (value: unknown) => {
  if (typeof value !== 'string') return value;
  try {
    return JSON.parse(value);
  } catch {
    return value;
  }
};

/** The chosen values' ids, in order: a form sends JSON text ("[3,4,5]"), an API client the array. */
const valueIds = z
  .preprocess(
    parsedJson,
    z
      .array(recordId('Choose values from the group’s list.'), { error: 'Choose at least one value.' })
      .min(1, 'Choose at least one value.')
      .max(MAX_GROUP_VALUES, `At most ${MAX_GROUP_VALUES} values.`)
      .refine((ids) => new Set(ids).size === ids.length, 'Choose each value once.'),
  )
  .describe('The group’s value ids, in order: an array, or JSON text');

export const matrixSchema = z.strictObject({
  name: requiredText('Enter the matrix name.', 80),
  group_id: recordId('Choose the group.'),
  value_ids: valueIds,
  description: optionalText(500),
});
export type MatrixInput = z.infer<typeof matrixSchema>;

/** The values picker: the chosen group's values, ticked in the group's order (components/MatrixValuesField.tsx). */
const valuesInput: CustomInput<{ groupField: string }> = { component: 'matrix-values', options: { groupField: 'group_id' }, initial: [] };

export const matrixArea = defineArea({
  key: 'product-matrices',
  permissionArea: 'product-matrix-group',
  label: 'Product Matrices',
  singular: 'Product matrix',
  paths: { list: '/product-matrices/listing', add: '/product-matrices/add', edit: '/product-matrices/:id/edit' },
  schema: matrixSchema,
  titleField: 'name',
  defaultSort: { field: 'name', order: 'asc' },
  searchPlaceholder: 'Search matrices by name or value',
  fields: [
    { name: 'name', label: 'Name', input: 'text', placeholder: 'e.g. Adult sizes' },
    { name: 'group_id', label: 'Group', input: 'relation', relation: { area: 'product-matrix-groups', labelFrom: 'group_name' } },
    { name: 'value_ids', label: 'Values', input: 'custom', custom: valuesInput, wide: true },
    { name: 'description', label: 'Description', input: 'textarea', placeholder: 'When to use this set', wide: true },
  ],
  columns: [
    { field: 'name', header: 'Name', kind: 'text', sortable: true, filterable: true },
    { field: 'group_name', header: 'Group', kind: 'text', sortable: true, filterable: true, relation: { area: 'product-matrix-groups', field: 'group_id' } },
    { field: 'values_summary', header: 'Values', kind: 'text', filterable: true },
    { field: 'values_count', header: 'Count', kind: 'number', sortable: true, filterable: true, display: 'number', secondary: true },
    { field: 'updated_at', header: 'Updated', kind: 'date', sortable: true, filterable: true, display: 'date', secondary: true },
  ],
});
