/** POST /api/impersonate-leave: back to the real user. */
import { db } from '@/lib/boot.server.ts';
import { endpoint, json } from '@/lib/http/api.server.ts';
import { leaveImpersonation } from '@/features/impersonation/impersonation.service.server.ts';

export const POST = endpoint(async ({ locals }) => {
  await leaveImpersonation(db(), locals.session!.id, locals.session!.impersonatedUserId, locals.actor);
  return json({ message: 'Impersonation ended.' });
});
