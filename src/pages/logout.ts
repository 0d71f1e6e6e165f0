/** POST /logout (spec §7): destroys the session server-side and clears the cookies. */
import { db } from '@/lib/boot.server.ts';
import { endpoint, json } from '@/lib/http/api.server.ts';
import { logout } from '@/features/auth/auth.service.server.ts';
import { clearSessionCookies } from '@/lib/auth/cookies.server.ts';

export const POST = endpoint(async (context) => {
  await logout(db(), context.locals.session!.id, context.locals.actor);
  clearSessionCookies(context);
  // A no-JavaScript form (the onboarding layout's Sign out) gets the sign-in page, not JSON.
  const type = (context.request.headers.get('content-type') ?? '').split(';')[0]!.trim().toLowerCase();
  if (type === 'application/x-www-form-urlencoded' || type === 'multipart/form-data') return context.redirect('/auth/login', 303);
  return json({ message: 'Logged out successfully' });
});
