/** The notification calls: the list, the unread count, and marking read or unread. */
import type { APIContext } from 'astro';
import { db } from '@/lib/boot.server.ts';
import { json, queryObject, readInput } from '@/lib/http/api.server.ts';
import { markNotifications } from './notifications.server.ts';
import { unreadNotificationCount as unreadCount } from '@/lib/notifications/unread.server.ts';
import { notificationSource } from './notification.resource.server.ts';
import { markReadSchema, markUnreadSchema } from './notification.list.ts';

const scopeOf = (context: APIContext) => ({ principal: context.locals.principal!, actor: context.locals.actor });
const userOf = (context: APIContext) => context.locals.principal!.user.id;

export async function listNotifications(context: APIContext) {
  return json(await notificationSource.list(db(), scopeOf(context), notificationSource.parseListQuery(queryObject(context.url))));
}

export async function countUnread(context: APIContext) {
  return json({ data: { unread: await unreadCount(db(), userOf(context)) } });
}

export function markEndpoint(read: boolean) {
  return async (context: APIContext) => {
    const input = await readInput(context.request, read ? markReadSchema : markUnreadSchema);
    const changed = await db().transaction((tx) =>
      markNotifications(tx, userOf(context), context.locals.actor, { ids: 'all' in input && input.all ? 'all' : input.ids!, read }),
    );
    const unread = await unreadCount(db(), userOf(context));
    const what = changed === 1 ? '1 notification' : `${changed} notifications`;
    return json({
      message: changed ? `${what} marked as ${read ? 'read' : 'unread'}.` : `Nothing to mark: already ${read ? 'read' : 'unread'}.`,
      data: { changed, unread },
    });
  };
}
