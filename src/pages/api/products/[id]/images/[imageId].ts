/** DELETE /api/products/{id}/images/{imageId}: the image and its files; the others close up. */
import { db } from '@/lib/boot.server.ts';
import { endpoint, json } from '@/lib/http/api.server.ts';
import { notFound } from '@/lib/http/errors.ts';
import { isRecordId } from '@/lib/http/integers.ts';
import { MAX_PRODUCT_IMAGES } from '@/features/products/product-images.ts';
import { deleteProductImage } from '@/features/products/product-images.server.ts';

export const DELETE = endpoint(async ({ params, locals }) => {
  if (!isRecordId(params.id)) throw notFound('Product not found.');
  if (!isRecordId(params.imageId)) throw notFound('Image not found.');
  const result = await deleteProductImage(db(), locals.actor, locals.principal!, Number(params.id), Number(params.imageId));
  return json({ data: result.images, meta: { version: result.version, max: MAX_PRODUCT_IMAGES } });
});
