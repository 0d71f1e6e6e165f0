/** GET, PUT (multipart or JSON, with `version`) and DELETE /api/<area>/<id>. */
import { endpoint } from '@/lib/http/api.server.ts';
import { deleteRecord, readRecord, updateRecord } from '@/app/areas/area-endpoints.server.ts';

export const GET = endpoint(readRecord);
export const PUT = endpoint(updateRecord);
export const DELETE = endpoint(deleteRecord);
