/**
 * Imported first by src/middleware.ts, so the configuration is checked and the database opened as
 * soon as the app loads (src/server/main.ts loads it and asks /api/health once it listens), not at
 * a visitor's request. A bad variable or a locked data folder stops the server with a message that
 * names it.
 */
import { ConfigError, config } from '@/lib/config.server.ts';
import { boot, shutdown } from '@/lib/boot.server.ts';
import { settled } from '@/lib/http/in-flight.server.ts';
import { DatabaseLockedError } from '@/lib/db/lock.server.ts';
import { flushLogsAndWait, logger } from '@/lib/log.server.ts';
import { publicOrigin } from '@/lib/http/public-origin.server.ts';
import { seedDemoData } from './db/seed.server.ts';
import { backfillVendorStatuses } from '@/features/vendors/vendors.service.server.ts';
import { stopImportRunner } from '@/features/products/product-import-jobs.server.ts';
import { startProductImports } from './products/product-import.server.ts';
import { startRealtime, stopRealtime } from '@/lib/realtime/hub.server.ts';
import { startMailWorker, stopMailWorker } from '@/lib/notifications/mail-worker.server.ts';
import { realtimeCatalogue } from './realtime/catalogue.server.ts';
import { startPayoutSchedule, stopPayoutSchedule } from '@/app/payouts/payout-schedule.server.ts';
import { startUnpaidExpiry, stopUnpaidExpiry } from '@/app/payments/unpaid-expiry.server.ts';

/** The database, opened once with this app's demo data; the middleware awaits it on every request. */
let ready: ReturnType<typeof boot> | undefined;
export const booted = () =>
  (ready ??= boot(seedDemoData).then(async (database) => {
    // Vendor statuses from before issue 14 ('approved' → 'active', unfinished → 'draft'): idempotent, every start.
    await backfillVendorStatuses(database.db);
    // Bulk import jobs run in the background of every server (the build doesn't run them).
    if (!process.env.ASTRO_BUILDING) {
      startProductImports(database.db, database.driver);
      // Live updates: this server's event streams, fed by every server's committed events (decision 038).
      await startRealtime(database, realtimeCatalogue, logger(), config().REALTIME_HEARTBEAT_SECONDS);
      // Notifications their recipients chose to get by mail, sent after the commit by one server.
      startMailWorker(database.db, logger());
      // Payout cycles: every server looks, one makes the payouts (FOR UPDATE SKIP LOCKED; decision 052).
      startPayoutSchedule(database.db, config().PAYOUT_SCHEDULE_SECONDS, logger());
      // Unpaid prepaid orders past the window are cancelled: every server looks, one cancels each (SKIP LOCKED; decision 059).
      if (config().UNPAID_EXPIRY_SECONDS > 0) startUnpaidExpiry(database.db, config().UNPAID_EXPIRY_SECONDS, logger());
    }
    return database;
  }));

function fail(error: unknown): never {
  const message = error instanceof ConfigError || error instanceof DatabaseLockedError ? error.message : `Start-up failed: ${(error as Error)?.stack ?? error}`;
  console.error(message);
  process.exit(1);
}

if (!process.env.ASTRO_BUILDING) {
  try {
    config();
  } catch (error) {
    fail(error);
  }
  booted()
    .then(() => {
      if (config().TEST_CLOCK_FILE)
        logger().warn({ file: config().TEST_CLOCK_FILE }, 'TEST_CLOCK_FILE is set: money is timed by a test clock. Never set it in production.');
      if (!config().PUBLIC_URL) logger().info({ origin: publicOrigin() }, 'PUBLIC_URL is not set: links in mail point to the address the server listens on');
    })
    .catch(fail);
  // A stop from the process manager (systemd, Docker, a terminal's Ctrl-C, `npm start`'s wrapper)
  // lets the requests being answered finish (up to 5 s), closes the database (PGlite checkpoints and
  // releases its lock; PostgreSQL connections end cleanly instead of being cut), writes the last log
  // lines, then exits. The signal often arrives more than once: systemd and a terminal signal the
  // whole process group, and the wrapper passes its own on as well. Every later one joins the stop
  // under way; none may cut it short. After 10 s the process leaves anyway.
  let stopping: Promise<void> | undefined;
  const stop = (signal: NodeJS.Signals) => {
    stopping ??= (async () => {
      logger().info({ signal }, 'stopping: finishing the requests in flight, then closing the database');
      setTimeout(() => process.exit(0), 10_000).unref();
      try {
        // Open event streams end now (they would never finish on their own); browsers reconnect to another server.
        await stopRealtime();
        await settled(5_000);
        // The import batch under way commits (or rolls back) before the database closes; the job resumes on the next start.
        await stopImportRunner();
        // The mail batch under way is sent and marked; the rest waits for the next start or another server.
        await stopMailWorker();
        await stopPayoutSchedule();
        await stopUnpaidExpiry();
        await shutdown();
      } catch (error) {
        console.error(`Closing the database on ${signal} failed: ${(error as Error)?.message ?? error}`);
      }
      await flushLogsAndWait();
      process.exit(0);
    })();
  };
  for (const signal of ['SIGTERM', 'SIGINT', 'SIGHUP'] as const) process.on(signal, stop);
}
