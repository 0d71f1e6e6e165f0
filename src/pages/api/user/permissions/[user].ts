/**
 * GET /api/user/permissions/{user} (rbac:list): a user's direct grants and what their roles give;
 * POST (rbac:update) `{grant, revoke}`: the difference to their direct grants, in one transaction.
 * See src/features/roles/role-permissions.service.server.ts.
 */
import type { APIContext } from 'astro';
import { db } from '@/lib/boot.server.ts';
import { endpoint, json, readJson } from '@/lib/http/api.server.ts';
import { notFound } from '@/lib/http/errors.ts';
import { isRecordId } from '@/lib/http/integers.ts';
import { grantDiffSchema, saveUserGrants, userMatrix } from '@/features/roles/role-permissions.service.server.ts';
import { describeGrantDiff } from '@/features/roles/permission-matrix.ts';

const scopeOf = (c: APIContext) => ({ principal: c.locals.principal!, actor: c.locals.actor });
function userId(c: APIContext): number {
  if (!isRecordId(c.params.user)) throw notFound('User not found.');
  return Number(c.params.user);
}

export const GET = endpoint(async (c) => json({ data: await userMatrix(db(), scopeOf(c), userId(c)) }));

export const POST = endpoint(async (c) => {
  const id = userId(c);
  const diff = await readJson(c.request, grantDiffSchema);
  const saved = await saveUserGrants(db(), scopeOf(c), id, diff);
  const said = describeGrantDiff(saved.changed, saved.user.name);
  return json({ message: said ? `Saved: ${said}.` : 'Nothing changed.', data: saved });
});
