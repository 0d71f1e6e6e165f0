/** POST /api/impersonate/{id}: start acting as another user (needs users:impersonate). */
import { db } from '@/lib/boot.server.ts';
import { endpoint, json } from '@/lib/http/api.server.ts';
import { isRecordId } from '@/lib/http/integers.ts';
import { startImpersonation } from '@/features/impersonation/impersonation.service.server.ts';

export const POST = endpoint(async ({ params, locals }) => {
  const targetId = isRecordId(params.id) ? Number(params.id) : -1;
  const user = await startImpersonation(db(), locals.realPrincipal!, locals.session!.id, locals.session!.impersonatedUserId, targetId, locals.actor);
  return json({ message: `You are now impersonating ${user.name}.`, user });
});
