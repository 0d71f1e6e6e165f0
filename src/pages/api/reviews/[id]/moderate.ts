/** POST /api/reviews/:id/moderate { status: published } | { status: rejected, reason } (reviews:update): one review's moderation. */
import { db } from '@/lib/boot.server.ts';
import { endpoint, json, readJson } from '@/lib/http/api.server.ts';
import { idParam, requestScope } from '@/app/areas/area-endpoints.server.ts';
import { moderateSchema } from '@/features/reviews/review.schema.ts';
import { moderateReview } from '@/features/reviews/reviews.server.ts';

export const POST = endpoint(async (context) => {
  const input = await readJson(context.request, moderateSchema);
  const data = await moderateReview(db(), requestScope(context), idParam(context), input);
  return json({ message: `Review ${data.status_label.toLowerCase()}.`, data });
});
