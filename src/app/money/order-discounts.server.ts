/**
 * The discount seam at placing (issue 18 §4–5, docs/money.md "Discounts"; decision 055): what a
 * cart gets from the automatic promotions and from the customer's coupon, called by placing and by
 * the quote after the lines are priced and before tax. The one rule:
 *
 * - promotions first, on the gross; then the coupon, on what the promotions left of its eligible lines;
 * - with a coupon, two ways are evaluated — (a) the promotions alone (`withCoupon: false`), and
 *   (b) the promotions that stack with coupons plus the coupon — and the customer gets whichever
 *   takes more off in total (a tie: (b), they asked for the coupon). What was left out is `skipped`,
 *   with why.
 *
 * A coupon that can't be used at all (unknown, inactive, outside its dates, below its minimum, on
 * no item of the cart, used up, past the customer's own limit) refuses the order: 422 (used up: 409)
 * with `errors.coupon_code` in words a shopper understands. Taking a use (`takeCouponUse`) is one
 * conditional UPDATE in the order's transaction; a cancelled order gives it back (`releaseCouponUse`).
 */
import { and, eq, sql } from 'drizzle-orm';
import type { DbOrTx, Tx } from '../../lib/db/client.server.ts';
import { conflict, invalid } from '../../lib/http/errors.ts';
import { formatIstDateTime } from '../../lib/india/ist.ts';
import { logActivity, type Actor } from '../../lib/activity/activity.server.ts';
import {
  applyCoupon,
  chooseWithCoupon,
  discountTotal,
  lineTotals,
  linesAfter,
  type AppliedDiscount,
  type CartForDiscounts,
  type CouponTerms,
  type SkippedDiscount,
} from '../../lib/money/discounts.ts';
import { couponRedemptions, coupons } from '../../features/coupons/coupons.tables.ts';
import { orderDiscounts, subOrders } from '../../features/orders/orders.tables.ts';
import { promotionsForCart } from './promotions-at-placing.server.ts';

/** A coupon the order will take a use of. */
export interface CouponUse {
  id: number;
  code: string;
  perCustomerLimit: number | null;
  discountPaise: number;
}

/** What the discounts give a cart: the applied ones in order, the skipped, and each line's totals. */
export interface CartDiscounts {
  applied: AppliedDiscount[];
  skipped: SkippedDiscount[];
  /** Per cart line: every discount's share summed (the line's discount_paise), and the platform-funded part. */
  lineDiscountPaise: number[];
  linePlatformPaise: number[];
  shippingPaise: number;
  /** Off the delivery charge (never more than it). */
  shippingDiscountPaise: number;
  /** The coupon that applied (its use is taken at placing), or null. */
  coupon: CouponUse | null;
}

const refuse = (message: string) => invalid({ coupon_code: [message] }, message);

type CouponRow = typeof coupons.$inferSelect;

const termsOf = (c: CouponRow): CouponTerms => ({
  id: c.id,
  code: c.code,
  kind: c.kind === 'flat' ? 'flat' : 'percent',
  rateBp: c.rateBp,
  amountPaise: c.amountPaise === null ? null : Number(c.amountPaise),
  maxDiscountPaise: c.maxDiscountPaise === null ? null : Number(c.maxDiscountPaise),
  minOrderPaise: Number(c.minOrderPaise),
  scope: c.scope as CouponTerms['scope'],
  scopeIds: c.scopeIds,
  fundedBy: c.fundedBy === 'vendor' ? 'vendor' : 'platform',
  vendorId: c.vendorId,
});

/** The coupon a customer typed, if it can be used now (any case); otherwise the 422/409 that says why. */
async function usableCoupon(db: DbOrTx, typed: string, now: Date, customerEmail: string): Promise<CouponRow> {
  const code = typed.trim();
  const [c] = await db
    .select()
    .from(coupons)
    .where(sql`lower(${coupons.code}) = lower(${code})`)
    .limit(1);
  if (!c) throw refuse(`We don’t know the coupon code “${code}”. Check it and try again.`);
  if (c.status !== 'active') throw refuse(`Coupon ${c.code} is no longer available.`);
  if (c.startsAt && now < c.startsAt) throw refuse(`Coupon ${c.code} can be used from ${formatIstDateTime(c.startsAt)}.`);
  if (c.endsAt && now >= c.endsAt) throw refuse(`Coupon ${c.code} expired on ${formatIstDateTime(c.endsAt)}.`);
  if (c.usageLimit !== null && c.used >= c.usageLimit) throw usedUp(c.code);
  if (c.perCustomerLimit !== null) {
    const [{ n }] = (await db
      .select({ n: sql<number>`count(*)::int` })
      .from(couponRedemptions)
      .where(
        and(
          eq(couponRedemptions.couponId, c.id),
          eq(couponRedemptions.status, 'held'),
          sql`lower(${couponRedemptions.customerEmail}) = lower(${customerEmail})`,
        ),
      )) as [{ n: number }];
    if (Number(n) >= c.perCustomerLimit) throw perCustomer(c.code, c.perCustomerLimit);
  }
  return c;
}

const usedUp = (code: string) => {
  const message = `Coupon ${code} has been used up. Remove it to place the order without it.`;
  return conflict(message, { coupon_code: [message] });
};
const perCustomer = (code: string, limit: number) =>
  refuse(
    `You have already used coupon ${code}${limit === 1 ? '' : ` ${limit} times`}: it can be used ${limit === 1 ? 'once' : `${limit} times`} per customer.`,
  );

/**
 * The discounts of a priced cart (before tax), by the one rule above. Reads only: placing takes
 * the coupon's use afterwards (`takeCouponUse`), the quote doesn't.
 */
