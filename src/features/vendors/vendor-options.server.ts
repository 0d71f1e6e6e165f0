/**
 * Vendors as choices in staff pickers (a warehouse's owner, the owner filter of a list):
 * GET /api/vendors/options, the same contract as every area's options. The vendors area itself
 * (/vendors/list) comes with its own issue; until then this is the one way to name a vendor.
 */
import type { APIContext } from 'astro';
import { asc, inArray, sql, type AnyColumn, type SQL } from 'drizzle-orm';
import { db } from '../../lib/boot.server.ts';
import { vendors } from '../../lib/db/schema.ts';
import { json, parseWith, queryObject } from '../../lib/http/api.server.ts';
import { optionsQuery } from '../../lib/areas/area-endpoints.server.ts';
import { OPTIONS_LIMIT, type RelationOption } from '../../lib/areas/resource.server.ts';
import { containsText } from '../../lib/list/list-sql.server.ts';

/** How a vendor is named: the store's name, or before store setup its first user's name. */
const nameOf = (id: SQL | AnyColumn, storeName: SQL | AnyColumn) =>
  sql<string>`coalesce(${storeName}, (select u.name from users u where u.vendor_id = ${id} order by u.id limit 1), 'Vendor #' || ${id})`;

const label = nameOf(vendors.id, vendors.storeName);

/** The same name as a correlated subquery, for areas that show a vendor (qualify the outer column by hand). */
export const vendorNameSql = (vendorId: SQL) => sql<string>`(select ${nameOf(sql`v.id`, sql`v.store_name`)} from vendors v where v.id = ${vendorId})`;

export async function vendorOptions(context: APIContext) {
  const { ids, q } = parseWith(optionsQuery.omit({ filters: true }).strict(), queryObject(context.url));
  const wanted = ids ? [...new Set(ids)] : undefined;
  const term = q?.trim();
  const rows = await db()
    .select({ id: vendors.id, label, status: vendors.status })
    .from(vendors)
    .where(wanted ? inArray(vendors.id, wanted) : term ? containsText(label, term) : undefined)
    .orderBy(asc(label), asc(vendors.id))
    .limit(wanted ? wanted.length : OPTIONS_LIMIT);
  // A vendor still being onboarded may own a warehouse; a rejected or suspended one is marked.
  const data: RelationOption[] = rows.map((r) => (['approved', 'pending', 'active'].includes(r.status) ? { value: r.id, label: r.label } : { value: r.id, label: r.label, inactive: true }));
  return json({ data });
}
