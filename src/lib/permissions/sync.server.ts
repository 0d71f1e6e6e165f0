/**
 * Permissions and built-in roles are synced on every start: an upgrade that adds a permission
 * adds it here, and Super Admin always holds every one.
 */
import { eq, inArray } from 'drizzle-orm';
import type { DbOrTx } from '../db/client.server.ts';
import { permissions, rolePermissions, roles } from '../db/schema.ts';
import { ALL_PERMISSIONS, BUILT_IN_ROLES } from './catalogue.ts';

export async function syncPermissions(db: DbOrTx): Promise<void> {
  await db
    .insert(permissions)
    .values(ALL_PERMISSIONS.map((name) => ({ name, area: name.split(':')[0]!, action: name.split(':')[1]! })))
    .onConflictDoNothing({ target: permissions.name });
  for (const [name, def] of Object.entries(BUILT_IN_ROLES)) {
    const [existing] = await db.select().from(roles).where(eq(roles.name, name)).limit(1);
    const role = existing ?? (await db.insert(roles).values({ name, description: def.description }).returning())[0]!;
    // Super Admin always holds every permission, including ones added by an upgrade.
    // Other built-in roles are granted their defaults once; operators may change them after.
    if (existing && def.permissions !== 'all') continue;
    const names = def.permissions === 'all' ? ALL_PERMISSIONS : def.permissions;
    const ids = await db.select({ id: permissions.id }).from(permissions).where(inArray(permissions.name, names));
    if (ids.length) {
      await db
        .insert(rolePermissions)
        .values(ids.map((p) => ({ roleId: role.id, permissionId: p.id })))
        .onConflictDoNothing();
    }
  }
}
