/** POST /api/users/{id}/resend-invitation: a new invitation link by mail; older links stop working. Needs users:update. */
import { db } from '@/lib/boot.server.ts';
import { endpoint, json } from '@/lib/http/api.server.ts';
import { isRecordId } from '@/lib/http/integers.ts';
import { notFound } from '@/lib/http/errors.ts';
import { resendInvitation } from '@/features/users/user-invitations.server.ts';

export const POST = endpoint(async ({ params, locals }) => {
  if (!isRecordId(params.id)) throw notFound('User not found.');
  const { email } = await resendInvitation(db(), Number(params.id), locals.actor);
  return json({ message: `A new invitation was sent to ${email}. Older links no longer work.` });
});
