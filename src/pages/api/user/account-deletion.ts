/**
 * POST /api/user/account-deletion: a public request to delete an account, by phone number.
 * The client prefixes +91 (spec §5); the request is recorded for staff to act on.
 */
import { db } from '@/lib/boot.server.ts';
import { endpoint, json, readInput } from '@/lib/http/api.server.ts';
import { accountDeletionSchema } from '@/features/profile/profile.schema.ts';
import { requestAccountDeletion } from '@/features/profile/profile.service.server.ts';
import { hitLimit } from '@/lib/auth/rate-limit.server.ts';
import { HttpError } from '@/lib/http/errors.ts';

export const POST = endpoint(async ({ request, locals }) => {
  const limit = await hitLimit(db(), `account-deletion:${locals.actor.ip ?? 'unknown'}`, 3600);
  if (limit.count > 10) throw new HttpError(429, 'Too many requests. Try again later.', undefined, { 'retry-after': String(limit.retryAfterSeconds) });
  const { phone } = await readInput(request, accountDeletionSchema);
  const row = await requestAccountDeletion(db(), phone, locals.actor);
  return json(
    {
      message: 'Your account deletion request has been received. We will contact you on this number.',
      data: { id: row.id, phone: row.phone, status: row.status, created_at: row.createdAt.toISOString() },
    },
    { status: 201 },
  );
});
