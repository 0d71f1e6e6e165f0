/** POST /api/user-password: change the signed-in user's password (multipart, URL-encoded or JSON). */
import { db } from '../../lib/boot.server.ts';
import { endpoint, json, readInput } from '../../lib/http/api.server.ts';
import { passwordChangeSchema } from '../../features/profile/profile.schema.ts';
import { changePassword } from '../../features/profile/profile.service.server.ts';

export const POST = endpoint(async ({ request, locals }) => {
  const input = await readInput(request, passwordChangeSchema);
  await changePassword(db(), locals.principal!.user.id, input, locals.actor, locals.session!.id);
  return json({ message: 'Password updated.' });
});
