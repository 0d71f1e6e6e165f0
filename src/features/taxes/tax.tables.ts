/**
 * The taxes tables (Drizzle), kept beside the code that uses them. drizzle-kit reads these
 * with every other area's and the shared src/lib/db/schema.ts (drizzle.config.ts).
 */
import { sql } from 'drizzle-orm';
import { index, integer, numeric, pgTable, serial, text, uniqueIndex } from 'drizzle-orm/pg-core';
import { timestamps } from '../../lib/db/columns.ts';

/** GST rates: a slab with its HSN (goods) or SAC (services) code. */
export const taxes = pgTable(
  'taxes',
  {
    id: serial('id').primaryKey(),
    name: text('name').notNull(),
    ratePercent: numeric('rate_percent', { precision: 5, scale: 2 }).notNull(),
    /** HSN (4, 6 or 8 digits) or SAC (6 digits starting 99). */
    hsnCode: text('hsn_code').notNull(),
    /** 'inclusive' (prices include the tax) | 'exclusive' (added on top) */
    priceMode: text('price_mode').notNull().default('inclusive'),
    /** 'active' | 'inactive' */
    status: text('status').notNull().default('active'),
    /** How many products name it, kept by triggers on products (migration 0031), as vendors' (0014): the list never counts them per row. */
    productsCount: integer('products_count').notNull().default(0),
    ...timestamps,
    version: integer('version').notNull().default(1),
  },
  (t) => [uniqueIndex('taxes_name_lower_idx').on(sql`lower(${t.name})`), index('taxes_hsn_idx').on(t.hsnCode)],
);
