/**
 * Delivery partners: the couriers orders ship with. Each serves the pincodes of its delivery
 * zones; its details page lists them.
 */
import { z } from 'zod';
import { defineArea } from '@/lib/areas/area.ts';
import { ACTIVE_STATUSES, activeStatus, formBoolean, optionalEmail, optionalText, requiredText } from '@/lib/areas/field-schemas.ts';

export const COD_OPTIONS = [
  { value: 'true', label: 'Cash on delivery' },
  { value: 'false', label: 'Prepaid only' },
] as const;

export const TRACKING_PLACEHOLDER = '{tracking_number}';

/** https://… with {tracking_number} where the AWB goes; blank when the courier has no tracking page. */
const trackingUrlTemplate = z
  .string()
  .trim()
  .max(500, 'At most 500 characters.')
  .refine((v) => v === '' || /^https?:\/\//i.test(v), 'Start with https:// (or http://).')
  .refine((v) => v === '' || v.includes(TRACKING_PLACEHOLDER), `Put ${TRACKING_PLACEHOLDER} where the tracking number goes.`)
  .refine((v) => {
    if (v === '') return true;
    try {
      return Boolean(new URL(v.replaceAll(TRACKING_PLACEHOLDER, 'AWB123')).host);
    } catch {
      return false;
    }
  }, 'Enter a web address, e.g. https://track.example.com/?awb={tracking_number}.')
  .optional();

export const deliveryPartnerSchema = z.strictObject({
  name: requiredText('Enter the courier’s name.'),
  contact_name: optionalText(120),
  contact_phone: z
    .string()
    .trim()
    .max(20, 'At most 20 characters.')
    .refine((v) => v === '' || /^\+?[0-9][0-9 -]{6,18}[0-9]$/.test(v), 'Enter a phone number: digits, spaces or hyphens, e.g. 1800 103 6354.')
    .optional(),
  contact_email: optionalEmail,
  tracking_url_template: trackingUrlTemplate,
  cod_supported: formBoolean('Choose whether the courier collects cash on delivery.').default(false),
  status: activeStatus,
});
export type DeliveryPartnerInput = z.infer<typeof deliveryPartnerSchema>;

export const deliveryPartnerArea = defineArea({
  key: 'delivery-partners',
  permissionArea: 'delivery-partners',
  label: 'Delivery Partners',
  singular: 'Delivery partner',
  paths: { list: '/delivery-partners/listing', add: '/delivery-partners/add', edit: '/delivery-partners/:id/edit' },
  details: {
    path: '/delivery-partners/:id/details',
    action: 'view',
    title: 'Delivery partner details',
    related: [{ area: 'delivery-zones', field: 'delivery_partner_id', heading: 'Delivery zones' }],
  },
  schema: deliveryPartnerSchema,
  titleField: 'name',
  defaultSort: { field: 'name', order: 'asc' },
  statusField: { field: 'status', options: ACTIVE_STATUSES },
  searchPlaceholder: 'Search delivery partners by name',
  fields: [
    { name: 'name', label: 'Courier name', input: 'text', placeholder: 'e.g. Swift Express' },
    { name: 'status', label: 'Status', input: 'select', options: ACTIVE_STATUSES, hint: 'Inactive partners keep their zones but get no new shipments.' },
    { name: 'contact_name', label: 'Contact person', input: 'text', section: 'Contact' },
    { name: 'contact_phone', label: 'Contact phone', input: 'text', inputType: 'tel', placeholder: '1800 103 6354' },
    { name: 'contact_email', label: 'Contact email', input: 'text', inputType: 'email', placeholder: 'ops@courier.example' },
    {
      name: 'tracking_url_template',
      label: 'Tracking URL template',
      input: 'text',
      inputType: 'url',
      wide: true,
      section: 'Service',
      placeholder: 'https://track.example.com/?awb={tracking_number}',
      hint: 'Customers get this link with {tracking_number} replaced by the shipment’s AWB number.',
    },
    { name: 'cod_supported', label: 'Payment on delivery', input: 'select', options: COD_OPTIONS },
  ],
  columns: [
    { field: 'name', header: 'Name', kind: 'text', sortable: true, filterable: true },
    { field: 'contact_phone', header: 'Phone', kind: 'text', filterable: true, secondary: true },
    { field: 'cod_supported', header: 'COD', kind: 'boolean', sortable: true, filterable: true, options: COD_OPTIONS },
    { field: 'zones_count', header: 'Zones', kind: 'number', sortable: true, filterable: true, display: 'number' },
    { field: 'pincodes_count', header: 'Pincodes served', kind: 'number', sortable: true, filterable: true, display: 'number' },
    { field: 'status', header: 'Status', kind: 'enum', sortable: true, filterable: true, options: ACTIVE_STATUSES, display: 'status' },
    { field: 'updated_at', header: 'Updated', kind: 'date', sortable: true, filterable: true, display: 'date', secondary: true },
  ],
});
