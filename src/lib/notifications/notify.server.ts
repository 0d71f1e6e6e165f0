/**
 * Notifications: the one way to tell a user something happened (a sign-in from a new device, a
 * password change, an impersonation, a change to global settings, a decision on a store or a
 * product). Written in the transaction of the event, so a notification exists exactly when its event
 * does; in the same transaction a realtime event tells every server, whose streams update the bell
 * of each recipient's open tabs (src/lib/realtime), and each recipient who chose mail for the kind
 * (preferences.server.ts) gets the row marked `mail_status = 'pending'`: the mail worker
 * (mail-worker.server.ts) sends it after the commit, once, from whichever server claims it. Any
 * feature may send one; the notifications feature (src/features/notifications) shows them and marks
 * them read.
 */
import { and, eq } from 'drizzle-orm';
import type { DbOrTx } from '../db/client.server.ts';
import { notifications, roles, userRoles, users } from '../db/schema.ts';
import { publishEach } from '../realtime/publish.server.ts';
import { kindOfType } from './kinds.ts';
import { mailRecipients } from './preferences.server.ts';

export interface NotificationInput {
  /** A dotted kind, e.g. `security.new-device`, `settings.changed` (its preference group: kinds.ts). */
  type: string;
  title: string;
  body?: string;
  /** A page of the back-office (always a local path). */
  link?: string;
}

export async function notify(db: DbOrTx, userIds: number[], input: NotificationInput): Promise<void> {
  const ids = [...new Set(userIds)];
  if (!ids.length) return;
  const mailed = await mailRecipients(db, ids, kindOfType(input.type));
  const rows = await db
    .insert(notifications)
    .values(
      ids.map((userId) => ({
        userId,
        type: input.type,
        title: input.title,
        body: input.body ?? null,
        link: input.link ?? null,
        mailStatus: mailed.has(userId) ? 'pending' : null,
      })),
    )
    .returning({ id: notifications.id, userId: notifications.userId });
  await publishEach(
    db,
    'notification.created',
    ids.map((userId) => ({ user: userId, ids: rows.filter((r) => r.userId === userId).map((r) => r.id) })),
  );
}

/** Every active holder of a role (e.g. each Super Admin about a change to global settings). */
export async function notifyRole(db: DbOrTx, roleName: string, input: NotificationInput): Promise<void> {
  const holders = await db
    .select({ id: users.id })
    .from(userRoles)
    .innerJoin(roles, eq(roles.id, userRoles.roleId))
    .innerJoin(users, eq(users.id, userRoles.userId))
    .where(and(eq(roles.name, roleName), eq(users.status, 'active')));
  await notify(
    db,
    holders.map((h) => h.id),
    input,
  );
}
