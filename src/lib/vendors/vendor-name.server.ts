/**
 * How a vendor is named, everywhere one is shown (a warehouse's owner, the vendors picker): the
 * store's name, or before store setup its first user's name. Vendors are shared by every area
 * (users, ownership), so their name lives below the features.
 */
import { sql, type AnyColumn, type SQL } from 'drizzle-orm';

/** The name of the vendor `id` whose store name is `storeName`. */
export const vendorName = (id: SQL | AnyColumn, storeName: SQL | AnyColumn) =>
  sql<string>`coalesce(${storeName}, (select u.name from users u where u.vendor_id = ${id} order by u.id limit 1), 'Vendor #' || ${id})`;

/** The same name as a correlated subquery, for areas that show a vendor (qualify the outer column by hand). */
export const vendorNameSql = (vendorId: SQL) => sql<string>`(select ${vendorName(sql`v.id`, sql`v.store_name`)} from vendors v where v.id = ${vendorId})`;
