/**
 * The bulk import's row validator (issue 16 §2): the file's rows, as text, become products with
 * their variants, or errors that name the row, the column and what is wrong in words a vendor
 * understands ("1,499.00 is above the MRP 1,299.00"). Pure: the names a row refers to (brands,
 * categories, taxes, warehouses…) arrive as lookups, so unit tests hand-make them and the server
 * reads them once per job. The product and variant rules are the add flow's own (variants.ts,
 * product-delivery.ts, paise.ts), imported rather than copied.
 */
import { paiseToRupeesText, rupeesTextToPaise, MAX_PAISE } from '@/lib/money/paise.ts';
import { imageUrlProblem, looksLikeUrl } from '@/lib/uploads/image-url.ts';
import { MAX_PRODUCT_IMAGES } from './product-images.ts';
import {
  BARCODE_MESSAGE,
  isValidBarcode,
  isValidSku,
  MAX_OPENING_STOCK,
  MAX_OPTION_GROUPS,
  MAX_VARIANT_WEIGHT_GRAMS,
  MAX_VARIANTS,
  normaliseSku,
  SKU_MESSAGE,
  combinationKey,
} from './variants.ts';
import { MAX_HANDLING_DAYS, MAX_SIDE_MM, MAX_WEIGHT_GRAMS } from './product-delivery.ts';
import { MAX_PRODUCT_TAGS } from './product.area.ts';
import { PRODUCT_STATUSES, type ProductStatus } from './product-status.ts';
import { formatCount, STOCK_COLUMN_PREFIX, type ImportRecord, type ImportRowError } from './product-import-format.ts';

export interface Named {
  id: number;
  name: string;
}

/** What a file's names and codes may refer to, for one vendor; keys are lower-case names (warehouses: upper-case codes). */
export interface ImportLookups {
  brands: Map<string, Named>;
  categories: Map<string, Named>;
  /** `${categoryId}:${lower-case name}` */
  subCategories: Map<string, Named>;
  tags: Map<string, Named & { active: boolean }>;
  /** By lower-case name and by HSN code; an HSN code several taxes share maps to null (ambiguous). */
  taxes: Map<string, Named | null>;
  returnPolicies: Map<string, Named & { brandId: number | null }>;
  sizeCharts: Map<string, Named>;
  optionGroups: Map<string, Named & { values: Map<string, { id: number; value: string; position: number }> }>;
  /** The vendor's own warehouses, by upper-case code. */
  warehouses: Map<string, Named & { code: string; active: boolean }>;
  /** Staff never set a variant's cost (it is the vendor's own). */
  staff: boolean;
}

export interface ImportVariant {
  row: number;
  sku: string;
  optionValueIds: number[];
  mrp: number;
  price: number;
  /** undefined: leave as it is (staff, who never see it). */
  cost: number | null | undefined;
  barcode: string | null;
  weightGrams: number | null;
  /** null: active when created, unchanged otherwise. */
  status: 'active' | 'inactive' | null;
  /** Units on hand per warehouse id; a warehouse absent here is left as it is. */
  stock: Map<number, number>;
}

export interface ImportProduct {
  handle: string;
  name: string;
  description: string;
  brandId: number | null;
  categoryId: number;
  subCategoryId: number | null;
  tagIds: number[];
  /** Tags among `tagIds` that are inactive: allowed only where the saved product already has them. */
  inactiveTags: Named[];
  taxId: number;
  returnPolicyId: number | null;
  sizeChartId: number | null;
  /** null: draft when created, unchanged otherwise. */
  status: ProductStatus | null;
  weightGrams: number | null;
  lengthMm: number | null;
  widthMm: number | null;
  heightMm: number | null;
  /** null: 2 when created, unchanged otherwise. */
  handlingDays: number | null;
  /** The option groups, in order (ids); the values used are the variants'. */
  optionGroupIds: number[];
  /**
   * The images column's entries in order (URLs, file names in the ZIP, or saved images' paths);
   * null when the cell is blank: the product's images are left as they are.
   */
  images: string[] | null;
  /** The warehouses it ships from, when the file has stock columns (those with a value on any row); null: leave them. */
  shipsFrom: number[] | null;
  rows: number[];
  variants: ImportVariant[];
}

