/** GET /api/reviews/:id (reviews:list): the whole review, its photos, order, moderation history and reply; a vendor's products' only. */
import { db } from '@/lib/boot.server.ts';
import { endpoint, json } from '@/lib/http/api.server.ts';
import { idParam } from '@/app/areas/area-endpoints.server.ts';
import { reviewDetails } from '@/features/reviews/reviews.server.ts';

export const GET = endpoint(async (context) => json({ data: await reviewDetails(db(), context.locals.principal!, idParam(context)) }));