export async function discountsForCart(tx: Tx, cart: CartForDiscounts, couponCode: string | null | undefined): Promise<CartDiscounts> {
  const withoutCoupon = await promotionsForCart(tx, cart, { withCoupon: false });
  let applied = withoutCoupon.applied;
  let skipped = withoutCoupon.skipped;
  let coupon: CouponUse | null = null;
  const code = couponCode?.trim();
  if (code) {
    const row = await usableCoupon(tx, code, cart.now, cart.customerEmail);
    const withCoupon = await promotionsForCart(tx, cart, { withCoupon: true });
    const result = applyCoupon(termsOf(row), linesAfter(cart.lines, withCoupon.applied));
    if (!result.ok) throw refuse(result.reason);
    const chosen = chooseWithCoupon(withoutCoupon, withCoupon, result.discount);
    applied = chosen.applied;
    skipped = chosen.skipped;
    if (chosen.couponApplied) coupon = { id: row.id, code: row.code, perCustomerLimit: row.perCustomerLimit, discountPaise: discountTotal(result.discount) };
  }
  const lines = lineTotals(cart.lines.length, applied);
  // Never more off a line than its gross, nor off the delivery charge than the charge.
  lines.discountPaise.forEach((d, i) => {
    const gross = cart.lines[i]!.unitPricePaise * cart.lines[i]!.quantity;
    if (d > gross) throw new Error(`Discounts take ${d} paise off line ${i}, whose gross is ${gross}`);
  });
  const shippingDiscountPaise = Math.min(
    cart.shippingPaise,
    applied.reduce((a, d) => a + d.shippingDiscountPaise, 0),
  );
  return {
    applied,
    skipped,
    lineDiscountPaise: lines.discountPaise,
    linePlatformPaise: lines.platformPaise,
    shippingPaise: cart.shippingPaise,
    shippingDiscountPaise,
    coupon,
  };
}

/**
 * Takes one use of the coupon for the order, in its transaction: one conditional UPDATE (which
 * also locks the coupon's row, so concurrent orders queue here), then the customer's own count
 * under that lock. Used up: 409; past the customer's limit: 422; the caller's transaction then
 * rolls back, so a refusal writes nothing.
 */
export async function takeCouponUse(tx: Tx, use: CouponUse, orderId: number, customerId: number, customerEmail: string, at: Date): Promise<void> {
  const [taken] = await tx
    .update(coupons)
    .set({ used: sql`${coupons.used} + 1` })
    .where(and(eq(coupons.id, use.id), eq(coupons.status, 'active'), sql`(${coupons.usageLimit} is null or ${coupons.used} < ${coupons.usageLimit})`))
    .returning({ id: coupons.id });
  if (!taken) throw usedUp(use.code);
  if (use.perCustomerLimit !== null) {
    const [{ n }] = (await tx
      .select({ n: sql<number>`count(*)::int` })
      .from(couponRedemptions)
      .where(
        and(
          eq(couponRedemptions.couponId, use.id),
          eq(couponRedemptions.status, 'held'),
          sql`(${couponRedemptions.customerId} = ${customerId} or lower(${couponRedemptions.customerEmail}) = lower(${customerEmail}))`,
        ),
      )) as [{ n: number }];
    if (Number(n) >= use.perCustomerLimit) throw perCustomer(use.code, use.perCustomerLimit);
  }
  await tx.insert(couponRedemptions).values({ couponId: use.id, orderId, customerId, customerEmail, discountPaise: use.discountPaise, createdAt: at });
}

/** The order's discounts, as they applied (its lines carry their shares). */
export async function recordOrderDiscounts(tx: Tx, orderId: number, discounts: CartDiscounts, at: Date): Promise<void> {
  if (!discounts.applied.length) return;
  await tx.insert(orderDiscounts).values(
    discounts.applied.map((d) => ({
      orderId,
      kind: d.kind,
      couponId: d.kind === 'coupon' ? d.id : null,
      promotionId: d.kind === 'promotion' ? d.id : null,
      name: d.name,
      fundedBy: d.fundedBy,
      vendorId: d.vendorId,
      amountPaise: d.lineDiscounts.reduce((a, b) => a + b, 0),
      shippingDiscountPaise: d.shippingDiscountPaise,
      reason: d.reason,
      createdAt: at,
    })),
  );
}

/**
 * A cancelled order gives its coupon use back: once every sub-order is cancelled (by the customer,
 * staff or a vendor, or an unpaid prepaid order expired by the system), its held redemption is
 * released and the coupon's `used` goes down by one, in the cancel's transaction. Idempotent: an
 * order still partly alive, or already released, changes nothing. Answers whether a use was given back.
 */
export async function releaseCouponUse(tx: Tx, orderId: number, at: Date, actor: Actor): Promise<boolean> {
  const subs = await tx.select({ status: subOrders.status }).from(subOrders).where(eq(subOrders.orderId, orderId));
  if (!subs.length || subs.some((s) => s.status !== 'cancelled')) return false;
  const [released] = await tx
    .update(couponRedemptions)
    .set({ status: 'released', releasedAt: at })
    .where(and(eq(couponRedemptions.orderId, orderId), eq(couponRedemptions.status, 'held')))
    .returning({ couponId: couponRedemptions.couponId });
  if (!released) return false;
  const [c] = await tx
    .update(coupons)
    .set({ used: sql`greatest(${coupons.used} - 1, 0)` })
    .where(eq(coupons.id, released.couponId))
    .returning({ id: coupons.id, code: coupons.code, used: coupons.used });
  await logActivity(tx, actor, {
    area: 'coupons',
    action: 'use_released',
    recordId: released.couponId,
    recordName: c?.code ?? null,
    after: { order_id: orderId, used: c?.used ?? null },
  });
  return true;
}
