/**
 * The delivery partners tables (Drizzle), kept beside the code that uses them. drizzle-kit reads these
 * with every other area's and the shared src/lib/db/schema.ts (drizzle.config.ts).
 */
import { sql } from 'drizzle-orm';
import { boolean, integer, pgTable, serial, text, uniqueIndex } from 'drizzle-orm/pg-core';
import { timestamps } from '../../lib/db/columns.ts';

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
