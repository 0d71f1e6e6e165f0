/**
 * Vendors as choices in staff pickers (a warehouse's owner, the owner filter of a list):
 * GET /api/vendors/options, the same contract as every area's options. The vendors area itself
 * (/vendors/list) comes with its own issue. How a vendor is named is src/lib/vendors/vendor-name.server.ts.
 */
import type { APIContext } from 'astro';
import { asc, inArray } from 'drizzle-orm';
import { db } from '@/lib/boot.server.ts';
import { vendors } from '@/lib/db/schema.ts';
import { json, parseWith, queryObject } from '@/lib/http/api.server.ts';
import { optionsQuery } from '@/lib/areas/area-schemas.ts';
import { OPTIONS_LIMIT, type RelationOption } from '@/lib/areas/resource.server.ts';
import { containsText } from '@/lib/list/list-sql.server.ts';
import { vendorName } from '@/lib/vendors/vendor-name.server.ts';

const label = vendorName(vendors.id, vendors.storeName);

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
  const data: RelationOption[] = rows.map((r) =>
    ['pending', 'active', 'draft'].includes(r.status) ? { value: r.id, label: r.label } : { value: r.id, label: r.label, inactive: true },
  );
  return json({ data });
}
