/**
 * Vendor scoping: a vendor only ever sees the vendor's own records. Every query on a
 * vendor-owned table goes through `vendorScope`, which adds `vendor_id = <the vendor>` for
 * vendor accounts and nothing for staff. Another vendor's record is then simply not found (404),
 * which also hides whether it exists.
 */
import { eq, type SQL } from 'drizzle-orm';
import type { PgColumn } from 'drizzle-orm/pg-core';
import type { Principal } from '../auth/principal.server.ts';

export function vendorScope(principal: Principal | null, vendorColumn: PgColumn): SQL | undefined {
  if (!principal || principal.user.userType !== 'vendor') return undefined;
  // A vendor account without a vendor matches nothing (-1 is never an id).
  return eq(vendorColumn, principal.user.vendorId ?? -1);
}
