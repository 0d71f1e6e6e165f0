/**
 * The delivery zones tables (Drizzle), kept beside the code that uses them. drizzle-kit reads these
 * with every other area's and the shared src/lib/db/schema.ts (drizzle.config.ts).
 */
import { sql } from 'drizzle-orm';
import { index, integer, numeric, pgTable, primaryKey, serial, text, uniqueIndex } from 'drizzle-orm/pg-core';
import { timestamps } from '../../lib/db/columns.ts';
import { deliveryPartners } from '../delivery-partners/delivery-partner.tables.ts';
import { pincodes } from '../geography/geography.tables.ts';

/** A set of pincodes a delivery partner serves at one charge and delivery time. */
export const deliveryZones = pgTable(
  'delivery_zones',
  {
    id: serial('id').primaryKey(),
    name: text('name').notNull(),
    deliveryPartnerId: integer('delivery_partner_id')
      .notNull()
      .references(() => deliveryPartners.id, { onDelete: 'restrict' }),
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
    zoneId: integer('zone_id')
      .notNull()
      .references(() => deliveryZones.id, { onDelete: 'cascade' }),
    pincodeId: integer('pincode_id')
      .notNull()
      .references(() => pincodes.id, { onDelete: 'restrict' }),
  },
  (t) => [primaryKey({ columns: [t.zoneId, t.pincodeId] }), index('delivery_zone_pincodes_pincode_idx').on(t.pincodeId)],
);
