/** Cities (India Post's districts): the declaration the list, the form, the API, the registry and the search read. */
import { z } from 'zod';
import { defineArea } from '../../lib/areas/area.ts';
import { GEO_STATUSES, geoStatus, recordId } from './geo-shared.ts';

export const citySchema = z.strictObject({
  name: z.string().trim().min(1, 'Enter the city name.').max(120, 'At most 120 characters.'),
  state_id: recordId('Choose the state.'),
  status: geoStatus,
});
export type CityInput = z.infer<typeof citySchema>;

export const cityArea = defineArea({
  key: 'cities',
  permissionArea: 'cities',
  label: 'Cities',
  singular: 'City',
  // The pages wait for a picker for related records in the form kit (docs/areas.md); the API is complete.
  pagesPlanned: true,
  paths: { list: '/cities/listing', add: '/cities/add', edit: '/cities/:id/edit' },
  schema: citySchema,
  titleField: 'name',
  defaultSort: { field: 'name', order: 'asc' },
  statusField: { field: 'status', options: GEO_STATUSES },
  searchPlaceholder: 'Search cities by name',
  // The API also filters on state_id (equals, in): the list's state picker sends it.
  columns: [
    { field: 'name', header: 'Name', kind: 'text', sortable: true, filterable: true },
    { field: 'state_name', header: 'State', kind: 'text', sortable: true, filterable: true },
    { field: 'pincodes_count', header: 'Pincodes', kind: 'number', sortable: true, filterable: true, display: 'number' },
    { field: 'status', header: 'Status', kind: 'enum', sortable: true, filterable: true, options: GEO_STATUSES, display: 'status' },
    { field: 'updated_at', header: 'Updated', kind: 'date', sortable: true, filterable: true, display: 'date', secondary: true },
  ],
});
