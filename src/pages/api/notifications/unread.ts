import { endpoint } from '@/lib/http/api.server.ts';
import { markEndpoint } from '@/features/notifications/notifications.api.server.ts';

/** POST /api/notifications/unread `{ ids }`: marks them unread again. */
export const POST = endpoint(markEndpoint(false));
