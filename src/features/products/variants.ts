/**
 * The variant grid's rules, shared by the pricing page's island and the API (no server imports):
 * every combination of the chosen option values, SKUs proposed from the product's pattern, what a
 * SKU and a barcode may be, and the schema of the grid a save sends (docs/products.md, "Variants
 * and options"). What needs the database (a value of the chosen group, a SKU of another product,
 * the vendor's warehouses) is checked by product-variants.server.ts.
 */
import { z } from 'zod';
import { paiseSchema } from '@/lib/money/paise.ts';
import { jsonRecordIdSchema, version } from '@/lib/http/integers.ts';

/** A product varies by at most three option groups (Size × Colour × Material). */
export const MAX_OPTION_GROUPS = 3;
/** The most variants one product has: beyond this the grid is not something a person edits. */
export const MAX_VARIANTS = 100;
/** The longest SKU: labels and marketplaces' feeds cut longer ones. */
export const MAX_SKU_LENGTH = 40;
/** The most units of opening stock one variant gets in one warehouse (the stock core's per-call bound). */
export const MAX_OPENING_STOCK = 1_000_000;
/** The heaviest variant override, in grams (as the product's own delivery details). */
export const MAX_VARIANT_WEIGHT_GRAMS = 100_000;

export interface OptionGroupChoice {
  groupId: number;
  /** The group's name ("Size"): the SKU pattern's token is made from it. */
  name?: string;
  values: { id: number; value: string }[];
}

export interface VariantCombination {
  /** One value id per group, in the groups' order; empty for a product without options. */
  valueIds: number[];
  /** The values' names, in the same order ("M", "Red"). */
  values: string[];
}

/** Why a grid can't be generated (too many groups, too many rows), said to the person. */
export class VariantGridError extends Error {}

/** The largest grid's message, shared by the island and the API. */
export const tooManyVariantsMessage = (count: number) =>
  `${count} combinations is more than the ${MAX_VARIANTS} variants a product can have: choose fewer values.`;
export const TOO_MANY_GROUPS_MESSAGE = `Choose at most ${MAX_OPTION_GROUPS} option groups.`;

/**
 * Every combination of the chosen values (the cartesian product, first group slowest), or the
 * one combination of no values for a product without options. A group with no values chosen
 * contributes nothing, rather than emptying the grid.
 */
export function generateVariantCombinations(groups: readonly Pick<OptionGroupChoice, 'groupId' | 'values'>[]): VariantCombination[] {
  if (groups.length > MAX_OPTION_GROUPS) throw new VariantGridError(TOO_MANY_GROUPS_MESSAGE);
  const used = groups.filter((g) => g.values.length > 0);
  const count = used.reduce((n, g) => n * g.values.length, 1);
  if (count > MAX_VARIANTS) throw new VariantGridError(tooManyVariantsMessage(count));
  let combinations: VariantCombination[] = [{ valueIds: [], values: [] }];
  for (const group of used) {
    combinations = combinations.flatMap((c) => group.values.map((v) => ({ valueIds: [...c.valueIds, v.id], values: [...c.values, v.value] })));
  }
  return combinations;
}

/** A combination's key (its value ids in order): how the grid keeps a row's edits when values change. */
export const combinationKey = (valueIds: readonly number[]) => valueIds.join('-');

/** Letters, digits and `-_.` only, upper-case, no runs of `-`, no separator at either end. */
export function normaliseSku(text: string): string {
  return text
    .trim()
    .toUpperCase()
    .replace(/\s+/g, '-')
    .replace(/[^A-Z0-9._-]/g, '')
    .replace(/-{2,}/g, '-')
    .replace(/^[-_.]+|[-_.]+$/g, '');
}

/** A SKU as stored: 1–40 of upper-case letters, digits and `-_.`, starting with a letter or digit. */
export function isValidSku(sku: string): boolean {
  return sku.length <= MAX_SKU_LENGTH && /^[A-Z0-9][A-Z0-9._-]*$/.test(sku);
}

export const SKU_MESSAGE = `Use 1–${MAX_SKU_LENGTH} letters, digits, hyphens, underscores or dots, starting with a letter or digit.`;

