/**
 * The automatic promotions a cart gets at placing (issue 18 §5): the promotions active at
 * `cart.now` (status active, starts_at ≤ now < ends_at), with the names of what their scopes name,
 * evaluated by the one rule (src/features/promotions/promotion-rules.ts, docs/money.md "Promotions").
 *
 * `withCoupon`: the cart also carries a coupon, so promotions that don't stack with coupons are
 * skipped (with that reason). Placing evaluates both ways and keeps the better one for the customer.
 */
import { and, eq, gt, inArray, isNull, lte, or, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../lib/db/client.server.ts';
import type { CartForDiscounts, PromotionOutcome } from '../../lib/money/discounts.ts';
import { vendorNameSql } from '../../lib/vendors/vendor-name.server.ts';
import { categories } from '../../features/categories/category.tables.ts';
import { products } from '../../features/products/product.tables.ts';
import { promotions, promotionTargets } from '../../features/promotions/promotions.tables.ts';
import { evaluatePromotions, type PromotionForCart, type PromotionKind, type PromotionScope } from '../../features/promotions/promotion-rules.ts';

/** The promotions in force at `now`, with their targets' ids and names, as the rule reads them. */
export async function activePromotions(tx: DbOrTx, now: Date): Promise<PromotionForCart[]> {
  const rows = await tx
    .select()
    .from(promotions)
    .where(
      and(
        eq(promotions.status, 'active'),
        or(isNull(promotions.startsAt), lte(promotions.startsAt, now)),
        or(isNull(promotions.endsAt), gt(promotions.endsAt, now)),
      ),
    );
  if (!rows.length) return [];
  const targets = await tx
    .select({
      promotionId: promotionTargets.promotionId,
      id: sql<number>`coalesce(${promotionTargets.categoryId}, ${promotionTargets.productId}, ${promotionTargets.vendorId})`.mapWith(Number),
      name: sql<string>`coalesce(${categories.name}, ${products.name}, ${vendorNameSql(sql`${promotionTargets.vendorId}`)})`,
    })
    .from(promotionTargets)
    .leftJoin(categories, eq(categories.id, promotionTargets.categoryId))
    .leftJoin(products, eq(products.id, promotionTargets.productId))
    .where(
      inArray(
        promotionTargets.promotionId,
        rows.map((r) => r.id),
      ),
    )
    .orderBy(sql`3`, sql`2`);
  return rows.map((r) => {
    const mine = targets.filter((t) => t.promotionId === r.id);
    return {
      id: r.id,
      name: r.name,
      kind: r.kind as PromotionKind,
      rateBp: r.rateBp,
      maxDiscountPaise: r.maxDiscountPaise === null ? null : Number(r.maxDiscountPaise),
      buyQuantity: r.buyQuantity,
      getQuantity: r.getQuantity,
      scope: r.scope as PromotionScope,
      targetIds: mine.map((t) => t.id),
      targetNames: mine.map((t) => t.name),
      minOrderPaise: Number(r.minOrderPaise),
      startsAt: r.startsAt,
      endsAt: r.endsAt,
      priority: r.priority,
      stacksWithCoupons: r.stacksWithCoupons,
      createdAt: r.createdAt,
    };
  });
}

export async function promotionsForCart(tx: DbOrTx, cart: CartForDiscounts, options: { withCoupon: boolean }): Promise<PromotionOutcome> {
  return evaluatePromotions(cart, await activePromotions(tx, cart.now), options);
}
