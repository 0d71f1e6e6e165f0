import { desc, eq } from 'drizzle-orm';
import { db } from '@/lib/boot.server.ts';
import { endpoint, json } from '@/lib/http/api.server.ts';
import { activityLogs } from '@/lib/db/schema.ts';
import { describeActivity } from '@/app/activity/activity-entries.server.ts';

/** The signed-in person's own recent activity, for the right panel: each entry with its record's and fields' labels, as the log shows them. */
export const GET = endpoint(async ({ locals }) => {
  const rows = await db().select().from(activityLogs).where(eq(activityLogs.actorId, locals.realPrincipal!.user.id)).orderBy(desc(activityLogs.id)).limit(20);
  const entries = rows.map((r) => ({
    id: r.id,
    at: r.at.toISOString(),
    area: r.area,
    action: r.action,
    record_id: r.recordId,
    record_name: r.recordName,
    changes: r.changes,
    impersonated_user_id: r.impersonatedUserId,
  }));
  // The entries are the real person's (an administrator's while impersonating), so are the records they name.
  return json({ data: await describeActivity(db(), { principal: locals.realPrincipal!, actor: locals.actor }, entries) });
});
