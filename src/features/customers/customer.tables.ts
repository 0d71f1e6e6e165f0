/**
 * The customers tables (Drizzle), kept beside the code that uses them. drizzle-kit reads these
 * with every other area's and the shared src/lib/db/schema.ts (drizzle.config.ts).
 */
import { sql } from 'drizzle-orm';
import { boolean, index, integer, pgTable, serial, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';
import { timestamps } from '../../lib/db/columns.ts';
import { cities, states } from '../geography/geography.tables.ts';

/**
 * Shoppers of the storefront (issue 14), not back-office users. Created by staff here and by the
 * storefront API later (orders issue): email unique ignoring case, phone unique as E.164 (+91…).
 */
export const customers = pgTable(
  'customers',
  {
    id: serial('id').primaryKey(),
    name: text('name').notNull(),
    /** Stored as typed (trimmed); unique ignoring case. */
    email: text('email').notNull(),
    /** E.164, always `+91` and ten digits (the schema normalises what is typed). */
    phone: text('phone').notNull(),
    marketingConsent: boolean('marketing_consent').notNull().default(false),
    /** 'active' | 'blocked' */
    status: text('status').notNull().default('active'),
    blockedReason: text('blocked_reason'),
    blockedAt: timestamp('blocked_at', { withTimezone: true }),
    ...timestamps,
    version: integer('version').notNull().default(1),
  },
  (t) => [
    uniqueIndex('customers_email_lower_idx').on(sql`lower(${t.email})`),
    uniqueIndex('customers_phone_idx').on(t.phone),
    index('customers_name_id_idx').on(t.name, t.id),
    index('customers_status_idx').on(t.status),
    index('customers_created_at_idx').on(t.createdAt, t.id),
    index('customers_updated_at_idx').on(t.updatedAt, t.id),
    // "Contains" searches (ILIKE '%…%') by name, email or phone: pg_trgm (decision 022).
    index('customers_name_trgm_idx').using('gin', t.name.op('gin_trgm_ops')),
    index('customers_email_trgm_idx').using('gin', t.email.op('gin_trgm_ops')),
    index('customers_phone_trgm_idx').using('gin', t.phone.op('gin_trgm_ops')),
  ],
);

/** A customer's delivery addresses; at most one is the default (kept so by the resource). */
export const customerAddresses = pgTable(
  'customer_addresses',
  {
    id: serial('id').primaryKey(),
    customerId: integer('customer_id')
      .notNull()
      .references(() => customers.id, { onDelete: 'cascade' }),
    /** "Home", "Office"… */
    label: text('label').notNull(),
    line1: text('line1').notNull(),
    line2: text('line2'),
    /** Six digits; exists in the pincodes table and lies in `state_id` (checked by the resource). */
    pincode: text('pincode').notNull(),
    cityId: integer('city_id')
      .notNull()
      .references(() => cities.id, { onDelete: 'restrict' }),
    stateId: integer('state_id')
      .notNull()
      .references(() => states.id, { onDelete: 'restrict' }),
    isDefault: boolean('is_default').notNull().default(false),
    ...timestamps,
    version: integer('version').notNull().default(1),
  },
  (t) => [index('customer_addresses_customer_idx').on(t.customerId, t.id), index('customer_addresses_city_idx').on(t.cityId)],
);
