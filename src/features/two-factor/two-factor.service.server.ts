/**
 * Two-factor sign-in for staff (TOTP, RFC 6238; decision 033): setting it up from /profile, the
 * second step of sign-in, recovery codes, turning it off. Pages call these; they hold the rules.
 *
 * - The secret is kept encrypted (src/lib/security/encryption.server.ts) in `users.totp_secret`;
 *   `users.totp_enabled_at` says 2FA is on. A secret without that time is a setup not yet confirmed.
 * - A TOTP code is accepted for the current 30-second step or one either side (clock drift), and
 *   only for a step later than the last one the account used (`user_totp_steps`): no replay.
 * - Ten recovery codes, shown once, kept as SHA-256; each works once.
 * - Codes are counted like passwords (decision 018: counting first), with the same limits:
 *   LOGIN_MAX_ATTEMPTS_PER_ACCOUNT and LOGIN_MAX_ATTEMPTS_PER_IP per LOGIN_WINDOW_SECONDS.
 * - Between the password and the code, a signed cookie (five minutes) says whose password was
 *   right; it names no session, and dies with a password change.
 * - Every change is in the activity log (area `auth`): two-factor-enabled, -disabled,
 *   -recovery-code-used, -recovery-codes-regenerated, and failed codes (two-factor-failed).
 */
import { and, count, eq, isNull, sql } from 'drizzle-orm';
import * as OTPAuth from 'otpauth';
import QRCode from 'qrcode';
import type { Db, DbOrTx } from '@/lib/db/client.server.ts';
import { sessions, users } from '@/lib/db/schema.ts';
import { config } from '@/lib/config.server.ts';
import { logActivity, type Actor } from '@/lib/activity/activity.server.ts';
import { clearLimit, refundHit, takeSlots, type Hit } from '@/lib/auth/rate-limit.server.ts';
import { verifyPassword } from '@/lib/auth/password.server.ts';
import { loadAbilities, loadTwoFactorRequired } from '@/lib/auth/principal.server.ts';
import { forgetIdentities } from '@/lib/auth/principal-cache.server.ts';
import { lackingPermissions, VENDOR_MAY_NOT_GRANT, type Granter } from '@/lib/permissions/escalation.ts';
import { mailer } from '@/lib/mail/mailer.server.ts';
import { decrypt, encrypt } from '@/lib/security/encryption.server.ts';
import { hmac, safeEqual, sha256 } from '@/lib/security/tokens.server.ts';
import { conflict, forbidden, HttpError, invalid } from '@/lib/http/errors.ts';
import { userRecoveryCodes, userTotpSteps } from './two-factor.tables.ts';

type Tx = Parameters<Parameters<Db['transaction']>[0]>[0];
type UserRow = typeof users.$inferSelect;

export const TOTP_ISSUER = 'Marketplace Back-office';
const PERIOD = 30;
const DIGITS = 6;
/** Steps accepted either side of now: 1 = the previous and the next 30 seconds too. */
const WINDOW = 1;
export const RECOVERY_CODE_COUNT = 10;

export const WRONG_CODE = 'That code is not right, or it was already used. Try the newest code from your app.';
const WRONG_RECOVERY = 'That recovery code is not right, or it was already used.';

// ─── TOTP ───────────────────────────────────────────────────────────────────────────────────────

function totpOf(secretBase32: string, label: string): OTPAuth.TOTP {
  return new OTPAuth.TOTP({ issuer: TOTP_ISSUER, label, algorithm: 'SHA1', digits: DIGITS, period: PERIOD, secret: OTPAuth.Secret.fromBase32(secretBase32) });
}

/** The time step a code belongs to, when it is right for now (± WINDOW steps); else null. */
export function matchingStep(secretBase32: string, code: string, now = Date.now()): number | null {
  if (!/^\d{6}$/.test(code)) return null;
  const delta = OTPAuth.TOTP.validate({
    token: code,
    secret: OTPAuth.Secret.fromBase32(secretBase32),
    algorithm: 'SHA1',
    digits: DIGITS,
    period: PERIOD,
    timestamp: now,
    window: WINDOW,
  });
  return delta === null ? null : OTPAuth.TOTP.counter({ period: PERIOD, timestamp: now }) + delta;
}

