/**
 * The signed-in user's notifications (spec: /notifications, permission notifications:list):
 * the shared list contract over their own rows only; read/unread is the one thing they change.
 */
import { z } from 'zod';
import type { AreaListDeclaration } from '@/lib/areas/area.ts';
import { recordIds } from '@/lib/http/integers.ts';

export const NOTIFICATION_STATES = [
  { value: 'unread', label: 'Unread' },
  { value: 'read', label: 'Read' },
] as const;

export const notificationList: AreaListDeclaration = {
  key: 'notifications',
  permissionArea: 'notifications',
  label: 'Notifications',
  singular: 'Notification',
  paths: { list: '/notifications' },
  titleField: 'title',
  defaultSort: { field: 'created_at', order: 'desc' },
  searchPlaceholder: 'Search notifications',
  columns: [
    { field: 'title', header: 'Notification', kind: 'text', sortable: true, filterable: true },
    { field: 'state', header: 'Status', kind: 'enum', sortable: true, filterable: true, options: NOTIFICATION_STATES, display: 'status' },
    { field: 'created_at', header: 'When', kind: 'date', sortable: true, filterable: true, display: 'date' },
  ],
};

// Numbers only, as before: the bell and the list send JSON.
const notificationIds = recordIds('Choose at least one notification.', 'At most 1000 at a time.', true);

/** POST /api/notifications/unread takes `{ ids }`. */
export const markUnreadSchema = z.strictObject({ ids: notificationIds });

/**
 * POST /api/notifications/read takes `{ ids }` or `{ all: true }`. One object rather than a union,
 * so a bad id is named where it is (`ids.0`), as on /unread.
 */
export const markReadSchema = z
  .strictObject({ ids: notificationIds.optional(), all: z.literal(true, { error: 'Send `all: true`, or `ids`.' }).optional() })
  .refine((v) => (v.ids === undefined) !== (v.all === undefined), { message: 'Send `ids` (a list of notification ids) or `all: true`.', path: ['ids'] });
