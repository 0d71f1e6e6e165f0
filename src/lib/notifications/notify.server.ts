/**
 * Notifications: the one way to tell a user something happened (a sign-in from a new device, a
 * password change, an impersonation, a change to global settings). Written in the transaction of
 * the event, so a notification exists exactly when its event does. Any feature may send one; the
 * notifications feature (src/features/notifications) shows them and marks them read.
 */
import { and, eq } from 'drizzle-orm';
import type { DbOrTx } from '../db/client.server.ts';
import { notifications, roles, userRoles, users } from '../db/schema.ts';

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
  await db
    .insert(notifications)
    .values(ids.map((userId) => ({ userId, type: input.type, title: input.title, body: input.body ?? null, link: input.link ?? null })));
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
