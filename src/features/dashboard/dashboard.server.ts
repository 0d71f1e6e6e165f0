/**
 * The dashboard's numbers: only what the server can count today, each behind the permission
 * of its area and scoped like the area's own list (a vendor counts only their products).
 */
import { and, asc, eq, sql } from 'drizzle-orm';
import type { Db } from '@/lib/db/client.server.ts';
import { roles, userRoles } from '@/lib/db/schema.ts';
import { products } from '@/features/products/product.tables.ts';
import { vendorScope } from '@/lib/permissions/scope.server.ts';
import type { Principal } from '@/lib/auth/principal.server.ts';

export interface DashboardData {
  roles: string[];
  /** Null when the user may not list products. */
  products: { total: number; active: number } | null;
}

export async function loadDashboard(db: Db, principal: Principal, can: (permission: string) => boolean): Promise<DashboardData> {
  const [roleRows, productCounts] = await Promise.all([
    db
      .select({ name: roles.name })
      .from(userRoles)
      .innerJoin(roles, eq(roles.id, userRoles.roleId))
      .where(eq(userRoles.userId, principal.user.id))
      .orderBy(asc(roles.name)),
    can('products:list')
      ? db
          .select({ total: sql<number>`count(*)::int`, active: sql<number>`count(*) filter (where ${products.status} = 'active')::int` })
          .from(products)
          .where(and(vendorScope(principal, 'products', products)))
      : Promise.resolve(null),
  ]);
  const counts = productCounts?.[0];
  return {
    roles: roleRows.map((r) => r.name),
    products: productCounts ? { total: Number(counts?.total ?? 0), active: Number(counts?.active ?? 0) } : null,
  };
}

/** `brands:list` → grouped as { brands: ['list'] }, areas in catalogue order of first appearance. */
export function abilitiesByArea(abilities: readonly string[]): { area: string; actions: string[] }[] {
  const byArea = new Map<string, string[]>();
  for (const a of abilities) {
    const i = a.lastIndexOf(':');
    const area = a.slice(0, i);
    byArea.set(area, [...(byArea.get(area) ?? []), a.slice(i + 1)]);
  }
  return [...byArea].map(([area, actions]) => ({ area, actions }));
}
