/**
 * The products tables (Drizzle), kept beside the code that uses them. drizzle-kit reads these
 * with every other area's and the shared src/lib/db/schema.ts (drizzle.config.ts).
 */
import { boolean, index, integer, numeric, pgTable, serial, text, uniqueIndex } from 'drizzle-orm/pg-core';
import { timestamps } from '../../lib/db/columns.ts';
import { brands } from '../brands/brand.tables.ts';
import { categories, subCategories } from '../categories/category.tables.ts';
import { taxes } from '../taxes/tax.tables.ts';
import { vendors } from '../../lib/db/schema.ts';

/**
 * First version of products: enough to prove vendor scoping end to end.
 * The products issue extends it (images, pricing, delivery details…).
 */
export const products = pgTable(
  'products',
  {
    id: serial('id').primaryKey(),
    vendorId: integer('vendor_id')
      .notNull()
      .references(() => vendors.id, { onDelete: 'restrict' }),
    brandId: integer('brand_id').references(() => brands.id, { onDelete: 'restrict' }),
    name: text('name').notNull(),
    sku: text('sku').notNull(),
    price: numeric('price', { precision: 12, scale: 2 }).notNull().default('0'),
    isActive: boolean('is_active').notNull().default(true),
    // Catalogue links (issue 4): they make "still used by N products" real for these areas' deletes.
    categoryId: integer('category_id').references(() => categories.id, { onDelete: 'restrict' }),
    subCategoryId: integer('sub_category_id').references(() => subCategories.id, { onDelete: 'restrict' }),
    taxId: integer('tax_id').references(() => taxes.id, { onDelete: 'restrict' }),
    ...timestamps,
    version: integer('version').notNull().default(1),
  },
  (t) => [
    uniqueIndex('products_sku_idx').on(t.sku),
    index('products_vendor_idx').on(t.vendorId),
    index('products_brand_idx').on(t.brandId),
    index('products_category_idx').on(t.categoryId),
    index('products_sub_category_idx').on(t.subCategoryId),
    index('products_tax_idx').on(t.taxId),
  ],
);
