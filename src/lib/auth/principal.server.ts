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
  /** One of the user's roles requires two-factor sign-in (roles.requires_two_factor). */
  twoFactorRequired?: boolean;
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
  return { user: row.user, vendor: row.vendor, abilities: await loadAbilities(db, userId), twoFactorRequired: await loadTwoFactorRequired(db, userId) };
}

/** Does one of the user's roles require two-factor sign-in? */
export async function loadTwoFactorRequired(db: DbOrTx, userId: number): Promise<boolean> {
  const result = await db.execute<{ required: boolean }>(sql`
    select exists (
      select 1 from user_roles ur join roles r on r.id = ur.role_id
       where ur.user_id = ${userId} and r.requires_two_factor
    ) as required`);
  return Boolean(rowsOf<{ required: boolean }>(result)[0]?.required);
}

/**
 * A staff member whose role requires two-factor sign-in and who has not turned it on is taken to
 * set it up (/profile/two-factor) on every navigation, like a vendor to store setup.
 */
export function mustSetUpTwoFactor(p: Pick<Principal, 'user' | 'twoFactorRequired'>): boolean {
  return p.user.userType === 'staff' && Boolean(p.twoFactorRequired) && !p.user.totpEnabledAt;
}

/** A vendor must finish store setup before using the rest of the product (spec §1). */
export function isVendorProfileComplete(p: Pick<Principal, 'user' | 'vendor'>): boolean {
  if (p.user.userType !== 'vendor') return true;
  return Boolean(p.vendor?.storeSetupCompletedAt);
}
