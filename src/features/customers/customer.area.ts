/**
 * Customers: shoppers of the storefront (not back-office users). Staff list them, see a details
 * page, add and edit them, block and unblock them with a reason. Email and phone are masked for
 * everyone in lists, details, the API and CSV; a holder of customers:view-pii reveals one
 * customer's at a time, and each reveal is in the activity log (docs/areas.md, "Customers").
 */
import { z } from 'zod';
import { defineArea } from '@/lib/areas/area.ts';
import { formBoolean, requiredText } from '@/lib/areas/field-schemas.ts';
import { indianMobile } from '@/lib/india/formats.ts';

export const CUSTOMER_STATUSES = [
  { value: 'active', label: 'Active' },
  { value: 'blocked', label: 'Blocked' },
] as const;

export const MARKETING_CONSENT = [
  { value: 'true', label: 'Agreed' },
  { value: 'false', label: 'Not agreed' },
] as const;

const EMAIL_MESSAGE = 'Enter an email address such as priya@example.com.';

export const customerSchema = z.strictObject({
  name: requiredText('Enter the customer’s name.'),
  email: z
    .string(EMAIL_MESSAGE)
    .trim()
    .min(1, 'Enter an email address.')
    .max(254, 'At most 254 characters.')
    .refine((v) => z.email().safeParse(v).success, EMAIL_MESSAGE),
  /** Typed any usual way (98765 43210, 098765…, +91…); stored as +91 and ten digits. */
  phone: indianMobile,
  marketing_consent: formBoolean('Choose whether the customer agreed to marketing messages.').default(false),
});
export type CustomerInput = z.infer<typeof customerSchema>;

/** A block or unblock: the reason is required and kept (POST /api/customers/:id/block, …/unblock). */
export const customerStatusChangeSchema = z.strictObject({
  reason: requiredText('Enter the reason.', 500),
});

export const customerArea = defineArea({
  key: 'customers',
  permissionArea: 'customers',
  label: 'Customers',
  singular: 'Customer',
  paths: { list: '/customers/list', add: '/customers/add', edit: '/customer/:id/edit' },
  schema: customerSchema,
  titleField: 'name',
  defaultSort: { field: 'created_at', order: 'desc' },
  searchPlaceholder: 'Search customers by name, email or phone',
  details: {
    path: '/customer/:id/details',
    action: 'view',
    title: 'Customer details',
    related: [{ area: 'customer-addresses', field: 'customer_id', heading: 'Addresses' }],
  },
  fields: [
    { name: 'name', label: 'Name', input: 'text', placeholder: 'e.g. Priya Sharma' },
    { name: 'email', label: 'Email', input: 'text', inputType: 'email', placeholder: 'priya@example.com' },
    { name: 'phone', label: 'Mobile number', input: 'text', inputType: 'tel', placeholder: '98765 43210', hint: 'An Indian mobile number; saved with +91.' },
    {
      name: 'marketing_consent',
      label: 'Marketing messages',
      input: 'select',
      options: MARKETING_CONSENT,
      hint: 'Only customers who agreed get offers by mail, SMS or WhatsApp.',
    },
  ],
  columns: [
    { field: 'name', header: 'Name', kind: 'text', sortable: true, filterable: true },
    { field: 'email', header: 'Email', kind: 'text', filterable: true },
    { field: 'phone', header: 'Phone', kind: 'text', filterable: true },
    { field: 'status', header: 'Status', kind: 'enum', sortable: true, filterable: true, options: CUSTOMER_STATUSES, display: 'status' },
    {
      field: 'marketing_consent',
      header: 'Marketing',
      kind: 'boolean',
      filterable: true,
      options: MARKETING_CONSENT,
      display: 'status',
      secondary: true,
    },
    { field: 'addresses_count', header: 'Addresses', kind: 'number', display: 'number', secondary: true },
    { field: 'created_at', header: 'Created', kind: 'date', sortable: true, filterable: true, display: 'date' },
  ],
});
