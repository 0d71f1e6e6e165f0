/**
 * The dashboard's extension point (issue 19 §1): tiles of areas built on other branches (payouts
 * due, the vendor's next payout, latest reviews). A tile is declared here when its tables exist in
 * this branch; until then the list is empty, and no stub table stands in for one. To add one: push a
 * `DashboardTile` whose `load` reads a few indexed rows (scoped as its area's list is) and whose
 * `permission` is its area's list permission; the page shows it among the queues, linked to `href`.
 *
 * For the lead at merge (decision 050): "Payouts due" (staff, `accountings:payouts-list`, the payouts
 * whose state is due, /payouts/listing filtered by it), "Next payout" (vendor, the same permission,
 * their next scheduled payout) and "Latest reviews" (`reviews:list`, the newest five, /reviews/listing).
 */
import type { DbOrTx } from '@/lib/db/client.server.ts';
import type { Principal } from '@/lib/auth/principal.server.ts';
import type { ResolvedRange } from '@/features/dashboard/range.ts';

export interface DashboardTileValue {
  /** The figure as shown ("₹ 12,340.00", "3"). */
  value: string;
  /** A line under it ("2 vendors"). */
  note?: string;
  /** The filtered list behind the figure. */
  href: string;
}

export interface DashboardTile {
  key: string;
  title: string;
  icon: string;
  /** The permission of the tile's area: no permission, no tile. */
  permission: string;
  audience: 'staff' | 'vendor' | 'both';
  load: (db: DbOrTx, principal: Principal, range: ResolvedRange, at: Date) => Promise<DashboardTileValue | null>;
}

export const DASHBOARD_TILES: DashboardTile[] = [];

/** The declared tiles this person may see, loaded (a tile whose `load` answers null is left out). */
export async function loadExtensionTiles(
  db: DbOrTx,
  principal: Principal,
  can: (permission: string) => boolean,
  range: ResolvedRange,
  at: Date,
): Promise<(DashboardTileValue & { key: string; title: string; icon: string })[]> {
  const isVendor = principal.user.userType === 'vendor';
  const mine = DASHBOARD_TILES.filter((t) => can(t.permission) && (t.audience === 'both' || (t.audience === 'vendor') === isVendor));
  const loaded = await Promise.all(mine.map(async (t) => ({ tile: t, value: await t.load(db, principal, range, at) })));
  return loaded.filter((l) => l.value !== null).map((l) => ({ key: l.tile.key, title: l.tile.title, icon: l.tile.icon, ...l.value! }));
}
