/**
 * The payout cycles' job (issue 18 §3, decision 052), run inside every server: every
 * PAYOUT_SCHEDULE_SECONDS (and at start) it looks, per cycle, whether the money clock has reached a
 * new cycle date (weekly: Mondays; fortnightly: the 1st and 16th; monthly: the 1st; IST). The cycle's
 * row in `payout_schedule_runs` is claimed as the bulk-import runner claims a job — `FOR UPDATE SKIP
 * LOCKED` — so with several servers on PostgreSQL one of them runs it and the others skip it; the
 * payouts and the row's new date commit together, and a unique index (vendor, cycle date) backs it.
 *
 * For a new date it makes, for every active vendor on that cycle, a payout of their entries payable
 * by that date's IST midnight (nothing when there is nothing positive to pay, or no verified bank
 * account: that vendor is skipped, with a log line). A cycle seen for the first time (a new
 * installation) only records its current date: payouts start at its next date.
 */
import { and, eq, sql } from 'drizzle-orm';
import type { Db } from '@/lib/db/client.server.ts';
import { vendors } from '@/lib/db/schema.ts';
import { SYSTEM_ACTOR } from '@/lib/activity/activity.server.ts';
import { now } from '@/lib/time/clock.server.ts';
import { payoutScheduleRuns } from '@/features/payouts/payouts.tables.ts';
import { cycleAt, type PayoutCycle } from '@/features/payouts/payout-rules.ts';
import { createPayoutIn, NothingToPay } from './payouts.server.ts';
import { HttpError } from '@/lib/http/errors.ts';

const CYCLES: PayoutCycle[] = ['weekly', 'fortnightly', 'monthly'];
const JOB = { id: null, name: 'Payout cycle', userType: 'system' as const };

type Log = { info(o: object, m: string): void; error(o: object, m: string): void };

/** One look at every cycle; answers how many payouts it made. */
export async function runPayoutSchedule(db: Db, log?: Log): Promise<number> {
  let made = 0;
  for (const cycle of CYCLES) {
    await db.insert(payoutScheduleRuns).values({ cycle }).onConflictDoNothing();
    made += await db.transaction(async (tx) => {
      const [run] = await tx.select().from(payoutScheduleRuns).where(eq(payoutScheduleRuns.cycle, cycle)).for('update', { skipLocked: true });
      if (!run) return 0; // another server has it
      const at = now();
      const { cycleOn, upTo } = cycleAt(cycle, at);
      if (run.lastCycleOn !== null && run.lastCycleOn >= cycleOn) return 0;
      let count = 0;
      if (run.lastCycleOn !== null) {
        const due = await tx
          .select({ id: vendors.id })
          .from(vendors)
          .where(and(eq(vendors.payoutCycle, cycle), eq(vendors.status, 'active')))
          .orderBy(vendors.id);
        for (const v of due) {
          try {
            // A savepoint per vendor: one vendor's refusal leaves the others' payouts.
            await tx.transaction((sp) => createPayoutIn(sp, SYSTEM_ACTOR, JOB, { vendorId: v.id, upTo, source: 'schedule', cycle, cycleOn }));
            count++;
          } catch (error) {
            if (!(error instanceof HttpError)) throw error;
            if (!(error instanceof NothingToPay)) log?.info({ vendor: v.id, cycle, cycleOn, reason: error.message }, 'payout cycle: vendor skipped');
          }
        }
      }
      await tx
        .update(payoutScheduleRuns)
        .set({ lastCycleOn: cycleOn, ranAt: sql`now()` })
        .where(eq(payoutScheduleRuns.cycle, cycle));
      if (count) log?.info({ cycle, cycleOn, payouts: count }, 'payout cycle: payouts made');
      return count;
    });
  }
  return made;
}

let timer: NodeJS.Timeout | undefined;
let running: Promise<unknown> | undefined;

/** Starts this server's look at the cycles: now, then every `seconds`. */
export function startPayoutSchedule(db: Db, seconds: number, log: Log): void {
  if (timer) return;
  const tick = () => {
    if (running) return;
    running = runPayoutSchedule(db, log)
      .catch((err: unknown) => log.error({ err }, 'payout cycle failed'))
      .finally(() => (running = undefined));
  };
  timer = setInterval(tick, seconds * 1000);
  timer.unref();
  tick();
}

/** Lets the look under way finish, then stops. */
export async function stopPayoutSchedule(): Promise<void> {
  if (timer) clearInterval(timer);
  timer = undefined;
  await running;
}
