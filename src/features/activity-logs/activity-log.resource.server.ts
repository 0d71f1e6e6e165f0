/**
 * The activity log on the server: a read-only list joined to the users who acted (and whom
 * they were impersonating). There is deliberately no create, update or delete here: entries
 * are written only by logActivity(), inside the transaction of the change they record.
 */
import { eq, sql } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import { activityLogs, users } from '@/lib/db/schema.ts';
import { defineReadOnlyList } from '@/lib/areas/read-only-list.server.ts';
import { activityLogList, SIGN_IN_ACTIONS, SIGN_IN_AREA } from './activity-log.list.ts';

/**
 * The entry's type (activity-log.list.ts), computed rather than stored, so what counts as a
 * sign-in can change without rewriting entries. The names are the code's constants, written into
 * the SQL as literals: a compiled list statement then takes only the filter's values.
 */
const quoted = (value: string) => `'${value.replace(/'/g, "''")}'`;
const entryType = sql<string>`(case when ${activityLogs.area} = ${sql.raw(quoted(SIGN_IN_AREA))} and ${activityLogs.action} in (${sql.raw(
  SIGN_IN_ACTIONS.map(quoted).join(', '),
)}) then 'sign-in' else 'other' end)`;

const actor = alias(users, 'actor');
const impersonated = alias(users, 'impersonated');

interface ActivityRow extends Record<string, unknown> {
  id: number;
  at: Date;
  actorId: number | null;
  actorName: string | null;
  impersonatedUserId: number | null;
  impersonatedName: string | null;
  area: string;
  action: string;
  recordId: string | null;
  recordName: string | null;
  type: string;
  changes: Record<string, [unknown, unknown]> | null;
  ip: string | null;
  userAgent: string | null;
}

export const activityLogSource = defineReadOnlyList<ActivityRow>({
  area: activityLogList,
  table: activityLogs,
  tableName: 'activity_logs',
  selection: {
    id: activityLogs.id,
    at: activityLogs.at,
    actorId: activityLogs.actorId,
    actorName: actor.name,
    impersonatedUserId: activityLogs.impersonatedUserId,
    impersonatedName: impersonated.name,
    area: activityLogs.area,
    action: activityLogs.action,
    recordId: activityLogs.recordId,
    recordName: activityLogs.recordName,
    type: entryType,
    changes: activityLogs.changes,
    ip: activityLogs.ip,
    userAgent: activityLogs.userAgent,
  },
  joins: (q) => q.leftJoin(actor, eq(actor.id, activityLogs.actorId)).leftJoin(impersonated, eq(impersonated.id, activityLogs.impersonatedUserId)),
  columns: {
    at: { column: activityLogs.at, kind: 'date', sortable: true, filterable: true },
    actor_id: { column: activityLogs.actorId, kind: 'number', filterable: true },
    actor_name: { column: actor.name, kind: 'text', sortable: true, filterable: true },
    impersonated_user_id: { column: activityLogs.impersonatedUserId, kind: 'number', filterable: true },
    impersonated_name: { column: impersonated.name, kind: 'text', sortable: true, filterable: true },
    area: { column: activityLogs.area, kind: 'text', sortable: true, filterable: true },
    action: { column: activityLogs.action, kind: 'text', sortable: true, filterable: true },
    record_id: { column: activityLogs.recordId, kind: 'text', sortable: true, filterable: true },
    record_name: { column: activityLogs.recordName, kind: 'text', filterable: true },
    type: { column: entryType, kind: 'enum', filterable: true, options: ['sign-in', 'other'] },
    ip: { column: activityLogs.ip, kind: 'text', filterable: true },
  },
  searchColumns: [actor.name, impersonated.name, activityLogs.area, activityLogs.action, activityLogs.recordId, activityLogs.recordName],
  serialize: (r) => ({
    id: Number(r.id),
    at: r.at.toISOString(),
    actor_id: r.actorId,
    actor_name: r.actorName,
    impersonated_user_id: r.impersonatedUserId,
    impersonated_name: r.impersonatedName,
    area: r.area,
    action: r.action,
    record_id: r.recordId,
    record_name: r.recordName,
    type: r.type,
    changes: r.changes ?? {},
    ip: r.ip,
    user_agent: r.userAgent,
  }),
});
