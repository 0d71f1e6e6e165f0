/**
 * Products: the declaration the list, the add flow's first step (basic information), the edit
 * page, the API, the registry and the search read. Products are vendor-owned (VENDOR_OWNED in
 * src/lib/permissions/ability.ts): a vendor sees and saves only their own, staff see all and
 * choose the vendor of a new product. The model: docs/products.md.
 */
import { z } from 'zod';
import { defineArea } from '@/lib/areas/area.ts';
import { optionalRecordId, recordId, recordIdSet, requiredText } from '@/lib/areas/field-schemas.ts';
import { BULK_PRODUCT_STATUSES, PRODUCT_STATUSES } from './product-status.ts';

/** A product carries at most this many tags (storefront filters such as "Handloom", "Festive Wear"). */
export const MAX_PRODUCT_TAGS = 20;
const TAGS_MESSAGE = `Choose at most ${MAX_PRODUCT_TAGS} tags from the list.`;

/** The tags as the form sends them (JSON text, "[1,4]") or an API client does (an array of ids). */
export const productTagIds = recordIdSet(TAGS_MESSAGE, MAX_PRODUCT_TAGS);

export const productSchema = z.strictObject({
  /** Staff only, and only on the add page: a vendor's product is always theirs, whatever is sent. */
  vendor_id: optionalRecordId('Choose the vendor from the list.').optional(),
  name: requiredText('Enter the product name.', 200),
  brand_id: optionalRecordId('Choose the brand from the list.').optional(),
  category_id: recordId('Choose the category.'),
  sub_category_id: optionalRecordId('Choose the sub-category from the list.').optional(),
  tag_ids: productTagIds.optional(),
  description: z.string().trim().max(20_000, 'At most 20000 characters.').optional(),
  tax_id: recordId('Choose the GST rate.'),
  return_policy_id: optionalRecordId('Choose the return policy from the list.').optional(),
  size_chart_id: optionalRecordId('Choose the size chart from the list.').optional(),
});
export type ProductInput = z.infer<typeof productSchema>;

export const productArea = defineArea({
  key: 'products',
  permissionArea: 'products',
  label: 'Products',
  singular: 'Product',
  paths: { list: '/products/listing', add: '/products/add', edit: '/products/edit/:id' },
  // Step 2 of the add flow: the product is saved as a draft first, so nothing typed is lost.
  afterCreate: '/products/add-images/:id',
  // Its own page (src/pages/products/[id]/details.astro: images, variants, stock, history), which
  // takes the status actions' form posts; the list links each row to it.
  details: { path: '/products/:id/details', action: 'view', title: 'Product details', methods: ['GET', 'POST'] },
  schema: productSchema,
  titleField: 'name',
  defaultSort: { field: 'updated_at', order: 'desc' },
  statusField: { field: 'status', options: BULK_PRODUCT_STATUSES },
  searchPlaceholder: 'Search by name, exact SKU or barcode',
  fields: [
    {
      name: 'vendor_id',
      label: 'Vendor',
      input: 'relation',
      relation: { area: 'vendors', labelFrom: 'vendor_name' },
      hint: 'The store that sells this product. It can’t be changed later.',
      staffOnly: true,
      on: 'add',
      required: true,
    },
    { name: 'name', label: 'Product name', input: 'text', placeholder: 'e.g. Handloom cotton kurta', wide: true },
    { name: 'brand_id', label: 'Brand', input: 'relation', relation: { area: 'brands', optional: true, noneLabel: 'No brand', labelFrom: 'brand_name' } },
    { name: 'category_id', label: 'Category', input: 'relation', relation: { area: 'categories', labelFrom: 'category_name' } },
    {
      name: 'sub_category_id',
      label: 'Sub-category',
      input: 'relation',
      relation: {
        area: 'sub-categories',
        optional: true,
        labelFrom: 'sub_category_name',
        dependsOn: { field: 'category_id', filter: 'category_id' },
      },
    },
    {
      name: 'tag_ids',
      label: 'Tags',
      input: 'custom',
      custom: { component: 'relation-set', options: { area: 'tags', noun: 'tag', nouns: 'tags' }, initial: [] },
      hint: 'Storefront filters such as Handloom or Festive Wear.',
      wide: true,
    },
    {
      name: 'description',
      label: 'Description',
      input: 'markdown',
      hint: 'Markdown: **bold**, lists and links. What the customer reads on the product page.',
      wide: true,
    },
    {
      name: 'tax_id',
      label: 'GST rate',
      input: 'relation',
      relation: { area: 'taxes', labelFrom: 'tax_name' },
      section: 'Tax and policies',
      hint: 'Gives the invoice its HSN code and rate.',
    },
    {
      name: 'return_policy_id',
      label: 'Return policy',
      input: 'relation',
      relation: { area: 'return-policies', optional: true, noneLabel: 'No return policy', labelFrom: 'return_policy_name' },
    },
    {
      name: 'size_chart_id',
      label: 'Size chart',
      input: 'relation',
      relation: { area: 'size-charts', optional: true, noneLabel: 'No size chart', labelFrom: 'size_chart_name' },
    },
  ],
  columns: [
    { field: 'thumbnail_url', header: 'Image', kind: 'text', display: 'image' },
    { field: 'name', header: 'Name', kind: 'text', sortable: true, filterable: true },
    { field: 'skus', header: 'SKU', kind: 'text', filterable: true, display: 'list' },
    // What a seller looks for first (price, stock, status) before whose it is: visible on a laptop
    // with the menu open; vendor, brand and category follow (the table scrolls sideways).
    { field: 'price_min_paise', header: 'Price', kind: 'number', sortable: true, filterable: true, money: { unit: 'paise', rangeEnd: 'price_max_paise' } },
    { field: 'stock_available', header: 'Stock', kind: 'number', sortable: true, filterable: true },
    { field: 'status', header: 'Status', kind: 'enum', sortable: true, filterable: true, options: PRODUCT_STATUSES, display: 'status' },
    {
      field: 'vendor_name',
      header: 'Vendor',
      kind: 'text',
      filterable: true,
      relation: { area: 'vendors', field: 'vendor_id' },
      staffOnly: true,
    },
    {
      field: 'brand_name',
      header: 'Brand',
      kind: 'text',
      filterable: true,
      relation: { area: 'brands', field: 'brand_id' },
      emptyText: 'No brand',
      secondary: true,
    },
    { field: 'category_name', header: 'Category', kind: 'text', filterable: true, relation: { area: 'categories', field: 'category_id' } },
    { field: 'updated_at', header: 'Updated', kind: 'date', sortable: true, filterable: true, display: 'date', secondary: true },
  ],
});
