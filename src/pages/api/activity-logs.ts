/** GET /api/activity-logs: the list contract over the activity log (read-only: no other method exists). */
import { db } from '@/lib/boot.server.ts';
import { endpoint, json, queryObject } from '@/lib/http/api.server.ts';
import { activityEntries } from '@/app/activity/activity-entries.server.ts';

export const GET = endpoint(async ({ url, locals }) =>
  json(await activityEntries.list(db(), { principal: locals.principal!, actor: locals.actor }, activityEntries.parseListQuery(queryObject(url)))),
);
