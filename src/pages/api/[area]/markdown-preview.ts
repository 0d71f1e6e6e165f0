import { endpoint } from '@/lib/http/api.server.ts';
import { markdownPreview } from '@/app/areas/area-endpoints.server.ts';

/** POST /api/<area>/markdown-preview `{ text }`, for areas with a Markdown field. */
export const POST = endpoint(markdownPreview);
