/**
 * The request's client as the app sees it: its address and whether it came over HTTPS, read
 * through TRUST_PROXY (client-address.server.ts). Used by the middleware and the sign-in cookies.
 */
import type { APIContext } from 'astro';
import { config } from '@/lib/config.server.ts';
import { clientAddress, forwardedHttps } from './client-address.server.ts';

/** The socket's peer (Astro's clientAddress: the Node adapter's socket address, as no allowedDomains are set). */
function peerAddress(context: APIContext): string | null {
  try {
    return context.clientAddress;
  } catch {
    return null;
  }
}

export function isHttps(context: APIContext): boolean {
  if (context.url.protocol === 'https:') return true;
  return forwardedHttps(peerAddress(context), context.request.headers.get('x-forwarded-proto'), config().TRUST_PROXY);
}

/** The client's address: behind trusted proxies, the one the nearest of them saw (src/lib/http/client-address.server.ts). */
export function clientIp(context: APIContext): string | null {
  return clientAddress(peerAddress(context), context.request.headers.get('x-forwarded-for'), config().TRUST_PROXY);
}