/** Records `step` as the account's last used one, atomically; false when it is not later than the last (a replay). */
async function claimStep(tx: DbOrTx, userId: number, step: number): Promise<boolean> {
  const rows = await tx
    .insert(userTotpSteps)
    .values({ userId, lastStep: step })
    .onConflictDoUpdate({ target: userTotpSteps.userId, set: { lastStep: step }, setWhere: sql`${userTotpSteps.lastStep} < ${step}` })
    .returning({ userId: userTotpSteps.userId });
  return rows.length > 0;
}

/** The account's secret, in clear; null when there is none or it no longer opens (the key changed). */
function secretOf(user: Pick<UserRow, 'totpSecret'>): string | null {
  if (!user.totpSecret) return null;
  try {
    return decrypt(user.totpSecret);
  } catch {
    return null;
  }
}

/** A right TOTP code for a step after the last used one: claims that step (in the caller's transaction). */
async function acceptTotp(tx: DbOrTx, user: UserRow, code: string): Promise<boolean> {
  const secret = secretOf(user);
  const step = secret ? matchingStep(secret, code) : null;
  return step !== null && (await claimStep(tx, user.id, step));
}

// ─── Recovery codes ─────────────────────────────────────────────────────────────────────────────

/** Crockford's base32: no I, L, O or U, so what is read aloud or copied by hand comes back right. */
const ALPHABET = '0123456789abcdefghjkmnpqrstvwxyz';

function newRecoveryCode(): string {
  const bytes = crypto.getRandomValues(new Uint8Array(10));
  const chars = Array.from(bytes, (b) => ALPHABET[b & 31]).join('');
  return `${chars.slice(0, 5)}-${chars.slice(5)}`;
}

/** What a typed recovery code is compared as: lower case, no spaces or hyphens, o → 0, i/l → 1. */
export function normaliseRecoveryCode(typed: string): string {
  return typed.toLowerCase().replace(/[\s-]/g, '').replace(/o/g, '0').replace(/[il]/g, '1');
}

const hashRecoveryCode = (typed: string) => sha256(`recovery-code:${normaliseRecoveryCode(typed)}`);

async function replaceRecoveryCodes(tx: DbOrTx, userId: number): Promise<string[]> {
  await tx.delete(userRecoveryCodes).where(eq(userRecoveryCodes.userId, userId));
  const codes = Array.from({ length: RECOVERY_CODE_COUNT }, newRecoveryCode);
  await tx.insert(userRecoveryCodes).values(codes.map((code) => ({ userId, codeHash: hashRecoveryCode(code) })));
  return codes;
}

/** Uses a recovery code, atomically: two requests with the same code can't both succeed. */
async function claimRecoveryCode(tx: DbOrTx, userId: number, typed: string): Promise<boolean> {
  const normal = normaliseRecoveryCode(typed);
  if (!/^[0-9a-z]{10}$/.test(normal)) return false;
  const rows = await tx
    .update(userRecoveryCodes)
    .set({ usedAt: new Date() })
    .where(and(eq(userRecoveryCodes.userId, userId), eq(userRecoveryCodes.codeHash, hashRecoveryCode(typed)), isNull(userRecoveryCodes.usedAt)))
    .returning({ id: userRecoveryCodes.id });
  return rows.length > 0;
}

async function recoveryCodesLeft(db: DbOrTx, userId: number): Promise<number> {
  const [row] = await db
    .select({ n: count() })
    .from(userRecoveryCodes)
    .where(and(eq(userRecoveryCodes.userId, userId), isNull(userRecoveryCodes.usedAt)));
  return Number(row?.n ?? 0);
}

/** Six digits (spaces allowed) are the app's code; anything else is taken as a recovery code. */
const isTotpShaped = (code: string) => /^\d{6}$/.test(code.replace(/\s/g, ''));

// ─── Limits ─────────────────────────────────────────────────────────────────────────────────────

const accountKey = (userId: number) => `two-factor:account:${userId}`;
const ipKey = (ip: string | null) => `two-factor:ip:${ip ?? 'unknown'}`;

