/**
 * A product image's resized copy: `/uploads/products/<productId>/<uuid>-<160|480|1200>.webp`.
 * Served like every upload (real type, nosniff, sandboxed), to those who may see the product: a
 * vendor only their own products' images, even with the (unguessable) name in hand.
 */
import type { APIRoute } from 'astro';
import { readFile } from 'node:fs/promises';
import { db } from '@/lib/boot.server.ts';
import { errorResponse } from '@/lib/http/api.server.ts';
import { isRecordId } from '@/lib/http/integers.ts';
import { imageCopyFile } from '@/lib/uploads/images.server.ts';
import { productFor } from '@/features/products/product-access.server.ts';

const COPY_NAME = /^([0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12})-(\d{3,4})\.webp$/;

export const GET: APIRoute = async ({ params, locals }) => {
  const missing = () => errorResponse(404, { message: 'Not found.' });
  const match = COPY_NAME.exec(params.file ?? '');
  if (!isRecordId(params.product) || !match) return missing();
  const file = imageCopyFile(`products/${Number(params.product)}/${match[1]}`, Number(match[2]));
  if (!file) return missing();
  try {
    await productFor(db(), locals.principal!, Number(params.product));
  } catch {
    return missing();
  }
  let bytes: Uint8Array;
  try {
    bytes = await readFile(file);
  } catch {
    return missing();
  }
  return new Response(bytes as Uint8Array<ArrayBuffer>, {
    headers: {
      'content-type': 'image/webp',
      'content-length': String(bytes.byteLength),
      'x-content-type-options': 'nosniff',
      'content-security-policy': "default-src 'none'; sandbox",
      'cache-control': 'private, max-age=31536000, immutable',
      'content-disposition': 'inline',
    },
  });
};
