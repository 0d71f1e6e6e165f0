/**
 * POST /api/users/{id}/reset-two-factor: turns off the two-factor sign-in of a locked-out user
 * (lost phone and recovery codes), deletes their recovery codes and signs them out everywhere.
 * Needs users:update; refused for oneself and for a user holding a permission the caller lacks.
 */
import { db } from '@/lib/boot.server.ts';
import { endpoint, json } from '@/lib/http/api.server.ts';
import { isRecordId } from '@/lib/http/integers.ts';
import { notFound } from '@/lib/http/errors.ts';
import { resetTwoFactorByAdmin } from '@/features/two-factor/two-factor.service.server.ts';

export const POST = endpoint(async ({ params, locals }) => {
  if (!isRecordId(params.id)) throw notFound('User not found.');
  const { name, ended } = await resetTwoFactorByAdmin(db(), Number(params.id), locals.principal!, locals.actor);
  return json({
    message: `${name}’s two-factor sign-in is off and their recovery codes are deleted; ${ended} ${ended === 1 ? 'session' : 'sessions'} ended. They have been mailed.`,
    data: { ended },
  });
});