/** Counting first (decision 018), with the sign-in limits: a code past either is never checked. */
async function takeCodeSlot(db: DbOrTx, userId: number, actor: Actor): Promise<Hit> {
  const c = config();
  const {
    hits: [, ipHit],
    retryAfterSeconds,
  } = await takeSlots(
    db,
    [
      { key: accountKey(userId), max: c.LOGIN_MAX_ATTEMPTS_PER_ACCOUNT },
      { key: ipKey(actor.ip), max: c.LOGIN_MAX_ATTEMPTS_PER_IP },
    ],
    c.LOGIN_WINDOW_SECONDS,
  );
  if (retryAfterSeconds > 0) {
    throw new HttpError(429, `Too many attempts. Try again in ${retryAfterSeconds} seconds.`, undefined, { 'retry-after': String(retryAfterSeconds) });
  }
  return ipHit!;
}

/** A right code: the account's counter starts again and the IP's slot is given back (it counts failures). */
async function codeAccepted(tx: DbOrTx, userId: number, ipHit: Hit): Promise<void> {
  await clearLimit(tx, accountKey(userId));
  await refundHit(tx, ipHit);
}

async function logFailure(db: DbOrTx, actor: Actor, user: UserRow, step: string): Promise<void> {
  await logActivity(db, actor, { area: 'auth', action: 'two-factor-failed', recordId: user.id, recordName: user.name, changes: { step: [null, step] } });
}

// ─── State and setup ────────────────────────────────────────────────────────────────────────────

async function loadUser(db: DbOrTx, userId: number): Promise<UserRow> {
  const [user] = await db.select().from(users).where(eq(users.id, userId)).limit(1);
  if (!user) throw new HttpError(404, 'Not found.');
  return user;
}

export interface TwoFactorState {
  enabled: boolean;
  enabledAt: Date | null;
  /** A secret was made and waits for its first code: what the setup shows (QR code, secret). */
  setup: SetupDetails | null;
  recoveryCodesLeft: number;
  /** One of the user's roles requires 2FA. */
  required: boolean;
}

/** What the profile shows about the account's two-factor sign-in, read afresh. */
export async function twoFactorState(db: DbOrTx, userId: number): Promise<TwoFactorState> {
  const user = await loadUser(db, userId);
  const enabled = hasTwoFactor(user);
  return {
    enabled,
    enabledAt: enabled ? user.totpEnabledAt : null,
    setup: enabled ? null : await setupDetails(user),
    recoveryCodesLeft: enabled ? await recoveryCodesLeft(db, user.id) : 0,
    required: await loadTwoFactorRequired(db, user.id),
  };
}

/**
 * Only staff accounts have two-factor sign-in (vendors sign in with a password and a verified
 * phone), and only their owner changes it: never while impersonating.
 */
function assertOwnStaffAccount(user: UserRow, actor: Actor): void {
  if (user.userType !== 'staff') throw forbidden('Two-factor sign-in is for staff accounts.');
  if (actor.impersonatedUserId) throw forbidden('Two-factor sign-in can’t be changed while impersonating: the user has to do it themselves.');
}

/** Makes a new secret for the account (kept until confirmed or replaced). Nothing changes for sign-in yet. */
export async function startSetup(db: DbOrTx, userId: number, actor: Actor): Promise<void> {
  const user = await loadUser(db, userId);
  assertOwnStaffAccount(user, actor);
  if (user.totpEnabledAt) throw conflict('Two-factor sign-in is already on.');
  const secret = new OTPAuth.Secret({ size: 20 }).base32;
  await db
    .update(users)
    .set({ totpSecret: encrypt(secret), updatedAt: new Date() })
    .where(and(eq(users.id, userId), isNull(users.totpEnabledAt)));
}

export interface SetupDetails {
  /** The secret for typing into an app by hand, in groups of four. */
  secret: string;
  /** The otpauth:// address the QR code holds. */
  uri: string;
  /** The QR code as an SVG data: address, for an <img>. */
  qrDataUrl: string;
}

