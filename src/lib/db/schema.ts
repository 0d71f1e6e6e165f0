/**
 * The one Drizzle schema. It runs unchanged on PGlite (embedded) and PostgreSQL.
 * Migrations in ./drizzle are generated from this file by `npm run db:generate`.
 */
import { sql } from 'drizzle-orm';
import {
  bigint,
  boolean,
  index,
  integer,
  jsonb,
  numeric,
  pgTable,
  primaryKey,
  serial,
  text,
  timestamp,
  uniqueIndex,
} from 'drizzle-orm/pg-core';

const timestamps = {
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
};

/** A vendor is a store on the marketplace; its staff are users with `vendorId` set. */
export const vendors = pgTable('vendors', {
  id: serial('id').primaryKey(),
  storeName: text('store_name'),
  slug: text('slug'),
  gstin: text('gstin'),
  pan: text('pan'),
  phone: text('phone'),
  addressLine: text('address_line'),
  city: text('city'),
  state: text('state'),
  pincode: text('pincode'),
  status: text('status').notNull().default('pending'),
  /** Store setup (the form at /vendor/store-setup) is done. */
  storeSetupCompletedAt: timestamp('store_setup_completed_at', { withTimezone: true }),
  ...timestamps,
  version: integer('version').notNull().default(1),
});

export const users = pgTable(
  'users',
  {
    id: serial('id').primaryKey(),
    name: text('name').notNull(),
    email: text('email').notNull(),
    passwordHash: text('password_hash').notNull(),
    /** 'staff' | 'vendor' */
    userType: text('user_type').notNull().default('staff'),
    vendorId: integer('vendor_id').references(() => vendors.id, { onDelete: 'restrict' }),
    phone: text('phone'),
    phoneVerifiedAt: timestamp('phone_verified_at', { withTimezone: true }),
    vendorOnboardingCompletedAt: timestamp('vendor_onboarding_completed_at', { withTimezone: true }),
    avatarPath: text('avatar_path'),
    /** 'active' | 'disabled' */
    status: text('status').notNull().default('active'),
    passwordChangedAt: timestamp('password_changed_at', { withTimezone: true }),
    ...timestamps,
    version: integer('version').notNull().default(1),
  },
  (t) => [uniqueIndex('users_email_lower_idx').on(sql`lower(${t.email})`), index('users_vendor_idx').on(t.vendorId)],
);

export const roles = pgTable('roles', {
  id: serial('id').primaryKey(),
  name: text('name').notNull().unique(),
  description: text('description'),
  ...timestamps,
});

export const permissions = pgTable('permissions', {
  id: serial('id').primaryKey(),
  /** The spec's `area:action` string, e.g. `brands:list`. */
  name: text('name').notNull().unique(),
  area: text('area').notNull(),
  action: text('action').notNull(),
  description: text('description'),
});

export const rolePermissions = pgTable(
  'role_permissions',
  {
    roleId: integer('role_id').notNull().references(() => roles.id, { onDelete: 'cascade' }),
    permissionId: integer('permission_id').notNull().references(() => permissions.id, { onDelete: 'cascade' }),
  },
  (t) => [primaryKey({ columns: [t.roleId, t.permissionId] })],
);

export const userRoles = pgTable(
  'user_roles',
  {
    userId: integer('user_id').notNull().references(() => users.id, { onDelete: 'cascade' }),
    roleId: integer('role_id').notNull().references(() => roles.id, { onDelete: 'cascade' }),
  },
  (t) => [primaryKey({ columns: [t.userId, t.roleId] })],
);

/** Direct per-user grants, on top of roles. */
export const userPermissions = pgTable(
  'user_permissions',
  {
    userId: integer('user_id').notNull().references(() => users.id, { onDelete: 'cascade' }),
    permissionId: integer('permission_id').notNull().references(() => permissions.id, { onDelete: 'cascade' }),
  },
  (t) => [primaryKey({ columns: [t.userId, t.permissionId] })],
);

