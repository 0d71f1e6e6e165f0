/**
 * Warehouses: where stock ships from. The platform's own, or a vendor's: a vendor sees and saves
 * only their own (the owner is set by the server), staff see all and choose the owner.
 */
import { z } from 'zod';
import { defineArea } from '@/lib/areas/area.ts';
import { formBoolean, optionalEmail, optionalRecordId, optionalText, phoneNumber, recordId, requiredText } from '@/lib/areas/field-schemas.ts';

export const WAREHOUSE_ACTIVE = [
  { value: 'true', label: 'Active' },
  { value: 'false', label: 'Inactive' },
] as const;

export const OWNER_TYPES = [
  { value: 'platform', label: 'Platform' },
  { value: 'vendor', label: 'Vendor' },
] as const;

export const warehouseSchema = z.strictObject({
  /** Staff only: blank is the platform's own warehouse. A vendor's is always theirs, whatever is sent. */
  vendor_id: optionalRecordId('Choose the owner from the list.').optional(),
  name: requiredText('Enter the warehouse name.'),
  code: z
    .string('Enter a code.')
    .trim()
    .toUpperCase()
    .min(1, 'Enter a code.')
    .max(20, 'At most 20 characters.')
    .regex(/^[A-Z0-9]+(-[A-Z0-9]+)*$/, 'Use letters, digits and single hyphens, e.g. BLR-01.'),
  contact_name: requiredText('Enter the contact person’s name.'),
  contact_phone: phoneNumber,
  contact_email: optionalEmail,
  address_line1: requiredText('Enter the street address.', 200),
  address_line2: optionalText(200),
  state_id: recordId('Choose the state.'),
  city_id: recordId('Choose the city.'),
  pincode_id: recordId('Choose the pincode.'),
  is_active: formBoolean('Choose Active or Inactive.').default(true),
});
export type WarehouseInput = z.infer<typeof warehouseSchema>;

export const warehouseArea = defineArea({
  key: 'warehouses',
  permissionArea: 'warehouse',
  label: 'Warehouses',
  singular: 'Warehouse',
  paths: { list: '/warehouses', add: '/warehouses/add', edit: '/warehouse/:id/edit' },
  schema: warehouseSchema,
  titleField: 'name',
  defaultSort: { field: 'name', order: 'asc' },
  statusField: { field: 'is_active', options: WAREHOUSE_ACTIVE },
  searchPlaceholder: 'Search warehouses by name, code or pincode',
  fields: [
    {
      name: 'vendor_id',
      label: 'Owner',
      input: 'relation',
      relation: { area: 'vendors', optional: true, noneLabel: 'Platform', labelFrom: 'owner_name' },
      hint: 'Platform for the marketplace’s own warehouse, or the vendor who ships from it.',
      staffOnly: true,
    },
    { name: 'name', label: 'Name', input: 'text', placeholder: 'e.g. Bengaluru fulfilment centre' },
    { name: 'code', label: 'Code', input: 'text', placeholder: 'BLR-01', hint: "Printed on shipping labels; unique among the owner's warehouses." },
    { name: 'contact_name', label: 'Contact person', input: 'text', section: 'Contact' },
    { name: 'contact_phone', label: 'Contact phone', input: 'text', inputType: 'tel', placeholder: '+91 80 4000 1234' },
    { name: 'contact_email', label: 'Contact email', input: 'text', inputType: 'email', placeholder: 'warehouse@example.com' },
    { name: 'address_line1', label: 'Address line 1', input: 'text', section: 'Address', wide: true, placeholder: 'Building, street' },
    { name: 'address_line2', label: 'Address line 2', input: 'text', wide: true, placeholder: 'Area, landmark (optional)' },
    // The pincode first: typing it fills the state and city (the form kit's address fill); or choose state → city → pincode.
    {
      name: 'pincode_id',
      label: 'Pincode',
      input: 'relation',
      relation: { area: 'pincodes', labelFrom: 'pincode', dependsOn: { field: 'city_id', filter: 'city_id' } },
      addressPincode: { state: 'state_id', city: 'city_id' },
      placeholder: 'e.g. 570001',
    },
    { name: 'state_id', label: 'State', input: 'relation', relation: { area: 'states', labelFrom: 'state_name' } },
    {
      name: 'city_id',
      label: 'City',
      input: 'relation',
      relation: { area: 'cities', labelFrom: 'city_name', dependsOn: { field: 'state_id', filter: 'state_id' } },
    },
    {
      name: 'is_active',
      label: 'Status',
      input: 'select',
      options: WAREHOUSE_ACTIVE,
      section: 'Status',
      hint: 'Inactive warehouses are kept but not offered for new stock.',
    },
  ],
  columns: [
    { field: 'name', header: 'Name', kind: 'text', sortable: true, filterable: true },
    { field: 'code', header: 'Code', kind: 'text', sortable: true, filterable: true },
    {
      field: 'owner_name',
      header: 'Owner',
      kind: 'text',
      sortable: true,
      filterable: true,
      relation: { area: 'vendors', field: 'vendor_id' },
      emptyText: 'Platform',
      staffOnly: true,
    },
    { field: 'owner_type', header: 'Owned by', kind: 'enum', filterable: true, options: OWNER_TYPES, staffOnly: true, secondary: true },
    { field: 'city_name', header: 'City', kind: 'text', sortable: true, filterable: true, secondary: true },
    { field: 'state_name', header: 'State', kind: 'text', sortable: true, filterable: true, relation: { area: 'states', field: 'state_id' } },
    { field: 'pincode', header: 'Pincode', kind: 'text', sortable: true, filterable: true },
    { field: 'contact_phone', header: 'Phone', kind: 'text', filterable: true, secondary: true },
    { field: 'is_active', header: 'Status', kind: 'boolean', sortable: true, filterable: true, options: WAREHOUSE_ACTIVE, display: 'status' },
    { field: 'updated_at', header: 'Updated', kind: 'date', sortable: true, filterable: true, display: 'date', secondary: true },
  ],
});
