/** Cookie changes at sign-in and sign-out: the session cookie and a CSRF token bound to the new session. */
import type { APIContext } from 'astro';
import { config } from '@/lib/config.server.ts';
import { sha256 } from '@/lib/security/tokens.server.ts';
import { CSRF_COOKIE, issueCsrfToken, maskCsrfToken } from './csrf.server.ts';
import { SESSION_COOKIE, sessionCookieOptions } from './session.server.ts';
import { isHttps } from '@/lib/http/request-client.server.ts';

export function setSessionCookies(context: APIContext, token: string): void {
  const secure = isHttps(context);
  context.cookies.set(SESSION_COOKIE, token, sessionCookieOptions(secure, config().SESSION_MAX_HOURS * 3600));
  const csrf = issueCsrfToken(config().sessionSecret, sha256(token));
  context.cookies.set(CSRF_COOKIE, csrf, { path: '/', sameSite: 'lax', secure, httpOnly: false });
  context.locals.csrfToken = maskCsrfToken(csrf);
}

export function clearSessionCookies(context: APIContext): void {
  context.cookies.delete(SESSION_COOKIE, { path: '/' });
  const csrf = issueCsrfToken(config().sessionSecret, null);
  context.cookies.set(CSRF_COOKIE, csrf, { path: '/', sameSite: 'lax', secure: isHttps(context), httpOnly: false });
}
