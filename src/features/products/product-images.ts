/**
 * Product images, what islands and the server share (no server imports): the limit, the PATCH
 * body, the JSON an image is answered as, and the URLs of its copies (src/lib/uploads/image-srcset.ts).
 */
import { z } from 'zod';
import { jsonRecordIdSchema, MAX_INT32 } from '@/lib/http/integers.ts';
import { imageSrcset, imageUrl, type ImgAttributes } from '@/lib/uploads/image-srcset.ts';

/** The limit: ten photos tell a product's story; more slow every page that shows them. */
export const MAX_PRODUCT_IMAGES = 10;
/** Alt text is a sentence for a screen reader, not a description. */
export const MAX_ALT_LENGTH = 250;

export const tooManyImagesMessage = (has: number) =>
  has >= MAX_PRODUCT_IMAGES
    ? `A product has at most ${MAX_PRODUCT_IMAGES} images, and this one has ${has}. Delete one to add another.`
    : `A product has at most ${MAX_PRODUCT_IMAGES} images; this one has ${has}, so add at most ${MAX_PRODUCT_IMAGES - has} more.`;

/** An image as the API answers it. */
export interface ProductImageJson {
  id: number;
  position: number;
  alt: string;
  option_value_id: number | null;
  /** Under the uploads folder, without the size suffix. */
  path: string;
  width: number;
  height: number;
  bytes: number;
  /** The 160-px copy, for lists. */
  thumbnail_url: string;
}

/** The list's thumbnail of a stored image path: `/uploads/<path>-160.webp`. */
export const productThumbnailPath = (path: string): string => imageUrl(path, 160);

/** An `<img>`'s attributes for a product image (srcset, sizes, width/height, lazy). */
export const productImageAttributes = (image: Pick<ProductImageJson, 'path' | 'width' | 'height' | 'alt'>, sizes: string, eager = false): ImgAttributes =>
  imageSrcset(image, { sizes, alt: image.alt, eager });

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

/** The option values an image can be tied to, as the page's select lists them. */
export interface ImageOptionValue {
  id: number;
  label: string;
}