/** A pattern token from a group's name: "Size" → "SIZE", "Fabric type" → "FABRIC_TYPE". */
export const patternToken = (groupName: string) =>
  groupName
    .trim()
    .toUpperCase()
    .replace(/[^A-Z0-9]+/g, '_')
    .replace(/^_+|_+$/g, '');

/**
 * A short code for the product, for `{PRODUCT}`: the first three letters or digits of each of its
 * first three words ("Cotton Kurta, Indigo" → "COTKURIND"), or the first six of a one-word name,
 * upper-case: short enough to leave room for the option values on a label.
 */
export function productCode(name: string): string {
  const words = name
    .toUpperCase()
    .split(/[^A-Z0-9]+/)
    .filter(Boolean);
  if (words.length === 1) return words[0]!.slice(0, 6);
  return words
    .slice(0, 3)
    .map((w) => w.slice(0, 3))
    .join('');
}

/** The pattern a product without its own starts from: `{PRODUCT}` then one token per group. */
export const defaultSkuPattern = (groupNames: readonly string[]) => ['{PRODUCT}', ...groupNames.map((n) => `{${patternToken(n)}}`)].join('-');

/**
 * The SKU the pattern proposes for one variant: `{PRODUCT}` is the product's code, `{SIZE}` the
 * variant's value of the group named Size, and so on; a token no group has is left out. The result
 * is normalised and cut to the longest SKU.
 */
export function proposeSku(pattern: string, input: { product: { name: string }; options: readonly { group: string; value: string }[] }): string {
  const values = new Map(input.options.map((o) => [patternToken(o.group), normaliseSku(o.value)]));
  const filled = pattern.replace(/\{([^{}]*)\}/g, (_, token: string) => {
    const key = patternToken(token);
    if (key === 'PRODUCT') return productCode(input.product.name);
    return values.get(key) ?? '';
  });
  return normaliseSku(filled).slice(0, MAX_SKU_LENGTH).replace(/[-_.]+$/, '');
}

/**
 * A GTIN's check digit is right: EAN-13, UPC-A (12 digits) or EAN-8. From the right, the digits
 * before the check digit are weighted 3, 1, 3, 1…; the check digit makes the sum a multiple of 10.
 */
export function isValidBarcode(code: string): boolean {
  if (!/^(\d{8}|\d{12}|\d{13})$/.test(code)) return false;
  const digits = [...code].map(Number);
  const check = digits.pop()!;
  const sum = digits.reverse().reduce((total, d, i) => total + d * (i % 2 === 0 ? 3 : 1), 0);
  return (10 - (sum % 10)) % 10 === check;
}

export const BARCODE_MESSAGE = 'Enter an EAN-13, UPC-A (12 digits) or EAN-8 barcode with its check digit.';

const wholeNumber = (min: number, max: number, message: string) =>
  z.union([z.number(), z.string()], { error: message }).transform((raw, ctx): number => {
    const n = typeof raw === 'number' ? raw : /^\s*\d{1,10}\s*$/.test(raw) ? Number(raw) : NaN;
    if (!Number.isInteger(n) || n < min || n > max) {
      ctx.addIssue({ code: 'custom', message });
      return z.NEVER;
    }
    return n;
  });

/** Blank text and null both mean "not given". */
const optional = <T extends z.ZodType>(schema: T) =>
  z.preprocess((v) => (v === '' || (typeof v === 'string' && v.trim() === '') ? null : v), schema.nullable().optional());

/** A value the row must have: missing, null or blank says `message` ("Enter a price.") rather than a type error. */
const required = <T extends z.ZodType>(message: string, schema: T) =>
  z.custom<unknown>((v) => v !== undefined && v !== null && !(typeof v === 'string' && !v.trim()), message).pipe(schema);

