/** POST /api/impersonate-check: 200 while impersonating, 409 otherwise (the browser then clears its flag). */
import { endpoint, json } from '@/lib/http/api.server.ts';
import { conflict } from '@/lib/http/errors.ts';

export const POST = endpoint(async ({ locals }) => {
  if (!locals.session?.impersonatedUserId) throw conflict('You are not impersonating anyone.');
  const u = locals.principal!.user;
  return json({ impersonating: true, user: { id: u.id, name: u.name, email: u.email } });
});
