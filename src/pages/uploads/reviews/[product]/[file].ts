/**
 * A review photo's resized copy: `/uploads/reviews/<productId>/<uuid>-<160|480|1200>.webp`. A
 * published review's photos are public (the storefront shows them, no session); a pending or
 * rejected one's only to those who may see the review (reviews:list, a vendor their products').
 * Served like every upload (real type, nosniff, sandboxed).
 */
import type { APIRoute } from 'astro';
import { db } from '@/lib/boot.server.ts';
import { errorResponse } from '@/lib/http/api.server.ts';
import { isRecordId } from '@/lib/http/integers.ts';
import { IMAGE_COPY_NAME, imageCopyFile, imageCopyResponse } from '@/lib/uploads/images.server.ts';
import { photoVisibleTo } from '@/features/reviews/reviews.server.ts';

export const GET: APIRoute = async ({ params, locals }) => {
  const missing = () => errorResponse(404, { message: 'Not found.' });
  const match = IMAGE_COPY_NAME.exec(params.file ?? '');
  if (!isRecordId(params.product) || !match) return missing();
  const path = `reviews/${Number(params.product)}/${match[1]}`;
  const file = imageCopyFile(path, Number(match[2]));
  if (!file) return missing();
  const visible = await photoVisibleTo(db(), locals.principal ?? null, path);
  if (!visible) return missing();
  return (await imageCopyResponse(file, visible === 'public' ? 'public' : 'private')) ?? missing();
};
