/**
 * Users on the server: the `users` table (src/lib/db/schema.ts) behind the declaration, with what
 * only users have, in the resource's hooks: roles saved with the user (names in the activity
 * diff), an invitation link for a new user (mailed after the commit), and the guards — nobody
 * deactivates or demotes themselves, gives a role holding permissions they lack, or leaves the
 * platform without an active Super Admin. Deactivating ends every session of the user in the
 * same transaction (refused on their next request on every server: principal-cache.server.ts).
 */
import { lackingPermissions } from '@/lib/permissions/escalation.ts';
import { and, eq, inArray, sql, type SQL } from 'drizzle-orm';
import { permissions, rolePermissions, roles, sessions, userRoles, users } from '@/lib/db/schema.ts';
import type { DbOrTx, Tx } from '@/lib/db/client.server.ts';
import { defineResource, type RequestScope, type Row } from '@/lib/areas/resource.server.ts';
import { recordStamps } from '@/lib/areas/resource-helpers.server.ts';
import type { Changes } from '@/lib/activity/activity.server.ts';
import { conflict, forbidden, invalid } from '@/lib/http/errors.ts';
import { forgetIdentities } from '@/lib/auth/principal-cache.server.ts';
import { issuePasswordLink, revokeResetTokens } from '@/lib/auth/reset-tokens.server.ts';
import { userArea, type UserInput } from './user.area.ts';
import { INVITED_PASSWORD_HASH, SUPER_ADMIN, sendInvitationMail } from './user-invitations.server.ts';

// Qualified by hand: inside a subquery Drizzle renders a column without its table name.
const roleNames = sql<string>`(select coalesce(string_agg(r.name, ', ' order by r.name), '') from user_roles ur join roles r on r.id = ur.role_id where ur.user_id = "users"."id")`;
/** The Roles filter's condition (on user_roles.role_id) holds for one of the user's roles. */
const holdsRole = (condition: SQL) => sql`exists (select 1 from user_roles where user_roles.user_id = "users"."id" and ${condition})`;
const twoFactor = sql<string>`(case when "users"."totp_enabled_at" is not null then 'on' else 'off' end)`;
// A constant, written into the statement (not a parameter of every list query's shape).
const invitationPending = sql<boolean>`("users"."password_hash" = ${sql.raw(`'${INVITED_PASSWORD_HASH}'`)})`;

interface UserPlan {
  roleIds: number[];
  /** A new user: the invitation token, mailed after the commit. */
  inviteToken?: string;
  email?: string;
  name?: string;
}

async function roleIdsOf(db: DbOrTx, userId: number): Promise<number[]> {
  return (await db.select({ id: userRoles.roleId }).from(userRoles).where(eq(userRoles.userId, userId))).map((r) => r.id).sort((a, b) => a - b);
}

async function roleNamesOf(db: DbOrTx, ids: number[]): Promise<Map<number, string>> {
  if (!ids.length) return new Map();
  return new Map((await db.select({ id: roles.id, name: roles.name }).from(roles).where(inArray(roles.id, ids))).map((r) => [r.id, r.name]));
}

/** Giving a role is giving its permissions: only those the giver holds (privilege escalation is refused). */
async function checkGivable(db: DbOrTx, s: RequestScope, added: number[], names: Map<number, string>): Promise<void> {
  if (!added.length) return;
  const rows = await db
    .select({ roleId: rolePermissions.roleId, name: permissions.name })
    .from(rolePermissions)
    .innerJoin(permissions, eq(permissions.id, rolePermissions.permissionId))
    .where(inArray(rolePermissions.roleId, added));
  // The one escalation rule (src/lib/permissions/escalation.ts), asked of the role's permissions.
  const lacking = lackingPermissions(
    s.principal,
    rows.map((r) => r.name),
  );
  if (lacking.length) {
    const roleId = rows.find((r) => lacking.includes(r.name))!.roleId;
    const role = names.get(roleId) ?? `#${roleId}`;
    throw forbidden(`You can't give the role ${role}: it has permissions you don't hold (${lacking.slice(0, 3).join(', ')}).`);
  }
}

/** Active users holding Super Admin, the role row locked so two saves can't each remove "the other" one. */
async function activeSuperAdmins(tx: Tx): Promise<number> {
  const [role] = await tx.select({ id: roles.id }).from(roles).where(eq(roles.name, SUPER_ADMIN)).for('update');
  if (!role) return Number.POSITIVE_INFINITY;
  const [row] = await tx
    .select({ n: sql<number>`count(*)::int` })
    .from(users)
    .innerJoin(userRoles, eq(userRoles.userId, users.id))
    .where(and(eq(userRoles.roleId, role.id), eq(users.status, 'active')));
  return Number(row?.n ?? 0);
}

