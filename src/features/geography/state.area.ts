/** States and union territories: the declaration the list, the form, the API, the registry and the search read. */
import { z } from 'zod';
import { defineArea } from '@/lib/areas/area.ts';
import { ACTIVE_STATUSES, activeStatus, formBoolean } from '@/lib/areas/field-schemas.ts';

export const stateSchema = z.strictObject({
  name: z.string().trim().min(1, 'Enter the state name.').max(80, 'At most 80 characters.'),
  code: z
    .string('Enter the state code.')
    .trim()
    .toUpperCase()
    .regex(/^[A-Z]{2}$/, 'Use the two-letter ISO 3166-2:IN code, for example KA.'),
  gst_state_code: z
    .string('Enter the GST state code.')
    .trim()
    .regex(/^\d{2}$/, 'Use the two-digit GST state code, for example 29.'),
  is_union_territory: formBoolean('Choose whether it is a union territory.').default(false),
  status: activeStatus,
});
export type StateInput = z.infer<typeof stateSchema>;

export const STATE_KINDS = [
  { value: 'false', label: 'State' },
  { value: 'true', label: 'Union territory' },
] as const;

export const stateArea = defineArea({
  key: 'states',
  permissionArea: 'states',
  label: 'States',
  singular: 'State',
  // The spec names only the list; add and edit follow the brands pattern (docs/areas.md).
  paths: { list: '/states/listing', add: '/states/add', edit: '/states/:id/edit' },
  schema: stateSchema,
  titleField: 'name',
  defaultSort: { field: 'name', order: 'asc' },
  statusField: { field: 'status', options: ACTIVE_STATUSES },
  searchPlaceholder: 'Search states by name or code',
  // Reference data: a vendor picks a state in a warehouse address without managing states.
  optionsAccess: 'auth',
  fields: [
    { name: 'name', label: 'Name', input: 'text', placeholder: 'e.g. Karnataka', required: true },
    { name: 'code', label: 'Code', input: 'text', placeholder: 'KA', hint: 'ISO 3166-2:IN, two letters.', required: true },
    {
      name: 'gst_state_code',
      label: 'GST state code',
      input: 'text',
      placeholder: '29',
      hint: 'The first two digits of a GSTIN registered here.',
      required: true,
    },
    { name: 'is_union_territory', label: 'Type', input: 'select', options: STATE_KINDS },
    { name: 'status', label: 'Status', input: 'select', options: ACTIVE_STATUSES, hint: 'Inactive states are not offered in address pickers.' },
  ],
  columns: [
    { field: 'name', header: 'Name', kind: 'text', sortable: true, filterable: true },
    { field: 'code', header: 'Code', kind: 'text', sortable: true, filterable: true },
    { field: 'gst_state_code', header: 'GST code', kind: 'text', sortable: true, filterable: true, secondary: true },
    { field: 'is_union_territory', header: 'Type', kind: 'boolean', sortable: true, filterable: true, options: STATE_KINDS },
    { field: 'cities_count', header: 'Cities', kind: 'number', sortable: true, filterable: true, display: 'number' },
    { field: 'pincodes_count', header: 'Pincodes', kind: 'number', sortable: true, filterable: true, display: 'number', secondary: true },
    { field: 'status', header: 'Status', kind: 'enum', sortable: true, filterable: true, options: ACTIVE_STATUSES, display: 'status' },
    { field: 'updated_at', header: 'Updated', kind: 'date', sortable: true, filterable: true, display: 'date', secondary: true },
  ],
});
