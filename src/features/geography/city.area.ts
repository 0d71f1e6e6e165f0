/** Cities (India Post's districts): the declaration the list, the form, the API, the registry and the search read. */
import { z } from 'zod';
import { defineArea } from '@/lib/areas/area.ts';
import { ACTIVE_STATUSES, activeStatus, recordId } from '@/lib/areas/field-schemas.ts';

export const citySchema = z.strictObject({
  name: z.string().trim().min(1, 'Enter the city name.').max(120, 'At most 120 characters.'),
  state_id: recordId('Choose the state.'),
  status: activeStatus,
});
export type CityInput = z.infer<typeof citySchema>;

export const cityArea = defineArea({
  key: 'cities',
  permissionArea: 'cities',
  label: 'Cities',
  singular: 'City',
  paths: { list: '/cities/listing', add: '/cities/add', edit: '/cities/:id/edit' },
  schema: citySchema,
  titleField: 'name',
  defaultSort: { field: 'name', order: 'asc' },
  statusField: { field: 'status', options: ACTIVE_STATUSES },
  searchPlaceholder: 'Search cities by name',
  // Reference data: a vendor picks a city in a warehouse address.
  optionsAccess: 'auth',
  fields: [
    { name: 'state_id', label: 'State', input: 'relation', relation: { area: 'states', labelFrom: 'state_name' }, required: true },
    { name: 'name', label: 'Name', input: 'text', placeholder: 'e.g. Mysuru', required: true },
    { name: 'status', label: 'Status', input: 'select', options: ACTIVE_STATUSES },
  ],
  columns: [
    { field: 'name', header: 'Name', kind: 'text', sortable: true, filterable: true },
    // Shows the state's name; its filter is a pick-list of states sending state_id in [ids].
    { field: 'state_name', header: 'State', kind: 'text', sortable: true, filterable: true, relation: { area: 'states', field: 'state_id' } },
    { field: 'pincodes_count', header: 'Pincodes', kind: 'number', sortable: true, filterable: true, display: 'number' },
    { field: 'status', header: 'Status', kind: 'enum', sortable: true, filterable: true, options: ACTIVE_STATUSES, display: 'status' },
    { field: 'updated_at', header: 'Updated', kind: 'date', sortable: true, filterable: true, display: 'date', secondary: true },
  ],
});
