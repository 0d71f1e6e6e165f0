/**
 * Global search (Ctrl/⌘+K). Finds the pages the user may open (from the menu and the route
 * registry) and records of the areas that register a provider here. Each area adds one entry
 * to SEARCH_PROVIDERS; results are filtered by the provider's permission and scoping.
 */
import type { Db } from '@/lib/db/client.server.ts';
import type { Principal } from '@/lib/auth/principal.server.ts';
import type { Permission } from '@/lib/permissions/catalogue.ts';
import { MENU } from '@/lib/navigation/menu.ts';
import { routes } from '@/app/routes/registry.ts';
import { accessPermissions } from '@/lib/routes/route.ts';
import { RESOURCES } from '@/app/areas/resources.server.ts';
import { areaPermission, editPath } from '@/lib/areas/area.ts';
import { SYSTEM_ACTOR } from '@/lib/activity/activity.server.ts';
import type { ListSource } from '@/lib/areas/read-only-list.server.ts';
import type { ApiRecord } from '@/lib/areas/resource.server.ts';
import { ORDER_SOURCES } from '@/features/orders/order.source.server.ts';
import { statusLabel } from '@/features/orders/order-status.ts';

export interface SearchResult {
  type: 'page' | 'record';
  title: string;
  subtitle?: string;
  href: string;
  area?: string;
}

export interface SearchProvider {
  area: string;
  label: string;
  permission: Permission;
  search(db: Db, principal: Principal, q: string, limit: number): Promise<Omit<SearchResult, 'type' | 'area'>[]>;
}

/** Every declared area is searchable by its list's search box; the rest register by hand. */
const areaProviders: SearchProvider[] = Object.values(RESOURCES).map((r) => ({
  area: r.area.key,
  label: r.area.label,
  permission: areaPermission(r.area, 'list') as Permission,
  async search(db, principal, q, limit) {
    const result = await r.list(db, { principal, actor: SYSTEM_ACTOR }, { page: 1, per_page: 10, order: 'asc', q, filters: {} });
    // Someone who may only read the area (a vendor and the size charts) finds the record in its list.
    const canEdit = principal.abilities.includes(areaPermission(r.area, 'update'));
    // An area with a details page (a customer, a delivery partner) opens it for whoever may view it.
    const details = r.area.details;
    const canView = Boolean(details && principal.abilities.includes(`${r.area.permissionArea}:${details.action}`));
    return result.data.slice(0, limit).map((record) => {
      const title = String(record[r.area.titleField] ?? record.id);
      const href = canView
        ? details!.path.replace(':id', String(record.id))
        : canEdit
          ? editPath(r.area, record.id)
          : `${r.area.paths.list}?${new URLSearchParams({ q: title })}`;
      return { title, href };
    });
  },
}));

/**
 * A read-only list (the orders) searched through its own source: the list's search box and its scope
 * (a vendor finds only their own sub-orders), each row opening what `open` says.
 */
function listProvider(
  area: string,
  label: string,
  permission: Permission,
  source: ListSource,
  open: (row: ApiRecord) => Omit<SearchResult, 'type' | 'area'>,
): SearchProvider {
  return {
    area,
    label,
    permission,
    async search(db, principal, q, limit) {
      // The list's smallest page; the dialog shows the first `limit`.
      const query = source.parseListQuery({ q, page: '1', per_page: '10' });
      const result = await source.list(db, { principal, actor: SYSTEM_ACTOR }, query);
      return result.data.slice(0, limit).map(open);
    },
  };
}

/** Orders by number, customer name, phone or AWB (the Orders list's search): each parcel opens its order. */
const ordersProvider = listProvider('orders', 'Orders', 'orders:list', ORDER_SOURCES.get('orders')!, (row) => ({
  title: String(row.number),
  subtitle: `${String(row.customer_name)} · ${statusLabel(String(row.status))}`,
  href: `/orders/${String(row.order_id)}/details`,
}));

export const SEARCH_PROVIDERS: SearchProvider[] = [...areaProviders, ordersProvider];

function pageCandidates(can: (p: string) => boolean, principal: Principal) {
  const seen = new Set<string>();
  const out: SearchResult[] = [];
  for (const group of MENU) {
    for (const item of group.items) {
      if (!can(item.permission) || seen.has(item.route)) continue;
      seen.add(item.route);
      out.push({ type: 'page', title: item.label, subtitle: group.label, href: item.route });
    }
  }
  // Pages outside the menu (add forms, profile…), when the user may open them.
  for (const r of routes) {
    if (r.kind !== 'page' || r.pattern.includes(':') || seen.has(r.pattern) || !r.title) continue;
    const a = r.access;
    const allowed =
      a.kind === 'auth' ||
      (a.kind === 'permission' && accessPermissions(a).every(can)) ||
      (a.kind === 'vendor' && principal.user.userType === 'vendor') ||
      (a.kind === 'staff' && principal.user.userType === 'staff');
    if (!allowed) continue;
    seen.add(r.pattern);
    out.push({ type: 'page', title: r.title, href: r.pattern });
  }
  return out;
}

export async function globalSearch(db: Db, principal: Principal, can: (p: string) => boolean, q: string): Promise<SearchResult[]> {
  const needle = q.trim().toLowerCase();
  const pages = pageCandidates(can, principal).filter((p) => !needle || p.title.toLowerCase().includes(needle) || p.href.includes(needle));
  if (needle.length < 2) return pages.slice(0, 20);
  const records = await Promise.all(
    SEARCH_PROVIDERS.filter((p) => can(p.permission)).map(async (p) =>
      (await p.search(db, principal, q.trim(), 5)).map((r) => ({ ...r, type: 'record' as const, area: p.label })),
    ),
  );
  return [...pages.slice(0, 10), ...records.flat()];
}
