/**
 * Orders (Drizzle), issue 17 and docs/orders.md. An order is what a customer placed through a
 * storefront; it has one sub-order per vendor (what that vendor fulfils), and each sub-order its
 * lines. Every amount is integer paise and every rate basis points, frozen at placing time: a later
 * change of a price or a tax slab never alters a placed order.
 *
 * The four back-office lists read `sub_orders` filtered by status and placing time, keyset paged by
 * (placed_at, id): the indexes below are those shapes, with and without a vendor.
 */
import { sql } from 'drizzle-orm';
import { type AnyPgColumn, bigint, check, index, integer, jsonb, pgTable, serial, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';
import { timestamps } from '../../lib/db/columns.ts';
import { users, vendors } from '../../lib/db/schema.ts';
import { customers } from '../customers/customer.tables.ts';
import { productVariants } from '../products/product.tables.ts';
import { warehouses } from '../warehouses/warehouse.tables.ts';
import { deliveryPartners } from '../delivery-partners/delivery-partner.tables.ts';
import { states } from '../geography/geography.tables.ts';

/** Paise in a `bigint` column, read as a JS number (exact up to 2^53 paise). */
const paise = (name: string) => bigint(name, { mode: 'number' });

/** An address as it was at placing time (a snapshot: the customer's saved addresses may change later). */
export interface AddressSnapshot {
  name: string;
  phone: string;
  line1: string;
  line2: string | null;
  city: string;
  state: string;
  state_code: string;
  gst_state_code: string;
  pincode: string;
  /** A registered buyer's GSTIN, on the billing address only (printed on the tax invoice). */
  gstin?: string | null;
}

/** Storefront API keys: shown once, stored as a SHA-256 hash, scoped, revocable (docs/orders.md). */
export const storefrontApiKeys = pgTable(
  'storefront_api_keys',
  {
    id: serial('id').primaryKey(),
    name: text('name').notNull(),
    /** The key's first characters (`sk_live_ab12…`), so people can tell keys apart; never enough to use. */
    prefix: text('prefix').notNull(),
    keyHash: text('key_hash').notNull(),
    /** 'read-catalogue' | 'write-orders' */
    scopes: text('scopes')
      .array()
      .notNull()
      .default(sql`'{}'::text[]`),
    /** Requests a minute the key may make. */
    rateLimitPerMinute: integer('rate_limit_per_minute').notNull().default(600),
    createdBy: integer('created_by').references(() => users.id, { onDelete: 'set null' }),
    lastUsedAt: timestamp('last_used_at', { withTimezone: true }),
    revokedAt: timestamp('revoked_at', { withTimezone: true }),
    ...timestamps,
    version: integer('version').notNull().default(1),
  },
  (t) => [uniqueIndex('storefront_api_keys_hash_idx').on(t.keyHash), index('storefront_api_keys_created_idx').on(t.createdAt, t.id)],
);

/** The yearly counter behind order numbers (OD-2026-000123), taken under a row lock: no gaps on rollback. */
export const orderNumberCounters = pgTable('order_number_counters', {
  year: integer('year').primaryKey(),
  last: integer('last').notNull().default(0),
});

export const orders = pgTable(
  'orders',
  {
    id: serial('id').primaryKey(),
    /** OD-2026-000123 */
    number: text('number').notNull(),
    customerId: integer('customer_id')
      .notNull()
      .references(() => customers.id, { onDelete: 'restrict' }),
    customerName: text('customer_name').notNull(),
    customerEmail: text('customer_email').notNull(),
    customerPhone: text('customer_phone').notNull(),
    shippingAddress: jsonb('shipping_address').$type<AddressSnapshot>().notNull(),
    billingAddress: jsonb('billing_address').$type<AddressSnapshot>().notNull(),
    shippingPincode: text('shipping_pincode').notNull(),
    shippingStateId: integer('shipping_state_id')
      .notNull()
      .references(() => states.id, { onDelete: 'restrict' }),
    /** 'prepaid' | 'cod' */
    paymentMethod: text('payment_method').notNull(),
    /** The coupon code as the customer typed it; what it gave is in order_discounts (docs/money.md "Discounts"). */
    couponCode: text('coupon_code'),
    /** Derived from the sub-orders (order-status.ts), written in each transition's transaction. */
    status: text('status').notNull().default('placed'),
    itemsPaise: paise('items_paise').notNull(),
    discountPaise: paise('discount_paise').notNull().default(0),
    taxablePaise: paise('taxable_paise').notNull(),
    taxPaise: paise('tax_paise').notNull(),
    /**
     * The delivery charge (Global Settings), once per order, and what promotions took off it: the
     * marketplace's own charge, on no vendor's sub-order or invoice. In the total.
     */
    shippingPaise: paise('shipping_paise').notNull().default(0),
    shippingDiscountPaise: paise('shipping_discount_paise').notNull().default(0),
    totalPaise: paise('total_paise').notNull(),
    apiKeyId: integer('api_key_id').references(() => storefrontApiKeys.id, { onDelete: 'set null' }),
    placedAt: timestamp('placed_at', { withTimezone: true }).notNull().defaultNow(),
    ...timestamps,
    version: integer('version').notNull().default(1),
  },
  (t) => [
    uniqueIndex('orders_number_idx').on(t.number),
    index('orders_customer_idx').on(t.customerId, t.id),
    index('orders_placed_idx').on(t.placedAt, t.id),
    check('orders_payment_method_check', sql`${t.paymentMethod} in ('prepaid', 'cod')`),
    check(
      'orders_totals_check',
      sql`${t.totalPaise} = ${t.taxablePaise} + ${t.taxPaise} + ${t.shippingPaise} - ${t.shippingDiscountPaise} and ${t.totalPaise} >= 0`,
    ),
    check('orders_shipping_check', sql`${t.shippingPaise} >= 0 and ${t.shippingDiscountPaise} between 0 and ${t.shippingPaise}`),
  ],
);

/** What one vendor fulfils of an order: its own state machine (order-status.ts), parcel and invoice. */
export const subOrders = pgTable(
  'sub_orders',
  {
    id: serial('id').primaryKey(),
    orderId: integer('order_id')
      .notNull()
      .references(() => orders.id, { onDelete: 'cascade' }),
    /** OD-2026-000123-2 */
    number: text('number').notNull(),
    vendorId: integer('vendor_id')
      .notNull()
      .references(() => vendors.id, { onDelete: 'restrict' }),
    /** The warehouse that ships it: its state decides CGST+SGST or IGST. */
    warehouseId: integer('warehouse_id')
      .notNull()
      .references(() => warehouses.id, { onDelete: 'restrict' }),
    status: text('status').notNull().default('placed'),
    /** 'intra' (CGST + SGST) | 'inter' (IGST) */
    supply: text('supply').notNull(),
    // Copied from the order, so each list is one index range without a join.
    placedAt: timestamp('placed_at', { withTimezone: true }).notNull(),
    paymentMethod: text('payment_method').notNull(),
    shippingPincode: text('shipping_pincode').notNull(),
    shippingStateId: integer('shipping_state_id').notNull(),
    customerName: text('customer_name').notNull(),
    customerPhone: text('customer_phone').notNull(),
    itemsPaise: paise('items_paise').notNull(),
    discountPaise: paise('discount_paise').notNull().default(0),
    taxablePaise: paise('taxable_paise').notNull(),
    cgstPaise: paise('cgst_paise').notNull(),
    sgstPaise: paise('sgst_paise').notNull(),
    igstPaise: paise('igst_paise').notNull(),
    totalPaise: paise('total_paise').notNull(),
    deliveryPartnerId: integer('delivery_partner_id').references(() => deliveryPartners.id, { onDelete: 'restrict' }),
    awb: text('awb'),
    trackingUrl: text('tracking_url'),
    cancelReason: text('cancel_reason'),
    returnReason: text('return_reason'),
    shippedAt: timestamp('shipped_at', { withTimezone: true }),
    deliveredAt: timestamp('delivered_at', { withTimezone: true }),
    ...timestamps,
    version: integer('version').notNull().default(1),
  },
  (t) => [
    uniqueIndex('sub_orders_number_idx').on(t.number),
    index('sub_orders_order_idx').on(t.orderId, t.id),
    // The lists: by status and placing time, with and without a vendor; keyset on (placed_at, id).
    index('sub_orders_status_placed_idx').on(t.status, t.placedAt, t.id),
    index('sub_orders_vendor_status_placed_idx').on(t.vendorId, t.status, t.placedAt, t.id),
    index('sub_orders_placed_idx').on(t.placedAt, t.id),
    index('sub_orders_vendor_placed_idx').on(t.vendorId, t.placedAt, t.id),
    // Equality and the global search's prefixes (`like 'BN-0001%'`, decision 061): text_pattern_ops
    // serves LIKE with a fixed prefix whatever the database's collation.
    index('sub_orders_number_prefix_idx').using('btree', t.number.op('text_pattern_ops')),
    index('sub_orders_awb_idx')
      .using('btree', t.awb.op('text_pattern_ops'))
      .where(sql`${t.awb} is not null`),
    index('sub_orders_phone_idx').using('btree', t.customerPhone.op('text_pattern_ops')),
    index('sub_orders_customer_name_trgm_idx').using('gin', t.customerName.op('gin_trgm_ops')),
    check('sub_orders_supply_check', sql`${t.supply} in ('intra', 'inter')`),
    check('sub_orders_totals_check', sql`${t.totalPaise} = ${t.taxablePaise} + ${t.cgstPaise} + ${t.sgstPaise} + ${t.igstPaise}`),
  ],
);

/** One line: a variant and quantity, priced and taxed at placing time. */
export const orderLines = pgTable(
  'order_lines',
  {
    id: serial('id').primaryKey(),
    orderId: integer('order_id')
      .notNull()
      .references(() => orders.id, { onDelete: 'cascade' }),
    subOrderId: integer('sub_order_id')
      .notNull()
      .references(() => subOrders.id, { onDelete: 'cascade' }),
    variantId: integer('variant_id')
      .notNull()
      .references(() => productVariants.id, { onDelete: 'restrict' }),
    warehouseId: integer('warehouse_id')
      .notNull()
      .references(() => warehouses.id, { onDelete: 'restrict' }),
    sku: text('sku').notNull(),
    productName: text('product_name').notNull(),
    optionValues: text('option_values'),
    hsnCode: text('hsn_code').notNull(),
    quantity: integer('quantity').notNull(),
    unitPricePaise: paise('unit_price_paise').notNull(),
    /** Every discount on the line (promotions and the coupon), off its gross before tax. */
    discountPaise: paise('discount_paise').notNull().default(0),
    /** The part of it the platform pays for: credited to the vendor in the ledger at delivery (`platform_discount`). */
    platformDiscountPaise: paise('platform_discount_paise').notNull().default(0),
    /** GST rate in basis points (1800 = 18 %). */
    taxRateBp: integer('tax_rate_bp').notNull(),
    /** 'inclusive' | 'exclusive': whether the unit price already held the tax. */
    priceMode: text('price_mode').notNull(),
    taxablePaise: paise('taxable_paise').notNull(),
    cgstPaise: paise('cgst_paise').notNull(),
    sgstPaise: paise('sgst_paise').notNull(),
    igstPaise: paise('igst_paise').notNull(),
    totalPaise: paise('total_paise').notNull(),
  },
  (t) => [
    index('order_lines_sub_order_idx').on(t.subOrderId, t.id),
    index('order_lines_order_idx').on(t.orderId),
    index('order_lines_variant_idx').on(t.variantId),
    check('order_lines_quantity_check', sql`${t.quantity} > 0`),
    check('order_lines_platform_discount_check', sql`${t.platformDiscountPaise} between 0 and ${t.discountPaise}`),
    check('order_lines_totals_check', sql`${t.totalPaise} = ${t.taxablePaise} + ${t.cgstPaise} + ${t.sgstPaise} + ${t.igstPaise}`),
  ],
);

/**
 * The discounts an order got (docs/money.md "Discounts"): each promotion and the coupon that
 * applied, who funds it, what it took off the lines and off the delivery charge, and why.
 */
export const orderDiscounts = pgTable(
  'order_discounts',
  {
    id: serial('id').primaryKey(),
    orderId: integer('order_id')
      .notNull()
      .references(() => orders.id, { onDelete: 'cascade' }),
    /** 'promotion' | 'coupon' */
    kind: text('kind').notNull(),
    /** The coupon's or the promotion's id (no foreign key: the record may be deleted later; the name stays). */
    couponId: integer('coupon_id'),
    promotionId: integer('promotion_id'),
    /** The coupon's code or the promotion's name, as the customer saw it. */
    name: text('name').notNull(),
    /** 'platform' | 'vendor' */
    fundedBy: text('funded_by').notNull(),
    vendorId: integer('vendor_id').references(() => vendors.id, { onDelete: 'restrict' }),
    /** Off the lines (their sum), and off the delivery charge. */
    amountPaise: paise('amount_paise').notNull(),
    shippingDiscountPaise: paise('shipping_discount_paise').notNull().default(0),
    reason: text('reason').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index('order_discounts_order_idx').on(t.orderId),
    check('order_discounts_kind_check', sql`${t.kind} in ('promotion', 'coupon')`),
    check('order_discounts_funded_check', sql`${t.fundedBy} in ('platform', 'vendor')`),
    check('order_discounts_amount_check', sql`${t.amountPaise} >= 0 and ${t.shippingDiscountPaise} >= 0`),
  ],
);

/** The timeline: every transition of a sub-order (and the order's own placing), who, when, note. */
export const orderEvents = pgTable(
  'order_events',
  {
    id: serial('id').primaryKey(),
    orderId: integer('order_id')
      .notNull()
      .references(() => orders.id, { onDelete: 'cascade' }),
    subOrderId: integer('sub_order_id').references(() => subOrders.id, { onDelete: 'cascade' }),
    action: text('action').notNull(),
    fromStatus: text('from_status'),
    toStatus: text('to_status').notNull(),
    note: text('note'),
    actorUserId: integer('actor_user_id').references(() => users.id, { onDelete: 'set null' }),
    /** Who moved it, as people read it: a user's name, "Customer" or "Storefront key Web". */
    actorLabel: text('actor_label').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('order_events_order_idx').on(t.orderId, t.id)],
);

/** Internal notes: staff's and vendors' own remarks, never shown to the customer. */
export const orderNotes = pgTable(
  'order_notes',
  {
    id: serial('id').primaryKey(),
    orderId: integer('order_id')
      .notNull()
      .references(() => orders.id, { onDelete: 'cascade' }),
    /** The vendor whose user wrote it (a vendor sees only their own and staff's); null for staff. */
    vendorId: integer('vendor_id').references(() => vendors.id, { onDelete: 'restrict' }),
    body: text('body').notNull(),
    authorUserId: integer('author_user_id').references(() => users.id, { onDelete: 'set null' }),
    authorName: text('author_name').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('order_notes_order_idx').on(t.orderId, t.id)],
);

/**
 * Payments and refunds of an order (issue 17 §4, decision 042). A prepaid order's gateway payment is
 * the order's (no sub-order); a COD payment is a delivered sub-order's; a refund is a sub-order's,
 * against the payment it gives back (`payment_id`).
 */
export const payments = pgTable(
  'payments',
  {
    id: serial('id').primaryKey(),
    orderId: integer('order_id')
      .notNull()
      .references(() => orders.id, { onDelete: 'cascade' }),
    subOrderId: integer('sub_order_id').references(() => subOrders.id, { onDelete: 'set null' }),
    /** A refund's payment (what it gives money back from); null for a payment. */
    paymentId: integer('payment_id').references((): AnyPgColumn => payments.id, { onDelete: 'cascade' }),
    /** 'payment' | 'refund' */
    kind: text('kind').notNull(),
    /** 'prepaid' | 'cod' */
    method: text('method').notNull(),
    /** The gateway's id (Razorpay pay_…, rfnd_…), COD-<sub-order> for cash collected; null until the gateway names it. */
    gatewayRef: text('gateway_ref'),
    amountPaise: paise('amount_paise').notNull(),
    /** 'created' | 'authorized' | 'captured' | 'failed' | 'refunded' */
    status: text('status').notNull(),
    /** Who carries a refund out: 'manual' (a person) or 'razorpay' (the gateway's API). */
    provider: text('provider'),
    /** What a person must do (a refund to carry out by hand), or why the gateway failed a payment. */
    note: text('note'),
    ...timestamps,
  },
  (t) => [
    index('payments_order_idx').on(t.orderId, t.id),
    index('payments_created_idx').on(t.createdAt, t.id),
    index('payments_status_created_idx').on(t.status, t.createdAt, t.id),
    index('payments_sub_order_idx').on(t.subOrderId),
    index('payments_payment_idx').on(t.paymentId),
    uniqueIndex('payments_gateway_ref_idx')
      .on(t.gatewayRef)
      .where(sql`${t.gatewayRef} is not null`),
    check('payments_amount_check', sql`${t.amountPaise} >= 0`),
    check('payments_kind_check', sql`${t.kind} in ('payment', 'refund')`),
  ],
);

/**
 * Of a payment's rows of no parcel, the one every vendor of the order sees: its gateway payment (each
 * vendor is paid from it). A refund of the delivery charge is the marketplace's own (docs/money.md,
 * "The delivery charge"). One rule for the order page and Payments' vendor scope.
 */
export const orderWidePayment = sql`(${payments.subOrderId} is null and ${payments.kind} = 'payment')`;

/**
 * The payment gateway's webhook events already handled (decision 042): a redelivery of the same
 * event id (Razorpay's `x-razorpay-event-id`) changes nothing.
 */
export const paymentWebhookEvents = pgTable('payment_webhook_events', {
  eventId: text('event_id').primaryKey(),
  event: text('event').notNull(),
  /** What it did: 'captured', 'failed', 'ignored: …' */
  outcome: text('outcome').notNull(),
  orderId: integer('order_id').references(() => orders.id, { onDelete: 'set null' }),
  receivedAt: timestamp('received_at', { withTimezone: true }).notNull().defaultNow(),
});

/**
 * Idempotency keys of the storefront's order placing: a retry with the same key (from the same API
 * key) returns the order the first request made. The request's hash tells a retry from a different
 * request reusing a key (409).
 */
export const orderIdempotencyKeys = pgTable(
  'order_idempotency_keys',
  {
    id: serial('id').primaryKey(),
    apiKeyId: integer('api_key_id')
      .notNull()
      .references(() => storefrontApiKeys.id, { onDelete: 'cascade' }),
    key: text('key').notNull(),
    requestHash: text('request_hash').notNull(),
    orderId: integer('order_id')
      .notNull()
      .references(() => orders.id, { onDelete: 'cascade' }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [uniqueIndex('order_idempotency_keys_key_idx').on(t.apiKeyId, t.key)],
);