const variantRowSchema = z.strictObject({
  /** The saved variant this row is; absent for a new one. */
  id: jsonRecordIdSchema.nullable().optional(),
  option_value_ids: z.array(jsonRecordIdSchema).max(MAX_OPTION_GROUPS).default([]),
  sku: required('Enter a SKU.', z.string(SKU_MESSAGE).transform(normaliseSku).pipe(z.string().min(1, SKU_MESSAGE).refine(isValidSku, SKU_MESSAGE))),
  mrp: required('Enter the MRP.', paiseSchema().refine((p) => p > 0, 'The MRP must be more than ₹ 0.')),
  price: required('Enter a price.', paiseSchema()),
  /** The vendor's own cost; staff never send it. */
  cost: optional(paiseSchema()),
  barcode: optional(z.string().trim().refine(isValidBarcode, BARCODE_MESSAGE)),
  weight_grams: optional(wholeNumber(1, MAX_VARIANT_WEIGHT_GRAMS, `Enter a whole number of grams from 1 to ${MAX_VARIANT_WEIGHT_GRAMS.toLocaleString('en-IN')}.`)),
  /** Units in each ships-from warehouse; only read when the variant is created. */
  opening_stock: z
    .array(
      z.strictObject({
        warehouse_id: jsonRecordIdSchema,
        quantity: wholeNumber(0, MAX_OPENING_STOCK, `Enter a whole number from 0 to ${MAX_OPENING_STOCK.toLocaleString('en-IN')}.`),
      }),
    )
    .max(50)
    .default([]),
});

/**
 * PUT /api/products/{id}/variants: the whole grid, with the product's `version`. Amounts are paise
 * (JSON integers) or rupees as typed (text). Errors name the row: `variants.2.price`.
 */
export const variantGridSchema = z
  .strictObject({
    version: version(),
    sku_pattern: optional(z.string().trim().max(100, 'At most 100 characters.')),
    options: z
      .array(z.strictObject({ group_id: jsonRecordIdSchema, value_ids: z.array(jsonRecordIdSchema).min(1, 'Choose at least one value.').max(MAX_VARIANTS) }))
      .max(MAX_OPTION_GROUPS, TOO_MANY_GROUPS_MESSAGE)
      .default([]),
    variants: z.array(variantRowSchema, { error: 'Send the variants.' }),
  })
  .superRefine((grid, ctx) => {
    if (grid.variants.length === 0) ctx.addIssue({ code: 'custom', path: ['variants'], message: 'A product needs at least one variant.' });
    if (grid.variants.length > MAX_VARIANTS) ctx.addIssue({ code: 'custom', path: ['variants'], message: tooManyVariantsMessage(grid.variants.length) });
    const groups = grid.options.map((o) => o.group_id);
    if (new Set(groups).size !== groups.length) ctx.addIssue({ code: 'custom', path: ['options'], message: 'Choose each option group once.' });
    const skus = new Map<string, number>();
    const combinations = new Map<string, number>();
    grid.variants.forEach((v, i) => {
      if (v.price > v.mrp) ctx.addIssue({ code: 'custom', path: ['variants', i, 'price'], message: 'The price can’t be more than the MRP.' });
      if (v.cost != null && v.cost > v.mrp) ctx.addIssue({ code: 'custom', path: ['variants', i, 'cost'], message: 'The cost can’t be more than the MRP.' });
      const first = skus.get(v.sku);
      if (first !== undefined) ctx.addIssue({ code: 'custom', path: ['variants', i, 'sku'], message: `SKU ${v.sku} is also on row ${first + 1}.` });
      else skus.set(v.sku, i);
      if (v.option_value_ids.length !== grid.options.length) {
        ctx.addIssue({ code: 'custom', path: ['variants', i, 'option_value_ids'], message: `Give one value for each of the ${grid.options.length} option groups.` });
        return;
      }
      v.option_value_ids.forEach((valueId, k) => {
        if (!grid.options[k]!.value_ids.includes(valueId)) {
          ctx.addIssue({ code: 'custom', path: ['variants', i, 'option_value_ids', k], message: 'This value is not one of the chosen values of its option group.' });
        }
      });
      const key = combinationKey(v.option_value_ids);
      if (combinations.has(key)) ctx.addIssue({ code: 'custom', path: ['variants', i, 'option_value_ids'], message: `Row ${combinations.get(key)! + 1} has the same options.` });
      else combinations.set(key, i);
      const warehouses = v.opening_stock.map((s) => s.warehouse_id);
      if (new Set(warehouses).size !== warehouses.length) ctx.addIssue({ code: 'custom', path: ['variants', i, 'opening_stock'], message: 'Give each warehouse once.' });
    });
  });

export type VariantGridInput = z.infer<typeof variantGridSchema>;
export type VariantRowInput = VariantGridInput['variants'][number];
