/**
 * The brands tables (Drizzle), kept beside the code that uses them. drizzle-kit reads these
 * with every other area's and the shared src/lib/db/schema.ts (drizzle.config.ts).
 */
import { sql } from 'drizzle-orm';
import { index, integer, pgTable, serial, text, uniqueIndex } from 'drizzle-orm/pg-core';
import { timestamps } from '../../lib/db/columns.ts';

/** Brands (issue 3): the pattern every catalogue area follows. */
export const brands = pgTable(
  'brands',
  {
    id: serial('id').primaryKey(),
    name: text('name').notNull(),
    slug: text('slug').notNull(),
    logoPath: text('logo_path'),
    description: text('description'),
    /** 'active' | 'inactive' */
    status: text('status').notNull().default('active'),
    /** How many products name it, kept by triggers on products (migration 0031), as vendors' (0014): the list never counts them per row. */
    productsCount: integer('products_count').notNull().default(0),
    ...timestamps,
    version: integer('version').notNull().default(1),
  },
  (t) => [
    uniqueIndex('brands_name_lower_idx').on(sql`lower(${t.name})`),
    uniqueIndex('brands_slug_idx').on(t.slug),
    // The list's default order (name, then id): page 1 reads 26 index entries instead of sorting every row.
    index('brands_name_id_idx').on(t.name, t.id),
    index('brands_status_idx').on(t.status),
    index('brands_updated_at_idx').on(t.updatedAt, t.id),
    // "Contains" searches (ILIKE '%…%'): pg_trgm, src/lib/list/list-sql.server.ts.
    index('brands_name_trgm_idx').using('gin', t.name.op('gin_trgm_ops')),
    index('brands_slug_trgm_idx').using('gin', t.slug.op('gin_trgm_ops')),
  ],
);
