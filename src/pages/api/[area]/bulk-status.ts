import { endpoint } from '@/lib/http/api.server.ts';
import { bulkStatus } from '@/app/areas/area-endpoints.server.ts';

/** POST /api/<area>/bulk-status `{ ids | filter, status }`. */
export const POST = endpoint(bulkStatus);