/** What the setup page shows while a secret waits for its first code; null when there is none. */
async function setupDetails(user: UserRow): Promise<SetupDetails | null> {
  if (user.totpEnabledAt) return null;
  const secret = secretOf(user);
  if (!secret) return null;
  const uri = totpOf(secret, user.email).toString();
  const svg = await QRCode.toString(uri, { type: 'svg', errorCorrectionLevel: 'M', margin: 2 });
  return {
    secret: secret.replace(/(.{4})(?=.)/g, '$1 '),
    uri,
    qrDataUrl: `data:image/svg+xml;base64,${Buffer.from(svg).toString('base64')}`,
  };
}

/** The first code from the app turns 2FA on; answers the ten recovery codes, to be shown once. */
export async function confirmSetup(db: Db, userId: number, code: string, actor: Actor): Promise<string[]> {
  const user = await loadUser(db, userId);
  assertOwnStaffAccount(user, actor);
  if (user.totpEnabledAt) throw conflict('Two-factor sign-in is already on.');
  if (!secretOf(user)) throw conflict('Start the setup again: there is no code to confirm.');
  const ipHit = await takeCodeSlot(db, userId, actor);
  const codes = await db.transaction(async (tx) => {
    if (!(await acceptTotp(tx, user, code))) return null;
    await tx
      .update(users)
      .set({ totpEnabledAt: new Date(), updatedAt: new Date(), version: sql`${users.version} + 1` })
      .where(eq(users.id, userId));
    const fresh = await replaceRecoveryCodes(tx, userId);
    await codeAccepted(tx, userId, ipHit);
    await logActivity(tx, actor, {
      area: 'auth',
      action: 'two-factor-enabled',
      recordId: userId,
      recordName: user.name,
      changes: { two_factor: ['off', 'on'], recovery_codes: [null, RECOVERY_CODE_COUNT] },
    });
    return fresh;
  });
  if (!codes) {
    await logFailure(db, actor, user, 'setup');
    throw invalid({ code: [WRONG_CODE] });
  }
  return codes;
}

/** New recovery codes (the old ones stop working), after a current code from the app. */
export async function regenerateRecoveryCodes(db: Db, userId: number, code: string, actor: Actor): Promise<string[]> {
  const user = await loadUser(db, userId);
  assertOwnStaffAccount(user, actor);
  if (!user.totpEnabledAt) throw conflict('Two-factor sign-in is off.');
  const ipHit = await takeCodeSlot(db, userId, actor);
  const codes = await db.transaction(async (tx) => {
    if (!(await acceptTotp(tx, user, code))) return null;
    const before = await recoveryCodesLeft(tx, userId);
    const fresh = await replaceRecoveryCodes(tx, userId);
    await codeAccepted(tx, userId, ipHit);
    await logActivity(tx, actor, {
      area: 'auth',
      action: 'two-factor-recovery-codes-regenerated',
      recordId: userId,
      recordName: user.name,
      changes: { recovery_codes: [before, RECOVERY_CODE_COUNT] },
    });
    return fresh;
  });
  if (!codes) {
    await logFailure(db, actor, user, 'regenerate');
    throw invalid({ code: [WRONG_CODE] });
  }
  return codes;
}

/**
 * Turning 2FA off takes the password and a current code (from the app, or a recovery code).
 * Refused while one of the user's roles requires it.
 */
