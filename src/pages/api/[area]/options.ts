import { endpoint } from '@/lib/http/api.server.ts';
import { listOptions } from '@/app/areas/area-endpoints.server.ts';

/** GET /api/<area>/options?q=&filters=&ids=1,2: id and label of records, for pickers. */
export const GET = endpoint(listOptions);
