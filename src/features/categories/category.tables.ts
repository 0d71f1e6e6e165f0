/**
 * The categories tables (Drizzle), kept beside the code that uses them. drizzle-kit reads these
 * with every other area's and the shared src/lib/db/schema.ts (drizzle.config.ts).
 */
import { sql } from 'drizzle-orm';
import { index, integer, numeric, pgTable, serial, text, uniqueIndex } from 'drizzle-orm/pg-core';
import { timestamps } from '../../lib/db/columns.ts';

/** Top-level categories (no parent); sub-categories are the second level. */
export const categories = pgTable(
  'categories',
  {
    id: serial('id').primaryKey(),
    name: text('name').notNull(),
    slug: text('slug').notNull(),
    description: text('description'),
    imagePath: text('image_path'),
    /** Lower comes first in the storefront's menus. */
    sortOrder: integer('sort_order').notNull().default(0),
    /** Overrides the store's default commission for products in this category; null = the default. */
    commissionPercent: numeric('commission_percent', { precision: 5, scale: 2 }),
    /** 'active' | 'inactive' */
    status: text('status').notNull().default('active'),
    /** How many products name it, kept by triggers on products (migration 0031), as vendors' (0014): the list never counts them per row. */
    productsCount: integer('products_count').notNull().default(0),
    ...timestamps,
    version: integer('version').notNull().default(1),
  },
  (t) => [
    uniqueIndex('categories_name_lower_idx').on(sql`lower(${t.name})`),
    uniqueIndex('categories_slug_idx').on(t.slug),
    index('categories_sort_idx').on(t.sortOrder, t.id),
    index('categories_name_trgm_idx').using('gin', t.name.op('gin_trgm_ops')),
    index('categories_slug_trgm_idx').using('gin', t.slug.op('gin_trgm_ops')),
  ],
);

export const subCategories = pgTable(
  'sub_categories',
  {
    id: serial('id').primaryKey(),
    categoryId: integer('category_id')
      .notNull()
      .references(() => categories.id, { onDelete: 'restrict' }),
    name: text('name').notNull(),
    slug: text('slug').notNull(),
    description: text('description'),
    imagePath: text('image_path'),
    sortOrder: integer('sort_order').notNull().default(0),
    /** Overrides the category's commission; null = the category's (or the store default). */
    commissionPercent: numeric('commission_percent', { precision: 5, scale: 2 }),
    /** 'active' | 'inactive' */
    status: text('status').notNull().default('active'),
    /** How many products name it, kept by triggers on products (migration 0031), as vendors' (0014): the list never counts them per row. */
    productsCount: integer('products_count').notNull().default(0),
    ...timestamps,
    version: integer('version').notNull().default(1),
  },
  (t) => [
    uniqueIndex('sub_categories_category_name_lower_idx').on(t.categoryId, sql`lower(${t.name})`),
    uniqueIndex('sub_categories_slug_idx').on(t.slug),
    index('sub_categories_name_idx').on(t.name, t.id),
    index('sub_categories_name_trgm_idx').using('gin', t.name.op('gin_trgm_ops')),
    index('sub_categories_slug_trgm_idx').using('gin', t.slug.op('gin_trgm_ops')),
  ],
);