export async function disableTwoFactor(db: Db, userId: number, input: { password: string; code: string }, actor: Actor): Promise<void> {
  const user = await loadUser(db, userId);
  assertOwnStaffAccount(user, actor);
  if (!user.totpEnabledAt) throw conflict('Two-factor sign-in is already off.');
  if (await loadTwoFactorRequired(db, userId)) throw conflict('Your role requires two-factor sign-in, so it can’t be turned off.');
  const ipHit = await takeCodeSlot(db, userId, actor);
  const passwordRight = await verifyPassword(user.passwordHash, input.password);
  const result = await db.transaction(async (tx) => {
    if (!passwordRight) return 'password' as const;
    const totp = isTotpShaped(input.code);
    const right = totp ? await acceptTotp(tx, user, input.code.replace(/\s/g, '')) : await claimRecoveryCode(tx, userId, input.code);
    if (!right) return totp ? ('code' as const) : ('recovery' as const);
    await tx
      .update(users)
      .set({ totpSecret: null, totpEnabledAt: null, updatedAt: new Date(), version: sql`${users.version} + 1` })
      .where(eq(users.id, userId));
    await tx.delete(userRecoveryCodes).where(eq(userRecoveryCodes.userId, userId));
    await tx.delete(userTotpSteps).where(eq(userTotpSteps.userId, userId));
    await codeAccepted(tx, userId, ipHit);
    await logActivity(tx, actor, {
      area: 'auth',
      action: 'two-factor-disabled',
      recordId: userId,
      recordName: user.name,
      changes: { two_factor: ['on', 'off'] },
    });
    return 'ok' as const;
  });
  if (result === 'ok') return;
  await logFailure(db, actor, user, 'disable');
  if (result === 'password') throw invalid({ password: ['The password is not right.'] });
  throw invalid({ code: [result === 'code' ? WRONG_CODE : WRONG_RECOVERY] });
}

// ─── Sign-in, second step ───────────────────────────────────────────────────────────────────────

/** Does this account need a code after its password? */
export const hasTwoFactor = (user: Pick<UserRow, 'totpEnabledAt' | 'totpSecret'>) => Boolean(user.totpEnabledAt && user.totpSecret);

/**
 * Checks the code of a sign-in's second step and, when right, runs `signIn` (which opens the
 * session) in the same transaction: the code is used if and only if the session is made.
 */
export async function verifySignInCode<T>(db: Db, userId: number, typed: string, actor: Actor, signIn: (tx: Tx, user: UserRow) => Promise<T>): Promise<T> {
  const user = await loadUser(db, userId);
  if (user.status !== 'active' || !hasTwoFactor(user)) throw new HttpError(409, 'Sign in again.');
  const ipHit = await takeCodeSlot(db, userId, actor);
  const totp = isTotpShaped(typed);
  const outcome = await db.transaction(async (tx) => {
    if (totp) {
      if (!(await acceptTotp(tx, user, typed.replace(/\s/g, '')))) return null;
    } else {
      if (!(await claimRecoveryCode(tx, userId, typed))) return null;
      const left = await recoveryCodesLeft(tx, userId);
      await logActivity(
        tx,
        { ...actor, realUserId: userId },
        { area: 'auth', action: 'two-factor-recovery-code-used', recordId: userId, recordName: user.name, changes: { recovery_codes: [left + 1, left] } },
      );
    }
    await codeAccepted(tx, userId, ipHit);
    return { value: await signIn(tx, user) };
  });
  if (!outcome) {
    await logFailure(db, actor, user, 'sign-in');
    throw invalid({ code: [totp ? WRONG_CODE : WRONG_RECOVERY] });
  }
  return outcome.value;
}

export const PENDING_COOKIE = 'bo_two_factor';
export const PENDING_SECONDS = 300;

/** Ties the second step to the password step: whose password was right, until when, and where to go. */
export function issuePendingSignIn(user: Pick<UserRow, 'id' | 'passwordHash'>, next: string, now = Date.now()): string {
  const payload = Buffer.from(JSON.stringify({ u: user.id, e: now + PENDING_SECONDS * 1000, n: next, p: sha256(user.passwordHash).slice(0, 16) })).toString(
    'base64url',
  );
  return `${payload}.${hmac(config().sessionSecret, `two-factor-pending:${payload}`)}`;
}

/** The user a pending sign-in names, if its cookie is ours, live, and the account still signs in with a code. */
export async function readPendingSignIn(db: DbOrTx, token: string | undefined): Promise<{ user: UserRow; next: string } | null> {
  if (!token || token.length > 2000) return null;
  const [payload, signature] = token.split('.');
  if (!payload || !signature || !safeEqual(signature, hmac(config().sessionSecret, `two-factor-pending:${payload}`))) return null;
  let data: { u?: unknown; e?: unknown; n?: unknown; p?: unknown };
  try {
    data = JSON.parse(Buffer.from(payload, 'base64url').toString('utf8'));
  } catch {
    return null;
  }
  if (typeof data.u !== 'number' || typeof data.e !== 'number' || data.e < Date.now() || typeof data.n !== 'string') return null;
  const [user] = await db.select().from(users).where(eq(users.id, data.u)).limit(1);
  if (!user || user.status !== 'active' || !hasTwoFactor(user) || sha256(user.passwordHash).slice(0, 16) !== data.p) return null;
  return { user, next: data.n };
}

