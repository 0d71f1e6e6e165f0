/**
 * The dashboard's top 10 products and top 10 vendors of a range (decision 060), exact, without
 * summing every row of the range on every view. A range's top products have to add up each product's
 * rows of every day in it (90,000 rows into 50,000 products for 30 days at a million orders a year),
 * its top vendors each vendor's (15,000 rows into 500 vendors), and those sums were most of a staff
 * dashboard's database time. But a past day's rows stop changing once the day is over (a line is
 * counted on its sub-order's placing day, which is the day it is written), so:
 *
 * - the past days' sums per product (per vendor) are computed once and kept in memory, per scope
 *   and range (a few entries, each a map of the ones sold: ~1 MB at 50,000 products);
 * - each view checks them against a fingerprint of the same days taken from `sales_daily` in the
 *   totals' own statement (the units, sub-orders and GMV of those days: every line written to a past
 *   day, late commits at midnight, a rebuild, a test's clock, changes it), and sums again when it
 *   differs;
 * - today's rows (a few thousand products, a few hundred vendors) are read on each view and added.
 *
 * Exact: one outside the past top 10 that sold nothing today can't pass any of them, so the top 10 of
 * (past top 10 ∪ today's) with today added is the range's top 10.
 */
import { and, gte, lte, ne, sql } from 'drizzle-orm';
import type { DbOrTx } from '@/lib/db/client.server.ts';
import type { Principal } from '@/lib/auth/principal.server.ts';
import { vendorScope } from '@/lib/permissions/scope.server.ts';
import { productSalesDaily, salesDaily } from '@/features/dashboard/rollups.tables.ts';

/** A product's (a vendor's) sums over some days: GMV, and units (products) or sub-orders (vendors). */
export interface RangeSum {
  id: number;
  gmvPaise: number;
  count: number;
}

interface PastSums {
  fingerprint: string;
  byId: Map<number, RangeSum>;
  /** The past days' top 10, best first. */
  top: RangeSum[];
}

/** The past sums kept, most recently used last; a handful of ranges per kind is what dashboards ask for. */
const kept = new Map<string, PastSums>();
const KEEP = 24;
const TOP = 10;

const byGmv = (a: RangeSum, b: RangeSum) => b.gmvPaise - a.gmvPaise || a.id - b.id;
/** The first 10 with something sold, best first. */
const best = (sums: Iterable<RangeSum>) =>
  [...sums]
    .filter((s) => s.count > 0)
    .sort(byGmv)
    .slice(0, TOP);

/** Per-product sums of `from`..`to` (days, both included), scoped. Summed as float8: exact below 2^53 paise, and 4× faster than numeric. */
export async function productSums(db: DbOrTx, principal: Principal, from: string, to: string): Promise<RangeSum[]> {
  const rows = await db
    .select({
      id: productSalesDaily.productId,
      gmvPaise: sql<number>`sum(${productSalesDaily.gmvPaise}::float8)`,
      count: sql<string>`sum(${productSalesDaily.items})`,
    })
    .from(productSalesDaily)
    .where(and(gte(productSalesDaily.day, from), lte(productSalesDaily.day, to), vendorScope(principal, 'orders', productSalesDaily)))
    .groupBy(productSalesDaily.productId);
  return rows.map((r) => ({ id: Number(r.id), gmvPaise: Number(r.gmvPaise), count: Number(r.count) }));
}

/** Per-vendor sums of `from`..`to` (staff: every vendor; the marketplace's own row, vendor 0, is no vendor). */
export async function vendorSums(db: DbOrTx, from: string, to: string): Promise<RangeSum[]> {
  const rows = await db
    .select({
      id: salesDaily.vendorId,
      gmvPaise: sql<number>`sum(${salesDaily.gmvPaise}::float8)`,
      count: sql<string>`sum(${salesDaily.subOrders})`,
    })
    .from(salesDaily)
    .where(and(gte(salesDaily.day, from), lte(salesDaily.day, to), ne(salesDaily.vendorId, 0)))
    .groupBy(salesDaily.vendorId);
  return rows.map((r) => ({ id: Number(r.id), gmvPaise: Number(r.gmvPaise), count: Number(r.count) }));
}

/** The past days' sums, from memory when the fingerprint still matches, else summed and kept. */
async function pastSums(key: string, fingerprint: string, sum: () => Promise<RangeSum[]>): Promise<PastSums> {
  const hit = kept.get(key);
  kept.delete(key);
  if (hit && hit.fingerprint === fingerprint) {
    kept.set(key, hit);
    return hit;
  }
  const sums = await sum();
  const entry: PastSums = { fingerprint, byId: new Map(sums.map((s) => [s.id, s])), top: best(sums) };
  kept.set(key, entry);
  while (kept.size > KEEP) kept.delete(kept.keys().next().value!);
  return entry;
}

const scopeKey = (principal: Principal) => (principal.user.userType === 'vendor' ? `vendor:${principal.user.vendorId}` : 'staff');

export interface TopOfRange {
  kind: 'products' | 'vendors';
  range: { from: string; to: string; pastTo: string | null };
  /** `sales_daily`'s fingerprint of `from`..`pastTo`, read by the caller with the totals. */
  fingerprint: string;
  /** The sums of the range's days after `pastTo` (today's), read on each view. */
  live: RangeSum[];
}

/**
 * The top 10 of `from`..`to` with something sold (a count above 0): the days up to `pastTo` from
 * memory (checked by `fingerprint`), the rest (`live`) added.
 */
export async function topOfRange(db: DbOrTx, principal: Principal, { kind, range, fingerprint, live }: TopOfRange): Promise<RangeSum[]> {
  const { pastTo } = range;
  if (pastTo === null) return best(live);
  const past = await pastSums(`${kind}|${scopeKey(principal)}|${range.from}|${pastTo}`, fingerprint, () =>
    kind === 'products' ? productSums(db, principal, range.from, pastTo) : vendorSums(db, range.from, pastTo),
  );
  const candidates = new Map<number, RangeSum>();
  for (const p of past.top) candidates.set(p.id, { ...p });
  for (const l of live) {
    const before = candidates.get(l.id) ?? past.byId.get(l.id);
    candidates.set(l.id, { id: l.id, gmvPaise: (before?.gmvPaise ?? 0) + l.gmvPaise, count: (before?.count ?? 0) + l.count });
  }
  return best(candidates.values());
}
