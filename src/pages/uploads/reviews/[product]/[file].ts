/**
 * A review photo's resized copy: `/uploads/reviews/<productId>/<uuid>-<160|480|1200>.webp`. A
 * published review's photos are public (the storefront shows them, no session); a pending or
 * rejected one's only to those who may see the review (reviews:list, a vendor their products').
 * Served like every upload (real type, nosniff, sandboxed).
 */
import type { APIRoute } from 'astro';
import { readFile } from 'node:fs/promises';
import { db } from '@/lib/boot.server.ts';
import { errorResponse } from '@/lib/http/api.server.ts';
import { isRecordId } from '@/lib/http/integers.ts';
import { imageCopyFile } from '@/lib/uploads/images.server.ts';
import { photoVisibleTo } from '@/features/reviews/reviews.server.ts';

const COPY_NAME = /^([0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12})-(\d{3,4})\.webp$/;

export const GET: APIRoute = async ({ params, locals }) => {
  const missing = () => errorResponse(404, { message: 'Not found.' });
  const match = COPY_NAME.exec(params.file ?? '');
  if (!isRecordId(params.product) || !match) return missing();
  const path = `reviews/${Number(params.product)}/${match[1]}`;
  const file = imageCopyFile(path, Number(match[2]));
  if (!file) return missing();
  const visible = await photoVisibleTo(db(), locals.principal ?? null, path);
  if (!visible) return missing();
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
      'cache-control': visible === 'public' ? 'public, max-age=86400' : 'private, max-age=31536000, immutable',
      'content-disposition': 'inline',
    },
  });
};
