/**
 * Two-factor sign-in's tables (Drizzle), beside its code. The TOTP secret and the "on since" time
 * live on `users` (src/lib/db/schema.ts: totp_secret, encrypted; totp_enabled_at).
 */
import { bigint, index, integer, pgTable, serial, text, timestamp } from 'drizzle-orm/pg-core';
import { users } from '../../lib/db/schema.ts';

/** Ten single-use codes per user, for when the authenticator app is lost. Only their SHA-256 is kept. */
export const userRecoveryCodes = pgTable(
  'user_recovery_codes',
  {
    id: serial('id').primaryKey(),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    codeHash: text('code_hash').notNull(),
    usedAt: timestamp('used_at', { withTimezone: true }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('user_recovery_codes_user_idx').on(t.userId)],
);

/**
 * The last TOTP time step (30-second window) each user signed in with: a code is accepted only for
 * a later step, so a code seen over someone's shoulder can't be used again within its window.
 */
export const userTotpSteps = pgTable('user_totp_steps', {
  userId: integer('user_id')
    .primaryKey()
    .references(() => users.id, { onDelete: 'cascade' }),
  lastStep: bigint('last_step', { mode: 'number' }).notNull(),
});
