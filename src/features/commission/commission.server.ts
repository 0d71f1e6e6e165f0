/**
 * Finding and freezing a line's commission and return window when its order is placed (issue 18 §1,
 * docs/money.md "Commission", decision 047). Most specific first:
 *
 *   1. a rule for the vendor and the product's category      (vendor_category_rule)
 *   2. a rule for the vendor, any category                   (vendor_rule)
 *   3. the vendor's own rate (Vendors → commission %)         (vendor)
 *   4. a rule for the category, any vendor                   (category_rule)
 *   5. the sub-category's rate, then the category's           (sub_category, category)
 *   6. the store default (Global Settings)                    (default)
 *
 * A rule counts when it is active and in force at the placing instant (starts_at ≤ t < ends_at,
 * open ends allowed); among rules of one level the latest start wins, then the newest rule. The
 * result is written to `order_line_terms` in the placing transaction and never recomputed.
 */
import { and, eq, inArray, isNull, or, gt, lte, sql } from 'drizzle-orm';
import type { Tx } from '../../lib/db/client.server.ts';
import { vendors } from '../../lib/db/schema.ts';
import { percentToBasisPoints } from '../../lib/money/gst.ts';
import { moneySettings } from '../../lib/settings/money-settings.server.ts';
import { categories, subCategories } from '../categories/category.tables.ts';
import { products, productVariants } from '../products/product.tables.ts';
import { returnPolicies } from '../return-policies/return-policy.tables.ts';
import { commissionOn, type CommissionKind } from '../../lib/money/commission.ts';
import { commissionRules, orderLineTerms, type CommissionSource } from './commission.tables.ts';

/** An order line just written, to be given its terms. */
export interface LineToFreeze {
  orderLineId: number;
  variantId: number;
  vendorId: number;
  taxablePaise: number;
}

/** A rule as resolution reads it. */
export interface RuleCandidate {
  id: number;
  vendorId: number | null;
  categoryId: number | null;
  kind: CommissionKind;
  rateBp: number;
  feePaise: number;
  startsAt: Date | null;
}

/** What the catalogue says of a line's product. */
export interface LineCatalogue {
  vendorId: number;
  categoryId: number | null;
  vendorRateBp: number | null;
  subCategoryRateBp: number | null;
  categoryRateBp: number | null;
}

export interface ResolvedCommission {
  source: CommissionSource;
  ruleId: number | null;
  kind: CommissionKind;
  rateBp: number;
  feePaise: number;
}

/** The latest-starting, then newest, of the rules given (an open start counts as the earliest). */
function latest(rules: RuleCandidate[]): RuleCandidate | undefined {
  return [...rules].sort((a, b) => (b.startsAt?.getTime() ?? -Infinity) - (a.startsAt?.getTime() ?? -Infinity) || b.id - a.id)[0];
}

const fromRule = (source: CommissionSource, r: RuleCandidate): ResolvedCommission => ({
  source,
  ruleId: r.id,
  kind: r.kind,
  rateBp: r.rateBp,
  feePaise: r.kind === 'percent_fee' ? r.feePaise : 0,
});
const fromRate = (source: CommissionSource, rateBp: number): ResolvedCommission => ({ source, ruleId: null, kind: 'percent', rateBp, feePaise: 0 });

/** The commission of one line, from the rules in force (already filtered by date and status). Pure. */
export function resolveCommission(line: LineCatalogue, rulesInForce: RuleCandidate[], defaultBp: number): ResolvedCommission {
  const forVendor = rulesInForce.filter((r) => r.vendorId === line.vendorId);
  const both = latest(forVendor.filter((r) => line.categoryId !== null && r.categoryId === line.categoryId));
  if (both) return fromRule('vendor_category_rule', both);
  const vendorOnly = latest(forVendor.filter((r) => r.categoryId === null));
  if (vendorOnly) return fromRule('vendor_rule', vendorOnly);
  if (line.vendorRateBp !== null) return fromRate('vendor', line.vendorRateBp);
  const categoryOnly = latest(rulesInForce.filter((r) => r.vendorId === null && line.categoryId !== null && r.categoryId === line.categoryId));
  if (categoryOnly) return fromRule('category_rule', categoryOnly);
  if (line.subCategoryRateBp !== null) return fromRate('sub_category', line.subCategoryRateBp);
  if (line.categoryRateBp !== null) return fromRate('category', line.categoryRateBp);
  return fromRate('default', defaultBp);
}

