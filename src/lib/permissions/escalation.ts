/**
 * Privilege escalation, one rule for every place that hands out permissions (a role's grants, a
 * user's direct grants; assigning a role to a user should ask the same of the role's permissions):
 * nobody gives a permission they don't hold themselves, and vendor accounts give none.
 * No server imports.
 */
import { forbidden, HttpError } from '@/lib/http/errors.ts';

export interface Granter {
  user: { userType: string };
  abilities: readonly string[];
}

/** The permissions of `wanted` the granter doesn't hold. */
export const lackingPermissions = (granter: Granter, wanted: Iterable<string>): string[] => {
  const held = new Set(granter.abilities);
  return [...new Set(wanted)].filter((p) => !held.has(p)).sort();
};

export const VENDOR_MAY_NOT_GRANT = 'Vendor accounts can not manage roles or permissions.';

/** 403 naming what the granter lacks (or that a vendor grants nothing); nothing when the grant is allowed. */
export function refuseEscalation(granter: Granter, wanted: Iterable<string>): void {
  if (granter.user.userType === 'vendor') throw forbidden(VENDOR_MAY_NOT_GRANT);
  const lacking = lackingPermissions(granter, wanted);
  if (lacking.length) throw forbidden(`You can't grant ${lacking.join(', ')}: you don't hold ${lacking.length === 1 ? 'it' : 'them'} yourself.`);
}

/**
 * Permissions a vendor account never holds, whether directly or through a role it holds: staff
 * administration, and the marketplace's own promotions (decision 057; vendors fund coupons instead).
 */
export const STAFF_ONLY_AREAS = ['rbac', 'users', 'promotions'];

export function refuseStaffOnlyForVendors(wanted: Iterable<string>, who: string): void {
  const staffOnly = [...wanted].filter((p) => STAFF_ONLY_AREAS.includes(p.split(':')[0]!));
  if (staffOnly.length)
    throw new HttpError(422, `${who} can't be given ${staffOnly.join(', ')}: vendor accounts never manage roles, users or the marketplace's promotions.`, {
      grant: [`Vendor accounts never hold ${staffOnly.join(', ')}.`],
    });
}
