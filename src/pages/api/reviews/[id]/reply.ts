/**
 * PUT /api/reviews/:id/reply { text } (reviews:reply): the product's vendor writes or edits its one public reply.
 * DELETE /api/reviews/:id/reply { reason } (reviews:update): staff remove an abusive reply (history and activity log keep it).
 */
import { z } from 'zod';
import { db } from '@/lib/boot.server.ts';
import { endpoint, json, readJson } from '@/lib/http/api.server.ts';
import { idParam, requestScope } from '@/app/areas/area-endpoints.server.ts';
import { rejectionReason, replySchema } from '@/features/reviews/review.schema.ts';
import { removeReply, setReply } from '@/features/reviews/reviews.server.ts';

export const PUT = endpoint(async (context) => {
  const { text } = await readJson(context.request, replySchema);
  return json({ message: 'Reply saved.', data: await setReply(db(), requestScope(context), idParam(context), text) });
});

const removeSchema = z.strictObject({ reason: rejectionReason });

export const DELETE = endpoint(async (context) => {
  const { reason } = await readJson(context.request, removeSchema);
  return json({ message: 'Reply removed.', data: await removeReply(db(), requestScope(context), idParam(context), reason) });
});
