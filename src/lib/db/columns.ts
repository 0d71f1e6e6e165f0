/** Columns many tables share. */
import { timestamp } from 'drizzle-orm/pg-core';

/** When a record was created and last changed. */
export const timestamps = {
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
};
