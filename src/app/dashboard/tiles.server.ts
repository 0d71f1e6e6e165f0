/**
 * The dashboard's tiles of the areas that have their own tables (issue 19 §1, decision 050): payouts
 * on their way (staff: every vendor's to approve or pay; a vendor: their own), and customer feedback
 * (staff: reviews waiting for moderation; a vendor: their products' reviews in the range, with the
 * average rating). Each `load` reads a few indexed rows, scoped as its area's list is, and its
 * `permission` is its area's list permission; the page shows it among the queues, linked to `href`.
 */
import type { DbOrTx } from '@/lib/db/client.server.ts';
import type { Principal } from '@/lib/auth/principal.server.ts';
import type { ResolvedRange } from '@/features/dashboard/range.ts';
import { and, between, count, eq, inArray, sql, sum } from 'drizzle-orm';
import { payouts } from '@/features/payouts/payouts.tables.ts';
import { reviews } from '@/features/reviews/review.tables.ts';
import { formatPaise } from '@/lib/money/paise.ts';
import { toSearchParams, type Filters } from '@/lib/list/list-query.ts';
import { istDayStart } from '@/lib/india/ist.ts';

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

const listHref = (path: string, filters: Filters): string => `${path}?${toSearchParams({ filters }).toString()}`;
const oneOf = (values: string[]) => ({ operator: 'and' as const, constraints: [{ matchMode: 'in' as const, value: values }] });
/** A vendor's own rows; staff see every vendor's. */
const ownVendor = (principal: Principal, column: typeof payouts.vendorId | typeof reviews.vendorId) =>
  principal.user.userType === 'vendor' ? eq(column, principal.user.vendorId ?? -1) : undefined;

/** Payouts requested, approved or with the bank: what is still to be paid. */
const PAYOUTS_ON_THEIR_WAY = ['requested', 'approved', 'processing'];

export const DASHBOARD_TILES: DashboardTile[] = [
  {
    key: 'payouts-due',
    title: 'Payouts on their way',
    icon: 'wallet',
    permission: 'accountings:payouts-list',
    audience: 'both',
    async load(db, principal) {
      const [row] = await db
        .select({ n: count(), total: sum(payouts.amountPaise) })
        .from(payouts)
        .where(and(inArray(payouts.status, PAYOUTS_ON_THEIR_WAY), ownVendor(principal, payouts.vendorId)));
      const n = Number(row?.n ?? 0);
      return {
        value: formatPaise(Number(row?.total ?? 0)),
        note: n === 0 ? 'None requested or approved' : `${n} payout${n === 1 ? '' : 's'} to approve or pay`,
        href: listHref('/payouts/listing', { status: oneOf(PAYOUTS_ON_THEIR_WAY) }),
      };
    },
  },
  {
    key: 'reviews-pending',
    title: 'Reviews to moderate',
    icon: 'message-square',
    permission: 'reviews:update',
    audience: 'staff',
    async load(db) {
      const [row] = await db.select({ n: count() }).from(reviews).where(eq(reviews.status, 'pending'));
      return { value: String(row?.n ?? 0), note: 'Waiting for publish or reject', href: listHref('/reviews/listing', { status: oneOf(['pending']) }) };
    },
  },
  {
    key: 'reviews-received',
    title: 'Reviews received',
    icon: 'message-square',
    permission: 'reviews:list',
    audience: 'vendor',
    async load(db, principal, range) {
      // The range's IST days: from the first's midnight to the last's end.
      const from = istDayStart(range.current.from);
      const to = new Date(istDayStart(range.current.to, 1).getTime() - 1);
      const [row] = await db
        .select({ n: count(), average: sql<string | null>`round(avg(${reviews.rating}), 1)` })
        .from(reviews)
        .where(and(ownVendor(principal, reviews.vendorId), between(reviews.createdAt, from, to)));
      const n = Number(row?.n ?? 0);
      return {
        value: String(n),
        note: n === 0 ? 'None in this range' : `Average ${String(row?.average)} of 5`,
        href: listHref('/reviews/listing', {
          created_at: { operator: 'and', constraints: [{ matchMode: 'between', value: [range.current.from, range.current.to] }] },
        }),
      };
    },
  },
];

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
