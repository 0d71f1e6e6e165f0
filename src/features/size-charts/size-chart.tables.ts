/**
 * The size charts tables (Drizzle), kept beside the code that uses them. drizzle-kit reads these
 * with every other area's and the shared src/lib/db/schema.ts (drizzle.config.ts).
 */
import { sql } from 'drizzle-orm';
import { integer, jsonb, pgTable, serial, text, uniqueIndex } from 'drizzle-orm/pg-core';
import { timestamps } from '../../lib/db/columns.ts';

/**
 * A size chart: rows are sizes (S, M, L…), columns are measurements (chest, waist…), each cell a
 * number in the chart's unit. Kept as one JSON grid: it is always read and written whole.
 */
export const sizeCharts = pgTable(
  'size_charts',
  {
    id: serial('id').primaryKey(),
    name: text('name').notNull(),
    /** 'cm' | 'in' */
    unit: text('unit').notNull().default('cm'),
    /** `{ sizes: string[], measurements: string[], values: (number | null)[][] }` */
    grid: jsonb('grid').$type<{ sizes: string[]; measurements: string[]; values: (number | null)[][] }>().notNull(),
    notes: text('notes'),
    /** 'active' | 'inactive' */
    status: text('status').notNull().default('active'),
    ...timestamps,
    version: integer('version').notNull().default(1),
  },
  (t) => [uniqueIndex('size_charts_name_lower_idx').on(sql`lower(${t.name})`)],
);
