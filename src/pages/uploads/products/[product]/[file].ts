/**
 * A product image's resized copy: `/uploads/products/<productId>/<uuid>-<160|480|1200>.webp`.
 * Served like every upload (real type, nosniff, sandboxed), to those who may see the product: a
 * vendor only their own products' images, even with the (unguessable) name in hand.
 */
import type { APIRoute } from 'astro';
import { db } from '@/lib/boot.server.ts';
import { errorResponse } from '@/lib/http/api.server.ts';
import { isRecordId } from '@/lib/http/integers.ts';
import { IMAGE_COPY_NAME, imageCopyFile, imageCopyResponse } from '@/lib/uploads/images.server.ts';
import { productFor } from '@/features/products/product-access.server.ts';

export const GET: APIRoute = async ({ params, locals }) => {
  const missing = () => errorResponse(404, { message: 'Not found.' });
  const match = IMAGE_COPY_NAME.exec(params.file ?? '');
  if (!isRecordId(params.product) || !match) return missing();
  const file = imageCopyFile(`products/${Number(params.product)}/${match[1]}`, Number(match[2]));
  if (!file) return missing();
  try {
    await productFor(db(), locals.principal!, Number(params.product));
  } catch {
    return missing();
  }
  return (await imageCopyResponse(file, 'private')) ?? missing();
};
