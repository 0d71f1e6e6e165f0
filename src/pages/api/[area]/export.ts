import { endpoint } from '@/lib/http/api.server.ts';
import { exportRecords } from '@/app/areas/area-endpoints.server.ts';

/** GET /api/<area>/export?<list params>[&ids=1,2,3]: CSV of the filtered set or of the given rows. */
export const GET = endpoint(exportRecords);
