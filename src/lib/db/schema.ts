/**
 * The shared tables (Drizzle): accounts, vendors, roles and permissions, sessions, rate limits,
 * the activity log, notifications and settings, which lib and several features use. Each area
 * owns its own tables beside its code (`src/features/<area>/<x>.tables.ts`). It all runs
 * unchanged on PGlite (embedded) and PostgreSQL; migrations in ./drizzle are generated from all
 * of them by `npm run db:generate` (drizzle.config.ts).
 */
import { sql } from 'drizzle-orm';
import { bigint, bigserial, boolean, index, integer, jsonb, numeric, pgTable, primaryKey, serial, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';
import { timestamps } from './columns.ts';
// Only for foreign keys (the database is one schema): eslint.config.js allows this one import.
import { cities, states } from '../../features/geography/geography.tables.ts';

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
  /**
   * 'draft' (store setup not finished) → 'pending' (onboarding submitted) → 'active' | 'rejected';
   * 'active' ↔ 'suspended'. The rules: src/features/vendors/vendor-status.ts.
   */
  status: text('status').notNull().default('draft'),
  /** Store setup (the form at /vendor/store-setup) is done. */
  storeSetupCompletedAt: timestamp('store_setup_completed_at', { withTimezone: true }),
  /** The registered business name (on the PAN and GST certificate); the store name is what shoppers see. */
  legalName: text('legal_name'),
  /** src/features/vendors/vendor-status.ts BUSINESS_TYPES */
  businessType: text('business_type'),
  /**
   * The store address's city and state in the geography tables (the text columns above keep their
   * names). A city or state a store uses can't be deleted (restrict): deactivate it instead.
   */
  cityId: integer('city_id').references(() => cities.id, { onDelete: 'restrict' }),
  stateId: integer('state_id').references(() => states.id, { onDelete: 'restrict' }),
  /** The marketplace's commission in percent (2 decimals); null is the store default. */
  commissionRate: numeric('commission_rate', { precision: 5, scale: 2 }),
  /** 'weekly' | 'fortnightly' | 'monthly' */
  payoutCycle: text('payout_cycle').notNull().default('monthly'),
  /**
   * How many products the store has, kept by triggers on products (migration 0014: one UPDATE per
   * statement, whatever inserts or deletes them, the bench's million included), so the vendors
   * list never counts 2,000 products per row. Not a change of the vendor: no version, no log.
   */
  productsCount: integer('products_count').notNull().default(0),
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
    /** The last successful sign-in (password, and the second step when 2FA is on). */
    lastSignInAt: timestamp('last_sign_in_at', { withTimezone: true }),
    /** The TOTP secret (RFC 6238), encrypted at rest; set while 2FA is being set up or is on. */
    totpSecret: text('totp_secret'),
    /** 2FA is on since then (the first code was confirmed); null while off. */
    totpEnabledAt: timestamp('totp_enabled_at', { withTimezone: true }),
    ...timestamps,
    version: integer('version').notNull().default(1),
  },
  (t) => [uniqueIndex('users_email_lower_idx').on(sql`lower(${t.email})`), index('users_vendor_idx').on(t.vendorId)],
);

export const roles = pgTable('roles', {
  id: serial('id').primaryKey(),
  name: text('name').notNull().unique(),
  description: text('description'),
  /** A user holding this role must turn on two-factor sign-in; they are taken to set it up at sign-in. */
  requiresTwoFactor: boolean('requires_two_factor').notNull().default(false),
  ...timestamps,
  version: integer('version').notNull().default(1),
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
    roleId: integer('role_id')
      .notNull()
      .references(() => roles.id, { onDelete: 'cascade' }),
    permissionId: integer('permission_id')
      .notNull()
      .references(() => permissions.id, { onDelete: 'cascade' }),
  },
  (t) => [primaryKey({ columns: [t.roleId, t.permissionId] })],
);

export const userRoles = pgTable(
  'user_roles',
  {
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    roleId: integer('role_id')
      .notNull()
      .references(() => roles.id, { onDelete: 'cascade' }),
  },
  (t) => [primaryKey({ columns: [t.userId, t.roleId] })],
);

/** Direct per-user grants, on top of roles. */
export const userPermissions = pgTable(
  'user_permissions',
  {
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    permissionId: integer('permission_id')
      .notNull()
      .references(() => permissions.id, { onDelete: 'cascade' }),
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
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
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
  userId: integer('user_id')
    .notNull()
    .references(() => users.id, { onDelete: 'cascade' }),
  expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
  usedAt: timestamp('used_at', { withTimezone: true }),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  /** 'reset' (a forgotten password, 60 minutes) | 'invite' (a new user's first password, 7 days): one link works only for its purpose. */
  purpose: text('purpose').notNull().default('reset'),
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
    /**
     * The record's name when the entry was written (a brand's name, a user's): the log names it
     * even after it is renamed or deleted. Null in entries older than the column (decision 028).
     */
    recordName: text('record_name'),
    action: text('action').notNull(),
    /** `{ field: [before, after] }` */
    changes: jsonb('changes').$type<Record<string, [unknown, unknown]>>(),
    ip: text('ip'),
    userAgent: text('user_agent'),
  },
  (t) => [
    index('activity_logs_at_idx').on(t.at),
    index('activity_logs_area_record_idx').on(t.area, t.recordId),
    index('activity_logs_actor_idx').on(t.actorId),
  ],
);

export const notifications = pgTable(
  'notifications',
  {
    id: serial('id').primaryKey(),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    type: text('type').notNull(),
    title: text('title').notNull(),
    body: text('body'),
    link: text('link'),
    readAt: timestamp('read_at', { withTimezone: true }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    /**
     * The mail copy, per the user's preferences (notification_preferences): null when none is
     * wanted; 'pending' until the mail worker (src/lib/notifications/mail-worker.server.ts) claims
     * it after the commit ('sending', since `mail_claimed_at`); then 'sent' or 'failed'.
     */
    mailStatus: text('mail_status'),
    mailAttempts: integer('mail_attempts').notNull().default(0),
    mailClaimedAt: timestamp('mail_claimed_at', { withTimezone: true }),
  },
  (t) => [
    index('notifications_user_unread_idx').on(t.userId, t.readAt),
    index('notifications_mail_queue_idx')
      .on(t.id)
      .where(sql`${t.mailStatus} in ('pending', 'sending')`),
  ],
);

/**
 * A user's choice per kind of notification (src/lib/notifications/kinds.ts): in the back-office
 * always, by mail when `mail` is true. No row: the kind's default.
 */
export const notificationPreferences = pgTable(
  'notification_preferences',
  {
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    kind: text('kind').notNull(),
    mail: boolean('mail').notNull(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.userId, t.kind] })],
);

/**
 * Realtime events (docs/decisions/038-realtime-events.md): what happened, as ids only, kept a few
 * minutes so a stream that reconnects resumes from its Last-Event-ID. `seq` is the public event id:
 * given at commit, in commit order (a deferred trigger under an advisory lock, migration 0017), so a
 * reader that has seen `seq` n has seen every event committed before it. Pruned by the servers.
 */
export const realtimeEvents = pgTable(
  'realtime_events',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    seq: bigint('seq', { mode: 'number' }),
    kind: text('kind').notNull(),
    payload: jsonb('payload').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [uniqueIndex('realtime_events_seq_idx').on(t.seq), index('realtime_events_created_idx').on(t.createdAt)],
);

/** Key/value settings (global settings, SMS credit ledger, generated secrets for PostgreSQL deployments). */
export const settings = pgTable('settings', {
  key: text('key').primaryKey(),
  value: jsonb('value').notNull(),
  updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
});
