/** The notification calls: the list, the unread count, and marking read or unread. */
import type { APIContext } from 'astro';
import { z } from 'zod';
import { db } from '../../lib/boot.server.ts';
import { json, queryObject, readInput } from '../../lib/http/api.server.ts';
import { markNotifications, unreadCount } from './notifications.server.ts';
import { notificationSource } from './notification.resource.server.ts';

const scopeOf = (context: APIContext) => ({ principal: context.locals.principal!, actor: context.locals.actor });
const userOf = (context: APIContext) => context.locals.principal!.user.id;

export async function listNotifications(context: APIContext) {
  return json(await notificationSource.list(db(), scopeOf(context), notificationSource.parseListQuery(queryObject(context.url))));
}

export async function countUnread(context: APIContext) {
  return json({ data: { unread: await unreadCount(db(), userOf(context)) } });
}

const idsOrAll = z.union(
  [
    z.strictObject({ ids: z.array(z.number().int().positive()).min(1, 'Choose at least one notification.').max(1000, 'At most 1000 at a time.') }),
    z.strictObject({ all: z.literal(true) }),
  ],
  { error: 'Send `ids` (a list of notification ids) or `all: true`.' },
);

export function markEndpoint(read: boolean) {
  return async (context: APIContext) => {
    const input = await readInput(context.request, read ? idsOrAll : idsOrAll.options[0]);
    const changed = await db().transaction((tx) => markNotifications(tx, userOf(context), context.locals.actor, { ids: 'all' in input ? 'all' : input.ids, read }));
    const unread = await unreadCount(db(), userOf(context));
    const what = changed === 1 ? '1 notification' : `${changed} notifications`;
    return json({ message: changed ? `${what} marked as ${read ? 'read' : 'unread'}.` : `Nothing to mark: already ${read ? 'read' : 'unread'}.`, data: { changed, unread } });
  };
}
