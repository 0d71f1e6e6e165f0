/**
 * A role's grants (/permissions/{id}) and a user's direct grants (/user/permissions/{user}): read
 * as a matrix, saved as a difference ({grant, revoke}) in one transaction with one activity entry.
 *
 * Rules, for both:
 * - a vendor account may not read or change grants (403), whatever it holds;
 * - nobody grants a permission they don't hold themselves (403 naming it): no privilege escalation;
 * - the Super Admin role's grants can't be changed (403): it always holds every permission, and
 *   syncPermissions (src/lib/permissions/sync.server.ts) gives it new ones at every start;
 * - the change is seen by the affected users' next request on this server (the middleware empties
 *   the principal cache around every unsafe request: decision 012) and within
 *   PERMISSION_CACHE_SECONDS on others.
 */
import { and, asc, eq, inArray, sql } from 'drizzle-orm';
import type { Db, DbOrTx } from '@/lib/db/client.server.ts';
import { permissions, rolePermissions, roles, userPermissions, userRoles, users } from '@/lib/db/schema.ts';
import type { Principal } from '@/lib/auth/principal.server.ts';
import { logActivity, type Actor } from '@/lib/activity/activity.server.ts';
import { forbidden, HttpError, notFound } from '@/lib/http/errors.ts';
import { isRecordId } from '@/lib/http/integers.ts';
import { refuseEscalation, refuseStaffOnlyForVendors, VENDOR_MAY_NOT_GRANT } from '@/lib/permissions/escalation.ts';
import { SUPER_ADMIN_ROLE } from './role.area.ts';
import { SUPER_ADMIN_LOCKED } from './role.resource.server.ts';
import { describeGrantDiff, type GrantDiff } from './permission-matrix.ts';

export { grantDiffSchema } from './grant-diff.schema.ts';

export interface GrantScope {
  principal: Principal;
  actor: Actor;
}

const checkMayGrant = (s: GrantScope, grant: string[]) => refuseEscalation(s.principal, grant);

function checkMayRead(s: GrantScope) {
  if (s.principal.user.userType === 'vendor') throw forbidden(VENDOR_MAY_NOT_GRANT);
}

async function permissionIds(db: DbOrTx, names: string[]): Promise<Map<string, number>> {
  if (!names.length) return new Map();
  const rows = await db.select({ id: permissions.id, name: permissions.name }).from(permissions).where(inArray(permissions.name, names));
  return new Map(rows.map((r) => [r.name, r.id]));
}

export interface RoleMatrix {
  role: { id: number; name: string; description: string; version: number };
  granted: string[];
  /** Why the grants can't be changed (Super Admin), or null. */
  locked: string | null;
}

/**
 * A matrix page's record from its path parameter, or null when no such role or user exists (an id
 * that no record can have included): the page answers 404 with "not found", not an error page.
 */
export async function matrixOrNotFound<M>(raw: string | undefined, load: (id: number) => Promise<M>): Promise<M | null> {
  if (!isRecordId(raw)) return null;
  try {
    return await load(Number(raw));
  } catch (e) {
    if (e instanceof HttpError && e.status === 404) return null;
    throw e;
  }
}

export async function roleMatrix(db: DbOrTx, s: GrantScope, roleId: number): Promise<RoleMatrix> {
  checkMayRead(s);
  const [role] = await db.select().from(roles).where(eq(roles.id, roleId)).limit(1);
  if (!role) throw notFound('Role not found.');
  const granted = await db
    .select({ name: permissions.name })
    .from(rolePermissions)
    .innerJoin(permissions, eq(permissions.id, rolePermissions.permissionId))
    .where(eq(rolePermissions.roleId, roleId))
    .orderBy(asc(permissions.name));
  return {
    role: { id: role.id, name: role.name, description: role.description ?? '', version: role.version },
    granted: granted.map((g) => g.name),
    locked: role.name === SUPER_ADMIN_ROLE ? SUPER_ADMIN_LOCKED : null,
  };
}

/** Applies the difference to a role's grants: one transaction, one activity entry. Answers what it holds now. */
export async function saveRoleGrants(db: Db, s: GrantScope, roleId: number, diff: GrantDiff): Promise<RoleMatrix & { changed: GrantDiff }> {
  checkMayGrant(s, diff.grant);
  const changed = await db.transaction(async (tx) => {
    const [role] = await tx.select().from(roles).where(eq(roles.id, roleId)).for('update').limit(1);
    if (!role) throw notFound('Role not found.');
    if (role.name === SUPER_ADMIN_ROLE) throw forbidden(SUPER_ADMIN_LOCKED);
    const [vendorHolder] = await tx
      .select({ id: users.id })
      .from(userRoles)
      .innerJoin(users, eq(users.id, userRoles.userId))
      .where(and(eq(userRoles.roleId, roleId), eq(users.userType, 'vendor')))
      .limit(1);
    if (vendorHolder || role.name === 'Vendor') refuseStaffOnlyForVendors(diff.grant, `The role ${role.name} (held by vendor accounts)`);
    const current = new Set(
      (
        await tx
          .select({ name: permissions.name })
          .from(rolePermissions)
          .innerJoin(permissions, eq(permissions.id, rolePermissions.permissionId))
          .where(eq(rolePermissions.roleId, roleId))
      ).map((r) => r.name),
    );
    // Only what really changes: a grant already held or a revoke of what isn't held is no change.
    const real: GrantDiff = { grant: diff.grant.filter((p) => !current.has(p)).sort(), revoke: diff.revoke.filter((p) => current.has(p)).sort() };
    if (!real.grant.length && !real.revoke.length) return real;
    const ids = await permissionIds(tx, [...real.grant, ...real.revoke]);
    if (real.grant.length) await tx.insert(rolePermissions).values(real.grant.map((p) => ({ roleId, permissionId: ids.get(p)! })));
    if (real.revoke.length)
      await tx.delete(rolePermissions).where(
        and(
          eq(rolePermissions.roleId, roleId),
          inArray(
            rolePermissions.permissionId,
            real.revoke.map((p) => ids.get(p)!),
          ),
        ),
      );
    await tx
      .update(roles)
      .set({ updatedAt: new Date(), version: sql`${roles.version} + 1` })
      .where(eq(roles.id, roleId));
    await logActivity(tx, s.actor, {
      area: 'roles',
      action: 'permissions',
      recordId: roleId,
      recordName: role.name,
      changes: grantChanges(real, role.name),
    });
    return real;
  });
  return { ...(await roleMatrix(db, s, roleId)), changed };
}

