/**
 * Promotions (issue 18 §5, docs/money.md "Promotions"): automatic discounts without a code, the
 * marketplace's own (always funded by the platform). A promotion is a kind (percent off, buy X get
 * Y free, free delivery), a scope (the whole store, or some categories, products or vendors: the
 * rows of promotion_targets), a minimum order value, a window, a priority and whether it combines
 * with coupon codes. Amounts are integer paise; the rate is basis points (1000 = 10 %).
 */
import { sql } from 'drizzle-orm';
import { bigint, boolean, check, index, integer, pgTable, serial, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';
import { timestamps } from '../../lib/db/columns.ts';
import { vendors } from '../../lib/db/schema.ts';
import { categories } from '../categories/category.tables.ts';
import { products } from '../products/product.tables.ts';

const paise = (name: string) => bigint(name, { mode: 'number' });

export const PROMOTION_KIND_VALUES = ['percent_off', 'buy_x_get_y', 'free_shipping'] as const;
export const PROMOTION_SCOPE_VALUES = ['store', 'categories', 'products', 'vendors'] as const;

export const promotions = pgTable(
  'promotions',
  {
    id: serial('id').primaryKey(),
    /** What the shopper sees ("Festive 10 % off Sarees"). */
    name: text('name').notNull(),
    /** 'percent_off' | 'buy_x_get_y' | 'free_shipping' */
    kind: text('kind').notNull(),
    /** percent_off: basis points of each line's base (1000 = 10 %); 0 otherwise. */
    rateBp: integer('rate_bp').notNull().default(0),
    /** percent_off: the most the promotion takes off one order; null = no cap. */
    maxDiscountPaise: paise('max_discount_paise'),
    /** buy_x_get_y: buy this many units of a product… */
    buyQuantity: integer('buy_quantity'),
    /** …and get this many more of it free (the cheapest units). */
    getQuantity: integer('get_quantity'),
    /** 'store' | 'categories' | 'products' | 'vendors': which lines it applies to (free delivery: which lines make the order eligible). */
    scope: text('scope').notNull().default('store'),
    /** The order's gross (before any discount) must reach this; 0 = any order. */
    minOrderPaise: paise('min_order_paise').notNull().default(0),
    /** In force from (inclusive) until (exclusive); null = open-ended. */
    startsAt: timestamp('starts_at', { withTimezone: true }),
    endsAt: timestamp('ends_at', { withTimezone: true }),
    /** Higher first when several match (docs/money.md "Promotions"). */
    priority: integer('priority').notNull().default(0),
    /** False: a cart with a coupon code doesn't get it (placing keeps the better of the two for the customer). */
    stacksWithCoupons: boolean('stacks_with_coupons').notNull().default(true),
    /** 'active' | 'inactive' */
    status: text('status').notNull().default('active'),
    /** How many targets the scope names (kept with them, for the list). */
    targetCount: integer('target_count').notNull().default(0),
    ...timestamps,
    version: integer('version').notNull().default(1),
  },
  (t) => [
    index('promotions_name_id_idx').on(t.name, t.id),
    index('promotions_updated_at_idx').on(t.updatedAt, t.id),
    index('promotions_priority_idx').on(t.priority, t.id),
    // What placing reads: the active ones.
    index('promotions_active_idx')
      .on(t.startsAt, t.endsAt)
      .where(sql`${t.status} = 'active'`),
    check('promotions_kind_check', sql`${t.kind} in ('percent_off', 'buy_x_get_y', 'free_shipping')`),
    check('promotions_scope_check', sql`${t.scope} in ('store', 'categories', 'products', 'vendors')`),
    check('promotions_status_check', sql`${t.status} in ('active', 'inactive')`),
    check('promotions_rate_check', sql`(${t.kind} = 'percent_off' and ${t.rateBp} between 1 and 10000) or (${t.kind} <> 'percent_off' and ${t.rateBp} = 0)`),
    check('promotions_max_check', sql`${t.maxDiscountPaise} is null or (${t.kind} = 'percent_off' and ${t.maxDiscountPaise} > 0)`),
    check(
      'promotions_quantities_check',
      sql`(${t.kind} = 'buy_x_get_y' and ${t.buyQuantity} >= 1 and ${t.getQuantity} >= 1) or (${t.kind} <> 'buy_x_get_y' and ${t.buyQuantity} is null and ${t.getQuantity} is null)`,
    ),
    check('promotions_min_check', sql`${t.minOrderPaise} >= 0`),
    check('promotions_dates_check', sql`${t.startsAt} is null or ${t.endsAt} is null or ${t.endsAt} > ${t.startsAt}`),
  ],
);

/** The categories, products or vendors a promotion's scope names: one of the three per row. */
export const promotionTargets = pgTable(
  'promotion_targets',
  {
    promotionId: integer('promotion_id')
      .notNull()
      .references(() => promotions.id, { onDelete: 'cascade' }),
    categoryId: integer('category_id').references(() => categories.id, { onDelete: 'restrict' }),
    productId: integer('product_id').references(() => products.id, { onDelete: 'restrict' }),
    vendorId: integer('vendor_id').references(() => vendors.id, { onDelete: 'restrict' }),
  },
  (t) => [
    check('promotion_targets_one_check', sql`num_nonnulls(${t.categoryId}, ${t.productId}, ${t.vendorId}) = 1`),
    uniqueIndex('promotion_targets_category_idx')
      .on(t.promotionId, t.categoryId)
      .where(sql`${t.categoryId} is not null`),
    uniqueIndex('promotion_targets_product_idx')
      .on(t.promotionId, t.productId)
      .where(sql`${t.productId} is not null`),
    uniqueIndex('promotion_targets_vendor_idx')
      .on(t.promotionId, t.vendorId)
      .where(sql`${t.vendorId} is not null`),
    // "Still used by" checks when a category, product or vendor is deleted.
    index('promotion_targets_category_ref_idx')
      .on(t.categoryId)
      .where(sql`${t.categoryId} is not null`),
    index('promotion_targets_product_ref_idx')
      .on(t.productId)
      .where(sql`${t.productId} is not null`),
    index('promotion_targets_vendor_ref_idx')
      .on(t.vendorId)
      .where(sql`${t.vendorId} is not null`),
  ],
);