// ─── An administrator's reset ───────────────────────────────────────────────────────────────────

/** Who resets: their id (never themselves) and what they hold (the escalation rule). */
export interface Resetter extends Granter {
  user: Granter['user'] & { id: number };
}

/**
 * A staff user who lost their phone and their recovery codes is locked out; an administrator
 * (users:update, checked by the route) turns their two-factor sign-in off (decision 033). Never
 * one's own (that takes the password and a code: disableTwoFactor), and never for someone holding
 * a permission the administrator lacks: taking over a stronger account through its reset would be
 * privilege escalation (src/lib/permissions/escalation.ts). The secret, the recovery codes and the
 * last used step go, every session of the user ends (on every server), the activity log records
 * it, all in one transaction; the user is mailed a notice after the commit. If one of their roles
 * requires two-factor sign-in, their next sign-in takes them to set it up again.
 */
export async function resetTwoFactorByAdmin(db: Db, targetId: number, resetter: Resetter, actor: Actor): Promise<{ name: string; ended: number }> {
  const target = await loadUser(db, targetId);
  if (target.id === resetter.user.id)
    throw forbidden('You can’t reset your own two-factor sign-in: turn it off on your profile with your password and a code.');
  if (actor.impersonatedUserId) throw forbidden('Two-factor sign-in can’t be reset while impersonating.');
  if (resetter.user.userType === 'vendor') throw forbidden(VENDOR_MAY_NOT_GRANT);
  const lacking = lackingPermissions(resetter, await loadAbilities(db, targetId));
  if (lacking.length)
    throw forbidden(
      `You can’t reset ${target.name}’s two-factor sign-in: they hold permissions you don’t (${lacking.slice(0, 3).join(', ')}${lacking.length > 3 ? '…' : ''}).`,
    );
  const ended = await db.transaction(async (tx) => {
    // Locked and read again: two resets (or a reset and the user's own change) don't both write.
    const [locked] = await tx.select().from(users).where(eq(users.id, targetId)).for('update');
    if (!locked?.totpEnabledAt && !locked?.totpSecret) throw conflict(`${target.name} has no two-factor sign-in to reset.`);
    await tx
      .update(users)
      .set({ totpSecret: null, totpEnabledAt: null, updatedAt: new Date(), version: sql`${users.version} + 1` })
      .where(eq(users.id, targetId));
    const codes = await tx.delete(userRecoveryCodes).where(eq(userRecoveryCodes.userId, targetId)).returning({ id: userRecoveryCodes.id });
    await tx.delete(userTotpSteps).where(eq(userTotpSteps.userId, targetId));
    forgetIdentities();
    const sessionsEnded = await tx.delete(sessions).where(eq(sessions.userId, targetId)).returning({ id: sessions.id });
    await logActivity(tx, actor, {
      area: 'users',
      action: 'two-factor-reset',
      recordId: targetId,
      recordName: target.name,
      changes: {
        two_factor: [locked.totpEnabledAt ? 'on' : 'being set up', 'off'],
        recovery_codes: [codes.length, 0],
        sessions: [sessionsEnded.length, 0],
      },
    });
    return sessionsEnded.length;
  });
  forgetIdentities();
  await mailer().send({
    to: target.email,
    subject: 'Your two-factor sign-in was reset',
    text:
      `Hello ${target.name},\n\nAn administrator has turned off two-factor sign-in on your back-office account (${target.email}), ` +
      `deleted your recovery codes and signed you out everywhere.\n\nSign in with your password, then set up two-factor sign-in again ` +
      `from your profile with your new phone.\n\nIf you did not ask for this, tell your administrator at once.\n`,
  });
  return { name: target.name, ended };
}