export const userResource = defineResource({
  area: userArea,
  table: users,
  tableName: 'users',
  searchColumns: [users.name, users.email, users.phone],
  computed: { roleNames, twoFactor, invitationPending },
  // The Roles filter picks roles by id: a user matches when they hold one of them (EXISTS on the
  // user_roles primary key), never by matching text in the joined names.
  sources: { role_id: userRoles.roleId },
  queryOnly: { role_id: { column: userRoles.roleId, kind: 'number', filterable: true, within: holdsRole } },
  serialize: (r) => ({
    id: r.id,
    name: r.name,
    email: r.email,
    phone: r.phone ?? '',
    user_type: r.userType,
    role_names: String(r.roleNames ?? ''),
    status: r.status,
    two_factor: r.twoFactor ?? (r.totpEnabledAt ? 'on' : 'off'),
    last_sign_in_at: r.lastSignInAt instanceof Date ? r.lastSignInAt.toISOString() : (r.lastSignInAt ?? null),
    invitation_pending: r.invitationPending === undefined ? r.passwordHash === INVITED_PASSWORD_HASH : Boolean(r.invitationPending),
    ...recordStamps(r),
  }),
  toValues: (input: UserInput, existing?: Row) =>
    existing
      ? { name: input.name, phone: input.phone ?? null, status: input.status }
      : // A new user can't sign in until they set a password from the invitation: no hash matches this value.
        { name: input.name, email: input.email, phone: input.phone ?? null, status: 'active', userType: 'staff', passwordHash: INVITED_PASSWORD_HASH },
  unique: [
    {
      field: 'email',
      expression: () => sql`lower(${users.email})`,
      value: (v) => (typeof v.email === 'string' ? v.email.toLowerCase() : undefined),
      message: 'A user with this email already exists.',
    },
  ],
  // Users are deactivated, never deleted: their activity stays theirs.
  deleteBlocker: async (_db, ids) => new Map(ids.map((id) => [id, 'Users are deactivated, not deleted. Set the status to Deactivated instead.'])),
  hooks: {
    async beforeWrite(db, input, existing, s): Promise<{ plan: UserPlan }> {
      const wanted = input.role_ids;
      const names = await roleNamesOf(db, wanted);
      const unknown = wanted.filter((id) => !names.has(id));
      if (unknown.length) throw invalid({ role_ids: ['Choose roles from the list.'] });
      if (!existing) {
        await checkGivable(db, s, wanted, names);
        return { plan: { roleIds: wanted, email: input.email, name: input.name } };
      }
      if (input.email.toLowerCase() !== String(existing.email).toLowerCase())
        throw invalid({ email: ['A user’s email can’t be changed here; they change it on their profile.'] });
      const current = await roleIdsOf(db, existing.id);
      const self = existing.id === s.principal.user.id;
      if (self && input.status !== 'active' && existing.status === 'active') throw conflict('You can’t deactivate your own account.');
      if (self && current.some((id) => !wanted.includes(id))) throw conflict('You can’t remove roles from your own account. Ask another administrator.');
      await checkGivable(
        db,
        s,
        wanted.filter((id) => !current.includes(id)),
        names,
      );
      return { plan: { roleIds: wanted } };
    },

    async afterWrite(tx, id, rawPlan, existing): Promise<Changes> {
      const plan = rawPlan as UserPlan;
      const changes: Changes = {};
      const before = existing ? await roleIdsOf(tx, id) : [];
      const removed = before.filter((r) => !plan.roleIds.includes(r));
      const added = plan.roleIds.filter((r) => !before.includes(r));
      if (removed.length) await tx.delete(userRoles).where(and(eq(userRoles.userId, id), inArray(userRoles.roleId, removed)));
      if (added.length) await tx.insert(userRoles).values(added.map((roleId) => ({ userId: id, roleId })));
      if (removed.length || added.length || !existing) {
        const names = await roleNamesOf(tx, [...before, ...plan.roleIds]);
        const label = (ids: number[]) =>
          ids
            .map((r) => names.get(r) ?? `#${r}`)
            .sort()
            .join(', ');
        if (removed.length || added.length) changes.roles = [existing ? label(before) : null, label(plan.roleIds)];
      }
      if (existing) {
        const [now] = await tx.select({ status: users.status }).from(users).where(eq(users.id, id));
        const superId = [...(await roleNamesOf(tx, before))].find(([, name]) => name === SUPER_ADMIN)?.[0];
        if (existing.status === 'active' && superId !== undefined && (removed.includes(superId) || now?.status !== 'active')) {
          // Checked on the written state, with the role row locked: a 409 here undoes the whole save.
          if ((await activeSuperAdmins(tx)) === 0)
            throw conflict(`${String(existing.name)} is the last active Super Admin: add the role to another active user first.`);
        }
        if (existing.status === 'active' && now?.status !== 'active') {
          // Deactivated: every session ends now, and no link can set a password any more.
          forgetIdentities();
          const ended = await tx.delete(sessions).where(eq(sessions.userId, id)).returning({ id: sessions.id });
          const links = await revokeResetTokens(tx, id);
          if (ended.length) changes.sessions_ended = [ended.length, 0];
          if (links) changes.password_links_ended = [links, 0];
        }
      } else {
        plan.inviteToken = await issuePasswordLink(tx, id, 'invite');
        changes.invitation = [null, 'sent'];
      }
      return changes;
    },

    async afterCommit(_db, id, rawPlan): Promise<void> {
      const plan = rawPlan as UserPlan;
      if (plan.inviteToken) await sendInvitationMail({ id, name: plan.name!, email: plan.email! }, plan.inviteToken);
    },

    async afterRead(db, id) {
      return { role_ids: await roleIdsOf(db, id) };
    },
  },
});
