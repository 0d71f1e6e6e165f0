/**
 * What users have besides the resource's list and form: the invitation mail, "Resend invitation",
 * "Sign out everywhere" and the roles a user can be given. Each change with its activity entry in
 * its transaction; mail only after the commit.
 */
import { asc, eq } from 'drizzle-orm';
import type { Db } from '@/lib/db/client.server.ts';
import { roles, sessions, users } from '@/lib/db/schema.ts';
import { logActivity, type Actor } from '@/lib/activity/activity.server.ts';
import { conflict, notFound } from '@/lib/http/errors.ts';
import { forgetIdentities } from '@/lib/auth/principal-cache.server.ts';
import { issuePasswordLink, revokeResetTokens } from '@/lib/auth/reset-tokens.server.ts';
import { mailer } from '@/lib/mail/mailer.server.ts';
import { publicOrigin } from '@/lib/http/public-origin.server.ts';

/** Stored instead of a password hash until the invitation is accepted: no password verifies against it. */
export const INVITED_PASSWORD_HASH = '!invited';
export const SUPER_ADMIN = 'Super Admin';
/** The guest page an invitation links to. */
export const INVITATION_PATH = '/auth/invitation';

export async function sendInvitationMail(user: { id: number; name: string; email: string }, token: string): Promise<void> {
  const link = `${publicOrigin().replace(/\/$/, '')}${INVITATION_PATH}?token=${token}`;
  await mailer().send({
    to: user.email,
    subject: 'You are invited to the back-office',
    text: `Hello ${user.name},\n\nAn administrator has created a back-office account for you (${user.email}).\nOpen this link within 7 days to choose your password:\n\n${link}\n\nThe link works once. If you did not expect this, ignore this mail.\n`,
  });
}

async function findUser(db: Db, id: number) {
  const [user] = await db.select().from(users).where(eq(users.id, id)).limit(1);
  if (!user) throw notFound('User not found.');
  return user;
}

/** A new invitation link for a user who has not accepted theirs yet; every older link stops working. */
export async function resendInvitation(db: Db, id: number, actor: Actor): Promise<{ email: string }> {
  const user = await findUser(db, id);
  if (user.passwordHash !== INVITED_PASSWORD_HASH) throw conflict(`${user.name} has already set a password: there is no invitation to resend.`);
  if (user.status !== 'active') throw conflict(`${user.name} is deactivated: reactivate the account before inviting them again.`);
  const token = await db.transaction(async (tx) => {
    const ended = await revokeResetTokens(tx, id, 'invite');
    const issued = await issuePasswordLink(tx, id, 'invite');
    await logActivity(tx, actor, {
      area: 'users',
      action: 'invitation-resent',
      recordId: id,
      recordName: user.name,
      changes: ended ? { older_links_ended: [ended, 0] } : undefined,
    });
    return issued;
  });
  await sendInvitationMail(user, token);
  return { email: user.email };
}

/** Ends every session of the user, on every server: their next request is refused (principal-cache.server.ts). */
export async function signOutEverywhere(db: Db, id: number, actor: Actor): Promise<{ name: string; ended: number }> {
  const user = await findUser(db, id);
  const ended = await db.transaction(async (tx) => {
    forgetIdentities();
    const rows = await tx.delete(sessions).where(eq(sessions.userId, id)).returning({ id: sessions.id });
    await logActivity(tx, actor, {
      area: 'users',
      action: 'signed-out-everywhere',
      recordId: id,
      recordName: user.name,
      changes: { sessions: [rows.length, 0] },
    });
    return rows.length;
  });
  forgetIdentities();
  return { name: user.name, ended };
}

/** The roles a user can be given, as picker options. */
export async function roleOptions(db: Db): Promise<{ value: number; label: string }[]> {
  return (await db.select({ value: roles.id, label: roles.name }).from(roles).orderBy(asc(roles.name))).map((r) => ({ value: r.value, label: r.label }));
}
