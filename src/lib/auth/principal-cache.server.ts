/**
 * A short-lived, per-process cache of "session → who is asking": the session row, the real and the
 * effective (impersonated) principal. Without it every request costs three to four queries before
 * it does any work (docs/decisions/012-measured-performance.md).
 *
 * Correctness:
 * - Entries live PERMISSION_CACHE_SECONDS at most (0 switches the cache off). That is the bound on
 *   how long a change made by ANOTHER process (another app server, `npm run admin:create`, a SQL
 *   console) can go unseen here: a role removed, a user deactivated, a session signed out elsewhere.
 * - Every unsafe request (POST, PUT, PATCH, DELETE) handled by THIS process empties the cache when it
 *   starts and when it ends, and nothing is stored while one is in flight, so a change made here is
 *   seen by the very next request (roles, grants, impersonation, sign-out, password changes…).
 * - Idle and absolute session expiry are still checked on every request, against the cached row.
 * - An entry is used only after one primary-key read says its session row still exists
 *   (`sessionStillExists`): deactivating a user or signing them out everywhere deletes their
 *   sessions, so they are refused on their very next request on EVERY server (issue 14). Roles
 *   and grants changed elsewhere still take up to the TTL.
 */
import type { Principal } from './principal.server.ts';
import type { SessionRow } from './session.server.ts';

export interface CachedIdentity {
  session: SessionRow;
  real: Principal;
  effective: Principal;
}

interface Entry extends CachedIdentity {
  until: number;
}

/** Enough for every signed-in person of a back-office; the oldest entry goes first beyond it. */
const MAX_ENTRIES = 5_000;

const entries = new Map<string, Entry>();
let generation = 0;
let writesInFlight = 0;

export function cachedIdentity(sessionId: string, now = Date.now()): CachedIdentity | undefined {
  const entry = entries.get(sessionId);
  if (!entry) return undefined;
  if (entry.until <= now) {
    entries.delete(sessionId);
    return undefined;
  }
  return entry;
}

/** A token to hand back to rememberIdentity: an entry read before a change is not stored after it. */
export function identityGeneration(): number {
  return generation;
}

export function rememberIdentity(sessionId: string, identity: CachedIdentity, seenGeneration: number, ttlSeconds: number): void {
  if (ttlSeconds <= 0 || writesInFlight > 0 || seenGeneration !== generation) return;
  if (entries.size >= MAX_ENTRIES) entries.delete(entries.keys().next().value!);
  entries.set(sessionId, { ...identity, until: Date.now() + ttlSeconds * 1000 });
}

/** Forgets everything (a role, a user, a session may have changed). */
export function forgetIdentities(): void {
  generation++;
  entries.clear();
}

/** Wraps an unsafe request: the cache is emptied before and after it, and not filled during it. */
export async function aroundWrite<T>(fn: () => Promise<T>): Promise<T> {
  writesInFlight++;
  forgetIdentities();
  try {
    return await fn();
  } finally {
    writesInFlight--;
    forgetIdentities();
  }
}
