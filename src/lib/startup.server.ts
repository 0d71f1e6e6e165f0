/**
 * Imported by the built server's entry (see `bootAtStartup` in astro.config.mjs), so the
 * configuration is checked and the database opened when the process starts, not at the
 * first request. A bad variable stops the server with a message that names it.
 */
import { ConfigError, config } from './config.server.ts';
import { boot } from './boot.server.ts';
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
}
