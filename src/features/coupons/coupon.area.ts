/**
 * Coupons (issue 18 §4, docs/money.md "Discounts"; decision 055): codes a customer types at
 * checkout. Spec: Marketing → Coupons at /coupons/listing, `discounts:list|create|update|delete`.
 * Staff make coupons funded by the platform or by a vendor; a vendor makes coupons funded by
 * themselves, for their own store or some of their own products (the server sets funded_by and
 * the vendor; VENDOR_OWNED.discounts: they see only their own). No server imports.
 */
import { z } from 'zod';
import { defineArea, relationSetField } from '@/lib/areas/area.ts';
import { ACTIVE_STATUSES, activeStatus, optionalRecordId, optionalText, optionalWholeNumber, recordIdSet } from '@/lib/areas/field-schemas.ts';
import { istDateTime } from '@/lib/india/formats.ts';
import { paiseSchema } from '@/lib/money/paise.schema.ts';

export const COUPON_KIND_OPTIONS = [
  { value: 'percent', label: 'Percent off' },
  { value: 'flat', label: 'Flat amount off' },
] as const;

export const COUPON_SCOPE_OPTIONS = [
  { value: 'store', label: 'Whole store (a vendor’s coupon: all their products)' },
  { value: 'vendors', label: 'Some vendors' },
  { value: 'categories', label: 'Some categories' },
  { value: 'products', label: 'Some products' },
] as const;

export const COUPON_FUNDER_OPTIONS = [
  { value: 'platform', label: 'The platform' },
  { value: 'vendor', label: 'A vendor (their items only)' },
] as const;

/** Blank (or null) is "none"; otherwise rupees from the form, paise from the API. */
const optionalPaise = (message: string) => z.preprocess((v) => (v === '' || v === null || v === undefined ? null : v), paiseSchema(message).nullable());

/** 0.01 to 100 with at most two decimals, or blank. */
const ratePercent = z.preprocess(
  (v) => (v === '' || v === null || v === undefined ? null : v),
  z.coerce
    .number({ error: 'Enter the percentage off, e.g. 10 or 12.5.' })
    .gt(0, 'More than 0.')
    .max(100, 'At most 100.')
    .refine((n) => Math.abs(Math.round(n * 100) - n * 100) < 1e-6, 'At most 2 decimal places.')
    .nullable(),
);

export const couponSchema = z
  .strictObject({
    code: z
      .string('Enter the code customers type, e.g. WELCOME10.')
      .trim()
      .min(3, 'At least 3 characters, e.g. WELCOME10.')
      .max(40, 'At most 40 characters.')
      .regex(/^[A-Za-z0-9][A-Za-z0-9_-]*$/, 'Letters, digits, - and _ only (no spaces), e.g. DIWALI-25.'),
    description: optionalText(300),
    kind: z.enum(['percent', 'flat'], { error: 'Choose percent off or a flat amount off.' }).default('percent'),
    rate_percent: ratePercent,
    amount: optionalPaise('Enter the amount off in rupees, e.g. 100.00 (at most two decimals).'),
    max_discount: optionalPaise('Enter the most it takes off in rupees, e.g. 200.00, or leave it blank.'),
    min_order: optionalPaise('Enter the minimum order in rupees, e.g. 999.00, or leave it blank.'),
    funded_by: z.enum(['platform', 'vendor'], { error: 'Choose who pays for the discount.' }).default('platform'),
    vendor_id: optionalRecordId('Choose the vendor who pays for it.').optional(),
    scope: z.enum(['store', 'vendors', 'categories', 'products'], { error: 'Choose where the coupon applies.' }).default('store'),
    vendor_ids: recordIdSet('Choose vendors from the list (at most 500).', 500).optional(),
    category_ids: recordIdSet('Choose categories from the list (at most 500).', 500).optional(),
    product_ids: recordIdSet('Choose products from the list (at most 500).', 500).optional(),
    starts_at: istDateTime(),
    ends_at: istDateTime(),
    usage_limit: optionalWholeNumber('Enter a whole number of uses from 1, or leave it blank for no limit.', 10_000_000),
    per_customer_limit: optionalWholeNumber('Enter a whole number of uses from 1, or leave it blank for no limit.', 10_000),
    status: activeStatus,
  })
  .superRefine((c, ctx) => {
    const need = (path: string, message: string) => ctx.addIssue({ code: 'custom', path: [path], message });
    if (c.kind === 'percent' && c.rate_percent === null) need('rate_percent', 'Enter the percentage off, e.g. 10.');
    if (c.kind === 'flat' && !c.amount) need('amount', 'Enter the amount off in rupees, e.g. 100.00.');
    if (c.usage_limit === 0) need('usage_limit', 'At least 1 use, or leave it blank for no limit.');
    if (c.per_customer_limit === 0) need('per_customer_limit', 'At least 1 use, or leave it blank for no limit.');
    if (c.starts_at && c.ends_at && c.ends_at <= c.starts_at) need('ends_at', 'End the coupon after it starts.');
    if (c.scope === 'vendors' && !c.vendor_ids?.length) need('vendor_ids', 'Choose at least one vendor, or the whole store.');
    if (c.scope === 'categories' && !c.category_ids?.length) need('category_ids', 'Choose at least one category, or the whole store.');
    if (c.scope === 'products' && !c.product_ids?.length) need('product_ids', 'Choose at least one product, or the whole store.');
  });
