/**
 * A user's notifications: marking them read or unread (per user; how many are unread:
 * src/lib/notifications/unread.server.ts).
 * Sending one is `notify()` (src/lib/notifications/notify.server.ts), which any feature may call.
 */
import { and, eq, inArray, isNull, sql } from 'drizzle-orm';
import type { DbOrTx } from '@/lib/db/client.server.ts';
import { notifications } from '@/lib/db/schema.ts';
import { logActivity, type Actor } from '@/lib/activity/activity.server.ts';

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
      recordId:
        change.ids === 'all'
          ? 'all'
          : changed
              .map((c) => c.id)
              .join(',')
              .slice(0, 200),
      changes: { read_at: [change.read ? null : 'set', change.read ? 'set' : null], count: [null, changed.length] },
    });
  }
  return changed.length;
}
