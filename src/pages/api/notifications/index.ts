import { endpoint } from '@/lib/http/api.server.ts';
import { listNotifications } from '@/features/notifications/notifications.api.server.ts';

/** GET /api/notifications: the signed-in user's notifications (the list contract). */
export const GET = endpoint(listNotifications);
