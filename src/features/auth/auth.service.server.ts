/**
 * Sign-in, sign-out and password reset. Pages and API routes call these; they hold the rules.
 */
import { notify } from '@/lib/notifications/notify.server.ts';
import { and, eq, sql } from 'drizzle-orm';
import type { Db } from '@/lib/db/client.server.ts';
import { activityLogs, users } from '@/lib/db/schema.ts';
import { config } from '@/lib/config.server.ts';
import { burnPasswordCheck, hashPassword, passwordProblem, verifyPassword } from '@/lib/auth/password.server.ts';
import { clearLimit, hitLimit, refundHit, takeSlots } from '@/lib/auth/rate-limit.server.ts';
import { createSession, destroyOtherSessions, destroySession } from '@/lib/auth/session.server.ts';
import { logActivity, type Actor } from '@/lib/activity/activity.server.ts';
import { mailer } from '@/lib/mail/mailer.server.ts';
import { afterAnswer } from '@/lib/http/in-flight.server.ts';
import { claimPasswordLink, findLivePasswordLink, issuePasswordLink, revokeResetTokens, type LinkPurpose } from '@/lib/auth/reset-tokens.server.ts';
import { HttpError, invalid } from '@/lib/http/errors.ts';

export const BAD_CREDENTIALS = 'These credentials do not match our records.';
export const ACCOUNT_DEACTIVATED = 'This account is deactivated. Ask an administrator to reactivate it.';

export type LoginResult =
  | { ok: true; token: string; userId: number; twoFactor?: false }
  /** The password was right, and the account signs in with a code too: no session yet (the second step opens it). */
  | { ok: true; twoFactor: true; userId: number; user: typeof users.$inferSelect }
  | { ok: false; status: 422 | 429; message: string; retryAfterSeconds?: number };

const accountKey = (email: string) => `login:account:${email.trim().toLowerCase()}`;
const ipKey = (ip: string | null) => `login:ip:${ip ?? 'unknown'}`;

export async function findUserByEmail(db: Db, email: string) {
  const [user] = await db
    .select()
    .from(users)
    .where(sql`lower(${users.email}) = ${email.trim().toLowerCase()}`)
    .limit(1);
  return user;
}

/**
 * Attempts are counted per account and per IP, each attempt before its password is checked
 * (counting first, decision 018): an attempt whose slot is past either limit answers 429 with
 * Retry-After, even for the right password, until the window has passed, and its password is never
 * checked. So however many attempts arrive at once, at most the limit of them reach the check.
 * A successful sign-in clears the account's counter and gives its IP slot back: the per-IP limit
 * counts failures, so an office behind one address can sign in as many people as it has.
 */
export async function login(db: Db, input: { email: string; password: string }, actor: Actor, previousSessionId?: string | null): Promise<LoginResult> {
  const c = config();
  const {
    hits: [, ipHit],
    retryAfterSeconds,
  } = await takeSlots(
    db,
    [
      { key: accountKey(input.email), max: c.LOGIN_MAX_ATTEMPTS_PER_ACCOUNT },
      { key: ipKey(actor.ip), max: c.LOGIN_MAX_ATTEMPTS_PER_IP },
    ],
    c.LOGIN_WINDOW_SECONDS,
  );
  if (retryAfterSeconds > 0) {
    return { ok: false, status: 429, message: `Too many sign-in attempts. Try again in ${retryAfterSeconds} seconds.`, retryAfterSeconds };
  }

  const user = await findUserByEmail(db, input.email);
  const valid = user ? await verifyPassword(user.passwordHash, input.password) : (await burnPasswordCheck(input.password), false);
  // Only the right password learns that the account is deactivated; anyone else reads BAD_CREDENTIALS.
  const deactivated = valid && user.status !== 'active';
  if (!valid || !user || deactivated) {
    await logActivity(db, actor, {
      area: 'auth',
      action: 'login-failed',
      recordId: user?.id ?? null,
      recordName: user?.name,
      changes: { email: [null, input.email.slice(0, 254)], ...(deactivated ? { reason: [null, 'deactivated'] } : {}) },
    });
    return { ok: false, status: 422, message: deactivated ? ACCOUNT_DEACTIVATED : BAD_CREDENTIALS };
  }

  return db.transaction(async (tx): Promise<LoginResult> => {
    await clearLimit(tx, accountKey(input.email));
    await refundHit(tx, ipHit!);
    if (user.totpEnabledAt && user.totpSecret) {
      // Two-factor sign-in (src/features/two-factor): the code's page opens the session (openSession).
      await logActivity(tx, actor, { area: 'auth', action: 'login-password-ok', recordId: user.id, recordName: user.name });
      return { ok: true, twoFactor: true, userId: user.id, user };
    }
    const token = await openSession(tx, user, actor, previousSessionId);
    return { ok: true, token, userId: user.id };
  });
}

/**
 * The end of every sign-in (after the password, or after the second step's code): a new session,
 * the new-device notice and the activity entry. Answers the session's cookie token.
 */
export async function openSession(
  tx: Parameters<Parameters<Db['transaction']>[0]>[0],
  user: Pick<typeof users.$inferSelect, 'id' | 'name'>,
  actor: Actor,
  previousSessionId?: string | null,
): Promise<string> {
  // A new session id at every sign-in: the old one (if any) is destroyed, never reused.
  if (previousSessionId) await destroySession(tx, previousSessionId);
  const { token } = await createSession(tx, user.id, { ip: actor.ip, userAgent: actor.userAgent });
  await tx.update(users).set({ lastSignInAt: new Date() }).where(eq(users.id, user.id));
  await notifyIfNewDevice(tx, user.id, actor);
  await logActivity(tx, { ...actor, realUserId: user.id }, { area: 'auth', action: 'login', recordId: user.id, recordName: user.name });
  return token;
}

