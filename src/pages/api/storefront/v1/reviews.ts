/**
 * POST /api/storefront/v1/reviews (write-orders): a customer's review of a product they received
 * (422 unless a delivered line proves it, 409 when already reviewed); photos as base64 bytes.
 * It waits for moderation (pending) before the product's reviews show it.
 */
import { db } from '@/lib/boot.server.ts';
import { endpoint, json, readJson } from '@/lib/http/api.server.ts';
import { submitReviewSchema } from '@/features/reviews/review.schema.ts';
import { submitReview } from '@/features/reviews/reviews.server.ts';

export const POST = endpoint(async (context) => {
  const input = await readJson(context.request, submitReviewSchema);
  const data = await submitReview(db(), { apiKeyName: context.locals.storefrontKey!.name, actor: context.locals.actor }, input);
  return json({ message: 'Thank you: the review is published once it has been checked.', data }, { status: 201 });
});
