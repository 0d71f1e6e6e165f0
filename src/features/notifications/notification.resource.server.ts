/** The notification list on the server: a read-only list of the signed-in user's own rows. */
import { eq, sql } from 'drizzle-orm';
import { notifications } from '@/lib/db/schema.ts';
import { defineReadOnlyList } from '@/lib/areas/read-only-list.server.ts';
import { notificationList } from './notification.list.ts';

interface NotificationRow extends Record<string, unknown> {
  id: number;
  type: string;
  title: string;
  body: string | null;
  link: string | null;
  readAt: Date | null;
  createdAt: Date;
}

const state = sql<string>`case when ${notifications.readAt} is null then 'unread' else 'read' end`;

export const notificationSource = defineReadOnlyList<NotificationRow>({
  area: notificationList,
  table: notifications,
  tableName: 'notifications',
  selection: {
    id: notifications.id,
    type: notifications.type,
    title: notifications.title,
    body: notifications.body,
    link: notifications.link,
    readAt: notifications.readAt,
    createdAt: notifications.createdAt,
  },
  columns: {
    title: { column: notifications.title, kind: 'text', sortable: true, filterable: true },
    type: { column: notifications.type, kind: 'text', sortable: true, filterable: true },
    state: { column: state, kind: 'enum', sortable: true, filterable: true, options: ['unread', 'read'] },
    created_at: { column: notifications.createdAt, kind: 'date', sortable: true, filterable: true },
  },
  searchColumns: [notifications.title, notifications.body],
  // Whoever is signed in (the impersonated user while impersonating) sees only their own.
  scope: (s) => eq(notifications.userId, s.principal.user.id),
  serialize: (r) => ({
    id: Number(r.id),
    type: r.type,
    title: r.title,
    body: r.body ?? '',
    // Only local paths: a notification never sends anyone off-site.
    link: r.link && r.link.startsWith('/') && !r.link.startsWith('//') ? r.link : null,
    state: r.readAt ? 'read' : 'unread',
    read_at: r.readAt ? r.readAt.toISOString() : null,
    created_at: r.createdAt.toISOString(),
  }),
});
