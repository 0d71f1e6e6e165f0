import { endpoint } from '@/lib/http/api.server.ts';
import { reorderRecords } from '@/app/areas/area-endpoints.server.ts';

/** POST /api/<area>/reorder `{ ids, q?, filters? }`, for areas declaring `reorder`. */
export const POST = endpoint(reorderRecords);
