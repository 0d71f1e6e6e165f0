/**
 * The automatic promotions a cart gets at placing (issue 18 §5). The promotions work replaces this
 * body with the evaluation over the active promotions (docs/money.md "Promotions"); until then no
 * promotion exists, so none applies.
 *
 * `withCoupon`: the cart also carries a coupon, so promotions that don't stack with coupons are
 * skipped (with that reason). Placing evaluates both ways and keeps the better one for the customer.
 */
import type { Tx } from '@/lib/db/client.server.ts';
import type { CartForDiscounts, PromotionOutcome } from '@/lib/money/discounts.ts';

export async function promotionsForCart(_tx: Tx, _cart: CartForDiscounts, _options: { withCoupon: boolean }): Promise<PromotionOutcome> {
  return { applied: [], skipped: [], couponAllowed: true };
}
