/**
 * Fixed-window counters in the database, so every app server shares them.
 * One atomic upsert per hit: no read-modify-write race between servers.
 */
import { eq, sql } from 'drizzle-orm';
import { rowsOf, type DbOrTx } from '../db/client.server.ts';
import { rateLimits } from '../db/schema.ts';

export interface LimitState {
  count: number;
  retryAfterSeconds: number;
}

export async function hitLimit(db: DbOrTx, key: string, windowSeconds: number): Promise<LimitState> {
  const rows = await db.execute<{ count: number; reset_at: string | Date }>(sql`
    insert into rate_limits (key, count, reset_at)
    values (${key}, 1, now() + make_interval(secs => ${windowSeconds}))
    on conflict (key) do update set
      count = case when rate_limits.reset_at <= now() then 1 else rate_limits.count + 1 end,
      reset_at = case when rate_limits.reset_at <= now() then excluded.reset_at else rate_limits.reset_at end
    returning count, reset_at`);
  return toState(rowsOf<LimitRow>(rows)[0]!);
}

export async function peekLimit(db: DbOrTx, key: string): Promise<LimitState> {
  const rows = await db.execute<{ count: number; reset_at: string | Date }>(
    sql`select count, reset_at from rate_limits where key = ${key} and reset_at > now()`,
  );
  const row = rowsOf<LimitRow>(rows)[0];
  return row ? toState(row) : { count: 0, retryAfterSeconds: 0 };
}

export async function clearLimit(db: DbOrTx, key: string): Promise<void> {
  await db.delete(rateLimits).where(eq(rateLimits.key, key));
}

type LimitRow = { count: number; reset_at: string | Date };

function toState(row: LimitRow): LimitState {
  const resetAt = new Date(row.reset_at).getTime();
  return { count: Number(row.count), retryAfterSeconds: Math.max(1, Math.ceil((resetAt - Date.now()) / 1000)) };
}

