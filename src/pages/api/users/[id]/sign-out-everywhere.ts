/** POST /api/users/{id}/sign-out-everywhere: ends every session of the user, on every server. Needs users:update. */
import { db } from '@/lib/boot.server.ts';
import { endpoint, json } from '@/lib/http/api.server.ts';
import { isRecordId } from '@/lib/http/integers.ts';
import { notFound } from '@/lib/http/errors.ts';
import { signOutEverywhere } from '@/features/users/user-invitations.server.ts';

export const POST = endpoint(async ({ params, locals }) => {
  if (!isRecordId(params.id)) throw notFound('User not found.');
  const { name, ended } = await signOutEverywhere(db(), Number(params.id), locals.actor);
  return json({ message: `${name} is signed out everywhere (${ended} ${ended === 1 ? 'session' : 'sessions'} ended).`, data: { ended } });
});
