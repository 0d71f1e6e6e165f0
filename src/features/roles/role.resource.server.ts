/**
 * Roles on the server: the `roles` table (src/lib/db/schema.ts) behind the declaration. What only
 * roles have: the user and permission counts, the built-in roles' protections (Super Admin can't be
 * edited or deleted; no built-in role is renamed, since the product finds them by name), and the
 * delete refused while users hold the role. Grants are saved by role-permissions.service.server.ts.
 */
import { inArray, sql } from 'drizzle-orm';
import { roles, userRoles } from '@/lib/db/schema.ts';
import { defineResource } from '@/lib/areas/resource.server.ts';
import { countUses, recordStamps, uniqueName } from '@/lib/areas/resource-helpers.server.ts';
import { forbidden, invalid } from '@/lib/http/errors.ts';
import { BUILT_IN_ROLES } from '@/lib/permissions/catalogue.ts';
import { roleArea, SUPER_ADMIN_ROLE } from './role.area.ts';

// Qualified by hand: inside a subquery Drizzle renders a column without its table name.
const usersCount = sql<number>`(select count(*)::int from user_roles ur where ur.role_id = "roles"."id")`;
const permissionsCount = sql<number>`(select count(*)::int from role_permissions rp where rp.role_id = "roles"."id")`;

export const isBuiltInRole = (name: unknown) => typeof name === 'string' && Object.hasOwn(BUILT_IN_ROLES, name);

export const SUPER_ADMIN_LOCKED = `The ${SUPER_ADMIN_ROLE} role is built in: it always holds every permission and can't be renamed, edited or deleted.`;

/** "3 users hold this role": why a role can't be deleted yet. */
export const heldByMessage = (n: number) => `${n} ${n === 1 ? 'user holds' : 'users hold'} this role. Give them another role first.`;

export const roleResource = defineResource({
  area: roleArea,
  table: roles,
  tableName: 'roles',
  searchColumns: [roles.name, roles.description],
  computed: { usersCount, permissionsCount },
  serialize: (r) => ({
    id: r.id,
    name: r.name,
    description: r.description ?? '',
    requires_two_factor: Boolean(r.requiresTwoFactor),
    users_count: Number(r.usersCount ?? 0),
    permissions_count: Number(r.permissionsCount ?? 0),
    built_in: isBuiltInRole(r.name),
    editable: r.name !== SUPER_ADMIN_ROLE,
    ...recordStamps(r),
  }),
  toValues: (input) => ({
    name: input.name,
    description: input.description || null,
    requiresTwoFactor: input.requires_two_factor,
  }),
  unique: [uniqueName(roles.name, 'role')],
  resolve: async (_db, values, existing) => {
    if (existing?.name === SUPER_ADMIN_ROLE) throw forbidden(SUPER_ADMIN_LOCKED);
    if (existing && isBuiltInRole(existing.name) && values.name !== existing.name)
      throw invalid({ name: [`"${String(existing.name)}" is a built-in role and keeps its name; its description and grants can change.`] });
    return values;
  },
  deleteBlocker: async (db, ids) => {
    const held = await countUses(db, userRoles, userRoles.roleId, ids);
    const rows = await db.select({ id: roles.id, name: roles.name }).from(roles).where(inArray(roles.id, ids));
    const reasons = new Map<number, string>();
    for (const r of rows) {
      const n = held.get(r.id) ?? 0;
      if (r.name === SUPER_ADMIN_ROLE) reasons.set(r.id, `it is built in and always holds every permission.${n ? ` ${heldByMessage(n)}` : ''}`);
      else if (isBuiltInRole(r.name)) reasons.set(r.id, 'it is built in.');
      else if (n > 0) reasons.set(r.id, heldByMessage(n));
    }
    return reasons;
  },
});
