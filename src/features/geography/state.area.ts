/** States and union territories: the declaration the list, the form, the API, the registry and the search read. */
import { z } from 'zod';
import { defineArea } from '../../lib/areas/area.ts';
import { formBoolean, GEO_STATUSES, geoStatus } from './geo-shared.ts';

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
  status: geoStatus,
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
  // The spec names only the list; add and edit follow the brands pattern. The pages come with those
  // of cities and pincodes, whose forms need a picker for related records (docs/areas.md).
  pagesPlanned: true,
  paths: { list: '/states/listing', add: '/states/add', edit: '/states/:id/edit' },
  schema: stateSchema,
  titleField: 'name',
  defaultSort: { field: 'name', order: 'asc' },
  statusField: { field: 'status', options: GEO_STATUSES },
  searchPlaceholder: 'Search states by name or code',
  columns: [
    { field: 'name', header: 'Name', kind: 'text', sortable: true, filterable: true },
    { field: 'code', header: 'Code', kind: 'text', sortable: true, filterable: true },
    { field: 'gst_state_code', header: 'GST code', kind: 'text', sortable: true, filterable: true, secondary: true },
    { field: 'is_union_territory', header: 'Type', kind: 'boolean', sortable: true, filterable: true, options: STATE_KINDS },
    { field: 'cities_count', header: 'Cities', kind: 'number', sortable: true, filterable: true, display: 'number' },
    { field: 'pincodes_count', header: 'Pincodes', kind: 'number', sortable: true, filterable: true, display: 'number', secondary: true },
    { field: 'status', header: 'Status', kind: 'enum', sortable: true, filterable: true, options: GEO_STATUSES, display: 'status' },
    { field: 'updated_at', header: 'Updated', kind: 'date', sortable: true, filterable: true, display: 'date', secondary: true },
  ],
});