export interface ProductGroupResult {
  product: ImportProduct | null;
  errors: ImportRowError[];
}

const HANDLE_PATTERN = /^[a-z0-9]+(-[a-z0-9]+)*$/;
/** The columns that are a variant's own; all blank on a product's only row: a product without variants. */
const VARIANT_KEYS = ['sku', 'mrp', 'price', 'cost', 'barcode', 'variant_weight_grams', 'variant_status', 'option1_value', 'option2_value', 'option3_value'];
const MAX_NAME = 200;
const MAX_DESCRIPTION = 20_000;

const lower = (s: string) => s.trim().toLowerCase();

/** The images cell's entries: separated by commas or line breaks; null for a blank cell. */
export function imageEntries(cell: string): string[] | null {
  const entries = cell
    .split(/[,\r\n]+/)
    .map((s) => s.trim())
    .filter(Boolean);
  return entries.length ? entries : null;
}
const money = (paise: number) => paiseToRupeesText(paise);

const STATUS_BY_TEXT = new Map<string, ProductStatus>(
  PRODUCT_STATUSES.flatMap((s) => [[s.value, s.value] as const, [s.label.toLowerCase(), s.value] as const]),
);

/**
 * Checks the rows of one product (all rows sharing a handle, in file order) and turns them into an
 * ImportProduct; a product with any error is not imported at all (none of its rows), so a failed
 * row never leaves half a product behind.
 */
