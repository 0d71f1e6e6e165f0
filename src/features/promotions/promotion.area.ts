/**
 * Promotions (issue 18 §5, docs/money.md "Promotions"): automatic discounts without a code, the
 * marketplace's own (funded by the platform). Permissions (decision 057): the spec's menu item shows
 * with `rbac:list`, kept exactly; the pages and API also need the promotions permission of the
 * action (`promotions:list` to see them, `promotions:create` to add — the spec's —, `update`,
 * `delete`). Vendor accounts never hold a promotions permission (STAFF_ONLY_AREAS). No server imports.
 */
import { z } from 'zod';
import { defineArea, relationSetField } from '@/lib/areas/area.ts';
import { ACTIVE_STATUSES, activeStatus, formBoolean, optionalPercent, optionalWholeNumber, recordIdSet, requiredText } from '@/lib/areas/field-schemas.ts';
import { istDateTime } from '@/lib/india/formats.ts';
import { paiseSchema } from '@/lib/money/paise.schema.ts';

export const PROMOTION_KINDS = [
  { value: 'percent_off', label: 'Percent off' },
  { value: 'buy_x_get_y', label: 'Buy X get Y free' },
  { value: 'free_shipping', label: 'Free delivery' },
] as const;

export const PROMOTION_SCOPES = [
  { value: 'store', label: 'Whole store' },
  { value: 'categories', label: 'Categories' },
  { value: 'products', label: 'Products' },
  { value: 'vendors', label: 'Vendors' },
] as const;

const STACKING_OPTIONS = [
  { value: 'true', label: 'Combines' },
  { value: 'false', label: 'Not with coupons' },
] as const;

/** A scope names at most this many categories, products or vendors. */
export const MAX_PROMOTION_TARGETS = 200;

/** The form field holding each scope's records. */
export const SCOPE_FIELDS = { categories: 'category_ids', products: 'product_ids', vendors: 'vendor_ids' } as const;

const blankIsNone = (v: unknown) => (v === '' || v === null ? undefined : v);
const targets = (noun: string) => recordIdSet(`Choose at most ${MAX_PROMOTION_TARGETS} ${noun} from the list.`, MAX_PROMOTION_TARGETS).optional();

export const promotionSchema = z
  .strictObject({
    name: requiredText('Name the promotion as shoppers will see it, e.g. Festive 10 % off Sarees.'),
    kind: z.enum(['percent_off', 'buy_x_get_y', 'free_shipping'], { error: 'Choose percent off, buy X get Y free, or free delivery.' }),
    /** percent_off: 0.01 to 100 (2 decimals); stored as basis points. */
    rate_percent: optionalPercent.optional(),
    /** percent_off: rupees from the form, paise from the API; blank = no cap. */
    max_discount: z.preprocess(blankIsNone, paiseSchema('Enter the most it takes off an order in rupees, e.g. 500.00, or leave it blank.').optional()),
    buy_quantity: optionalWholeNumber('Enter how many the shopper buys: a whole number from 1 to 100.', 100),
    get_quantity: optionalWholeNumber('Enter how many they get free: a whole number from 1 to 100.', 100),
    scope: z.enum(['store', 'categories', 'products', 'vendors'], { error: 'Choose the whole store, categories, products or vendors.' }).default('store'),
    category_ids: targets('categories'),
    product_ids: targets('products'),
    vendor_ids: targets('vendors'),
    /** Rupees from the form, paise from the API; blank = any order. */
    min_order: z.preprocess(blankIsNone, paiseSchema('Enter the minimum order value in rupees, e.g. 999.00, or leave it blank.').optional()),
    starts_at: istDateTime(),
    ends_at: istDateTime(),
    priority: z.coerce
      .number({ error: 'Enter a whole number from 0 to 1000.' })
      .int('Enter a whole number from 0 to 1000.')
      .min(0, 'Enter a whole number from 0 to 1000.')
      .max(1000, 'Enter a whole number from 0 to 1000.')
      .default(0),
    stacks_with_coupons: formBoolean('Choose whether it combines with coupon codes.').default(true),
    status: activeStatus,
  })
  .superRefine((p, ctx) => {
    const issue = (path: string, message: string) => ctx.addIssue({ code: 'custom', path: [path], message });
    if (p.kind === 'percent_off' && (p.rate_percent === null || p.rate_percent === undefined || p.rate_percent <= 0))
      issue('rate_percent', 'Enter the discount, more than 0 and at most 100, e.g. 10.');
    if (p.kind === 'buy_x_get_y') {
      if (!p.buy_quantity) issue('buy_quantity', 'Enter how many the shopper buys: a whole number from 1 to 100.');
      if (!p.get_quantity) issue('get_quantity', 'Enter how many they get free: a whole number from 1 to 100.');
    }
    if (p.max_discount !== undefined && p.max_discount <= 0) issue('max_discount', 'Enter an amount above ₹ 0.00, or leave it blank for no cap.');
    const chosen = { categories: p.category_ids, products: p.product_ids, vendors: p.vendor_ids } as const;
    if (p.scope !== 'store' && !chosen[p.scope]?.length) issue(SCOPE_FIELDS[p.scope], `Choose at least one of the ${p.scope}, or the whole store.`);
    if (p.starts_at && p.ends_at && p.ends_at <= p.starts_at) issue('ends_at', 'End the promotion after it starts.');
  });
export type PromotionInput = z.infer<typeof promotionSchema>;

