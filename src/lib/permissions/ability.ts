/**
 * CASL abilities from the server's `area:action` list. Built on the server for every
 * request and in islands from /api/user, from the same function.
 * For vendor accounts, vendor-owned areas carry a `vendorId` condition, so
 * `can('update', subject('products', row))` is false for another vendor's row.
 */
import { createMongoAbility, type MongoAbility } from '@casl/ability';

export type AppAbility = MongoAbility<[string, string]>;

/** Areas whose records belong to a vendor; a vendor only ever sees their own. */
export const VENDOR_OWNED_AREAS = new Set(['products', 'orders', 'inventories', 'warehouse', 'accountings', 'reviews']);

export function buildAbility(abilities: readonly string[], vendorId?: number | null): AppAbility {
  const rules = abilities.map((name) => {
    const i = name.lastIndexOf(':');
    const subject = name.slice(0, i);
    const action = name.slice(i + 1);
    if (vendorId != null && VENDOR_OWNED_AREAS.has(subject)) return { action, subject, conditions: { vendorId } };
    return { action, subject };
  });
  return createMongoAbility<[string, string]>(rules);
}

/** `can('brands:list')` in the spec's string form. */
export function canDo(ability: AppAbility, permission: string): boolean {
  const i = permission.lastIndexOf(':');
  return ability.can(permission.slice(i + 1), permission.slice(0, i));
}
