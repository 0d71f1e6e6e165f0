/**
 * Each user's notification preferences (per kind: in the back-office always, by mail on or off),
 * kept in notification_preferences; a kind with no row follows its default (kinds.ts).
 */
import { eq, sql, type SQL } from 'drizzle-orm';
import type { DbOrTx } from '../db/client.server.ts';
import { notificationPreferences } from '../db/schema.ts';
import { logActivity, type Actor } from '../activity/activity.server.ts';
import { NOTIFICATION_KINDS, kindsFor, type NotificationKindKey } from './kinds.ts';

export interface KindPreference {
  key: NotificationKindKey;
  label: string;
  description: string;
  mail: boolean;
}

/** The kinds this account can receive, each with whether it is mailed. */
export async function preferencesOf(db: DbOrTx, user: { id: number; userType: string }): Promise<KindPreference[]> {
  const rows = await db
    .select({ kind: notificationPreferences.kind, mail: notificationPreferences.mail })
    .from(notificationPreferences)
    .where(eq(notificationPreferences.userId, user.id));
  const chosen = new Map(rows.map((r) => [r.kind, r.mail]));
  return kindsFor(user.userType).map((k) => ({
    key: k.key as NotificationKindKey,
    label: k.label,
    description: k.description,
    mail: chosen.get(k.key) ?? k.mailByDefault,
  }));
}

/**
 * Whether the user `userId` (an SQL expression: notify's recipient column) gets `kind` by mail, in
 * SQL, by the rule preferencesOf shows: their row for the kind, else the kind's default.
 */
export function mailsKindSql(userId: SQL, kind: NotificationKindKey): SQL {
  const byDefault = NOTIFICATION_KINDS.find((k) => k.key === kind)?.mailByDefault ?? false;
  return sql`coalesce((select ${notificationPreferences.mail} from ${notificationPreferences} where ${notificationPreferences.userId} = ${userId} and ${notificationPreferences.kind} = ${kind}), ${byDefault}::boolean)`;
}

/**
 * Saves the user's choice: `mail` lists the kinds to mail; every other kind this account can
 * receive is shown in the back-office only. One row per kind, so a later default never overrides a
 * choice made. The change is logged (area `profile`, action `notification-preferences`) in the
 * same transaction. Answers the preferences as saved.
 */
export async function savePreferences(
  db: DbOrTx,
  user: { id: number; userType: string; name: string },
  mail: NotificationKindKey[],
  actor: Actor,
): Promise<KindPreference[]> {
  const before = await preferencesOf(db, user);
  const wanted = new Set(mail);
  const kinds = kindsFor(user.userType);
  const changes: Record<string, [boolean, boolean]> = {};
  for (const k of kinds) {
    const was = before.find((b) => b.key === k.key)!.mail;
    const now = wanted.has(k.key as NotificationKindKey);
    if (was !== now) changes[`mail_${k.key}`] = [was, now];
  }
  await db
    .insert(notificationPreferences)
    .values(kinds.map((k) => ({ userId: user.id, kind: k.key, mail: wanted.has(k.key as NotificationKindKey), updatedAt: new Date() })))
    .onConflictDoUpdate({
      target: [notificationPreferences.userId, notificationPreferences.kind],
      set: { mail: sql`excluded.mail`, updatedAt: new Date() },
    });
  if (Object.keys(changes).length) {
    await logActivity(db, actor, { area: 'profile', action: 'notification-preferences', recordId: user.id, recordName: user.name, changes });
  }
  return preferencesOf(db, user);
}
