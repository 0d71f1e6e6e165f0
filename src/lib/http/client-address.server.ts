/**
 * Who is on the other end of a request, as far as the server can know it: the client's IP
 * address and whether it reached us over HTTPS. Behind a reverse proxy both come from headers the
 * proxy adds, and any client can write those headers too, so they are read only as far as
 * TRUST_PROXY says (src/lib/config.server.ts, docs/deployment.md).
 *
 * X-Forwarded-For is a list each proxy appends the address it saw to:
 *   X-Forwarded-For: <what the client wrote…>, <client as the 1st proxy saw it>, <…>
 * so the trustworthy entries are at its right end. The client is the nearest address, walking
 * from the socket's peer leftwards, that is not a trusted proxy (proxy-addr's rule, as Express
 * uses it). The leftmost entry is never believed for its position alone.
 */
import { isIP } from 'node:net';
import proxyAddr from 'proxy-addr';
import type { TrustProxy } from '@/lib/config.server.ts';

type Trust = (address: string, hop: number) => boolean;
const trustNone: Trust = () => false;
const compiled = new Map<string, Trust>();

/** The trust function for a TRUST_PROXY value (compiled once per value). */
function trustOf(setting: TrustProxy): Trust {
  if (setting === false) return trustNone;
  if (typeof setting === 'number') return (_address, hop) => hop < setting;
  const key = setting.join(',');
  let trust = compiled.get(key);
  if (!trust) compiled.set(key, (trust = proxyAddr.compile(setting)));
  return trust;
}

/** Strips an IPv4-mapped IPv6 prefix (::ffff:203.0.113.9), as sockets report IPv4 peers on dual-stack servers. */
function plainAddress(address: string): string {
  return address.startsWith('::ffff:') && isIP(address.slice(7)) === 4 ? address.slice(7) : address;
}

/**
 * The client's address. `peer` is the socket's remote address; `forwardedFor` the raw
 * X-Forwarded-For header. An entry that is not an IP address (a misconfigured or forged hop)
 * is never answered: the nearest real address before it is.
 */
export function clientAddress(peer: string | null, forwardedFor: string | null, setting: TrustProxy): string | null {
  if (!peer) return null;
  const trust = trustOf(setting);
  if (!forwardedFor || !trust(peer, 0)) return plainAddress(peer);
  const hops = forwardedFor
    .split(',')
    .map((entry) => entry.trim())
    .reverse();
  let client = peer;
  for (let i = 0; i < hops.length; i++) {
    const next = hops[i]!;
    if (!isIP(next)) break;
    client = next;
    if (!trust(next, i + 1)) break;
  }
  return plainAddress(client);
}

/** Whether the request reached the first proxy (or us) over HTTPS: X-Forwarded-Proto counts only from a trusted peer. */
export function forwardedHttps(peer: string | null, forwardedProto: string | null, setting: TrustProxy): boolean {
  if (!peer || !forwardedProto || !trustOf(setting)(peer, 0)) return false;
  // Each proxy may append its own; the first is the scheme the client used.
  return forwardedProto.split(',')[0]!.trim().toLowerCase() === 'https';
}
