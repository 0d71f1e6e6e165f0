import { endpoint } from '@/lib/http/api.server.ts';
import { bulkDelete } from '@/app/areas/area-endpoints.server.ts';

/** POST /api/<area>/bulk-delete `{ ids }` or `{ filter }`: all or nothing. */
export const POST = endpoint(bulkDelete);