const scopeField = (scope: 'categories' | 'products' | 'vendors', label: string, noun: string, nouns: string, hint: string) =>
  relationSetField(SCOPE_FIELDS[scope], label, { area: scope, noun, nouns }, { showWhen: { field: 'scope', equals: scope }, hint });

export const promotionArea = defineArea({
  key: 'promotions',
  permissionArea: 'promotions',
  listAlsoNeeds: ['rbac:list'],
  label: 'Promotions',
  singular: 'Promotion',
  paths: { list: '/promotions/listing', add: '/promotions/add', edit: '/promotions/:id/edit' },
  schema: promotionSchema,
  titleField: 'name',
  defaultSort: { field: 'priority', order: 'desc' },
  statusField: { field: 'status', options: ACTIVE_STATUSES },
  searchPlaceholder: 'Search promotions by name',
  fields: [
    { name: 'name', label: 'Name', input: 'text', placeholder: 'e.g. Festive 10 % off Sarees', hint: 'Shoppers see it beside the discount.', wide: true },
    { name: 'kind', label: 'Promotion', input: 'select', options: PROMOTION_KINDS, section: 'What it gives' },
    {
      name: 'rate_percent',
      label: 'Discount %',
      input: 'text',
      inputType: 'number',
      placeholder: 'e.g. 10',
      showWhen: { field: 'kind', equals: 'percent_off' },
      hint: 'Off each eligible line; more than 0, at most 100, at most 2 decimals.',
    },
    {
      name: 'max_discount',
      label: 'Maximum discount (₹)',
      input: 'text',
      placeholder: 'e.g. 500.00',
      showWhen: { field: 'kind', equals: 'percent_off' },
      hint: 'The most it takes off one order. Blank: no cap.',
    },
    {
      name: 'buy_quantity',
      label: 'Buy (units)',
      input: 'text',
      inputType: 'number',
      placeholder: 'e.g. 2',
      showWhen: { field: 'kind', equals: 'buy_x_get_y' },
      hint: 'Of the same product (its variants count together).',
    },
    {
      name: 'get_quantity',
      label: 'Get free (units)',
      input: 'text',
      inputType: 'number',
      placeholder: 'e.g. 1',
      showWhen: { field: 'kind', equals: 'buy_x_get_y' },
      hint: 'The cheapest units of every set are free.',
    },
    {
      name: 'min_order',
      label: 'Minimum order value (₹)',
      input: 'text',
      placeholder: 'e.g. 999.00',
      hint: 'The order’s value before discounts must reach it. Blank: any order.',
    },
    { name: 'scope', label: 'Applies to', input: 'select', options: PROMOTION_SCOPES, section: 'Where it applies' },
    scopeField('categories', 'Categories', 'category', 'categories', 'Products in any of these categories.'),
    scopeField('products', 'Products', 'product', 'products', 'These products, all their variants.'),
    scopeField('vendors', 'Vendors', 'vendor', 'vendors', 'Everything these vendors sell.'),
    {
      name: 'starts_at',
      label: 'Starts',
      input: 'text',
      inputType: 'datetime-local',
      section: 'When and in which order',
      hint: 'India time. Blank: from now on.',
    },
    { name: 'ends_at', label: 'Ends', input: 'text', inputType: 'datetime-local', hint: 'Blank: no end.' },
    {
      name: 'priority',
      label: 'Priority',
      input: 'text',
      inputType: 'number',
      placeholder: '0',
      hint: 'When several match a line, the highest applies (then the older). 0 to 1000.',
    },
    { name: 'status', label: 'Status', input: 'select', options: ACTIVE_STATUSES },
    {
      name: 'stacks_with_coupons',
      label: 'Combines with coupon codes',
      input: 'checkbox',
      hint: 'Off: an order with a coupon code gets the coupon or this promotion, whichever saves the shopper more.',
      wide: true,
    },
  ],
  columns: [
    { field: 'name', header: 'Name', kind: 'text', sortable: true, filterable: true },
    { field: 'offer', header: 'Offer', kind: 'text' },
    { field: 'applies_to', header: 'Applies to', kind: 'text' },
    { field: 'priority', header: 'Priority', kind: 'number', sortable: true, filterable: true, display: 'number' },
    { field: 'status', header: 'Status', kind: 'enum', sortable: true, filterable: true, options: ACTIVE_STATUSES, display: 'status' },
    { field: 'ends_at', header: 'Ends', kind: 'date', filterable: true, display: 'date', emptyText: 'No end' },
    { field: 'min_order_paise', header: 'Minimum order', kind: 'number', sortable: true, filterable: true, money: { unit: 'paise' }, secondary: true },
    { field: 'kind', header: 'Promotion', kind: 'enum', sortable: true, filterable: true, options: PROMOTION_KINDS, display: 'status', secondary: true },
    { field: 'scope', header: 'Scope', kind: 'enum', filterable: true, options: PROMOTION_SCOPES, secondary: true },
    { field: 'starts_at', header: 'Starts', kind: 'date', filterable: true, display: 'date', emptyText: 'Open', secondary: true },
    { field: 'stacks_with_coupons', header: 'With coupons', kind: 'boolean', filterable: true, options: STACKING_OPTIONS, display: 'status', secondary: true },
    { field: 'updated_at', header: 'Updated', kind: 'date', sortable: true, filterable: true, display: 'date', secondary: true },
  ],
});
