/**
 * Commission rules (issue 18 §1, docs/money.md "Commission"): staff set what the marketplace keeps
 * of a vendor's sales, of a category's, or of a vendor's sales in a category, for a period. Under
 * the spec's `accountings` permissions: `accountings:commission-list` to see them,
 * `accountings:commission-update` to add, change and delete them (decision 047). Menu: Money →
 * Commission Rules. No server imports.
 */
import { z } from 'zod';
import { defineArea } from '@/lib/areas/area.ts';
import { ACTIVE_STATUSES, activeStatus, optionalRecordId, requiredPercent, requiredText } from '@/lib/areas/field-schemas.ts';
import { istDateTime } from '@/lib/india/formats.ts';
import { paiseSchema } from '@/lib/money/paise.schema.ts';
import { COMMISSION_KINDS } from '@/lib/money/commission.ts';

export const commissionRuleSchema = z
  .strictObject({
    name: requiredText('Name the rule, e.g. Festive sarees 2026.'),
    vendor_id: optionalRecordId('Choose a vendor from the list, or Any vendor.').optional(),
    category_id: optionalRecordId('Choose a category from the list, or Any category.').optional(),
    kind: z.enum(['percent', 'percent_fee'], { error: 'Choose a percentage, or a percentage and a fee per line.' }).default('percent'),
    rate_percent: requiredPercent('Enter the commission rate, e.g. 12.5.'),
    /** Rupees from the form, paise from the API; only with a fee. */
    fee: z.preprocess((v) => (v === '' || v === null ? undefined : v), paiseSchema('Enter the fee in rupees, e.g. 15.00 (at most two decimals).').optional()),
    starts_at: istDateTime(),
    ends_at: istDateTime(),
    status: activeStatus,
  })
  .superRefine((r, ctx) => {
    if (!r.vendor_id && !r.category_id) ctx.addIssue({ code: 'custom', path: ['vendor_id'], message: 'Choose a vendor, a category, or both.' });
    if (r.kind === 'percent_fee' && !r.fee) ctx.addIssue({ code: 'custom', path: ['fee'], message: 'Enter the fee per line, or choose a plain percentage.' });
    if (r.starts_at && r.ends_at && r.ends_at <= r.starts_at) ctx.addIssue({ code: 'custom', path: ['ends_at'], message: 'End the rule after it starts.' });
  });
export type CommissionRuleInput = z.infer<typeof commissionRuleSchema>;

const ANY_VENDOR = 'Any vendor';
const ANY_CATEGORY = 'Any category';

export const commissionRuleArea = defineArea({
  key: 'commission-rules',
  permissionArea: 'accountings',
  actions: { list: 'commission-list', create: 'commission-update', update: 'commission-update', delete: 'commission-update' },
  label: 'Commission Rules',
  singular: 'Commission rule',
  paths: { list: '/commission-rules/listing', add: '/commission-rules/add', edit: '/commission-rules/:id/edit' },
  schema: commissionRuleSchema,
  titleField: 'name',
  defaultSort: { field: 'updated_at', order: 'desc' },
  statusField: { field: 'status', options: ACTIVE_STATUSES },
  searchPlaceholder: 'Search rules by name',
  fields: [
    { name: 'name', label: 'Name', input: 'text', placeholder: 'e.g. Festive sarees 2026', wide: true },
    {
      name: 'vendor_id',
      label: 'Vendor',
      input: 'relation',
      relation: { area: 'vendors', optional: true, noneLabel: ANY_VENDOR, labelFrom: 'vendor_name' },
      hint: 'A vendor and a category: that vendor’s sales in it. A vendor alone: all their sales. A category alone: every vendor’s sales in it, unless the vendor has a rate.',
    },
    {
      name: 'category_id',
      label: 'Category',
      input: 'relation',
      relation: { area: 'categories', optional: true, noneLabel: ANY_CATEGORY, labelFrom: 'category_name' },
    },
    { name: 'kind', label: 'Commission', input: 'select', options: COMMISSION_KINDS, section: 'What the marketplace keeps' },
    {
      name: 'rate_percent',
      label: 'Rate %',
      input: 'text',
      inputType: 'number',
      placeholder: 'e.g. 12.5',
      hint: 'Of each line’s taxable value (GST left out); 0 to 100, at most 2 decimals. GST at 18 % is charged on the commission.',
    },
    {
      name: 'fee',
      label: 'Fee per line (₹)',
      input: 'text',
      placeholder: 'e.g. 15.00',
      showWhen: { field: 'kind', equals: 'percent_fee' },
      hint: 'Added to the percentage on every order line, whatever its quantity.',
    },
    {
      name: 'starts_at',
      label: 'Starts',
      input: 'text',
      inputType: 'datetime-local',
      section: 'When',
      hint: 'India time. Blank: from now on. Orders placed from then take it.',
    },
    { name: 'ends_at', label: 'Ends', input: 'text', inputType: 'datetime-local', hint: 'Blank: no end. Placed orders keep the rule they were placed under.' },
    { name: 'status', label: 'Status', input: 'select', options: ACTIVE_STATUSES },
  ],
  columns: [
    { field: 'name', header: 'Name', kind: 'text', sortable: true, filterable: true },
    {
      field: 'vendor_name',
      header: 'Vendor',
      kind: 'text',
      sortable: true,
      filterable: true,
      relation: { area: 'vendors', field: 'vendor_id' },
      emptyText: ANY_VENDOR,
    },
    {
      field: 'category_name',
      header: 'Category',
      kind: 'text',
      sortable: true,
      filterable: true,
      relation: { area: 'categories', field: 'category_id' },
      emptyText: ANY_CATEGORY,
    },
    { field: 'kind', header: 'Commission', kind: 'enum', filterable: true, options: COMMISSION_KINDS, display: 'status', secondary: true },
    { field: 'rate_percent', header: 'Rate %', kind: 'number', sortable: true, filterable: true, display: 'number' },
    { field: 'fee_paise', header: 'Fee per line', kind: 'number', sortable: true, filterable: true, money: { unit: 'paise' }, secondary: true },
    // Not sortable: blank (open) ends have no place in a keyset order.
    { field: 'starts_at', header: 'Starts', kind: 'date', filterable: true, display: 'date', emptyText: 'Open' },
    { field: 'ends_at', header: 'Ends', kind: 'date', filterable: true, display: 'date', emptyText: 'No end' },
    { field: 'lines_count', header: 'Order lines', kind: 'number', sortable: true, filterable: true, display: 'number', secondary: true },
    { field: 'status', header: 'Status', kind: 'enum', sortable: true, filterable: true, options: ACTIVE_STATUSES, display: 'status' },
    { field: 'updated_at', header: 'Updated', kind: 'date', sortable: true, filterable: true, display: 'date', secondary: true },
  ],
});