const bpOrNull = (percent: string | null) => (percent === null ? null : percentToBasisPoints(percent));

/** Resolves and writes the terms of lines just placed, in the placing transaction. */
export async function freezeLineTerms(tx: Tx, at: Date, lines: LineToFreeze[]): Promise<void> {
  if (!lines.length) return;
  const variantIds = [...new Set(lines.map((l) => l.variantId))];
  const catalogue = await tx
    .select({
      variantId: productVariants.id,
      categoryId: products.categoryId,
      vendorRate: vendors.commissionRate,
      subCategoryRate: subCategories.commissionPercent,
      categoryRate: categories.commissionPercent,
      returnable: returnPolicies.isReturnable,
      windowDays: returnPolicies.returnWindowDays,
    })
    .from(productVariants)
    .innerJoin(products, eq(products.id, productVariants.productId))
    .innerJoin(vendors, eq(vendors.id, products.vendorId))
    .leftJoin(categories, eq(categories.id, products.categoryId))
    .leftJoin(subCategories, eq(subCategories.id, products.subCategoryId))
    .leftJoin(returnPolicies, eq(returnPolicies.id, products.returnPolicyId))
    .where(inArray(productVariants.id, variantIds));
  const vendorIds = [...new Set(lines.map((l) => l.vendorId))];
  const categoryIds = [...new Set(catalogue.map((c) => c.categoryId).filter((c): c is number => c !== null))];
  const rules = (
    await tx
      .select({
        id: commissionRules.id,
        vendorId: commissionRules.vendorId,
        categoryId: commissionRules.categoryId,
        kind: commissionRules.kind,
        ratePercent: commissionRules.ratePercent,
        feePaise: commissionRules.feePaise,
        startsAt: commissionRules.startsAt,
      })
      .from(commissionRules)
      .where(
        and(
          eq(commissionRules.status, 'active'),
          or(isNull(commissionRules.startsAt), lte(commissionRules.startsAt, at)),
          or(isNull(commissionRules.endsAt), gt(commissionRules.endsAt, at)),
          or(
            inArray(commissionRules.vendorId, vendorIds),
            categoryIds.length ? and(isNull(commissionRules.vendorId), inArray(commissionRules.categoryId, categoryIds)) : sql`false`,
          ),
        ),
      )
  ).map((r): RuleCandidate => ({ ...r, kind: r.kind as CommissionKind, rateBp: percentToBasisPoints(r.ratePercent) }));
  const settings = await moneySettings(tx);
  const rows = lines.map((l) => {
    const c = catalogue.find((x) => x.variantId === l.variantId);
    if (!c) throw new Error(`Order line ${l.orderLineId}: variant ${l.variantId} has no product`);
    const resolved = resolveCommission(
      {
        vendorId: l.vendorId,
        categoryId: c.categoryId,
        vendorRateBp: bpOrNull(c.vendorRate),
        subCategoryRateBp: bpOrNull(c.subCategoryRate),
        categoryRateBp: bpOrNull(c.categoryRate),
      },
      rules,
      settings.defaultCommissionBp,
    );
    // A product with a policy: its window when returnable, none when not; without one: the store default.
    const returnWindowDays = c.returnable === null ? settings.defaultReturnWindowDays : c.returnable ? Number(c.windowDays) : 0;
    return {
      orderLineId: l.orderLineId,
      source: resolved.source,
      ruleId: resolved.ruleId,
      kind: resolved.kind,
      rateBp: resolved.rateBp,
      feePaise: resolved.feePaise,
      basePaise: l.taxablePaise,
      commissionPaise: commissionOn(l.taxablePaise, resolved),
      returnWindowDays,
    };
  });
  await tx.insert(orderLineTerms).values(rows).onConflictDoNothing();
}
