/**
 * The bell's count, one way for every reader (the shell's statement, /api/user, the bell's endpoint,
 * the realtime stream).
 */
import { sql, type SQL } from 'drizzle-orm';
import { rowsOf, type DbOrTx } from '@/lib/db/client.server.ts';
import { notifications } from '@/lib/db/schema.ts';

/**
 * Unread notifications are counted up to this and no further: the bell reads "99+" from 100 on, and
 * a Super Admin hears of every order, so one who never reads them would otherwise have a million
 * counted on every page.
 */
export const UNREAD_COUNT_CAP = 1000;

/** A user's unread notifications (up to UNREAD_COUNT_CAP), as a value another statement can carry (the shell reads its counts in one). */
export const unreadNotificationCountSql = (userId: number): SQL<number> =>
  sql<number>`(select count(*)::int from (select 1 from ${notifications} where ${notifications.userId} = ${userId} and ${notifications.readAt} is null limit ${UNREAD_COUNT_CAP}) as unread)`.mapWith(
    Number,
  );

export async function unreadNotificationCount(db: DbOrTx, userId: number): Promise<number> {
  const [row] = rowsOf<{ n: number }>(await db.execute(sql`select ${unreadNotificationCountSql(userId)} as n`));
  return Number(row?.n ?? 0);
}
