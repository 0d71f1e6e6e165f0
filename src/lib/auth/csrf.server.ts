/**
 * CSRF: every unsafe request carries X-XSRF-TOKEN (or the `_token` field of a
 * no-JavaScript form) equal to the XSRF-TOKEN cookie, and the token is an HMAC
 * bound to the session, so a token from another session is refused.
 * Astro's checkOrigin only covers form posts; JSON bodies need this check.
 */
import { hmac, randomToken, safeEqual } from '../security/tokens.server.ts';

export const CSRF_COOKIE = 'XSRF-TOKEN';
export const CSRF_HEADER = 'x-xsrf-token';
export const CSRF_FIELD = '_token';

/** Guests (the login form) share one binding; the double-submit cookie still protects them. */
const binding = (sessionId: string | null) => sessionId ?? 'guest';

export function issueCsrfToken(secret: string, sessionId: string | null): string {
  const nonce = randomToken(16);
  return `${nonce}.${hmac(secret, `csrf:${binding(sessionId)}:${nonce}`)}`;
}

export function isCsrfTokenValid(secret: string, sessionId: string | null, token: string | null | undefined): boolean {
  if (!token) return false;
  const [nonce, mac, extra] = token.split('.');
  if (!nonce || !mac || extra !== undefined) return false;
  return safeEqual(mac, hmac(secret, `csrf:${binding(sessionId)}:${nonce}`));
}

export const SAFE_METHODS = new Set(['GET', 'HEAD', 'OPTIONS']);