export type CouponInput = z.infer<typeof couponSchema>;

export const couponArea = defineArea({
  key: 'coupons',
  permissionArea: 'discounts',
  label: 'Coupons',
  singular: 'Coupon',
  paths: { list: '/coupons/listing', add: '/coupons/add', edit: '/coupons/:id/edit' },
  schema: couponSchema,
  titleField: 'code',
  defaultSort: { field: 'updated_at', order: 'desc' },
  statusField: { field: 'status', options: ACTIVE_STATUSES },
  searchPlaceholder: 'Search coupons by code or description',
  fields: [
    { name: 'code', label: 'Code', input: 'text', placeholder: 'e.g. WELCOME10', required: true, hint: 'What customers type; any case matches.' },
    { name: 'description', label: 'Description', input: 'text', placeholder: 'e.g. 10 % off your first order', hint: 'For your team; not shown to customers.' },
    { name: 'kind', label: 'Discount', input: 'select', options: COUPON_KIND_OPTIONS, section: 'The discount' },
    {
      name: 'rate_percent',
      label: 'Percent off',
      input: 'text',
      inputType: 'number',
      placeholder: 'e.g. 10',
      showWhen: { field: 'kind', equals: 'percent' },
      hint: 'Of the eligible items, after any promotion. Up to 2 decimals.',
    },
    {
      name: 'max_discount',
      label: 'At most (₹)',
      input: 'text',
      placeholder: 'e.g. 200.00',
      showWhen: { field: 'kind', equals: 'percent' },
      hint: 'The most it takes off one order. Blank: no cap.',
    },
    {
      name: 'amount',
      label: 'Amount off (₹)',
      input: 'text',
      placeholder: 'e.g. 100.00',
      showWhen: { field: 'kind', equals: 'flat' },
      hint: 'Never more than the eligible items come to.',
    },
    { name: 'min_order', label: 'Minimum order (₹)', input: 'text', placeholder: 'e.g. 999.00', hint: 'Of the eligible items. Blank: any amount.' },
    {
      name: 'funded_by',
      label: 'Paid for by',
      input: 'select',
      options: COUPON_FUNDER_OPTIONS,
      section: 'Who pays and where it applies',
      staffOnly: true,
      hint: 'The platform: the vendor is credited the discount at delivery. A vendor: it applies to that vendor’s items only.',
    },
    {
      name: 'vendor_id',
      label: 'Vendor who pays',
      input: 'relation',
      relation: { area: 'vendors', optional: true, noneLabel: 'Choose a vendor', labelFrom: 'vendor_name' },
      showWhen: { field: 'funded_by', equals: 'vendor' },
      staffOnly: true,
    },
    {
      name: 'scope',
      label: 'Applies to',
      input: 'select',
      options: COUPON_SCOPE_OPTIONS,
      hint: 'A vendor’s own coupon: their whole store or some of their products.',
    },
    relationSetField(
      'vendor_ids',
      'Vendors',
      { area: 'vendors', noun: 'vendor', nouns: 'vendors' },
      { showWhen: { field: 'scope', equals: 'vendors' }, staffOnly: true },
    ),
    relationSetField(
      'category_ids',
      'Categories',
      { area: 'categories', noun: 'category', nouns: 'categories' },
      { showWhen: { field: 'scope', equals: 'categories' }, staffOnly: true },
    ),
    relationSetField('product_ids', 'Products', { area: 'products', noun: 'product', nouns: 'products' }, { showWhen: { field: 'scope', equals: 'products' } }),
    {
      name: 'starts_at',
      label: 'Valid from',
      input: 'text',
      inputType: 'datetime-local',
      section: 'When and how often',
      hint: 'India time. Blank: from now on.',
    },
    { name: 'ends_at', label: 'Valid until', input: 'text', inputType: 'datetime-local', hint: 'India time. Blank: no end.' },
    {
      name: 'usage_limit',
      label: 'Uses in all',
      input: 'text',
      inputType: 'number',
      placeholder: 'e.g. 100',
      hint: 'Blank: no limit. A cancelled order gives its use back.',
    },
    {
      name: 'per_customer_limit',
      label: 'Uses per customer',
      input: 'text',
      inputType: 'number',
      placeholder: 'e.g. 1',
      hint: 'Counted by the customer’s email. Blank: no limit.',
    },
    { name: 'status', label: 'Status', input: 'select', options: ACTIVE_STATUSES },
  ],
  columns: [
    { field: 'code', header: 'Code', kind: 'text', sortable: true, filterable: true },
    { field: 'description', header: 'Description', kind: 'text', filterable: true, secondary: true, emptyText: '—' },
    { field: 'kind', header: 'Discount', kind: 'enum', filterable: true, options: COUPON_KIND_OPTIONS, display: 'status' },
    { field: 'rate_percent', header: 'Percent', kind: 'number', sortable: true, filterable: true, display: 'number', emptyText: '—' },
    { field: 'amount_paise', header: 'Amount off', kind: 'number', sortable: true, filterable: true, money: { unit: 'paise' }, emptyText: '—' },
    { field: 'max_discount_paise', header: 'At most', kind: 'number', filterable: true, money: { unit: 'paise' }, secondary: true, emptyText: 'No cap' },
    { field: 'min_order_paise', header: 'Minimum order', kind: 'number', sortable: true, filterable: true, money: { unit: 'paise' }, secondary: true },
    { field: 'funded_by', header: 'Paid by', kind: 'enum', filterable: true, options: COUPON_FUNDER_OPTIONS, display: 'status', staffOnly: true },
    {
      field: 'vendor_name',
      header: 'Vendor',
      kind: 'text',
      sortable: true,
      filterable: true,
      relation: { area: 'vendors', field: 'vendor_id' },
      emptyText: '—',
      staffOnly: true,
    },
    { field: 'scope', header: 'Applies to', kind: 'enum', filterable: true, options: COUPON_SCOPE_OPTIONS, secondary: true },
    { field: 'used', header: 'Used', kind: 'number', sortable: true, filterable: true, display: 'number' },
    { field: 'usage_limit', header: 'Limit', kind: 'number', sortable: true, filterable: true, display: 'number', emptyText: 'No limit', secondary: true },
    // Not sortable: blank (open) dates have no place in a keyset order.
    { field: 'starts_at', header: 'From', kind: 'date', filterable: true, display: 'date', emptyText: 'Open', secondary: true },
    { field: 'ends_at', header: 'Until', kind: 'date', filterable: true, display: 'date', emptyText: 'No end' },
    { field: 'status', header: 'Status', kind: 'enum', sortable: true, filterable: true, options: ACTIVE_STATUSES, display: 'status' },
    { field: 'updated_at', header: 'Updated', kind: 'date', sortable: true, filterable: true, display: 'date', secondary: true },
  ],
});
