/** Pincodes: the declaration the list, the form, the API, the registry and the search read. */
import { z } from 'zod';
import { defineArea } from '@/lib/areas/area.ts';
import { pincode } from '@/lib/india/formats.ts';
import { formBoolean, optionalRecordId, recordId } from '@/lib/areas/field-schemas.ts';

export const pincodeSchema = z.strictObject({
  pincode,
  /** Narrows the city picker in the form; the pincode's state is always its city's (checked on the server). */
  state_id: optionalRecordId('Choose the state.').optional(),
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
  paths: { list: '/pincodes/listing', add: '/pincodes/add', edit: '/pincodes/:id/edit' },
  schema: pincodeSchema,
  titleField: 'pincode',
  defaultSort: { field: 'pincode', order: 'asc' },
  // Bulk "status" is serviceability: mark a whole city's pincodes serviceable or not in one go.
  statusField: { field: 'is_serviceable', options: SERVICEABLE_OPTIONS, noun: 'serviceability' },
  searchPlaceholder: 'Search by pincode or post office',
  // Reference data: a vendor picks the pincode of a warehouse address.
  optionsAccess: 'auth',
  fields: [
    { name: 'pincode', label: 'Pincode', input: 'text', placeholder: '560001', hint: 'Six digits; the first is never 0.', required: true },
    {
      name: 'state_id',
      label: 'State',
      input: 'relation',
      relation: { area: 'states', labelFrom: 'state_name' },
      hint: 'Narrows the cities offered.',
      required: true,
    },
    {
      name: 'city_id',
      label: 'City',
      input: 'relation',
      relation: { area: 'cities', labelFrom: 'city_name', dependsOn: { field: 'state_id', filter: 'state_id' } },
      required: true,
    },
    {
      name: 'is_serviceable',
      label: 'Serviceable',
      input: 'select',
      options: SERVICEABLE_OPTIONS,
      hint: 'Whether orders are delivered to this pincode at all.',
    },
    { name: 'post_offices', label: 'Post offices', input: 'textarea', hint: 'Names separated by commas.', wide: true },
  ],
  columns: [
    { field: 'pincode', header: 'Pincode', kind: 'text', sortable: true, filterable: true },
    { field: 'city_name', header: 'City', kind: 'text', sortable: true, filterable: true, relation: { area: 'cities', field: 'city_id' } },
    { field: 'state_name', header: 'State', kind: 'text', sortable: true, filterable: true, relation: { area: 'states', field: 'state_id' } },
    { field: 'post_offices', header: 'Post offices', kind: 'text', filterable: true, secondary: true },
    { field: 'is_serviceable', header: 'Serviceable', kind: 'boolean', sortable: true, filterable: true, options: SERVICEABLE_OPTIONS, display: 'status' },
    { field: 'updated_at', header: 'Updated', kind: 'date', sortable: true, filterable: true, display: 'date', secondary: true },
  ],
});
