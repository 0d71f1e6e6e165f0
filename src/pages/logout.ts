/** POST /logout (spec §7): destroys the session server-side and clears the cookies. */
import { db } from '@/lib/boot.server.ts';
import { endpoint, json } from '@/lib/http/api.server.ts';
import { logout } from '@/features/auth/auth.service.server.ts';
import { clearSessionCookies } from '@/lib/auth/cookies.server.ts';

export const POST = endpoint(async (context) => {
  await logout(db(), context.locals.session!.id, context.locals.actor);
  clearSessionCookies(context);
  // What the browser kept for this person goes too, with or without JavaScript (the shell script also clears it).
  const clearStorage = { 'clear-site-data': '"storage"' };
  // A no-JavaScript form (the user menu's Log out before the shell script has run, the onboarding
  // layout's Sign out) gets the sign-in page, which then says "Logged out successfully".
  const type = (context.request.headers.get('content-type') ?? '').split(';')[0]!.trim().toLowerCase();
  if (type === 'application/x-www-form-urlencoded' || type === 'multipart/form-data') {
    return new Response(null, { status: 303, headers: { location: '/auth/login?logged_out=1', ...clearStorage } });
  }
  return json({ message: 'Logged out successfully' }, { headers: clearStorage });
});
