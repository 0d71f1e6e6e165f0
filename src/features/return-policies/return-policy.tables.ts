/**
 * The return policies tables (Drizzle), kept beside the code that uses them. drizzle-kit reads these
 * with every other area's and the shared src/lib/db/schema.ts (drizzle.config.ts).
 */
import { sql } from 'drizzle-orm';
import { boolean, index, integer, pgTable, serial, text, uniqueIndex } from 'drizzle-orm/pg-core';
import { timestamps } from '../../lib/db/columns.ts';
import { brands } from '../brands/brand.tables.ts';

export const returnPolicies = pgTable(
  'return_policies',
  {
    id: serial('id').primaryKey(),
    title: text('title').notNull(),
    /** A brand's own policy; null = a policy any product may use. */
    brandId: integer('brand_id').references(() => brands.id, { onDelete: 'restrict' }),
    isReturnable: boolean('is_returnable').notNull().default(true),
    /** Days after delivery a return may be asked for; 0 when not returnable. */
    returnWindowDays: integer('return_window_days').notNull().default(0),
    conditions: text('conditions'),
    /** 'active' | 'inactive' */
    status: text('status').notNull().default('active'),
    ...timestamps,
    version: integer('version').notNull().default(1),
  },
  (t) => [uniqueIndex('return_policies_title_lower_idx').on(sql`lower(${t.title})`), index('return_policies_brand_idx').on(t.brandId)],
);
