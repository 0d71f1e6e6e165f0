/** GET /api/activity-logs: the list contract over the activity log (read-only: no other method exists). */
import { db } from '@/lib/boot.server.ts';
import { endpoint, json, queryObject } from '@/lib/http/api.server.ts';
import { activityLogSource } from '@/features/activity-logs/activity-log.resource.server.ts';

export const GET = endpoint(async ({ url, locals }) =>
  json(await activityLogSource.list(db(), { principal: locals.principal!, actor: locals.actor }, activityLogSource.parseListQuery(queryObject(url)))),
);
