/**
 * The geography tables (Drizzle), kept beside the code that uses them. drizzle-kit reads these
 * with every other area's and the shared src/lib/db/schema.ts (drizzle.config.ts).
 */
import { inArray, sql, type SQL } from 'drizzle-orm';
import { boolean, index, integer, pgTable, serial, text, uniqueIndex } from 'drizzle-orm/pg-core';
import { timestamps } from '../../lib/db/columns.ts';

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
    stateId: integer('state_id')
      .notNull()
      .references(() => states.id, { onDelete: 'restrict' }),
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
    cityId: integer('city_id')
      .notNull()
      .references(() => cities.id, { onDelete: 'restrict' }),
    /** The city's state, kept here so the list filters and sorts on it without a join. */
    stateId: integer('state_id')
      .notNull()
      .references(() => states.id, { onDelete: 'restrict' }),
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
    // The search box's ILIKE '%…%' (and the global search's, at each keystroke) as the resource
    // writes it, in the "C" collation: a trigram lookup instead of reading all 19,000 rows.
    index('pincodes_pincode_trgm_idx').using('gin', sql`(${t.pincode} collate "C") gin_trgm_ops`),
    index('pincodes_post_offices_trgm_idx').using('gin', sql`(${t.postOffices} collate "C") gin_trgm_ops`),
  ],
);

/**
 * A pincode as its indexes hold it: in the "C" collation. Every lookup by pincode goes through this,
 * as `pincode = $1` in the database's own collation can use none of them and reads the 19,000 rows
 * (a placing's delivery price, the storefront's availability, the order page: ~1 ms of a scan each).
 * Pincodes are digits, so equality is the same in any collation.
 */
export const pincodeInC = sql<string>`${pincodes.pincode} collate "C"`;
export const pincodeIs = (pincode: string): SQL => sql`${pincodeInC} = ${pincode}`;
export const pincodeIn = (list: string[]): SQL => inArray(pincodeInC, list);
