/** Profile and password changes for the signed-in user. */
import { notify } from '@/lib/notifications/notify.server.ts';
import { and, eq, ne, sql } from 'drizzle-orm';
import type { Db } from '@/lib/db/client.server.ts';
import { sessions, users } from '@/lib/db/schema.ts';
import { accountDeletionRequests } from './profile.tables.ts';
import { logActivity, type Actor } from '@/lib/activity/activity.server.ts';
import { hashPassword, verifyPassword } from '@/lib/auth/password.server.ts';
import { destroyOtherSessions, destroySession } from '@/lib/auth/session.server.ts';
import { clearLimit, takeSlots } from '@/lib/auth/rate-limit.server.ts';
import { revokeResetTokens } from '@/lib/auth/reset-tokens.server.ts';
import { config } from '@/lib/config.server.ts';
import { HttpError, forbidden, invalid, notFound } from '@/lib/http/errors.ts';
import { readImageUpload, uploads } from '@/lib/uploads/storage.server.ts';
import { sha256 } from '@/lib/security/tokens.server.ts';
import type { ProfileInput } from './profile.schema.ts';

const IMPERSONATION_BLOCK = 'Changing the email or password is not allowed while impersonating.';
const IMPERSONATION_PHONE_BLOCK = 'Changing the mobile number is not allowed while impersonating: the user has to change their own.';

/** The password change's own counter (decision 018): the account's, whatever its email. */
const passwordChangeKey = (userId: number) => `password-change:user:${userId}`;

/** The answer once the current session has been ended for guessing the current password. */
export class SessionEndedError extends HttpError {}

export async function updateProfile(db: Db, userId: number, input: ProfileInput, actor: Actor): Promise<void> {
  const avatar = await readImageUpload('avatar', input.avatar);
  const [before] = await db.select().from(users).where(eq(users.id, userId)).limit(1);
  if (!before) throw notFound();
  if (actor.impersonatedUserId && input.email !== before.email.toLowerCase()) throw forbidden(IMPERSONATION_BLOCK);
  const phone = input.phone === undefined ? before.phone : input.phone || null;
  if (actor.impersonatedUserId && phone !== before.phone) throw forbidden(IMPERSONATION_PHONE_BLOCK);
  const [taken] = await db
    .select({ id: users.id })
    .from(users)
    .where(and(sql`lower(${users.email}) = ${input.email}`, ne(users.id, userId)))
    .limit(1);
  if (taken) throw invalid({ email: ['This email is already used by another account.'] });

  const stored = avatar ? await uploads().put(avatar.bytes, avatar.type.ext, avatar.type.mime) : null;
  try {
    await db.transaction(async (tx) => {
      const [after] = await tx
        .update(users)
        .set({
          name: input.name,
          email: input.email,
          phone,
          // A new number must be verified again.
          phoneVerifiedAt: phone === before.phone ? before.phoneVerifiedAt : null,
          avatarPath: stored?.key ?? before.avatarPath,
          updatedAt: new Date(),
          version: sql`${users.version} + 1`,
        })
        .where(eq(users.id, userId))
        .returning();
      await logActivity(tx, actor, { area: 'profile', action: 'update', recordId: userId, recordName: after?.name, before, after });
    });
  } catch (e) {
    if (stored) await uploads().delete(stored.key);
    throw e;
  }
  if (stored && before.avatarPath) await uploads().delete(before.avatarPath);
}

/**
 * The current password is checked under the account's limit (LOGIN_MAX_ATTEMPTS_PER_ACCOUNT in
 * LOGIN_WINDOW_SECONDS), counting first as at sign-in: each attempt takes its slot before the
 * check, so a burst can't get more checks than the limit. An attempt past the limit answers 429
 * with Retry-After, unchecked. The attempt that reaches the limit with a wrong password ends the
 * session it came from (logged) and answers 429 too: whoever holds a session can't go on guessing
 * the password with it (decision 018).
 * A change ends the other sessions and every reset link still outstanding.
 */
