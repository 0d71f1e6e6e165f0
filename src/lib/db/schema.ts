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
    index('brands_status_idx').on(t.status),
    index('brands_updated_at_idx').on(t.updatedAt, t.id),
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
    ...timestamps,
    version: integer('version').notNull().default(1),
  },
  (t) => [uniqueIndex('products_sku_idx').on(t.sku), index('products_vendor_idx').on(t.vendorId), index('products_brand_idx').on(t.brandId)],
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
