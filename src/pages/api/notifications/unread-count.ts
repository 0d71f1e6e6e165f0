import { endpoint } from '@/lib/http/api.server.ts';
import { countUnread } from '@/features/notifications/notifications.api.server.ts';

/** GET /api/notifications/unread-count: `{ data: { unread } }`, for the bell. */
export const GET = endpoint(countUnread);
