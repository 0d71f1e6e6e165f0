/**
 * The profile tables (Drizzle), kept beside the code that uses them. drizzle-kit reads these
 * with every other area's and the shared src/lib/db/schema.ts (drizzle.config.ts).
 */
import { pgTable, serial, text, timestamp } from 'drizzle-orm/pg-core';

export const accountDeletionRequests = pgTable('account_deletion_requests', {
  id: serial('id').primaryKey(),
  phone: text('phone').notNull(),
  status: text('status').notNull().default('pending'),
  ip: text('ip'),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
});
