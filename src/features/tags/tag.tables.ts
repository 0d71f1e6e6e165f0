/**
 * The tags tables (Drizzle), kept beside the code that uses them. drizzle-kit reads these
 * with every other area's and the shared src/lib/db/schema.ts (drizzle.config.ts).
 */
import { sql } from 'drizzle-orm';
import { index, integer, pgTable, serial, text, uniqueIndex } from 'drizzle-orm/pg-core';
import { timestamps } from '../../lib/db/columns.ts';

export const tags = pgTable(
  'tags',
  {
    id: serial('id').primaryKey(),
    name: text('name').notNull(),
    slug: text('slug').notNull(),
    /** 'active' | 'inactive' */
    status: text('status').notNull().default('active'),
    ...timestamps,
    version: integer('version').notNull().default(1),
  },
  (t) => [
    uniqueIndex('tags_name_lower_idx').on(sql`lower(${t.name})`),
    uniqueIndex('tags_slug_idx').on(t.slug),
    index('tags_name_trgm_idx').using('gin', t.name.op('gin_trgm_ops')),
    index('tags_slug_trgm_idx').using('gin', t.slug.op('gin_trgm_ops')),
  ],
);
