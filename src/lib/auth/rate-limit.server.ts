/**
 * Fixed-window counters in the database, so every app server shares them.
 * One atomic upsert per hit: no read-modify-write race between servers.
 *
 * A limit that guards a check (a password) counts first: `takeSlots` before the check, never
 * `peekLimit` then a hit after it, or a burst of attempts all pass the peek before any of them is
 * counted (decision 018).
 */
import { eq, sql } from 'drizzle-orm';
import { rowsOf, type Db, type DbOrTx } from '@/lib/db/client.server.ts';
import { rateLimits } from '@/lib/db/schema.ts';

export interface LimitState {
  count: number;
  retryAfterSeconds: number;
}

/** One hit: its place in the window (`count`), and which window it was, for `refundHit`. */
export interface Hit extends LimitState {
  key: string;
  /** The window's end, as the database's exact text of its epoch (opaque). */
  window: string;
}

/**
 * Counts a hit in its own statement's transaction (hence `Db`, never a caller's transaction), whose
 * commit doesn't wait for the disk (`synchronous_commit` off for it alone): a counter is one row every
 * request of its key updates, and a crash of the database may forget the last fraction of a second of
 * hits, which a limit measured in minutes can afford (decision 062).
 */
export async function hitLimit(db: Db, key: string, windowSeconds: number): Promise<Hit> {
  const rows = await db.execute<LimitRow & { window_end: string }>(sql`
    insert into rate_limits (key, count, reset_at)
    select ${key}, 1, now() + make_interval(secs => ${windowSeconds})
    from (select set_config('synchronous_commit', 'off', true)) as relaxed_commit
    on conflict (key) do update set
      count = case when rate_limits.reset_at <= now() then 1 else rate_limits.count + 1 end,
      reset_at = case when rate_limits.reset_at <= now() then excluded.reset_at else rate_limits.reset_at end
    returning count, reset_at, extract(epoch from reset_at)::text as window_end`);
  const row = rowsOf<LimitRow & { window_end: string }>(rows)[0]!;
  return { ...toState(row), key, window: String(row.window_end) };
}

/**
 * Gives one hit back, in the window it was counted in and no other: once that window has ended
 * and a new one begun, the refund is dropped (it must not lend a slot to the next window).
 */
export async function refundHit(db: DbOrTx, hit: Hit): Promise<void> {
  await db.execute(sql`
    update rate_limits set count = count - 1
    where key = ${hit.key} and count > 0 and extract(epoch from reset_at)::text = ${hit.window}`);
}

export interface Slot {
  key: string;
  /** How many hits a window allows on this key. */
  max: number;
}

/**
 * Counting first: takes one slot in each counter (one atomic upsert each) before the work it
 * guards runs. `retryAfterSeconds` is 0 when every slot is within its limit; otherwise the longest
 * wait among the counters past theirs, and the work must not run.
 */
export async function takeSlots(db: Db, slots: Slot[], windowSeconds: number): Promise<{ hits: Hit[]; retryAfterSeconds: number }> {
  const hits = await Promise.all(slots.map((slot) => hitLimit(db, slot.key, windowSeconds)));
  const retryAfterSeconds = Math.max(0, ...hits.map((hit, i) => (hit.count > slots[i]!.max ? hit.retryAfterSeconds : 0)));
  return { hits, retryAfterSeconds };
}

/** Reads a counter without counting: for showing a state, never for deciding whether to check a secret. */
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
