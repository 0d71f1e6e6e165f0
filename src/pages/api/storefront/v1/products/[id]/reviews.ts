/** GET /api/storefront/v1/products/:id/reviews?page=&per_page= (read-catalogue): published reviews, newest first, with the average rating and count. */
import { db } from '@/lib/boot.server.ts';
import { endpoint, json, parseWith, queryObject } from '@/lib/http/api.server.ts';
import { idParam } from '@/app/areas/area-endpoints.server.ts';
import { publishedReviews } from '@/features/reviews/reviews.server.ts';
import { productReviewsQuery } from '@/features/reviews/review.schema.ts';

export const GET = endpoint(async (context) => {
  const { page, per_page } = parseWith(productReviewsQuery, queryObject(context.url));
  return json(await publishedReviews(db(), idParam(context), page, per_page));
});
