/**
 * The bell's count against a real (in-memory) PGlite database: exact up to UNREAD_COUNT_CAP, then
 * the cap (a Super Admin hears of every order; the count must not grow with the marketplace).
 */
import { describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import { useMemoryDatabase } from '../helpers/memory-database.ts';
import { UNREAD_COUNT_CAP, unreadNotificationCount } from '../../src/lib/notifications/unread.server.ts';

const memory = useMemoryDatabase();

async function userWith(unread: number, read: number): Promise<number> {
  const db = memory.database.db;
  const email = `bell-${unread}-${read}@example.com`;
  const [user] = (
    (await db.execute(sql`insert into users (name, email, password_hash, user_type) values ('Bell', ${email}, 'x', 'staff') returning id`)) as unknown as {
      rows: { id: number }[];
    }
  ).rows;
  await db.execute(sql`insert into notifications (user_id, type, title) select ${user!.id}, 'orders.placed', 'New order' from generate_series(1, ${unread})`);
  await db.execute(
    sql`insert into notifications (user_id, type, title, read_at) select ${user!.id}, 'orders.placed', 'Old order', now() from generate_series(1, ${read})`,
  );
  return user!.id;
}

describe('unreadNotificationCount', () => {
  it('counts exactly the unread ones below the cap', async () => {
    expect(await unreadNotificationCount(memory.database.db, await userWith(7, 5))).toBe(7);
  });

  it('stops at the cap', async () => {
    expect(await unreadNotificationCount(memory.database.db, await userWith(UNREAD_COUNT_CAP + 50, 0))).toBe(UNREAD_COUNT_CAP);
  });
});
