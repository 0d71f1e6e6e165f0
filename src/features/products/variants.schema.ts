/**
 * The schema of the variant grid a save sends (PUT /api/products/{id}/variants), with errors per
 * row (`variants.2.price`). Kept apart from variants.ts so the pricing island, which uses the
 * helpers, doesn't carry zod; the server checks with this.
 */
import { z } from 'zod';
import { paiseSchema } from '@/lib/money/paise.schema.ts';
import { jsonRecordIdSchema, version } from '@/lib/http/integers.ts';
import {
  BARCODE_MESSAGE,
  combinationKey,
  isValidBarcode,
  isValidSku,
  MAX_OPENING_STOCK,
  MAX_OPTION_GROUPS,
  MAX_VARIANT_WEIGHT_GRAMS,
  MAX_VARIANTS,
  normaliseSku,
  SKU_MESSAGE,
  TOO_MANY_GROUPS_MESSAGE,
  tooManyVariantsMessage,
} from './variants.ts';

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
  mrp: required(
    'Enter the MRP.',
    paiseSchema().refine((p) => p > 0, 'The MRP must be more than ₹ 0.'),
  ),
  price: required('Enter a price.', paiseSchema()),
  /** The vendor's own cost; staff never send it. */
  cost: optional(paiseSchema()),
  barcode: optional(z.string().trim().refine(isValidBarcode, BARCODE_MESSAGE)),
  weight_grams: optional(
    wholeNumber(1, MAX_VARIANT_WEIGHT_GRAMS, `Enter a whole number of grams from 1 to ${MAX_VARIANT_WEIGHT_GRAMS.toLocaleString('en-IN')}.`),
  ),
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
        ctx.addIssue({
          code: 'custom',
          path: ['variants', i, 'option_value_ids'],
          message: `Give one value for each of the ${grid.options.length} option groups.`,
        });
        return;
      }
      v.option_value_ids.forEach((valueId, k) => {
        if (!grid.options[k]!.value_ids.includes(valueId)) {
          ctx.addIssue({
            code: 'custom',
            path: ['variants', i, 'option_value_ids', k],
            message: 'This value is not one of the chosen values of its option group.',
          });
        }
      });
      const key = combinationKey(v.option_value_ids);
      if (combinations.has(key))
        ctx.addIssue({ code: 'custom', path: ['variants', i, 'option_value_ids'], message: `Row ${combinations.get(key)! + 1} has the same options.` });
      else combinations.set(key, i);
      const warehouses = v.opening_stock.map((s) => s.warehouse_id);
      if (new Set(warehouses).size !== warehouses.length)
        ctx.addIssue({ code: 'custom', path: ['variants', i, 'opening_stock'], message: 'Give each warehouse once.' });
    });
  });

export type VariantGridInput = z.infer<typeof variantGridSchema>;
export type VariantRowInput = VariantGridInput['variants'][number];
