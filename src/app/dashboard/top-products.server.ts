/**
 * The dashboard's top 10 products of a range (decision 060), exact, without summing every product
 * sold in the range on every view. A range's top products have to add up each product's rows of
 * every day in it (90,000 rows into 50,000 products for 30 days at a million orders a year), and
 * that sum is most of a staff dashboard's time. But a past day's rows stop changing once the day is
 * over (a line is counted on its sub-order's placing day, which is the day it is written), so:
 *
 * - the past days' per-product sums are computed once and kept in memory, per scope and range
 *   (a few entries, each a map of the products sold: ~1 MB at 50,000 products);
 * - each view checks them against a fingerprint of the same days taken from `sales_daily` in the
 *   totals' own statement (the units and sub-orders of those days: every line written to a past day,
 *   late commits at midnight, a rebuild, a test's clock, changes it), and sums again when it differs;
 * - today's rows (a few thousand) are read on each view and added.
 *
 * Exact: a product outside the past top 10 that sold nothing today can't pass any of them, so the
 * top 10 of (past top 10 ∪ today's products) with today added is the range's top 10.
 */
import { and, gte, lte, sql } from 'drizzle-orm';
import type { DbOrTx } from '@/lib/db/client.server.ts';
import type { Principal } from '@/lib/auth/principal.server.ts';
import { vendorScope } from '@/lib/permissions/scope.server.ts';
import { productSalesDaily } from '@/features/dashboard/rollups.tables.ts';

export interface ProductSum {
  productId: number;
  gmvPaise: number;
  items: number;
}

interface PastSums {
  fingerprint: string;
  byProduct: Map<number, ProductSum>;
  /** The past days' top 10, best first. */
  top: ProductSum[];
}

/** The past sums kept, most recently used last; a handful of ranges is what dashboards ask for. */
const kept = new Map<string, PastSums>();
const KEEP = 12;

const byGmv = (a: ProductSum, b: ProductSum) => b.gmvPaise - a.gmvPaise || a.productId - b.productId;

/** Per-product sums of `from`..`to` (days, both included), scoped. Summed as float8: exact below 2^53 paise, and 4× faster than numeric. */
export async function productSums(db: DbOrTx, principal: Principal, from: string, to: string): Promise<ProductSum[]> {
  const rows = await db
    .select({
      productId: productSalesDaily.productId,
      gmvPaise: sql<number>`sum(${productSalesDaily.gmvPaise}::float8)`,
      items: sql<string>`sum(${productSalesDaily.items})`,
    })
    .from(productSalesDaily)
    .where(and(gte(productSalesDaily.day, from), lte(productSalesDaily.day, to), vendorScope(principal, 'orders', productSalesDaily)))
    .groupBy(productSalesDaily.productId);
  return rows.map((r) => ({ productId: Number(r.productId), gmvPaise: Number(r.gmvPaise), items: Number(r.items) }));
}

const scopeKey = (principal: Principal) => (principal.user.userType === 'vendor' ? `vendor:${principal.user.vendorId}` : 'staff');

/** The past days' sums, from memory when the fingerprint still matches, else summed and kept. */
async function pastSums(db: DbOrTx, principal: Principal, from: string, to: string, fingerprint: string): Promise<PastSums> {
  const key = `${scopeKey(principal)}|${from}|${to}`;
  const hit = kept.get(key);
  kept.delete(key);
  if (hit && hit.fingerprint === fingerprint) {
    kept.set(key, hit);
    return hit;
  }
  const sums = await productSums(db, principal, from, to);
  const entry: PastSums = { fingerprint, byProduct: new Map(sums.map((s) => [s.productId, s])), top: [...sums].sort(byGmv).slice(0, 10) };
  kept.set(key, entry);
  while (kept.size > KEEP) kept.delete(kept.keys().next().value!);
  return entry;
}

/**
 * The top 10 of `from`..`to`: the days before `today` from memory (checked by `fingerprint`, which
 * the caller read from `sales_daily` over `from`..`pastTo`), the rest (`live`, today's rows when the
 * range reaches today) added.
 */
export async function topProducts(
  db: DbOrTx,
  principal: Principal,
  range: { from: string; to: string; pastTo: string | null },
  fingerprint: string,
  live: ProductSum[],
): Promise<ProductSum[]> {
  if (range.pastTo === null) return [...live].sort(byGmv).slice(0, 10);
  const past = await pastSums(db, principal, range.from, range.pastTo, fingerprint);
  const candidates = new Map<number, ProductSum>();
  for (const p of past.top) candidates.set(p.productId, { ...p });
  for (const l of live) {
    const before = candidates.get(l.productId) ?? past.byProduct.get(l.productId);
    candidates.set(l.productId, {
      productId: l.productId,
      gmvPaise: (before?.gmvPaise ?? 0) + l.gmvPaise,
      items: (before?.items ?? 0) + l.items,
    });
  }
  return [...candidates.values()].sort(byGmv).slice(0, 10);
}

/** For tests: forget what is kept. */
export function forgetPastSums(): void {
  kept.clear();
}
