/**
 * Notifications: the one way to tell a user something happened (a sign-in from a new device, a
 * password change, an impersonation, a change to global settings). Written in the transaction of
 * the event, so a notification exists exactly when its event does. Read/unread is per user.
 */
import { and, count, eq, inArray, isNull, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../lib/db/client.server.ts';
import { notifications, roles, userRoles, users } from '../../lib/db/schema.ts';
import { logActivity, type Actor } from '../../lib/activity/activity.server.ts';

export interface NotificationInput {
  /** A dotted kind, e.g. `security.new-device`, `settings.changed`. */
  type: string;
  title: string;
  body?: string;
  /** A page of the back-office (always a local path). */
  link?: string;
}

export async function notify(db: DbOrTx, userIds: number[], input: NotificationInput): Promise<void> {
  const ids = [...new Set(userIds)];
  if (!ids.length) return;
  await db.insert(notifications).values(ids.map((userId) => ({ userId, type: input.type, title: input.title, body: input.body ?? null, link: input.link ?? null })));
}

/** Every active holder of a role (e.g. each Super Admin about a change to global settings). */
export async function notifyRole(db: DbOrTx, roleName: string, input: NotificationInput): Promise<void> {
  const holders = await db
    .select({ id: users.id })
    .from(userRoles)
    .innerJoin(roles, eq(roles.id, userRoles.roleId))
    .innerJoin(users, eq(users.id, userRoles.userId))
    .where(and(eq(roles.name, roleName), eq(users.status, 'active')));
  await notify(db, holders.map((h) => h.id), input);
}

export async function unreadCount(db: DbOrTx, userId: number): Promise<number> {
  const [row] = await db.select({ n: count() }).from(notifications).where(and(eq(notifications.userId, userId), isNull(notifications.readAt)));
  return Number(row?.n ?? 0);
}

/**
 * Marks the user's own notifications read (or unread again). Ids of other users' notifications
 * are ignored: they are not this user's to change. Answers how many changed.
 */
export async function markNotifications(db: DbOrTx, userId: number, actor: Actor, change: { ids: number[] | 'all'; read: boolean }): Promise<number> {
  const own = eq(notifications.userId, userId);
  const which = change.ids === 'all' ? own : and(own, inArray(notifications.id, change.ids));
  const changed = await db
    .update(notifications)
    .set({ readAt: change.read ? sql`now()` : null })
    .where(and(which, change.read ? isNull(notifications.readAt) : sql`${notifications.readAt} is not null`))
    .returning({ id: notifications.id });
  if (changed.length) {
    await logActivity(db, actor, {
      area: 'notifications',
      action: change.read ? 'mark-read' : 'mark-unread',
      recordId: change.ids === 'all' ? 'all' : changed.map((c) => c.id).join(',').slice(0, 200),
      changes: { read_at: [change.read ? null : 'set', change.read ? 'set' : null], count: [null, changed.length] },
    });
  }
  return changed.length;
}