/**
 * Server-side sessions. `id` is the SHA-256 of the cookie token, so a leaked
 * database does not leak usable cookies.
 */
export const sessions = pgTable(
  'sessions',
  {
    id: text('id').primaryKey(),
    userId: integer('user_id').notNull().references(() => users.id, { onDelete: 'cascade' }),
    /** While set, the session acts as this user; `userId` stays the real user. */
    impersonatedUserId: integer('impersonated_user_id').references(() => users.id, { onDelete: 'cascade' }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    lastSeenAt: timestamp('last_seen_at', { withTimezone: true }).notNull().defaultNow(),
    /** Absolute expiry; the idle timeout is checked against lastSeenAt. */
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    ip: text('ip'),
    userAgent: text('user_agent'),
  },
  (t) => [index('sessions_user_idx').on(t.userId)],
);

/** Fixed-window counters shared by every app server (login attempts, OTP sends…). */
export const rateLimits = pgTable('rate_limits', {
  key: text('key').primaryKey(),
  count: integer('count').notNull(),
  resetAt: timestamp('reset_at', { withTimezone: true }).notNull(),
});

export const passwordResetTokens = pgTable('password_reset_tokens', {
  /** SHA-256 of the token sent by mail. */
  tokenHash: text('token_hash').primaryKey(),
  userId: integer('user_id').notNull().references(() => users.id, { onDelete: 'cascade' }),
  expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
  usedAt: timestamp('used_at', { withTimezone: true }),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
});

export const phoneVerifications = pgTable('phone_verifications', {
  userId: integer('user_id').primaryKey().references(() => users.id, { onDelete: 'cascade' }),
  phone: text('phone').notNull(),
  codeHash: text('code_hash').notNull(),
  attempts: integer('attempts').notNull().default(0),
  expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
});

/** Append-only: the product has no route that updates or deletes an entry. */
export const activityLogs = pgTable(
  'activity_logs',
  {
    id: bigint('id', { mode: 'number' }).primaryKey().generatedAlwaysAsIdentity(),
    at: timestamp('at', { withTimezone: true }).notNull().defaultNow(),
    /** The real, signed-in user. */
    actorId: integer('actor_id').references(() => users.id, { onDelete: 'set null' }),
    /** The user being impersonated when the action happened, if any. */
    impersonatedUserId: integer('impersonated_user_id').references(() => users.id, { onDelete: 'set null' }),
    area: text('area').notNull(),
    recordId: text('record_id'),
    action: text('action').notNull(),
    /** `{ field: [before, after] }` */
    changes: jsonb('changes').$type<Record<string, [unknown, unknown]>>(),
    ip: text('ip'),
    userAgent: text('user_agent'),
  },
  (t) => [index('activity_logs_at_idx').on(t.at), index('activity_logs_area_record_idx').on(t.area, t.recordId), index('activity_logs_actor_idx').on(t.actorId)],
);

export const notifications = pgTable(
  'notifications',
  {
    id: serial('id').primaryKey(),
    userId: integer('user_id').notNull().references(() => users.id, { onDelete: 'cascade' }),
    type: text('type').notNull(),
    title: text('title').notNull(),
    body: text('body'),
    link: text('link'),
    readAt: timestamp('read_at', { withTimezone: true }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('notifications_user_unread_idx').on(t.userId, t.readAt)],
);

/** Key/value settings (global settings, SMS credit ledger, generated secrets for PostgreSQL deployments). */
export const settings = pgTable('settings', {
  key: text('key').primaryKey(),
  value: jsonb('value').notNull(),
  updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
});

export const accountDeletionRequests = pgTable('account_deletion_requests', {
  id: serial('id').primaryKey(),
  phone: text('phone').notNull(),
  status: text('status').notNull().default('pending'),
  ip: text('ip'),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
});

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

/**
 * First version of products: enough to prove vendor scoping end to end.
 * The products issue extends it (images, pricing, delivery details…).
 */
export const products = pgTable(
  'products',
  {
    id: serial('id').primaryKey(),
    vendorId: integer('vendor_id').notNull().references(() => vendors.id, { onDelete: 'restrict' }),
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

/** India's geography: the 36 states and union territories (src/lib/india/states.ts), loaded by `npm run geo:import`. */
export const states = pgTable(
  'states',
  {
    id: serial('id').primaryKey(),
    name: text('name').notNull(),
    /** ISO 3166-2:IN subdivision code without the `IN-` prefix, e.g. `KA`. */
    code: text('code').notNull(),
    /** The first two digits of a GSTIN registered here, e.g. `29`. */
    gstStateCode: text('gst_state_code').notNull(),
    isUnionTerritory: boolean('is_union_territory').notNull().default(false),
    /** 'active' | 'inactive' */
    status: text('status').notNull().default('active'),
    ...timestamps,
    version: integer('version').notNull().default(1),
  },
  (t) => [
    uniqueIndex('states_name_lower_idx').on(sql`lower(${t.name})`),
    // Lists sorted by state name (pincodes, cities) walk the states in this order.
    index('states_name_idx').on(t.name, t.id),
    uniqueIndex('states_code_idx').on(t.code),
    uniqueIndex('states_gst_state_code_idx').on(t.gstStateCode),
  ],
);

/** Cities: India Post's districts, one state each. */
export const cities = pgTable(
  'cities',
  {
    id: serial('id').primaryKey(),
    stateId: integer('state_id').notNull().references(() => states.id, { onDelete: 'restrict' }),
    name: text('name').notNull(),
    /** 'active' | 'inactive' */
    status: text('status').notNull().default('active'),
    ...timestamps,
    version: integer('version').notNull().default(1),
  },
  (t) => [uniqueIndex('cities_state_name_lower_idx').on(t.stateId, sql`lower(${t.name})`), index('cities_name_idx').on(t.name, t.id)],
);

/** One row per pincode (~19,000), in the city where most of its post offices are. */
export const pincodes = pgTable(
  'pincodes',
  {
    id: serial('id').primaryKey(),
    pincode: text('pincode').notNull(),
    cityId: integer('city_id').notNull().references(() => cities.id, { onDelete: 'restrict' }),
    /** The city's state, kept here so the list filters and sorts on it without a join. */
    stateId: integer('state_id').notNull().references(() => states.id, { onDelete: 'restrict' }),
    postOfficeCount: integer('post_office_count').notNull().default(0),
    /** The post offices' names, comma-separated: what people know the area by. */
    postOffices: text('post_offices').notNull().default(''),
    isServiceable: boolean('is_serviceable').notNull().default(true),
    ...timestamps,
    version: integer('version').notNull().default(1),
  },
  // The pincodes resource compares and orders pincodes in the "C" collation: digits sort the same
  // in any collation, and a "C" b-tree serves both ORDER BY and a prefix (ILIKE '56%', digits
  // having no case) from one index, so a filtered, sorted page reads only the rows it shows.
  (t) => [
    uniqueIndex('pincodes_pincode_idx').on(sql`${t.pincode} collate "C"`),
    // The lists' `equals` and `in` compare lower-cased text: this finds one pincode without a scan.
    index('pincodes_pincode_lower_idx').on(sql`lower(${t.pincode} collate "C")`),
    index('pincodes_city_idx').on(t.cityId, sql`${t.pincode} collate "C"`),
    index('pincodes_state_idx').on(t.stateId, sql`${t.pincode} collate "C"`),
    index('pincodes_serviceable_idx').on(t.isServiceable, sql`${t.pincode} collate "C"`),
  ],
);

// ---------------------------------------------------------------------------------------------
// Catalogue, content, tax and logistics areas (issue 4). Field choices: docs/areas.md.

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
    categoryId: integer('category_id').notNull().references(() => categories.id, { onDelete: 'restrict' }),
    name: text('name').notNull(),
    slug: text('slug').notNull(),
    description: text('description'),
    imagePath: text('image_path'),
    sortOrder: integer('sort_order').notNull().default(0),
    /** Overrides the category's commission; null = the category's (or the store default). */
    commissionPercent: numeric('commission_percent', { precision: 5, scale: 2 }),
    /** 'active' | 'inactive' */
    status: text('status').notNull().default('active'),
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

export const returnPolicies = pgTable(
  'return_policies',
  {
    id: serial('id').primaryKey(),
    title: text('title').notNull(),
    /** A brand's own policy; null = a policy any product may use. */
    brandId: integer('brand_id').references(() => brands.id, { onDelete: 'restrict' }),
    isReturnable: boolean('is_returnable').notNull().default(true),
    /** Days after delivery a return may be asked for; 0 when not returnable. */
    returnWindowDays: integer('return_window_days').notNull().default(0),
    conditions: text('conditions'),
    /** 'active' | 'inactive' */
    status: text('status').notNull().default('active'),
    ...timestamps,
    version: integer('version').notNull().default(1),
  },
  (t) => [uniqueIndex('return_policies_title_lower_idx').on(sql`lower(${t.title})`), index('return_policies_brand_idx').on(t.brandId)],
);

/** Storefront widgets and banners, shown in `position` order while their schedule is open. */
export const widgets = pgTable(
  'widgets',
  {
    id: serial('id').primaryKey(),
    title: text('title').notNull(),
    /** 'hero-banner' | 'strip' | 'category-tiles' | … (widget.area.ts) */
    type: text('type').notNull(),
    imagePath: text('image_path'),
    /** Text for screen readers and when the image can't load. */
    altText: text('alt_text'),
    /** A storefront path (/sale) or an https:// address. */
    linkUrl: text('link_url'),
    position: integer('position').notNull().default(0),
    startsAt: timestamp('starts_at', { withTimezone: true }),
    endsAt: timestamp('ends_at', { withTimezone: true }),
    /** 'active' | 'inactive' */
    status: text('status').notNull().default('active'),
    ...timestamps,
    version: integer('version').notNull().default(1),
  },
  (t) => [index('widgets_position_idx').on(t.position, t.id)],
);

export const faqs = pgTable(
  'faqs',
  {
    id: serial('id').primaryKey(),
    question: text('question').notNull(),
    /** Markdown; rendered with raw HTML disabled, so it can't carry script. */
    answer: text('answer').notNull(),
    /** 'customer' | 'vendor' */
    audience: text('audience').notNull().default('customer'),
    sortOrder: integer('sort_order').notNull().default(0),
    /** 'active' | 'inactive' */
    status: text('status').notNull().default('active'),
    ...timestamps,
    version: integer('version').notNull().default(1),
  },
  (t) => [uniqueIndex('faqs_audience_question_lower_idx').on(t.audience, sql`lower(${t.question})`), index('faqs_sort_idx').on(t.audience, t.sortOrder, t.id)],
);

/** GST rates: a slab with its HSN (goods) or SAC (services) code. */
export const taxes = pgTable(
  'taxes',
  {
    id: serial('id').primaryKey(),
    name: text('name').notNull(),
    ratePercent: numeric('rate_percent', { precision: 5, scale: 2 }).notNull(),
    /** HSN (4, 6 or 8 digits) or SAC (6 digits starting 99). */
    hsnCode: text('hsn_code').notNull(),
    /** 'inclusive' (prices include the tax) | 'exclusive' (added on top) */
    priceMode: text('price_mode').notNull().default('inclusive'),
    /** 'active' | 'inactive' */
    status: text('status').notNull().default('active'),
    ...timestamps,
    version: integer('version').notNull().default(1),
  },
  (t) => [uniqueIndex('taxes_name_lower_idx').on(sql`lower(${t.name})`), index('taxes_hsn_idx').on(t.hsnCode)],
);

/** Where stock ships from: the platform's own (vendorId null) or a vendor's (a vendor sees only theirs). */
export const warehouses = pgTable(
  'warehouses',
  {
    id: serial('id').primaryKey(),
    vendorId: integer('vendor_id').references(() => vendors.id, { onDelete: 'restrict' }),
    name: text('name').notNull(),
    /** A short code printed on labels (BLR-01). */
    code: text('code').notNull(),
    contactName: text('contact_name').notNull(),
    contactPhone: text('contact_phone').notNull(),
    contactEmail: text('contact_email'),
    addressLine1: text('address_line1').notNull(),
    addressLine2: text('address_line2'),
    stateId: integer('state_id').notNull().references(() => states.id, { onDelete: 'restrict' }),
    cityId: integer('city_id').notNull().references(() => cities.id, { onDelete: 'restrict' }),
    pincodeId: integer('pincode_id').notNull().references(() => pincodes.id, { onDelete: 'restrict' }),
    isActive: boolean('is_active').notNull().default(true),
    ...timestamps,
    version: integer('version').notNull().default(1),
  },
  (t) => [
    // Codes are unique per owner: the store's own (no vendor) or one vendor's.
    uniqueIndex('warehouses_owner_code_idx').on(sql`coalesce(${t.vendorId}, 0)`, sql`lower(${t.code})`),
    index('warehouses_vendor_idx').on(t.vendorId),
    index('warehouses_pincode_idx').on(t.pincodeId),
  ],
);

export const deliveryPartners = pgTable(
  'delivery_partners',
  {
    id: serial('id').primaryKey(),
    name: text('name').notNull(),
    contactName: text('contact_name'),
    contactPhone: text('contact_phone'),
    contactEmail: text('contact_email'),
    /** https://… with `{tracking_number}` where the AWB goes. */
    trackingUrlTemplate: text('tracking_url_template'),
    codSupported: boolean('cod_supported').notNull().default(false),
    /** 'active' | 'inactive' */
    status: text('status').notNull().default('active'),
    ...timestamps,
    version: integer('version').notNull().default(1),
  },
  (t) => [uniqueIndex('delivery_partners_name_lower_idx').on(sql`lower(${t.name})`)],
);

/** A set of pincodes a delivery partner serves at one charge and delivery time. */
export const deliveryZones = pgTable(
  'delivery_zones',
  {
    id: serial('id').primaryKey(),
    name: text('name').notNull(),
    deliveryPartnerId: integer('delivery_partner_id').notNull().references(() => deliveryPartners.id, { onDelete: 'restrict' }),
    /** Charged to the customer per order, in the store currency. */
    charge: numeric('charge', { precision: 10, scale: 2 }).notNull().default('0'),
    estimatedDaysMin: integer('estimated_days_min').notNull(),
    estimatedDaysMax: integer('estimated_days_max').notNull(),
    /** Kept with the zone so lists show and sort by it without counting. */
    pincodeCount: integer('pincode_count').notNull().default(0),
    /** 'active' | 'inactive' */
    status: text('status').notNull().default('active'),
    ...timestamps,
    version: integer('version').notNull().default(1),
  },
  (t) => [uniqueIndex('delivery_zones_name_lower_idx').on(sql`lower(${t.name})`), index('delivery_zones_partner_idx').on(t.deliveryPartnerId)],
);

export const deliveryZonePincodes = pgTable(
  'delivery_zone_pincodes',
  {
    zoneId: integer('zone_id').notNull().references(() => deliveryZones.id, { onDelete: 'cascade' }),
    pincodeId: integer('pincode_id').notNull().references(() => pincodes.id, { onDelete: 'restrict' }),
  },
  (t) => [primaryKey({ columns: [t.zoneId, t.pincodeId] }), index('delivery_zone_pincodes_pincode_idx').on(t.pincodeId)],
);
