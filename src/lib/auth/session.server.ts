/**
 * Server-side sessions, stored in the database (so any number of app servers share them).
 * The cookie holds a random token; the table holds its SHA-256.
 * Idle timeout: SESSION_IDLE_MINUTES since the last request. Absolute: SESSION_MAX_HOURS since sign-in.
 */
import { and, eq, lt, or, sql } from 'drizzle-orm';
import type { DbOrTx } from '@/lib/db/client.server.ts';
import { sessions } from '@/lib/db/schema.ts';
import { config } from '@/lib/config.server.ts';
import { randomToken, sha256 } from '@/lib/security/tokens.server.ts';
import { forgetIdentities } from './principal-cache.server.ts';

export const SESSION_COOKIE = 'bo_session';
export type SessionRow = typeof sessions.$inferSelect;

export async function createSession(
  db: DbOrTx,
  userId: number,
  meta: { ip?: string | null; userAgent?: string | null },
): Promise<{ token: string; session: SessionRow }> {
  const token = randomToken(32);
  const now = new Date();
  const [session] = await db
    .insert(sessions)
    .values({
      id: sha256(token),
      userId,
      createdAt: now,
      lastSeenAt: now,
      expiresAt: new Date(now.getTime() + config().SESSION_MAX_HOURS * 3_600_000),
      ip: meta.ip ?? null,
      userAgent: meta.userAgent?.slice(0, 512) ?? null,
    })
    .returning();
  return { token, session: session! };
}

/** The live session for a cookie token, or null when unknown, idle too long or past its absolute expiry. */
export async function findSession(db: DbOrTx, token: string): Promise<SessionRow | null> {
  if (!token || token.length > 100) return null;
  const id = sha256(token);
  const [session] = await db.select().from(sessions).where(eq(sessions.id, id)).limit(1);
  if (!session) return null;
  const now = Date.now();
  if (!isSessionLive(session, now)) {
    await destroySession(db, id);
    return null;
  }
  // lastSeenAt is written at most every SESSION_TOUCH_SECONDS, to keep reads cheap.
  if (now - session.lastSeenAt.getTime() > config().SESSION_TOUCH_SECONDS * 1000) {
    await db
      .update(sessions)
      .set({ lastSeenAt: new Date(now) })
      .where(eq(sessions.id, id));
  }
  return session;
}

/**
 * The cheap check before a cached identity is used (principal-cache.server.ts): one primary-key
 * read, that the session row still exists (deactivating a user or "Sign out everywhere" deletes
 * it, on any server) and that a user it impersonates is still active. So a deactivated user is
 * refused on their very next request on every server, not after PERMISSION_CACHE_SECONDS.
 */
export async function sessionStillExists(db: DbOrTx, sessionId: string): Promise<boolean> {
  const [row] = await db
    .select({ id: sessions.id })
    .from(sessions)
    .where(and(eq(sessions.id, sessionId), sql`not exists (select 1 from users u where u.id = ${sessions.impersonatedUserId} and u.status <> 'active')`))
    .limit(1);
  return Boolean(row);
}

/** Neither idle for longer than SESSION_IDLE_MINUTES nor past its absolute expiry. */
export function isSessionLive(session: Pick<SessionRow, 'expiresAt' | 'lastSeenAt'>, now = Date.now()): boolean {
  return session.expiresAt.getTime() > now && session.lastSeenAt.getTime() + config().SESSION_IDLE_MINUTES * 60_000 > now;
}

export async function destroySession(db: DbOrTx, sessionId: string): Promise<void> {
  forgetIdentities();
  await db.delete(sessions).where(eq(sessions.id, sessionId));
  forgetIdentities();
}

export async function destroyOtherSessions(db: DbOrTx, userId: number, keepSessionId: string | null): Promise<void> {
  forgetIdentities();
  await db.delete(sessions).where(keepSessionId ? and(eq(sessions.userId, userId), sql`${sessions.id} <> ${keepSessionId}`) : eq(sessions.userId, userId));
}

export async function purgeExpiredSessions(db: DbOrTx): Promise<void> {
  forgetIdentities();
  const idleCutoff = new Date(Date.now() - config().SESSION_IDLE_MINUTES * 60_000);
  await db.delete(sessions).where(or(lt(sessions.expiresAt, new Date()), lt(sessions.lastSeenAt, idleCutoff)));
}

export function sessionCookieOptions(secure: boolean, maxAgeSeconds?: number) {
  return { path: '/', httpOnly: true, sameSite: 'lax' as const, secure, ...(maxAgeSeconds ? { maxAge: maxAgeSeconds } : {}) };
}
