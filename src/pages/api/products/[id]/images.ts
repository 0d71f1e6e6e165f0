/**
 * A product's images. GET: in order. POST (multipart, `images`: one or more files): add them
 * through the photo pipeline, at most ten per product. PATCH (JSON): order, alt text, option value.
 * A vendor reaches only their own products' images (another's is 404).
 */
import { db } from '@/lib/boot.server.ts';
import { endpoint, json, readFormEntries, readJson } from '@/lib/http/api.server.ts';
import { invalid, notFound } from '@/lib/http/errors.ts';
import { isRecordId } from '@/lib/http/integers.ts';
import { PHOTO_MAX_BYTES } from '@/lib/uploads/image-rules.ts';
import { MAX_PRODUCT_IMAGES } from '@/features/products/product-images.ts';
import { productImagesPatchSchema } from '@/features/products/product-images.schema.ts';
import { addProductImages, listProductImages, updateProductImages } from '@/features/products/product-images.server.ts';

const productIdOf = (raw: string | undefined): number => {
  if (!isRecordId(raw)) throw notFound('Product not found.');
  return Number(raw);
};

/** Room for every file a product may still take, and the multipart framing around them. */
const MAX_UPLOAD_BODY = MAX_PRODUCT_IMAGES * PHOTO_MAX_BYTES + 256 * 1024;

export const GET = endpoint(async ({ params, locals }) => {
  const { product, images } = await listProductImages(db(), locals.principal!, productIdOf(params.id));
  return json({ data: images, meta: { version: product.version, max: MAX_PRODUCT_IMAGES } });
});

export const POST = endpoint(async ({ params, request, locals }) => {
  const productId = productIdOf(params.id);
  const files: File[] = [];
  for (const [key, value] of await readFormEntries(request, MAX_UPLOAD_BODY)) {
    if (key !== 'images' && key !== 'images[]') throw invalid({ [key]: ['Unknown field: send the files as `images`.'] });
    if (!(value instanceof File)) throw invalid({ images: ['Send image files, not text.'] });
    // A file input left empty still sends a part: no name, no bytes. It is no upload.
    if (value.size === 0 && value.name === '') continue;
    files.push(value);
  }
  const result = await addProductImages(db(), locals.actor, locals.principal!, productId, files);
  return json({ data: result.images, added: result.added, meta: { version: result.version, max: MAX_PRODUCT_IMAGES } }, { status: 201 });
});

export const PATCH = endpoint(async ({ params, request, locals }) => {
  const productId = productIdOf(params.id);
  const input = await readJson(request, productImagesPatchSchema);
  const result = await updateProductImages(db(), locals.actor, locals.principal!, productId, input);
  return json({ data: result.images, meta: { version: result.version, max: MAX_PRODUCT_IMAGES } });
});
