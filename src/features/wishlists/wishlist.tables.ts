/** Customers' wishlists (Drizzle): filled by the storefront; staff read them. */
import { index, integer, pgTable, serial, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';
import { timestamps } from '../../lib/db/columns.ts';
import { customers } from '../customers/customer.tables.ts';
import { productVariants, products } from '../products/product.tables.ts';

export const wishlists = pgTable(
  'wishlists',
  {
    id: serial('id').primaryKey(),
    customerId: integer('customer_id')
      .notNull()
      .references(() => customers.id, { onDelete: 'cascade' }),
    name: text('name').notNull().default('My wishlist'),
    ...timestamps,
  },
  (t) => [index('wishlists_customer_idx').on(t.customerId), index('wishlists_updated_idx').on(t.updatedAt, t.id)],
);

export const wishlistItems = pgTable(
  'wishlist_items',
  {
    id: serial('id').primaryKey(),
    wishlistId: integer('wishlist_id')
      .notNull()
      .references(() => wishlists.id, { onDelete: 'cascade' }),
    productId: integer('product_id')
      .notNull()
      .references(() => products.id, { onDelete: 'cascade' }),
    /** The variant the customer picked, when they picked one. */
    variantId: integer('variant_id').references(() => productVariants.id, { onDelete: 'set null' }),
    addedAt: timestamp('added_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [uniqueIndex('wishlist_items_wishlist_product_idx').on(t.wishlistId, t.productId), index('wishlist_items_product_idx').on(t.productId)],
);
