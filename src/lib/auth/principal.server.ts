/** Loads a user with everything a request needs: their vendor and their abilities. */
import { eq, sql } from 'drizzle-orm';
import { rowsOf, type DbOrTx } from '@/lib/db/client.server.ts';
import { users, vendors } from '@/lib/db/schema.ts';

export type UserRow = typeof users.$inferSelect;
export type VendorRow = typeof vendors.$inferSelect;

export interface Principal {
  user: UserRow;
  vendor: VendorRow | null;
  /** The union of the user's roles' permissions and their direct grants, sorted. */
  abilities: string[];
}

export async function loadAbilities(db: DbOrTx, userId: number): Promise<string[]> {
  const result = await db.execute<{ name: string }>(sql`
    select p.name from permissions p
      join role_permissions rp on rp.permission_id = p.id
      join user_roles ur on ur.role_id = rp.role_id
     where ur.user_id = ${userId}
    union
    select p.name from permissions p
      join user_permissions up on up.permission_id = p.id
     where up.user_id = ${userId}
    order by 1`);
  return rowsOf<{ name: string }>(result).map((r) => r.name);
}

export async function loadPrincipal(db: DbOrTx, userId: number): Promise<Principal | null> {
  const [row] = await db
    .select({ user: users, vendor: vendors })
    .from(users)
    .leftJoin(vendors, eq(users.vendorId, vendors.id))
    .where(eq(users.id, userId))
    .limit(1);
  if (!row || row.user.status !== 'active') return null;
  return { user: row.user, vendor: row.vendor, abilities: await loadAbilities(db, userId) };
}

/** A vendor must finish store setup before using the rest of the product (spec §1). */
export function isVendorProfileComplete(p: Pick<Principal, 'user' | 'vendor'>): boolean {
  if (p.user.userType !== 'vendor') return true;
  return Boolean(p.vendor?.storeSetupCompletedAt);
}
