/**
 * CSRF: every unsafe request carries X-XSRF-TOKEN (or the `_token` field of a
 * no-JavaScript form) equal to the XSRF-TOKEN cookie, and the token is an HMAC
 * bound to the session, so a token from another session is refused.
 * Astro's checkOrigin only covers form posts; JSON bodies need this check.
 */
import { randomBytes } from 'node:crypto';
import { hmac, randomToken, safeEqual } from '@/lib/security/tokens.server.ts';

export const CSRF_COOKIE = 'XSRF-TOKEN';
export const CSRF_HEADER = 'x-xsrf-token';
export const CSRF_FIELD = '_token';

/** Guests (the login form) share one binding; the double-submit cookie still protects them. */
const binding = (sessionId: string | null) => sessionId ?? 'guest';

export function issueCsrfToken(secret: string, sessionId: string | null): string {
  const nonce = randomToken(16);
  return `${nonce}.${hmac(secret, `csrf:${binding(sessionId)}:${nonce}`)}`;
}

/** A token made by issueCsrfToken for this session (an HMAC: a few microseconds, checked every time). */
export function isCsrfTokenValid(secret: string, sessionId: string | null, token: string | null | undefined): boolean {
  if (!token) return false;
  const [nonce, mac, extra] = token.split('.');
  if (!nonce || !mac || extra !== undefined) return false;
  return safeEqual(mac, hmac(secret, `csrf:${binding(sessionId)}:${nonce}`));
}

export const SAFE_METHODS = new Set(['GET', 'HEAD', 'OPTIONS']);

/**
 * BREACH: pages are compressed, so a token written into a page (a form's `_token`) is masked
 * afresh for every response: `m.<random mask>.<token XOR mask>`, both base64url. The same token
 * never appears twice in compressed output. unmaskCsrfToken answers the token itself, and passes
 * an unmasked token (the cookie's value, sent back by islands and API clients) through unchanged.
 */
export function maskCsrfToken(token: string): string {
  const raw = Buffer.from(token, 'utf8');
  const mask = randomBytes(raw.length);
  for (let i = 0; i < raw.length; i++) raw[i]! ^= mask[i]!;
  return `m.${mask.toString('base64url')}.${raw.toString('base64url')}`;
}

export function unmaskCsrfToken(value: string | null): string | null {
  if (!value?.startsWith('m.')) return value;
  const [, maskText, xoredText, extra] = value.split('.');
  if (!maskText || !xoredText || extra !== undefined) return null;
  const mask = Buffer.from(maskText, 'base64url');
  const raw = Buffer.from(xoredText, 'base64url');
  if (mask.length !== raw.length || mask.length === 0) return null;
  for (let i = 0; i < raw.length; i++) raw[i]! ^= mask[i]!;
  return raw.toString('utf8');
}