export async function changePassword(
  db: Db,
  userId: number,
  input: { current_password: string; password: string },
  actor: Actor,
  keepSessionId: string,
): Promise<void> {
  if (actor.impersonatedUserId) throw forbidden(IMPERSONATION_BLOCK);
  // Needs no secret, so it is answered before an attempt is counted.
  if (input.current_password === input.password) throw invalid({ password: ['Choose a password different from the current one.'] });
  const c = config();
  const max = c.LOGIN_MAX_ATTEMPTS_PER_ACCOUNT;
  const { hits, retryAfterSeconds } = await takeSlots(db, [{ key: passwordChangeKey(userId), max }], c.LOGIN_WINDOW_SECONDS);
  if (retryAfterSeconds > 0) {
    throw new HttpError(429, `Too many wrong current passwords. Try again in ${retryAfterSeconds} seconds.`, undefined, {
      'retry-after': String(retryAfterSeconds),
    });
  }
  const [user] = await db.select().from(users).where(eq(users.id, userId)).limit(1);
  if (!user) throw notFound();
  if (!(await verifyPassword(user.passwordHash, input.current_password))) {
    const hit = hits[0]!;
    if (hit.count >= max) await endGuessingSession(db, userId, actor, keepSessionId, hit.retryAfterSeconds);
    await logActivity(db, actor, { area: 'profile', action: 'password-change-failed', recordId: userId });
    throw invalid({ current_password: ['The current password is not correct.'] });
  }
  const passwordHash = await hashPassword(input.password);
  await db.transaction(async (tx) => {
    await tx
      .update(users)
      .set({ passwordHash, passwordChangedAt: new Date(), updatedAt: new Date(), version: sql`${users.version} + 1` })
      .where(eq(users.id, userId));
    // Other devices are signed out; this one stays.
    await destroyOtherSessions(tx, userId, keepSessionId);
    // A reset link asked for earlier would undo this change: none survives it.
    const revoked = await revokeResetTokens(tx, userId);
    await clearLimit(tx, passwordChangeKey(userId));
    await notify(tx, [userId], {
      type: 'security.password-changed',
      title: 'Your password was changed',
      body: 'If this was not you, reset your password now and contact an administrator.',
      link: '/profile/list',
    });
    await logActivity(tx, actor, {
      area: 'profile',
      action: 'password-change',
      recordId: userId,
      changes: revoked ? { reset_links: [revoked, 0] } : undefined,
    });
  });
}

/**
 * Ends the session whose wrong guess reached the limit, logs both (the guess and the end), and
 * throws the 429 that says so.
 */
async function endGuessingSession(db: Db, userId: number, actor: Actor, sessionId: string, retryAfterSeconds: number): Promise<never> {
  await db.transaction(async (tx) => {
    await logActivity(tx, actor, { area: 'profile', action: 'password-change-failed', recordId: userId });
    await destroySession(tx, sessionId);
    await logActivity(tx, actor, {
      area: 'profile',
      action: 'session-ended',
      recordId: userId,
      changes: { reason: [null, 'too many wrong current passwords'] },
    });
  });
  throw new SessionEndedError(
    429,
    `Too many wrong current passwords: you have been signed out. Sign in again; the password can be changed again in ${retryAfterSeconds} seconds.`,
    undefined,
    { 'retry-after': String(retryAfterSeconds) },
  );
}

/** Public id of a session: a hash of its key, so the key itself never leaves the server. */
export const publicSessionId = (sessionId: string) => sha256(`public:${sessionId}`).slice(0, 24);

export async function listSessions(db: Db, userId: number, currentSessionId: string) {
  const rows = await db
    .select()
    .from(sessions)
    .where(eq(sessions.userId, userId))
    .orderBy(sql`${sessions.lastSeenAt} desc`);
  return rows.map((s) => ({
    id: publicSessionId(s.id),
    created_at: s.createdAt.toISOString(),
    last_seen_at: s.lastSeenAt.toISOString(),
    ip: s.ip,
    user_agent: s.userAgent,
    current: s.id === currentSessionId,
  }));
}

export async function revokeSession(db: Db, userId: number, publicId: string, currentSessionId: string, actor: Actor): Promise<void> {
  const rows = await db.select({ id: sessions.id }).from(sessions).where(eq(sessions.userId, userId));
  const target = rows.find((r) => publicSessionId(r.id) === publicId);
  if (!target) throw notFound('This session does not exist or has already ended.');
  if (target.id === currentSessionId) throw invalid({ id: ['Use Log out to end the current session.'] });
  await db.transaction(async (tx) => {
    await tx.delete(sessions).where(eq(sessions.id, target.id));
    await logActivity(tx, actor, { area: 'profile', action: 'session-revoke', recordId: userId });
  });
}

export async function requestAccountDeletion(db: Db, phone: string, actor: Actor) {
  return db.transaction(async (tx) => {
    const [row] = await tx.insert(accountDeletionRequests).values({ phone, ip: actor.ip }).returning();
    await logActivity(tx, actor, { area: 'account-deletion', action: 'request', recordId: row!.id, after: { phone } });
    return row!;
  });
}
