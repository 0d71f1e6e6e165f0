/**
 * Housekeeping: expired sessions, finished rate-limit windows and spent reset tokens are
 * deleted at start-up and then hourly. Safe on several app servers: each delete is idempotent.
 */
import { lt, or, isNotNull } from 'drizzle-orm';
import type { Db } from './db/client.server.ts';
import { passwordResetTokens, rateLimits } from './db/schema.ts';
import { purgeExpiredSessions } from './auth/session.server.ts';

export async function purgeExpired(db: Db): Promise<void> {
  const now = new Date();
  await purgeExpiredSessions(db);
  await db.delete(rateLimits).where(lt(rateLimits.resetAt, now));
  await db.delete(passwordResetTokens).where(or(lt(passwordResetTokens.expiresAt, now), isNotNull(passwordResetTokens.usedAt)));
}

export function scheduleMaintenance(db: Db, log: (error: unknown) => void): void {
  const run = () => purgeExpired(db).catch(log);
  void run();
  setInterval(run, 3_600_000).unref();
}