/**
 * A sign-in from a browser (user agent) this account has never signed in from before creates a
 * notification, so a stolen password shows up where the owner looks. The first sign-in ever is not "new".
 */
async function notifyIfNewDevice(tx: Parameters<Parameters<Db['transaction']>[0]>[0], userId: number, actor: Actor): Promise<void> {
  const previous = await tx
    .select({ userAgent: activityLogs.userAgent })
    .from(activityLogs)
    .where(and(eq(activityLogs.actorId, userId), eq(activityLogs.area, 'auth'), eq(activityLogs.action, 'login')))
    .limit(500);
  if (previous.length === 0) return;
  const agent = actor.userAgent?.slice(0, 512) ?? null;
  if (previous.some((p) => p.userAgent === agent)) return;
  await notify(tx, [userId], {
    type: 'security.new-device',
    title: 'New sign-in to your account',
    body: `A sign-in from a new browser or device${actor.ip ? ` (IP ${actor.ip})` : ''}: ${describeAgent(agent)}. If this was not you, change your password now.`,
    link: '/profile/list',
  });
}

function describeAgent(agent: string | null): string {
  if (!agent) return 'unknown browser';
  const browser = /Edg\//.test(agent)
    ? 'Edge'
    : /Chrome\//.test(agent)
      ? 'Chrome'
      : /Firefox\//.test(agent)
        ? 'Firefox'
        : /Safari\//.test(agent)
          ? 'Safari'
          : 'a browser';
  const os = /Android/.test(agent)
    ? 'Android'
    : /iPhone|iPad/.test(agent)
      ? 'iOS'
      : /Windows/.test(agent)
        ? 'Windows'
        : /Mac OS X/.test(agent)
          ? 'macOS'
          : /Linux/.test(agent)
            ? 'Linux'
            : 'an unknown system';
  return `${browser} on ${os}`;
}

export async function logout(db: Db, sessionId: string, actor: Actor): Promise<void> {
  await db.transaction(async (tx) => {
    await destroySession(tx, sessionId);
    await logActivity(tx, actor, { area: 'auth', action: 'logout', recordId: actor.realUserId });
  });
}

/**
 * Always answers the same way and in the same time, whether or not the email exists: the request
 * does only what is the same for every email (the limit's hit); finding the account, storing the
 * token, the activity entry and the mail run after the answer (decision 018). A failure there is
 * logged by `afterAnswer`.
 */
export async function requestPasswordReset(db: Db, email: string, actor: Actor, baseUrl: string): Promise<void> {
  const limit = await hitLimit(db, `reset:${email.trim().toLowerCase()}`, 3600);
  if (limit.count > 5) throw new HttpError(429, 'Too many reset requests. Try again later.', undefined, { 'retry-after': String(limit.retryAfterSeconds) });
  afterAnswer('password-reset-mail', () => sendResetLink(db, email, actor, baseUrl));
}

async function sendResetLink(db: Db, email: string, actor: Actor, baseUrl: string): Promise<void> {
  const user = await findUserByEmail(db, email);
  if (!user || user.status !== 'active') return;
  const token = await db.transaction(async (tx) => {
    const issued = await issuePasswordLink(tx, user.id, 'reset');
    await logActivity(tx, actor, { area: 'auth', action: 'password-reset-requested', recordId: user.id, recordName: user.name });
    return issued;
  });
  const link = `${baseUrl.replace(/\/$/, '')}/api/user/reset-password?token=${token}`;
  await mailer().send({
    to: user.email,
    subject: 'Reset your password',
    text: `Hello ${user.name},\n\nSomeone asked to reset the password of your back-office account.\nOpen this link within 60 minutes to choose a new password:\n\n${link}\n\nThe link works once. If you did not ask for this, ignore this mail: your password stays as it is.\n`,
  });
}

/** Checks a reset token without using it (the page shows the form only for a live token). */
export async function findLiveResetToken(db: Db, token: string, purpose: LinkPurpose = 'reset') {
  return findLivePasswordLink(db, token, purpose);
}

/**
 * Sets the password through a single-use link: a reset, or a new user's invitation (`invite`),
 * which then ends every other link of the account. Answers the account's id.
 */
export async function resetPassword(db: Db, token: string, password: string, actor: Actor, purpose: LinkPurpose = 'reset'): Promise<number> {
  const problem = passwordProblem(password);
  if (problem) throw invalid({ password: [problem] });
  const passwordHash = await hashPassword(password);
  return db.transaction(async (tx) => {
    // Single use: the update claims the token atomically, so two submissions can't both succeed.
    const claimed = await claimPasswordLink(tx, token, purpose);
    if (!claimed)
      throw invalid({
        token: [purpose === 'invite' ? INVITATION_DEAD : 'This reset link is invalid or has expired. Ask for a new one.'],
      });
    await tx
      .update(users)
      .set({ passwordHash, passwordChangedAt: new Date(), updatedAt: new Date(), version: sql`${users.version} + 1` })
      .where(eq(users.id, claimed.userId));
    await destroyOtherSessions(tx, claimed.userId, null);
    // The account's other links die with this one (decision 018).
    const revoked = await revokeResetTokens(tx, claimed.userId);
    await logActivity(
      tx,
      { ...actor, realUserId: actor.realUserId ?? claimed.userId },
      {
        area: 'auth',
        action: purpose === 'invite' ? 'invitation-accepted' : 'password-reset',
        recordId: claimed.userId,
        changes: revoked ? { other_reset_links: [revoked, 0] } : undefined,
      },
    );
    return claimed.userId;
  });
}

export const INVITATION_DEAD = 'This invitation link is invalid, used or expired. Ask an administrator to send a new one.';
