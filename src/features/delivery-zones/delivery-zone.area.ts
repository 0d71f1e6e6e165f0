/**
 * Delivery zones: a set of pincodes one delivery partner serves at one charge and delivery time.
 * The pincodes are pasted or added a whole city or state at a time; each wrong line is reported.
 */
import { z } from 'zod';
import { defineArea } from '@/lib/areas/area.ts';
import { ACTIVE_STATUSES, activeStatus, recordId, requiredText } from '@/lib/areas/field-schemas.ts';
import { pincodeSet } from './pincode-set.ts';

/** All of India has about 19,000 pincodes: a zone can hold every one. */
export const MAX_ZONE_PINCODES = 25_000;

const days = (message: string) => z.coerce.number({ error: message }).int(message).min(0, 'At least 0.').max(90, 'At most 90 days.');

export const deliveryZoneSchema = z
  .strictObject({
    name: requiredText('Enter the zone name.'),
    delivery_partner_id: recordId('Choose the delivery partner.'),
    charge: z.coerce
      .number({ error: 'Enter the charge in rupees, e.g. 49 or 49.50.' })
      .min(0, 'At least 0.')
      .max(100_000, 'At most 100000.')
      .refine((n) => Math.abs(Math.round(n * 100) - n * 100) < 1e-6, 'At most 2 decimal places (paise).'),
    estimated_days_min: days('Enter the fewest days, a whole number.'),
    estimated_days_max: days('Enter the most days, a whole number.'),
    pincodes: pincodeSet(MAX_ZONE_PINCODES),
    status: activeStatus,
  })
  .refine((v) => v.estimated_days_max >= v.estimated_days_min, { path: ['estimated_days_max'], message: 'At least the fewest days.' });
export type DeliveryZoneInput = z.infer<typeof deliveryZoneSchema>;

/** The call answering a city's or a state's pincodes, for the pincodes field's "add a whole city or state". */
const PINCODES_OF = '/api/delivery-zones/pincodes-of';

export const deliveryZoneArea = defineArea({
  key: 'delivery-zones',
  permissionArea: 'delivery-zones',
  label: 'Delivery Zones',
  singular: 'Delivery zone',
  paths: { list: '/delivery-zones/listing', add: '/delivery-zones/add', edit: '/delivery-zones/:id/edit' },
  schema: deliveryZoneSchema,
  titleField: 'name',
  defaultSort: { field: 'name', order: 'asc' },
  statusField: { field: 'status', options: ACTIVE_STATUSES },
  searchPlaceholder: 'Search zones by name',
  // Public data, read by whoever may list the zones (src/pages/api/delivery-zones/pincodes-of.ts serves it).
  apiRoutes: [
    {
      pattern: PINCODES_OF,
      method: 'GET',
      action: 'list',
      sampleQuery: 'state_id=1',
      summary: 'Every pincode of one city (`city_id`) or one state (`state_id`), sorted: `{ data: ["560001", …] }`',
      query: z.strictObject({ city_id: z.string().optional(), state_id: z.string().optional() }),
    },
  ],
  fields: [
    { name: 'name', label: 'Name', input: 'text', placeholder: 'e.g. Bengaluru city' },
    { name: 'delivery_partner_id', label: 'Delivery partner', input: 'relation', relation: { area: 'delivery-partners', labelFrom: 'delivery_partner_name' } },
    {
      name: 'charge',
      label: 'Delivery charge (₹)',
      input: 'text',
      inputType: 'number',
      placeholder: '49',
      hint: 'Charged to the customer per order; 0 for free delivery.',
    },
    { name: 'status', label: 'Status', input: 'select', options: ACTIVE_STATUSES },
    { name: 'estimated_days_min', label: 'Delivered in, fewest days', input: 'text', inputType: 'number', placeholder: '1' },
    { name: 'estimated_days_max', label: 'Delivered in, most days', input: 'text', inputType: 'number', placeholder: '3' },
    {
      name: 'pincodes',
      label: 'Pincodes',
      input: 'custom',
      // The area's own input (components/PincodeSetField.tsx, named in src/app/areas/field-components.ts).
      custom: { component: 'pincode-set', options: { pincodesOf: PINCODES_OF } },
      section: 'Pincodes served',
      hint: 'One per line, or separated by commas. Paste a list, or add every pincode of a city or a state.',
    },
  ],
  columns: [
    { field: 'name', header: 'Name', kind: 'text', sortable: true, filterable: true },
    {
      field: 'delivery_partner_name',
      header: 'Delivery partner',
      kind: 'text',
      sortable: true,
      filterable: true,
      relation: { area: 'delivery-partners', field: 'delivery_partner_id' },
    },
    { field: 'pincode_count', header: 'Pincodes', kind: 'number', sortable: true, filterable: true, display: 'number' },
    { field: 'charge', header: 'Charge (₹)', kind: 'number', sortable: true, filterable: true, display: 'number' },
    { field: 'estimated_days', header: 'Delivery time', kind: 'text' },
    { field: 'status', header: 'Status', kind: 'enum', sortable: true, filterable: true, options: ACTIVE_STATUSES, display: 'status' },
    { field: 'updated_at', header: 'Updated', kind: 'date', sortable: true, filterable: true, display: 'date', secondary: true },
  ],
});
