/**
 * Impersonation (spec §4, §7). An administrator with users:impersonate acts as another user.
 * Rules: never oneself; never a user who holds a permission the administrator lacks (no privilege
 * gain); no nesting. The session keeps the real user; every action logs both.
 */
import { notify } from '@/lib/notifications/notify.server.ts';
import { and, asc, eq, ne, sql } from 'drizzle-orm';
import { rowsOf, type Db } from '@/lib/db/client.server.ts';
import { sessions, users } from '@/lib/db/schema.ts';
import { loadPrincipal, type Principal } from '@/lib/auth/principal.server.ts';
import { logActivity, type Actor } from '@/lib/activity/activity.server.ts';
import { conflict, forbidden, notFound, HttpError } from '@/lib/http/errors.ts';

/**
 * The no-privilege-gain rule: the permissions `target` holds that `mine` lacks. Impersonation
 * is allowed only when this is empty, so acting as someone never widens what one can do.
 */
export function permissionsBeyond(mine: readonly string[], target: readonly string[]): string[] {
  const held = new Set(mine);
  return target.filter((a) => !held.has(a));
}

export interface ImpersonationTarget {
  id: number;
  name: string;
  email: string;
  userType: string;
}

/**
 * Whom `real` may impersonate: active users other than themselves who pass the rule above
 * (the same checks startImpersonation makes). Abilities come in one query for all candidates.
 * At most `limit` users, by name; `total` counts them all, so a caller can say how many are left out.
 */
export async function impersonationTargets(db: Db, real: Principal, limit = 20): Promise<{ users: ImpersonationTarget[]; total: number }> {
  const candidates = await db
    .select({ id: users.id, name: users.name, email: users.email, userType: users.userType })
    .from(users)
    .where(and(eq(users.status, 'active'), ne(users.id, real.user.id)))
    .orderBy(asc(users.name), asc(users.id));
  // Same union as loadAbilities (roles' permissions and direct grants), for every user at once.
  const grants = rowsOf<{ user_id: number; name: string }>(
    await db.execute(sql`
      select ur.user_id, p.name from permissions p
        join role_permissions rp on rp.permission_id = p.id
        join user_roles ur on ur.role_id = rp.role_id
      union
      select up.user_id, p.name from permissions p
        join user_permissions up on up.permission_id = p.id`),
  );
  const abilities = new Map<number, string[]>();
  for (const g of grants) abilities.set(Number(g.user_id), [...(abilities.get(Number(g.user_id)) ?? []), g.name]);
  const allowed = candidates.filter((u) => permissionsBeyond(real.abilities, abilities.get(u.id) ?? []).length === 0);
  return { users: allowed.slice(0, limit), total: allowed.length };
}

export async function startImpersonation(db: Db, real: Principal, sessionId: string, currentImpersonation: number | null, targetId: number, actor: Actor) {
  if (!Number.isInteger(targetId) || targetId <= 0) throw notFound('User not found.');
  if (currentImpersonation) throw conflict('You are already impersonating someone. Reverse that first.');
  if (targetId === real.user.id) throw new HttpError(422, 'You cannot impersonate yourself.', { id: ['You cannot impersonate yourself.'] });
  const target = await loadPrincipal(db, targetId);
  if (!target) throw notFound('User not found.');
  const extra = permissionsBeyond(real.abilities, target.abilities);
  if (extra.length)
    throw forbidden(`You cannot impersonate a user who holds permissions you lack (${extra.slice(0, 3).join(', ')}${extra.length > 3 ? '…' : ''}).`);
  await db.transaction(async (tx) => {
    await tx.update(sessions).set({ impersonatedUserId: targetId }).where(eq(sessions.id, sessionId));
    await notify(tx, [targetId], {
      type: 'security.impersonation',
      title: `${real.user.name} started impersonating your account`,
      body: 'An administrator is acting as you to help with a request. Every action is recorded in the activity log.',
      link: '/profile/list',
    });
    await logActivity(
      tx,
      { ...actor, impersonatedUserId: targetId },
      { area: 'users', action: 'impersonate-start', recordId: targetId, recordName: target.user.name },
    );
  });
  return { id: target.user.id, name: target.user.name, email: target.user.email };
}

export async function leaveImpersonation(db: Db, sessionId: string, impersonatedUserId: number | null, actor: Actor) {
  if (!impersonatedUserId) throw conflict('You are not impersonating anyone.');
  await db.transaction(async (tx) => {
    // Conditional: of two leaves racing (two tabs), one ends the impersonation and the other is told so.
    const left = await tx
      .update(sessions)
      .set({ impersonatedUserId: null })
      .where(and(eq(sessions.id, sessionId), eq(sessions.impersonatedUserId, impersonatedUserId)))
      .returning({ id: sessions.id });
    if (!left.length) throw conflict('You are not impersonating anyone.');
    await logActivity(tx, actor, { area: 'users', action: 'impersonate-leave', recordId: impersonatedUserId });
  });
}
