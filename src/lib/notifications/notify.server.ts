/**
 * Notifications: the one way to tell a user something happened (a sign-in from a new device, a
 * password change, an impersonation, a change to global settings, a decision on a store or a
 * product). Written in the transaction of the event, so a notification exists exactly when its event
 * does; in the same transaction a realtime event tells every server, whose streams update the bell
 * of each recipient's open tabs (src/lib/realtime), and each recipient who chose mail for the kind
 * (preferences.server.ts) gets the row marked `mail_status = 'pending'`: the mail worker
 * (mail-worker.server.ts) sends it after the commit, once, from whichever server claims it. Any
 * feature may send one; the notifications feature (src/features/notifications) shows them and marks
 * them read.
 */
import { and, eq, sql, type SQL } from 'drizzle-orm';
import type { DbOrTx } from '../db/client.server.ts';
import { notifications, realtimeEvents, roles, userRoles, users } from '../db/schema.ts';
import type { RealtimeKind } from '../realtime/publish.server.ts';
import { kindOfType } from './kinds.ts';
import { mailsKindSql } from './preferences.server.ts';

export interface NotificationInput {
  /** A dotted kind, e.g. `security.new-device`, `settings.changed` (its preference group: kinds.ts). */
  type: string;
  title: string;
  body?: string;
  /** A page of the back-office (always a local path). */
  link?: string;
}

const CREATED: RealtimeKind = 'notification.created';

/**
 * The notifications to `recipients` (a query answering user ids) in ONE statement: each recipient
 * once, its row marked for mail by the recipient's preference for the kind (or the kind's default:
 * preferences.server.ts), and one realtime event per recipient with the new rows' ids
 * (`notification.created`: { user, ids }, as publish.server.ts writes it). Four round trips before
 * (recipients, preferences, rows, events); an order placed sends two of these.
 */
async function insertNotifications(db: DbOrTx, recipients: SQL, input: NotificationInput): Promise<void> {
  await db.execute(sql`
    with recipients as (select distinct r.user_id from (${recipients}) as r(user_id)),
    made as (
      insert into ${notifications} (user_id, type, title, body, link, mail_status)
      select r.user_id, ${input.type}, ${input.title}, ${input.body ?? null}::text, ${input.link ?? null}::text,
             case when ${mailsKindSql(sql`r.user_id`, kindOfType(input.type))} then 'pending' end
        from recipients r
      returning id, user_id
    )
    insert into ${realtimeEvents} (kind, payload)
    select ${CREATED}, jsonb_build_object('user', made.user_id, 'ids', jsonb_agg(made.id order by made.id)) from made group by made.user_id`);
}

export async function notify(db: DbOrTx, userIds: number[], input: NotificationInput): Promise<void> {
  const ids = [...new Set(userIds)].filter((id) => Number.isSafeInteger(id));
  if (!ids.length) return;
  await insertNotifications(
    db,
    sql`select unnest(array[${sql.join(
      ids.map((id) => sql`${id}`),
      sql`, `,
    )}]::int[])`,
    input,
  );
}

/** Every active holder of a role (e.g. each Super Admin about a change to global settings). */
export async function notifyRole(db: DbOrTx, roleName: string, input: NotificationInput): Promise<void> {
  await insertNotifications(
    db,
    db
      .select({ id: users.id })
      .from(userRoles)
      .innerJoin(roles, eq(roles.id, userRoles.roleId))
      .innerJoin(users, eq(users.id, userRoles.userId))
      .where(and(eq(roles.name, roleName), eq(users.status, 'active')))
      .getSQL(),
    input,
  );
}

/**
 * Every active user of a store (a decision on the store or a product, a new order, a parcel moved by
 * staff, a payout's outcome), in the same one statement; each who chose mail for the kind gets it after
 * the commit (mail-worker.server.ts).
 */
export async function notifyVendor(db: DbOrTx, vendorId: number, input: NotificationInput): Promise<void> {
  await insertNotifications(
    db,
    db
      .select({ id: users.id })
      .from(users)
      .where(and(eq(users.vendorId, vendorId), eq(users.status, 'active')))
      .getSQL(),
    input,
  );
}
