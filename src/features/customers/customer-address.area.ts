/**
 * A customer's addresses: shown and added on the customer's details page (the details page's
 * related table), edited on their own form. Permissions are the customers area's.
 */
import { z } from 'zod';
import { defineArea } from '@/lib/areas/area.ts';
import { formBoolean, optionalText, recordId, requiredText } from '@/lib/areas/field-schemas.ts';
import { pincode } from '@/lib/india/formats.ts';

export const DEFAULT_ADDRESS = [
  { value: 'true', label: 'Default' },
  { value: 'false', label: 'Other' },
] as const;

export const customerAddressSchema = z.strictObject({
  customer_id: recordId('Choose the customer.'),
  label: requiredText('Name the address, e.g. Home or Office.', 40),
  line1: requiredText('Enter the house, building and street.', 200),
  line2: optionalText(200),
  pincode,
  state_id: recordId('Choose the state.'),
  city_id: recordId('Choose the city.'),
  is_default: formBoolean('Choose whether this is the default address.').default(false),
});
export type CustomerAddressInput = z.infer<typeof customerAddressSchema>;

export const customerAddressArea = defineArea({
  key: 'customer-addresses',
  permissionArea: 'customers',
  label: 'Customer addresses',
  singular: 'Address',
  paths: { list: '/customer-addresses', add: '/customer-addresses/add', edit: '/customer-address/:id/edit' },
  schema: customerAddressSchema,
  titleField: 'label',
  defaultSort: { field: 'label', order: 'asc' },
  searchPlaceholder: 'Search addresses by label, street or pincode',
  fields: [
    { name: 'customer_id', label: 'Customer', input: 'relation', relation: { area: 'customers', labelFrom: 'customer_name' } },
    { name: 'label', label: 'Label', input: 'text', placeholder: 'Home' },
    { name: 'line1', label: 'Address line 1', input: 'text', wide: true, placeholder: 'House, building, street' },
    { name: 'line2', label: 'Address line 2', input: 'text', wide: true, placeholder: 'Area, landmark (optional)' },
    // The pincode first: typing it fills the state and city (the form kit's address fill).
    {
      name: 'pincode',
      label: 'Pincode',
      input: 'text',
      addressPincode: { state: 'state_id', city: 'city_id' },
      placeholder: 'e.g. 560001',
    },
    { name: 'state_id', label: 'State', input: 'relation', relation: { area: 'states', labelFrom: 'state_name' } },
    {
      name: 'city_id',
      label: 'City',
      input: 'relation',
      relation: { area: 'cities', labelFrom: 'city_name', dependsOn: { field: 'state_id', filter: 'state_id' } },
    },
    {
      name: 'is_default',
      label: 'Default address',
      input: 'select',
      options: DEFAULT_ADDRESS,
      hint: 'Orders are delivered here unless the customer picks another.',
    },
  ],
  columns: [
    { field: 'label', header: 'Label', kind: 'text', sortable: true, filterable: true },
    { field: 'customer_name', header: 'Customer', kind: 'text', sortable: true, filterable: true, relation: { area: 'customers', field: 'customer_id' } },
    { field: 'line1', header: 'Address', kind: 'text', filterable: true },
    { field: 'city_name', header: 'City', kind: 'text', sortable: true, filterable: true, secondary: true },
    { field: 'state_name', header: 'State', kind: 'text', sortable: true, filterable: true, relation: { area: 'states', field: 'state_id' } },
    { field: 'pincode', header: 'Pincode', kind: 'text', sortable: true, filterable: true },
    { field: 'is_default', header: 'Default', kind: 'boolean', sortable: true, filterable: true, options: DEFAULT_ADDRESS, display: 'status' },
  ],
});
