/**
 * Product matrix groups (spec: /product-matrix-groups/listing, product-matrix-group:*): the option
 * types a product varies by (Size, Colour, Material), each with its values in the order shoppers
 * see them. A colour group's values carry a swatch. The add and edit pages follow the brands
 * pattern (docs/areas.md). Staff only: vendors read active groups through
 * GET /api/product-matrix-groups/choices, which the product form uses.
 */
import { z } from 'zod';
import { defineArea, type CustomInput } from '@/lib/areas/area.ts';
import { ACTIVE_STATUSES, activeStatus, hexColour, orderedRows, requiredText } from '@/lib/areas/field-schemas.ts';
import type { OrderedRowsSpec } from '@/components/form/ordered-rows.ts';

export const MATRIX_GROUP_KINDS = [
  { value: 'text', label: 'Text (S, M, L)' },
  { value: 'colour', label: 'Colour (with swatches)' },
] as const;

/** Values one group may have: more than any real option type needs (shoe sizes run to about 40). */
export const MAX_GROUP_VALUES = 100;

/** The values editor: the kit's ordered-rows input; the swatch only for a colour group. */
export const GROUP_VALUES_ROWS: OrderedRowsSpec = {
  noun: 'value',
  titleKey: 'value',
  maxRows: MAX_GROUP_VALUES,
  columns: [
    { key: 'value', label: 'Value', input: 'text', maxLength: 40, placeholder: 'e.g. M or Red' },
    { key: 'swatch', label: 'Swatch', input: 'colour', showWhen: { field: 'kind', equals: 'colour' }, initial: '#000000' },
  ],
};

const valueRow = {
  value: requiredText('Name the value.', 40),
  // Checked against the kind below: a text group's values have none (whatever is sent is dropped).
  swatch: z.string().trim().toLowerCase().nullish(),
};

export const matrixGroupSchema = z
  .strictObject({
    name: requiredText('Enter the group name.', 60),
    kind: z.enum(['text', 'colour'], { error: 'Choose Text or Colour.' }).default('text'),
    status: activeStatus,
    values: orderedRows(valueRow, { noun: 'value', min: 1, max: MAX_GROUP_VALUES, unique: 'value' }),
  })
  .superRefine((group, ctx) => {
    if (group.kind !== 'colour') return;
    const swatch = hexColour('Choose a swatch colour: # and six hex digits, e.g. #d00000.');
    group.values.forEach((v, i) => {
      const parsed = swatch.safeParse(v.swatch ?? '');
      if (!parsed.success) ctx.addIssue({ code: 'custom', path: ['values', i, 'swatch'], message: parsed.error.issues[0]!.message });
    });
  });
export type MatrixGroupInput = z.infer<typeof matrixGroupSchema>;

const valuesInput: CustomInput<OrderedRowsSpec> = {
  component: 'ordered-rows',
  options: GROUP_VALUES_ROWS,
  initial: [{ value: '', swatch: '#000000' }],
};

export const matrixGroupArea = defineArea({
  key: 'product-matrix-groups',
  permissionArea: 'product-matrix-group',
  label: 'Product Matrix Groups',
  singular: 'Matrix group',
  paths: { list: '/product-matrix-groups/listing', add: '/product-matrix-groups/add', edit: '/product-matrix-groups/:id/edit' },
  schema: matrixGroupSchema,
  titleField: 'name',
  defaultSort: { field: 'name', order: 'asc' },
  statusField: { field: 'status', options: ACTIVE_STATUSES },
  searchPlaceholder: 'Search groups by name or value',
  fields: [
    { name: 'name', label: 'Name', input: 'text', placeholder: 'e.g. Size' },
    { name: 'kind', label: 'Kind', input: 'select', options: MATRIX_GROUP_KINDS, hint: 'A colour group’s values each have a swatch.' },
    { name: 'status', label: 'Status', input: 'select', options: ACTIVE_STATUSES, hint: 'Inactive groups are not offered for new products.' },
    { name: 'values', label: 'Values', input: 'custom', custom: valuesInput, section: 'Values' },
  ],
  columns: [
    { field: 'name', header: 'Name', kind: 'text', sortable: true, filterable: true },
    { field: 'kind', header: 'Kind', kind: 'enum', sortable: true, filterable: true, options: MATRIX_GROUP_KINDS },
    { field: 'values_summary', header: 'Values', kind: 'text', filterable: true },
    { field: 'values_count', header: 'Count', kind: 'number', sortable: true, filterable: true, display: 'number', secondary: true },
    { field: 'status', header: 'Status', kind: 'enum', sortable: true, filterable: true, options: ACTIVE_STATUSES, display: 'status' },
    { field: 'updated_at', header: 'Updated', kind: 'date', sortable: true, filterable: true, display: 'date', secondary: true },
  ],
});
