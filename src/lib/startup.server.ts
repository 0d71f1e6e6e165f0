/**
 * Imported by the built server's entry (see `bootAtStartup` in astro.config.mjs), so the
 * configuration is checked and the database opened when the process starts, not at the
 * first request. A bad variable stops the server with a message that names it.
 */
import { ConfigError, config } from './config.server.ts';
import { boot, shutdown } from './boot.server.ts';
import { settled } from './http/in-flight.server.ts';
import { DatabaseLockedError } from './db/lock.server.ts';

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
  boot().catch(fail);
  // A stop from the process manager (systemd, Docker, a terminal's Ctrl-C) lets the requests being
  // answered finish (up to 5 s), then closes the database: PGlite checkpoints and releases its lock,
  // and PostgreSQL connections end cleanly instead of being cut. After 10 s the process leaves anyway.
  for (const signal of ['SIGTERM', 'SIGINT'] as const) {
    process.once(signal, () => {
      setTimeout(() => process.exit(0), 10_000).unref();
      settled(5_000)
        .then(() => shutdown())
        .catch((error) => console.error(`Closing the database on ${signal} failed: ${(error as Error)?.message ?? error}`))
        .finally(() => process.exit(0));
    });
  }
}