export function validateProductRows(records: readonly ImportRecord[], lookups: ImportLookups, columns: ReadonlySet<string>): ProductGroupResult {
  const errors: ImportRowError[] = [];
  const fail = (row: number, column: string, message: string) => errors.push({ row, column, message });
  const first = records[0]!;
  const cell = (r: ImportRecord, key: string) => (r.cells[key] ?? '').trim();

  // Product columns come from the first row; later rows may repeat them or leave them blank.
  const productCell = (key: string): string => {
    const value = cell(first, key);
    for (const r of records.slice(1)) {
      const other = cell(r, key);
      if (other && other !== value)
        fail(
          r.row,
          key,
          `“${other}” differs from row ${formatCount(first.row)} (“${value}”), the product’s first row. A product’s columns are the same on each of its rows.`,
        );
    }
    return value;
  };
  const wholeNumber = (key: string, min: number, max: number, unit: string, row = first.row, text = productCell(key)): number | null => {
    if (!text) return null;
    const n = /^\d{1,10}$/.test(text) ? Number(text) : NaN;
    if (!Number.isInteger(n) || n < min || n > max) {
      fail(row, key, `${text} is not a whole number of ${unit} from ${formatCount(min)} to ${formatCount(max)}.`);
      return null;
    }
    return n;
  };
  const named = <T extends Named>(key: string, map: Map<string, T>, what: string, required = false): T | null => {
    const text = productCell(key);
    if (!text) {
      if (required) fail(first.row, key, `Enter the ${what}.`);
      return null;
    }
    const found = map.get(lower(text));
    if (!found) fail(first.row, key, `There is no ${what} called “${text}”. Use a name from the template’s lists.`);
    return found ?? null;
  };

  const handle = cell(first, 'handle').toLowerCase();
  if (!HANDLE_PATTERN.test(handle) || handle.length > 120)
    fail(
      first.row,
      'handle',
      handle ? `“${handle}” is not a handle: use lower-case letters, digits and single hyphens (cotton-kurta).` : 'Enter the product’s handle.',
    );

  const name = productCell('name');
  if (!name) fail(first.row, 'name', 'Enter the product name.');
  else if (name.length > MAX_NAME) fail(first.row, 'name', `The name has ${formatCount(name.length)} characters; at most ${MAX_NAME}.`);
  const description = productCell('description');
  if (description.length > MAX_DESCRIPTION)
    fail(first.row, 'description', `The description has ${formatCount(description.length)} characters; at most ${formatCount(MAX_DESCRIPTION)}.`);

  const brand = named('brand', lookups.brands, 'brand');
  const category = named('category', lookups.categories, 'category', true);
  const subCategoryText = productCell('sub_category');
  let subCategoryId: number | null = null;
  if (subCategoryText && category) {
    const sub = lookups.subCategories.get(`${category.id}:${lower(subCategoryText)}`);
    if (!sub) fail(first.row, 'sub_category', `“${subCategoryText}” is not a sub-category of ${category.name}.`);
    else subCategoryId = sub.id;
  }

  const tagNames = productCell('tags')
    .split(',')
    .map((t) => t.trim())
    .filter(Boolean);
  const tagIds: number[] = [];
  const inactiveTags: Named[] = [];
  if (tagNames.length > MAX_PRODUCT_TAGS) fail(first.row, 'tags', `${tagNames.length} tags; a product has at most ${MAX_PRODUCT_TAGS}.`);
  for (const t of tagNames) {
    const tag = lookups.tags.get(lower(t));
    if (!tag) fail(first.row, 'tags', `There is no tag called “${t}”.`);
    else if (!tagIds.includes(tag.id)) {
      tagIds.push(tag.id);
      // An inactive tag stays on the products that have it but can't be added: the engine, which knows the saved tags, decides.
      if (!tag.active) inactiveTags.push({ id: tag.id, name: tag.name });
    }
  }

  const taxText = productCell('tax');
  let taxId = 0;
  if (!taxText) fail(first.row, 'tax', 'Enter the GST slab: a tax’s name or HSN code.');
  else {
    const tax = lookups.taxes.get(lower(taxText));
    if (tax === null) fail(first.row, 'tax', `Several taxes have the HSN code ${taxText}: give the tax’s name instead.`);
    else if (!tax) fail(first.row, 'tax', `There is no tax with the name or HSN code “${taxText}”.`);
    else taxId = tax.id;
  }

  const policy = named('return_policy', lookups.returnPolicies, 'return policy');
  if (policy && policy.brandId !== null && policy.brandId !== (brand?.id ?? null))
    fail(first.row, 'return_policy', `“${policy.name}” is another brand’s own return policy.`);
  const sizeChart = named('size_chart', lookups.sizeCharts, 'size chart');

  const statusText = productCell('status');
  let status: ProductStatus | null = null;
  if (statusText) {
    status = STATUS_BY_TEXT.get(lower(statusText).replace(/\s+/g, ' ')) ?? STATUS_BY_TEXT.get(lower(statusText).replace(/\s+/g, '_')) ?? null;
    if (!status) fail(first.row, 'status', `“${statusText}” is not a status: use ${PRODUCT_STATUSES.map((s) => s.value).join(', ')}.`);
  }

  const weightGrams = wholeNumber('weight_grams', 1, MAX_WEIGHT_GRAMS, 'grams');
  const lengthMm = wholeNumber('length_mm', 1, MAX_SIDE_MM, 'millimetres');
  const widthMm = wholeNumber('width_mm', 1, MAX_SIDE_MM, 'millimetres');
  const heightMm = wholeNumber('height_mm', 1, MAX_SIDE_MM, 'millimetres');
  const handlingDays = wholeNumber('handling_days', 0, MAX_HANDLING_DAYS, 'days');

  // Option groups: named in order, no gaps, each once.
  const groups: (Named & { values: Map<string, { id: number; value: string; position: number }> })[] = [];
  let gap = false;
  for (let n = 1; n <= MAX_OPTION_GROUPS; n++) {
    const text = productCell(`option${n}_name`);
    if (!text) {
      gap = true;
      continue;
    }
    if (gap) fail(first.row, `option${n}_name`, `Option ${n} is named but option ${n - 1} isn’t: fill the options in order.`);
    const group = lookups.optionGroups.get(lower(text));
    if (!group) fail(first.row, `option${n}_name`, `There is no active option group called “${text}”.`);
    else if (groups.some((g) => g.id === group.id))
      fail(first.row, `option${n}_name`, `${group.name} is already option ${groups.findIndex((g) => g.id === group.id) + 1}.`);
    else groups.push(group);
  }
  if (groups.length === 0 && records.length > 1)
    fail(
      records[1]!.row,
      'handle',
      `The product ${handle} has ${records.length} rows but no option names: a product without options has one variant. Name its options (Size, Colour) to sell several.`,
    );
  if (records.length > MAX_VARIANTS)
    fail(
      records[MAX_VARIANTS]!.row,
      'handle',
      `The product ${handle} has ${formatCount(records.length)} rows; a product has at most ${MAX_VARIANTS} variants.`,
    );

  // Stock columns: a warehouse with a value on any row is one the product ships from.
  const stockKeys = [...columns].filter((k) => k.startsWith(STOCK_COLUMN_PREFIX));
  const shipsFrom = new Set<number>();

  const skus = new Map<string, number>();
  const combinations = new Map<string, number>();
  const variants: ImportVariant[] = [];
  // A product without variants yet (a draft before its pricing step) is one row with the variant columns blank.
  const bare = records.length === 1 && !VARIANT_KEYS.some((k) => cell(first, k));
  for (const r of bare ? [] : records) {
    const rowFail = (column: string, message: string) => fail(r.row, column, message);
    const skuText = cell(r, 'sku');
    const sku = normaliseSku(skuText);
    if (!skuText) rowFail('sku', 'Enter the SKU.');
    else if (!sku || !isValidSku(sku)) rowFail('sku', `“${skuText}”: ${SKU_MESSAGE}`);
    else if (skus.has(sku)) rowFail('sku', `SKU ${sku} is also on row ${formatCount(skus.get(sku)!)}.`);
    else skus.set(sku, r.row);

    const amount = (key: string, required: boolean): number | null => {
      const text = cell(r, key);
      if (!text) {
        if (required) rowFail(key, `Enter the ${key === 'mrp' ? 'MRP' : key} in rupees, e.g. 1299.00.`);
        return null;
      }
      const paise = rupeesTextToPaise(text);
      if (paise === null) rowFail(key, `${text} is not an amount in rupees: write it like 1299.00 (digits, at most two decimals).`);
      else if (paise > MAX_PAISE) rowFail(key, `${text} is more than the largest amount, ${money(MAX_PAISE)}.`);
      else return paise;
      return null;
    };
    const mrp = amount('mrp', true);
    const price = amount('price', true);
    let cost = amount('cost', false);
    if (mrp !== null && mrp <= 0) rowFail('mrp', 'The MRP must be more than 0.00.');
    if (mrp !== null && price !== null && price > mrp) rowFail('price', `${money(price)} is above the MRP ${money(mrp)}.`);
    if (mrp !== null && cost !== null && cost > mrp) rowFail('cost', `${money(cost)} is above the MRP ${money(mrp)}.`);
    if (lookups.staff && cell(r, 'cost')) {
      rowFail('cost', 'Only the vendor sets the cost price: leave this column blank.');
      cost = null;
    }

    const barcode = cell(r, 'barcode');
    if (barcode && !isValidBarcode(barcode)) rowFail('barcode', `${barcode}: ${BARCODE_MESSAGE}`);
    const variantWeight = wholeNumber('variant_weight_grams', 1, MAX_VARIANT_WEIGHT_GRAMS, 'grams', r.row, cell(r, 'variant_weight_grams'));

    const variantStatusText = lower(cell(r, 'variant_status'));
    if (variantStatusText && variantStatusText !== 'active' && variantStatusText !== 'inactive')
      rowFail('variant_status', `“${cell(r, 'variant_status')}” is not a variant status: use active or inactive.`);

    const optionValueIds: number[] = [];
    groups.forEach((group, k) => {
      const key = `option${k + 1}_value`;
      const text = cell(r, key);
      if (!text) return rowFail(key, `Enter this variant’s ${group.name}.`);
      const value = group.values.get(lower(text));
      if (!value) return rowFail(key, `“${text}” is not one of ${group.name}’s values.`);
      optionValueIds.push(value.id);
    });
    for (let n = groups.length + 1; n <= MAX_OPTION_GROUPS; n++) {
      if (cell(r, `option${n}_value`)) rowFail(`option${n}_value`, `This product has no option ${n}: name it in option${n}_name, or leave the value blank.`);
    }
    if (optionValueIds.length === groups.length && groups.length > 0) {
      const key = combinationKey(optionValueIds);
      if (combinations.has(key)) rowFail('option1_value', `Row ${formatCount(combinations.get(key)!)} has the same options.`);
      else combinations.set(key, r.row);
    }

    const stock = new Map<number, number>();
    for (const key of stockKeys) {
      const text = cell(r, key);
      if (!text) continue;
      const code = key.slice(STOCK_COLUMN_PREFIX.length);
      const warehouse = lookups.warehouses.get(code);
      if (!warehouse) {
        rowFail(key, `You have no warehouse with the code ${code}.`);
        continue;
      }
      if (!warehouse.active) {
        rowFail(key, `The warehouse ${code} is inactive: a product can’t ship from it.`);
        continue;
      }
      const n = /^\d{1,10}$/.test(text) ? Number(text) : NaN;
      if (!Number.isInteger(n) || n > MAX_OPENING_STOCK) {
        rowFail(key, `${text} is not a whole number of units from 0 to ${formatCount(MAX_OPENING_STOCK)}.`);
        continue;
      }
      stock.set(warehouse.id, n);
      shipsFrom.add(warehouse.id);
    }

    variants.push({
      row: r.row,
      sku,
      optionValueIds,
      mrp: mrp ?? 0,
      price: price ?? 0,
      cost: lookups.staff ? undefined : cost,
      barcode: barcode || null,
      weightGrams: variantWeight,
      status: variantStatusText === 'active' || variantStatusText === 'inactive' ? variantStatusText : null,
      stock,
    });
  }

  const images = imageEntries(productCell('images'));
  if (images) {
    if (images.length > MAX_PRODUCT_IMAGES) fail(first.row, 'images', `${images.length} images are listed; a product has at most ${MAX_PRODUCT_IMAGES}.`);
    const seen = new Set<string>();
    for (const [i, entry] of images.entries()) {
      if (seen.has(entry.toLowerCase())) fail(first.row, 'images', `${entry} is listed twice.`);
      seen.add(entry.toLowerCase());
      const problem = looksLikeUrl(entry) ? imageUrlProblem(entry) : null;
      if (problem) fail(first.row, 'images', `Image ${i + 1} (${entry}): ${problem}.`);
    }
  }

  if (errors.length) return { product: null, errors };
  return {
    product: {
      handle,
      name,
      description,
      brandId: brand?.id ?? null,
      categoryId: category!.id,
      subCategoryId,
      tagIds,
      inactiveTags,
      taxId,
      returnPolicyId: policy?.id ?? null,
      sizeChartId: sizeChart?.id ?? null,
      status,
      weightGrams,
      lengthMm,
      widthMm,
      heightMm,
      handlingDays,
      optionGroupIds: groups.map((g) => g.id),
      images,
      shipsFrom: stockKeys.length && !bare ? [...shipsFrom].sort((a, b) => a - b) : null,
      rows: records.map((r) => r.row),
      variants,
    },
    errors,
  };
}

