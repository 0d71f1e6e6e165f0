/**
 * Coupons (issue 18 §4, docs/money.md "Discounts"): codes a customer types at checkout, and the uses
 * orders took of them. A code is stored as typed and matched case-insensitively (a unique index on
 * lower(code)). `used` is kept by the redemptions: placing takes a use with one conditional UPDATE
 * (which also locks the row), a cancelled order gives it back (decision 055).
 */
import { sql } from 'drizzle-orm';
import { bigint, check, index, integer, pgTable, serial, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';
import { timestamps } from '../../lib/db/columns.ts';
import { vendors } from '../../lib/db/schema.ts';
import { customers } from '../customers/customer.tables.ts';
import { orders } from '../orders/orders.tables.ts';

const paise = (name: string) => bigint(name, { mode: 'number' });

export const COUPON_KINDS = ['percent', 'flat'] as const;
export const COUPON_SCOPES = ['store', 'vendors', 'categories', 'products'] as const;
export const COUPON_FUNDERS = ['platform', 'vendor'] as const;

export const coupons = pgTable(
  'coupons',
  {
    id: serial('id').primaryKey(),
    /** As typed (WELCOME10); matched in any case. */
    code: text('code').notNull(),
    description: text('description'),
    /** 'percent' (rate_bp) | 'flat' (amount_paise) */
    kind: text('kind').notNull(),
    /** Percent coupons: basis points (1000 = 10 %). */
    rateBp: integer('rate_bp'),
    /** Flat coupons: the amount off. */
    amountPaise: paise('amount_paise'),
    /** Percent coupons: the most it takes off an order (null: no cap). */
    maxDiscountPaise: paise('max_discount_paise'),
    /** The eligible lines must add up to at least this (after promotions). */
    minOrderPaise: paise('min_order_paise').notNull().default(0),
    /** Valid from (inclusive) until (exclusive); null = open. */
    startsAt: timestamp('starts_at', { withTimezone: true }),
    endsAt: timestamp('ends_at', { withTimezone: true }),
    /** Uses over every customer (null: no limit), and per customer (null: no limit). */
    usageLimit: integer('usage_limit'),
    perCustomerLimit: integer('per_customer_limit'),
    /** 'store' | 'vendors' | 'categories' | 'products': which lines are eligible; the ids of the chosen ones. */
    scope: text('scope').notNull().default('store'),
    scopeIds: integer('scope_ids')
      .array()
      .notNull()
      .default(sql`'{}'::integer[]`),
    /** 'platform' | 'vendor': who pays for the discount. A vendor's coupon applies to their lines only. */
    fundedBy: text('funded_by').notNull().default('platform'),
    vendorId: integer('vendor_id').references(() => vendors.id, { onDelete: 'restrict' }),
    /** 'active' | 'inactive' */
    status: text('status').notNull().default('active'),
    /** Uses held by placed orders (a cancelled order's use is given back). */
    used: integer('used').notNull().default(0),
    ...timestamps,
    version: integer('version').notNull().default(1),
  },
  (t) => [
    uniqueIndex('coupons_code_lower_idx').on(sql`lower(${t.code})`),
    index('coupons_updated_at_idx').on(t.updatedAt, t.id),
    index('coupons_vendor_idx').on(t.vendorId, t.updatedAt, t.id),
    index('coupons_code_trgm_idx').using('gin', t.code.op('gin_trgm_ops')),
    check('coupons_kind_check', sql`${t.kind} in ('percent', 'flat')`),
    check(
      'coupons_value_check',
      sql`(${t.kind} = 'percent' and ${t.rateBp} between 1 and 10000 and ${t.amountPaise} is null) or (${t.kind} = 'flat' and ${t.amountPaise} > 0 and ${t.rateBp} is null)`,
    ),
    check('coupons_scope_check', sql`${t.scope} in ('store', 'vendors', 'categories', 'products')`),
    check('coupons_funded_check', sql`(${t.fundedBy} = 'platform' and ${t.vendorId} is null) or (${t.fundedBy} = 'vendor' and ${t.vendorId} is not null)`),
    check('coupons_used_check', sql`${t.used} >= 0`),
    check('coupons_limits_check', sql`(${t.usageLimit} is null or ${t.usageLimit} > 0) and (${t.perCustomerLimit} is null or ${t.perCustomerLimit} > 0)`),
    check('coupons_dates_check', sql`${t.startsAt} is null or ${t.endsAt} is null or ${t.endsAt} > ${t.startsAt}`),
  ],
);

/**
 * One use of a coupon by an order: `held` while the order stands, `released` when it is cancelled
 * (the coupon's `used` goes down by one in the same transaction).
 */
export const couponRedemptions = pgTable(
  'coupon_redemptions',
  {
    id: serial('id').primaryKey(),
    couponId: integer('coupon_id')
      .notNull()
      .references(() => coupons.id, { onDelete: 'restrict' }),
    orderId: integer('order_id')
      .notNull()
      .references(() => orders.id, { onDelete: 'cascade' }),
    customerId: integer('customer_id')
      .notNull()
      .references(() => customers.id, { onDelete: 'restrict' }),
    customerEmail: text('customer_email').notNull(),
    discountPaise: paise('discount_paise').notNull(),
    /** 'held' | 'released' */
    status: text('status').notNull().default('held'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    releasedAt: timestamp('released_at', { withTimezone: true }),
  },
  (t) => [
    uniqueIndex('coupon_redemptions_order_idx').on(t.orderId),
    index('coupon_redemptions_customer_idx').on(t.couponId, t.customerId),
    check('coupon_redemptions_status_check', sql`${t.status} in ('held', 'released')`),
  ],
);
