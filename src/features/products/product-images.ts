/**
 * Product images, what islands and the server share (no server imports, no zod: the image
 * manager's bundle stays small): the limit, the JSON an image is answered as, and the URLs of its copies (src/lib/uploads/image-srcset.ts).
 */
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

/** The option values an image can be tied to, as the page's select lists them. */
export interface ImageOptionValue {
  id: number;
  label: string;
}
