/** Taxes (GST slabs with their HSN or SAC code): the declaration the list, the form, the API, the registry and the search read. */
import { z } from 'zod';
import { defineArea } from '@/lib/areas/area.ts';
import { ACTIVE_STATUSES, activeStatus, requiredPercent, requiredText } from '@/lib/areas/field-schemas.ts';
import { hsnSacCode } from '@/lib/india/formats.ts';

export const PRICE_MODES = [
  { value: 'inclusive', label: 'Included in the price' },
  { value: 'exclusive', label: 'Added to the price' },
] as const;

export const CODE_KINDS = [
  { value: 'hsn', label: 'HSN (goods)' },
  { value: 'sac', label: 'SAC (services)' },
] as const;

/** The GST slabs after the rationalisation in force from 22 September 2025. */
export const GST_SLABS = [0, 0.25, 3, 5, 18, 40] as const;

export const taxSchema = z.strictObject({
  name: requiredText('Enter a name for this tax, e.g. Apparel up to ₹2,500 (GST 5%).'),
  rate_percent: requiredPercent('Enter the GST rate, e.g. 5 or 18.'),
  hsn_code: hsnSacCode,
  price_mode: z.enum(['inclusive', 'exclusive'], { error: 'Choose whether the tax is included in the price or added to it.' }).default('inclusive'),
  status: activeStatus,
});
export type TaxInput = z.infer<typeof taxSchema>;

export const taxArea = defineArea({
  key: 'taxes',
  permissionArea: 'taxes',
  label: 'Taxes',
  singular: 'Tax',
  paths: { list: '/taxes/listing', add: '/taxes/add', edit: '/taxes/:id/edit' },
  schema: taxSchema,
  titleField: 'name',
  defaultSort: { field: 'rate_percent', order: 'asc' },
  statusField: { field: 'status', options: ACTIVE_STATUSES },
  searchPlaceholder: 'Search taxes by name or HSN/SAC code',
  // Vendors choose the tax of each product: a tax's id and name are reference data.
  optionsAccess: 'auth',
  fields: [
    { name: 'name', label: 'Name', input: 'text', placeholder: 'e.g. Apparel up to ₹2,500 (GST 5%)', wide: true },
    {
      name: 'rate_percent',
      label: 'GST rate %',
      input: 'text',
      inputType: 'number',
      placeholder: 'e.g. 18',
      hint: `0 to 100, at most 2 decimals. The GST slabs since 22 September 2025: ${GST_SLABS.join(', ')}.`,
    },
    {
      name: 'hsn_code',
      label: 'HSN/SAC code',
      input: 'text',
      placeholder: 'e.g. 6204 or 996812',
      hint: 'Goods: an HSN code of 4, 6 or 8 digits. Services: a SAC code of 6 digits starting with 99.',
    },
    {
      name: 'price_mode',
      label: 'Price',
      input: 'select',
      options: PRICE_MODES,
      hint: 'Included: the product’s price already contains the GST. Added: GST is added at checkout.',
    },
    {
      name: 'status',
      label: 'Status',
      input: 'select',
      options: ACTIVE_STATUSES,
      hint: 'Inactive taxes stay on their products but are not offered for new ones.',
    },
  ],
  columns: [
    { field: 'name', header: 'Name', kind: 'text', sortable: true, filterable: true },
    { field: 'rate_percent', header: 'Rate %', kind: 'number', sortable: true, filterable: true, display: 'number' },
    { field: 'hsn_code', header: 'HSN/SAC', kind: 'text', sortable: true, filterable: true },
    { field: 'code_kind', header: 'Code type', kind: 'enum', sortable: true, filterable: true, options: CODE_KINDS, display: 'status' },
    { field: 'price_mode', header: 'Price', kind: 'enum', sortable: true, filterable: true, options: PRICE_MODES, display: 'status', secondary: true },
    { field: 'products_count', header: 'Products', kind: 'number', sortable: true, filterable: true, display: 'number' },
    { field: 'status', header: 'Status', kind: 'enum', sortable: true, filterable: true, options: ACTIVE_STATUSES, display: 'status' },
    { field: 'updated_at', header: 'Updated', kind: 'date', sortable: true, filterable: true, display: 'date', secondary: true },
  ],
});
