/**
 * The variant grid's rules, shared by the pricing page's island and the API (no server imports,
 * no zod: the island carries these and stays small): every combination of the chosen option
 * values, SKUs proposed from the product's pattern, what a SKU and a barcode may be
 * (docs/products.md, "Variants and options"). The grid's schema is variants.schema.ts; what needs
 * the database is checked by product-variants.server.ts.
 */

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
  return normaliseSku(filled)
    .slice(0, MAX_SKU_LENGTH)
    .replace(/[-_.]+$/, '');
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
