import { db } from '@/lib/boot.server.ts';
import { endpoint, json } from '@/lib/http/api.server.ts';
import { revokeSession } from '@/features/profile/profile.service.server.ts';

/** Signs out one of the user's other sessions. */
export const DELETE = endpoint(async ({ params, locals }) => {
  await revokeSession(db(), locals.realPrincipal!.user.id, params.id ?? '', locals.session!.id, locals.actor);
  return json({ message: 'The session has been signed out.' });
});
