/**
 * GET /api/permissions/{id} (rbac:list): a role's grants; POST (rbac:update) `{grant, revoke}`:
 * only the difference, in one transaction. See src/features/roles/role-permissions.service.server.ts.
 */
import type { APIContext } from 'astro';
import { db } from '@/lib/boot.server.ts';
import { endpoint, json, readJson } from '@/lib/http/api.server.ts';
import { notFound } from '@/lib/http/errors.ts';
import { isRecordId } from '@/lib/http/integers.ts';
import { grantDiffSchema, roleMatrix, saveRoleGrants } from '@/features/roles/role-permissions.service.server.ts';
import { describeGrantDiff } from '@/features/roles/permission-matrix.ts';

const scopeOf = (c: APIContext) => ({ principal: c.locals.principal!, actor: c.locals.actor });
function roleId(c: APIContext): number {
  if (!isRecordId(c.params.id)) throw notFound('Role not found.');
  return Number(c.params.id);
}

export const GET = endpoint(async (c) => json({ data: await roleMatrix(db(), scopeOf(c), roleId(c)) }));

export const POST = endpoint(async (c) => {
  const id = roleId(c);
  const diff = await readJson(c.request, grantDiffSchema);
  const saved = await saveRoleGrants(db(), scopeOf(c), id, diff);
  const said = describeGrantDiff(saved.changed, saved.role.name);
  return json({ message: said ? `Saved: ${said}.` : 'Nothing changed.', data: saved });
});
