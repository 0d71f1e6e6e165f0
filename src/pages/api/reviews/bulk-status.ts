/**
 * POST /api/reviews/bulk-status { ids | filter, status: published | rejected, reason } (reviews:update):
 * moderation in bulk (src/features/reviews/reviews.server.ts); rejecting needs the reason.
 */
import { db } from '@/lib/boot.server.ts';
import { endpoint, json, readJson } from '@/lib/http/api.server.ts';
import { bulkStatusWithReasonSchema } from '@/lib/areas/area-schemas.ts';
import { reviewSource } from '@/features/reviews/review.source.server.ts';
import { bulkModerate } from '@/features/reviews/reviews.server.ts';

export const POST = endpoint(async (context) => {
  const { status, reason, ...target } = await readJson(context.request, bulkStatusWithReasonSchema);
  const scope = { principal: context.locals.principal!, actor: context.locals.actor };
  return json(await bulkModerate(db(), scope, reviewSource, target, status, reason || undefined));
});
