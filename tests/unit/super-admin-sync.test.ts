/**
 * Super Admin always holds every permission, including one an upgrade adds: syncPermissions runs at
 * every start and grants it. Other built-in roles keep what an operator changed at /permissions/{id}.
 */
import { eq, sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { useMemoryDatabase } from '../helpers/memory-database.ts';
import { permissions, rolePermissions, roles } from '../../src/lib/db/schema.ts';
import { syncPermissions } from '../../src/lib/permissions/sync.server.ts';
import { ALL_PERMISSIONS } from '../../src/lib/permissions/catalogue.ts';
import type { DbOrTx } from '../../src/lib/db/client.server.ts';

const memory = useMemoryDatabase((database) => syncPermissions(database.db));

async function grantsOf(db: DbOrTx, role: string): Promise<string[]> {
  const rows = await db
    .select({ name: permissions.name })
    .from(rolePermissions)
    .innerJoin(permissions, eq(permissions.id, rolePermissions.permissionId))
    .innerJoin(roles, eq(roles.id, rolePermissions.roleId))
    .where(eq(roles.name, role));
  return rows.map((r) => r.name).sort();
}

describe('syncPermissions', () => {
  it('gives Super Admin a permission added by an upgrade, and keeps an operator’s change to Support', async () => {
    const db = memory.database.db;
    expect(await grantsOf(db, 'Super Admin')).toEqual([...ALL_PERMISSIONS].sort());
    // As before an upgrade that adds brands:delete: the permission row does not exist yet.
    await db.delete(permissions).where(eq(permissions.name, 'brands:delete'));
    expect(await grantsOf(db, 'Super Admin')).not.toContain('brands:delete');
    // An operator took customers:list from Support.
    await db.execute(sql`delete from role_permissions where role_id = (select id from roles where name = 'Support')
                           and permission_id = (select id from permissions where name = 'customers:list')`);
    await syncPermissions(db);
    expect(await grantsOf(db, 'Super Admin')).toEqual([...ALL_PERMISSIONS].sort());
    expect(await grantsOf(db, 'Support')).not.toContain('customers:list');
  });
});
