/**
 * CASL abilities from the server's `area:action` list, with the one ownership declaration
 * (VENDOR_OWNED) turned into conditions: for a vendor account, a vendor-owned area's rules carry
 * `{ vendorId: <their vendor> }`, so `can('update', subject('warehouse', row))` is false for another
 * vendor's row, and the resources derive their SQL scoping from the same rules (scope.server.ts).
 * No server imports: the same function can build an island's ability.
 */
import { createMongoAbility, type MongoAbility, type Subject } from '@casl/ability';

/** Actions on an area (`'warehouse'`) or on one of its records (`subject('warehouse', row)`). */
export type AppAbility = MongoAbility<[string, Subject]>;

/**
 * The one place "a vendor sees only their own" is declared: permission areas whose records belong
 * to a vendor, and the record property (a Drizzle row key) naming the owner. A vendor account only
 * ever reads, changes or creates such records with their own vendor there; staff are not limited.
 */
export const VENDOR_OWNED: Readonly<Record<string, 'vendorId'>> = {
  products: 'vendorId',
  orders: 'vendorId',
  inventories: 'vendorId',
  warehouse: 'vendorId',
  accountings: 'vendorId',
  reviews: 'vendorId',
  // Coupons: a vendor's are those they fund (a platform coupon has no vendor: staff only).
  discounts: 'vendorId',
};

/** Who the abilities are for: a vendor account's vendor (null for a vendor account without one), or staff. */
export type Owner = { userType: 'vendor'; vendorId: number | null } | { userType: 'staff' };

/** A vendor account without a vendor owns nothing: -1 is never an id. */
const NO_VENDOR = -1;

export function buildAbility(abilities: readonly string[], owner: Owner = { userType: 'staff' }): AppAbility {
  const rules = abilities.map((name) => {
    const i = name.lastIndexOf(':');
    const subject = name.slice(0, i);
    const action = name.slice(i + 1);
    const ownerProperty = VENDOR_OWNED[subject];
    if (owner.userType === 'vendor' && ownerProperty) return { action, subject, conditions: { [ownerProperty]: owner.vendorId ?? NO_VENDOR } };
    return { action, subject };
  });
  return createMongoAbility<[string, Subject]>(rules);
}

/** `can('brands:list')` in the spec's string form. */
export function canDo(ability: AppAbility, permission: string): boolean {
  const i = permission.lastIndexOf(':');
  return ability.can(permission.slice(i + 1), permission.slice(0, i));
}
