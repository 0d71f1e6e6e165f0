/**
 * The warehouses tables (Drizzle), kept beside the code that uses them. drizzle-kit reads these
 * with every other area's and the shared src/lib/db/schema.ts (drizzle.config.ts).
 */
import { sql } from 'drizzle-orm';
import { boolean, index, integer, pgTable, serial, text, uniqueIndex } from 'drizzle-orm/pg-core';
import { timestamps } from '../../lib/db/columns.ts';
import { cities, pincodes, states } from '../geography/geography.tables.ts';
import { vendors } from '../../lib/db/schema.ts';

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
    stateId: integer('state_id')
      .notNull()
      .references(() => states.id, { onDelete: 'restrict' }),
    cityId: integer('city_id')
      .notNull()
      .references(() => cities.id, { onDelete: 'restrict' }),
    pincodeId: integer('pincode_id')
      .notNull()
      .references(() => pincodes.id, { onDelete: 'restrict' }),
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
