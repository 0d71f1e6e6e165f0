/**
 * The origin of the links the server writes into mail and messages (password reset, invitations).
 * It never comes from a request: a request's Host header is whatever its sender wrote, and a
 * reset link built from it would carry the token to the sender's own host.
 *
 * PUBLIC_URL when it is set (it should be, in production: docs/deployment.md); otherwise the
 * address the server listens on, HOST and PORT, with `localhost` for a wildcard host.
 */
import { isIP } from 'node:net';
import { config } from '@/lib/config.server.ts';

const WILDCARD_HOSTS = new Set(['0.0.0.0', '::', '[::]', '*']);

export function publicOrigin(): string {
  const c = config();
  if (c.PUBLIC_URL) return new URL(c.PUBLIC_URL).origin;
  const host = WILDCARD_HOSTS.has(c.HOST) ? 'localhost' : c.HOST;
  // The Node adapter serves HTTPS itself when given a certificate and key.
  const scheme = process.env.SERVER_CERT_PATH && process.env.SERVER_KEY_PATH ? 'https' : 'http';
  return new URL(`${scheme}://${isIP(host) === 6 ? `[${host}]` : host}:${c.PORT}`).origin;
}
