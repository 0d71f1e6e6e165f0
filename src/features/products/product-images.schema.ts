/** The PATCH body of a product's images (product-images.ts has the rest; kept apart so the island loads no zod). */
import { z } from 'zod';
import { jsonRecordIdSchema, MAX_INT32 } from '@/lib/http/integers.ts';
import { MAX_ALT_LENGTH, MAX_PRODUCT_IMAGES } from '@/features/products/product-images.ts';

const altSchema = z.string({ error: 'Alt text must be text.' }).trim().max(MAX_ALT_LENGTH, `Alt text is at most ${MAX_ALT_LENGTH} characters.`);

/**
 * PATCH /api/products/{id}/images: the new order (every image id of the product, once), and/or
 * per image its alt text and the option value it shows (null: every variant). `version`, when
 * sent, must be the product's (409 otherwise).
 */
export const productImagesPatchSchema = z
  .strictObject({
    order: z.array(jsonRecordIdSchema).max(MAX_PRODUCT_IMAGES, `A product has at most ${MAX_PRODUCT_IMAGES} images.`).optional(),
    images: z
      .array(
        z.strictObject({
          id: jsonRecordIdSchema,
          alt: altSchema.optional(),
          option_value_id: jsonRecordIdSchema.nullable().optional(),
        }),
      )
      .max(MAX_PRODUCT_IMAGES, `A product has at most ${MAX_PRODUCT_IMAGES} images.`)
      .optional(),
    version: z.number({ error: 'version must be a number.' }).int().min(1).max(MAX_INT32).optional(),
  })
  .refine((v) => v.order !== undefined || v.images !== undefined, { message: 'Send `order`, `images` or both.', path: ['order'] });

export type ProductImagesPatch = z.infer<typeof productImagesPatchSchema>;
