/** GET /api/reviews: Customer Feedback on the list contract (src/features/reviews/review.list.ts); a vendor's products' reviews only. */
import { db } from '@/lib/boot.server.ts';
import { endpoint, json, queryObject } from '@/lib/http/api.server.ts';
import { reviewSource } from '@/features/reviews/review.source.server.ts';

export const GET = endpoint(async ({ url, locals }) =>
  json(await reviewSource.list(db(), { principal: locals.principal!, actor: locals.actor }, reviewSource.parseListQuery(queryObject(url)))),
);
