/** GET /api/<area> (the list contract) and POST /api/<area> (create), for every declared area. */
import { endpoint } from '@/lib/http/api.server.ts';
import { createRecord, listRecords } from '@/app/areas/area-endpoints.server.ts';

export const GET = endpoint(listRecords);
export const POST = endpoint(createRecord);