/**
 * Groups the file's rows into products as they stream past: a product's rows must be next to each
 * other (a handle seen again after another product is an error on that row), so the file is read
 * once, in batches of whole products, without holding it.
 */
export class ProductRowGrouper {
  private current: ImportRecord[] = [];
  private currentHandle = '';
  private readonly finished = new Set<string>();

  /** Adds a row; answers the product groups it completed (none, one, or two when a row without a handle stands alone), or an error for a row out of place. */
  push(record: ImportRecord): { groups: ImportRecord[][]; error?: ImportRowError } {
    const handle = (record.cells.handle ?? '').trim().toLowerCase();
    if (handle && handle === this.currentHandle) {
      this.current.push(record);
      return { groups: [] };
    }
    if (handle && this.finished.has(handle))
      return {
        groups: [],
        error: {
          row: record.row,
          column: 'handle',
          message: `The rows of ${handle} must be next to each other: it is also on earlier rows. Sort the file by handle.`,
        },
      };
    const groups = this.current.length ? [this.current] : [];
    if (this.currentHandle) this.finished.add(this.currentHandle);
    if (!handle) {
      // A row without a handle is a product of its own, which fails validation saying so.
      this.current = [];
      this.currentHandle = '';
      return { groups: [...groups, [record]] };
    }
    this.current = [record];
    this.currentHandle = handle;
    return { groups };
  }

  /** The last product's rows, at the end of the file. */
  end(): ImportRecord[] | undefined {
    const group = this.current.length ? this.current : undefined;
    this.current = [];
    this.currentHandle = '';
    return group;
  }
}