function grantChanges(diff: GrantDiff, subject: string) {
  return {
    summary: [null, describeGrantDiff(diff, subject)] as [unknown, unknown],
    ...(diff.grant.length ? { granted: [null, diff.grant.join(', ')] as [unknown, unknown] } : {}),
    ...(diff.revoke.length ? { revoked: [diff.revoke.join(', '), null] as [unknown, unknown] } : {}),
  };
}

export interface UserMatrix {
  user: { id: number; name: string; email: string; user_type: string };
  /** The user's direct grants (user_permissions): the toggles. */
  granted: string[];
  /** Each permission the user's roles give, with the roles giving it: read-only cells. */
  inherited: Record<string, string[]>;
  roles: string[];
  locked: string | null;
}

export async function userMatrix(db: DbOrTx, s: GrantScope, userId: number): Promise<UserMatrix> {
  checkMayRead(s);
  const [user] = await db
    .select({ id: users.id, name: users.name, email: users.email, userType: users.userType })
    .from(users)
    .where(eq(users.id, userId))
    .limit(1);
  if (!user) throw notFound('User not found.');
  const direct = await db
    .select({ name: permissions.name })
    .from(userPermissions)
    .innerJoin(permissions, eq(permissions.id, userPermissions.permissionId))
    .where(eq(userPermissions.userId, userId))
    .orderBy(asc(permissions.name));
  const held = await db
    .select({ name: roles.name })
    .from(userRoles)
    .innerJoin(roles, eq(roles.id, userRoles.roleId))
    .where(eq(userRoles.userId, userId))
    .orderBy(asc(roles.name));
  const viaRoles = await db
    .select({ permission: permissions.name, role: roles.name })
    .from(userRoles)
    .innerJoin(roles, eq(roles.id, userRoles.roleId))
    .innerJoin(rolePermissions, eq(rolePermissions.roleId, roles.id))
    .innerJoin(permissions, eq(permissions.id, rolePermissions.permissionId))
    .where(eq(userRoles.userId, userId))
    .orderBy(asc(roles.name));
  const inherited: Record<string, string[]> = {};
  for (const r of viaRoles) (inherited[r.permission] ??= []).push(r.role);
  return {
    user: { id: user.id, name: user.name, email: user.email, user_type: user.userType },
    granted: direct.map((d) => d.name),
    inherited,
    roles: held.map((r) => r.name),
    locked: null,
  };
}

/** Applies the difference to a user's direct grants: one transaction, one activity entry. */
export async function saveUserGrants(db: Db, s: GrantScope, userId: number, diff: GrantDiff): Promise<UserMatrix & { changed: GrantDiff }> {
  checkMayGrant(s, diff.grant);
  const changed = await db.transaction(async (tx) => {
    const [user] = await tx.select({ id: users.id, name: users.name, userType: users.userType }).from(users).where(eq(users.id, userId)).for('update').limit(1);
    if (!user) throw notFound('User not found.');
    if (user.userType === 'vendor') refuseStaffOnlyForVendors(diff.grant, `${user.name} (a vendor account)`);
    const current = new Set(
      (
        await tx
          .select({ name: permissions.name })
          .from(userPermissions)
          .innerJoin(permissions, eq(permissions.id, userPermissions.permissionId))
          .where(eq(userPermissions.userId, userId))
      ).map((r) => r.name),
    );
    const real: GrantDiff = { grant: diff.grant.filter((p) => !current.has(p)).sort(), revoke: diff.revoke.filter((p) => current.has(p)).sort() };
    if (!real.grant.length && !real.revoke.length) return real;
    const ids = await permissionIds(tx, [...real.grant, ...real.revoke]);
    if (real.grant.length) await tx.insert(userPermissions).values(real.grant.map((p) => ({ userId, permissionId: ids.get(p)! })));
    if (real.revoke.length)
      await tx.delete(userPermissions).where(
        and(
          eq(userPermissions.userId, userId),
          inArray(
            userPermissions.permissionId,
            real.revoke.map((p) => ids.get(p)!),
          ),
        ),
      );
    await logActivity(tx, s.actor, {
      area: 'users',
      action: 'permissions',
      recordId: userId,
      recordName: user.name,
      changes: grantChanges(real, user.name),
    });
    return real;
  });
  return { ...(await userMatrix(db, s, userId)), changed };
}
