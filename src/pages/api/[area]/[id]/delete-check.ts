import { endpoint } from '@/lib/http/api.server.ts';
import { deleteCheck } from '@/app/areas/area-endpoints.server.ts';

/** GET /api/<area>/:id/delete-check: could it be deleted now, and if not, what uses it. */
export const GET = endpoint(deleteCheck);
