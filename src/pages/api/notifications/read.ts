import { endpoint } from '@/lib/http/api.server.ts';
import { markEndpoint } from '@/features/notifications/notifications.api.server.ts';

/** POST /api/notifications/read `{ ids }` or `{ all: true }`: answers `{ data: { changed, unread } }`. */
export const POST = endpoint(markEndpoint(true));
