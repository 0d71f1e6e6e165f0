/**
 * Whose earnings a request reads (issue 18 §2: vendor isolation on every endpoint, statement and
 * export): a vendor account always its own vendor, whatever it asks for (another vendor's id is a
 * 404, as for any record not theirs); staff the vendor they name, or every vendor where that makes
 * sense (balances).
 */
import { z } from 'zod';
import { asc } from 'drizzle-orm';
import type { DbOrTx } from '@/lib/db/client.server.ts';
import { vendors } from '@/lib/db/schema.ts';
import { vendorName } from '@/lib/vendors/vendor-name.server.ts';
import type { Principal } from '@/lib/auth/principal.server.ts';
import { invalid, notFound } from '@/lib/http/errors.ts';
import { parseWith } from '@/lib/http/api.server.ts';
import { recordId } from '@/lib/http/integers.ts';

const vendorQuery = z.object({ vendor_id: recordId('vendor_id must be a vendor id.').optional() }).loose();

/** The vendor asked about: a vendor's own; for staff the named one, or null (every vendor) unless `required`. */
export function earningsVendor(principal: Principal, query: Record<string, string>, required: boolean): number | null {
  const { vendor_id } = parseWith(vendorQuery, query);
  if (principal.user.userType === 'vendor') {
    const own = principal.user.vendorId;
    if (own === null || (vendor_id !== undefined && vendor_id !== own)) throw notFound('That vendor’s earnings are not yours to see.');
    return own;
  }
  if (vendor_id === undefined && required) throw invalid({ vendor_id: ['Choose the vendor.'] });
  return vendor_id ?? null;
}

/** Vendors as choices of a staff form (a statement's vendor, an adjustment's): id and name, by name. */
export async function vendorChoices(db: DbOrTx): Promise<{ value: string; label: string }[]> {
  const label = vendorName(vendors.id, vendors.storeName);
  const rows = await db.select({ id: vendors.id, label }).from(vendors).orderBy(asc(label), asc(vendors.id)).limit(2000);
  return rows.map((r) => ({ value: String(r.id), label: r.label }));
}
