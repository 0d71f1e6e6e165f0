/** POST /api/user-password: change the signed-in user's password (multipart, URL-encoded or JSON). */
import { db } from '@/lib/boot.server.ts';
import { endpoint, json, readInput } from '@/lib/http/api.server.ts';
import { clearSessionCookies } from '@/lib/auth/cookies.server.ts';
import { passwordChangeSchema } from '@/features/profile/profile.schema.ts';
import { SessionEndedError, changePassword } from '@/features/profile/profile.service.server.ts';

export const POST = endpoint(async (context) => {
  const { request, locals } = context;
  const input = await readInput(request, passwordChangeSchema);
  try {
    await changePassword(db(), locals.principal!.user.id, input, locals.actor, locals.session!.id);
  } catch (e) {
    // Too many wrong current passwords ended this session: the browser forgets it too.
    if (e instanceof SessionEndedError) clearSessionCookies(context);
    throw e;
  }
  return json({ message: 'Password updated.' });
});
