/** Pincodes: the declaration the list, the form, the API, the registry and the search read. */
import { z } from 'zod';
import { defineArea } from '../../lib/areas/area.ts';
import { pincode } from '../../lib/india/formats.ts';
import { formBoolean, recordId } from './geo-shared.ts';

export const pincodeSchema = z.strictObject({
  pincode,
  city_id: recordId('Choose the city.'),
  is_serviceable: formBoolean('Choose whether orders are delivered here.').default(true),
  post_offices: z.string().trim().max(2000, 'At most 2000 characters.').optional(),
});
export type PincodeInput = z.infer<typeof pincodeSchema>;

export const SERVICEABLE_OPTIONS = [
  { value: 'true', label: 'Serviceable' },
  { value: 'false', label: 'Not serviceable' },
] as const;

export const pincodeArea = defineArea({
  key: 'pincodes',
  permissionArea: 'pincodes',
  label: 'Pincodes',
  singular: 'Pincode',
  // The pages wait for a picker for related records in the form kit (docs/areas.md); the API is complete.
  pagesPlanned: true,
  paths: { list: '/pincodes/listing', add: '/pincodes/add', edit: '/pincodes/:id/edit' },
  schema: pincodeSchema,
  titleField: 'pincode',
  defaultSort: { field: 'pincode', order: 'asc' },
  // Bulk "status" is serviceability: mark a whole city's pincodes serviceable or not in one go.
  statusField: { field: 'is_serviceable', options: SERVICEABLE_OPTIONS },
  searchPlaceholder: 'Search by pincode or post office',
  // The API also filters on city_id and state_id (equals, in): the list's pickers send them.
  columns: [
    { field: 'pincode', header: 'Pincode', kind: 'text', sortable: true, filterable: true },
    { field: 'city_name', header: 'City', kind: 'text', sortable: true, filterable: true },
    { field: 'state_name', header: 'State', kind: 'text', sortable: true, filterable: true },
    { field: 'post_offices', header: 'Post offices', kind: 'text', filterable: true, secondary: true },
    { field: 'is_serviceable', header: 'Serviceable', kind: 'boolean', sortable: true, filterable: true, options: SERVICEABLE_OPTIONS, display: 'status' },
    { field: 'updated_at', header: 'Updated', kind: 'date', sortable: true, filterable: true, display: 'date', secondary: true },
  ],
});
