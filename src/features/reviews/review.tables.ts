/**
 * Customer feedback (Drizzle), issue 17 §5 and docs/reviews.md. A review is a customer's rating
 * and words on a product they received: the order line that proves the purchase is kept, so one
 * line gives at most one review. Staff moderate (pending → published | rejected with a reason);
 * the product's vendor may add one public reply. Every moderation step and reply change is a row
 * of `review_events` (the review's own history) and of the activity log.
 */
import { sql } from 'drizzle-orm';
import { check, index, integer, jsonb, pgTable, serial, smallint, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';
import { timestamps } from '../../lib/db/columns.ts';
import { users, vendors } from '../../lib/db/schema.ts';
import { customers } from '../customers/customer.tables.ts';
import { products, productVariants } from '../products/product.tables.ts';
import { orderLines, orders } from '../orders/orders.tables.ts';

/** A stored photo: the image pipeline's WebP copies under `path` (src/lib/uploads/images.server.ts). */
export interface ReviewPhoto {
  path: string;
  width: number;
  height: number;
}

export const reviews = pgTable(
  'reviews',
  {
    id: serial('id').primaryKey(),
    productId: integer('product_id')
      .notNull()
      .references(() => products.id, { onDelete: 'cascade' }),
    variantId: integer('variant_id').references(() => productVariants.id, { onDelete: 'set null' }),
    /** The product's vendor, copied so a vendor's list is one index range (VENDOR_OWNED: reviews). */
    vendorId: integer('vendor_id')
      .notNull()
      .references(() => vendors.id, { onDelete: 'restrict' }),
    customerId: integer('customer_id')
      .notNull()
      .references(() => customers.id, { onDelete: 'restrict' }),
    orderId: integer('order_id')
      .notNull()
      .references(() => orders.id, { onDelete: 'restrict' }),
    /** The delivered line that proves the purchase. */
    orderLineId: integer('order_line_id')
      .notNull()
      .references(() => orderLines.id, { onDelete: 'restrict' }),
    rating: smallint('rating').notNull(),
    title: text('title').notNull(),
    body: text('body').notNull(),
    photos: jsonb('photos').$type<ReviewPhoto[]>().notNull().default([]),
    /** 'pending' | 'published' | 'rejected' (review-rules.ts) */
    status: text('status').notNull().default('pending'),
    rejectionReason: text('rejection_reason'),
    moderatedByUserId: integer('moderated_by_user_id').references(() => users.id, { onDelete: 'set null' }),
    moderatedByName: text('moderated_by_name'),
    moderatedAt: timestamp('moderated_at', { withTimezone: true }),
    /** The vendor's one public reply. */
    replyText: text('reply_text'),
    replyByUserId: integer('reply_by_user_id').references(() => users.id, { onDelete: 'set null' }),
    replyByName: text('reply_by_name'),
    replyAt: timestamp('reply_at', { withTimezone: true }),
    ...timestamps,
    version: integer('version').notNull().default(1),
  },
  (t) => [
    uniqueIndex('reviews_customer_product_line_idx').on(t.customerId, t.productId, t.orderLineId),
    index('reviews_created_idx').on(t.createdAt, t.id),
    index('reviews_status_created_idx').on(t.status, t.createdAt, t.id),
    index('reviews_vendor_created_idx').on(t.vendorId, t.createdAt, t.id),
    // The product page and the storefront: a product's published reviews, newest first.
    index('reviews_product_status_created_idx').on(t.productId, t.status, t.createdAt, t.id),
    check('reviews_rating_check', sql`${t.rating} between 1 and 5`),
    check('reviews_status_check', sql`${t.status} in ('pending', 'published', 'rejected')`),
  ],
);

/** A review's history: submitted, published, rejected, replied, reply edited, reply removed. */
export const reviewEvents = pgTable(
  'review_events',
  {
    id: serial('id').primaryKey(),
    reviewId: integer('review_id')
      .notNull()
      .references(() => reviews.id, { onDelete: 'cascade' }),
    action: text('action').notNull(),
    fromStatus: text('from_status'),
    toStatus: text('to_status'),
    note: text('note'),
    actorUserId: integer('actor_user_id').references(() => users.id, { onDelete: 'set null' }),
    actorLabel: text('actor_label').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('review_events_review_idx').on(t.reviewId, t.id)],
);
