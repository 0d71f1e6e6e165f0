/**
 * The order events that write the earnings ledger (issue 18 §2, docs/money.md "When entries are
 * written"), each called inside the transaction of the move that causes it:
 *
 * - placing: `freezeLineTerms` (src/features/commission) fixes each line's commission and return window;
 * - delivery of a sub-order: `recordDeliveryEarnings` writes its sale, the discount the platform
 *   funded on its lines (`platform_discount`, credited to the vendor), commission, GST on commission,
 *   TCS and TDS entries, payable after the longest return window of its lines, at the rates in force
 *   on the delivery's IST date;
 * - a refund after delivery: `reverseForRefund` reverses them in proportion to the amount refunded.
 *
 * A cancellation or an RTO before delivery writes nothing (nothing was earned). Composed here: it
 * puts orders, commission and the ledger together (features don't import each other).
 */
import { and, asc, eq, inArray } from 'drizzle-orm';
import type { Tx } from '../../lib/db/client.server.ts';
import { conflict } from '../../lib/http/errors.ts';
import { logActivity, type Actor } from '../../lib/activity/activity.server.ts';
import { istDate } from '../../lib/india/ist.ts';
import { orderLines, subOrders } from '../../features/orders/orders.tables.ts';
import { orderLineTerms } from '../../features/commission/commission.tables.ts';
import { freezeLineTerms } from '../../features/commission/commission.server.ts';
import { earningEntries, type EntryType } from '../../features/earnings/earnings.tables.ts';
import { entryTypeLabel } from '../../features/earnings/entry-types.ts';
import { deliveryEntries, payableAfterWindow, payableNow, reversedShare } from '../../features/earnings/earnings-math.ts';
import { splitByLargestRemainder } from '../../lib/money/split.ts';
import { appendEntries, ratesOn, subOrderEntries, vendorHasPan, type NewEntry } from '../../features/earnings/ledger.server.ts';

export { freezeLineTerms };

/** The entry types a delivery writes, which a refund reverses. */
const DELIVERY_TYPES: EntryType[] = ['sale', 'platform_discount', 'commission', 'commission_gst', 'tcs', 'tds'];

async function subOrderOf(tx: Tx, subOrderId: number) {
  const [sub] = await tx
    .select({ id: subOrders.id, orderId: subOrders.orderId, vendorId: subOrders.vendorId, number: subOrders.number, supply: subOrders.supply })
    .from(subOrders)
    .where(eq(subOrders.id, subOrderId))
    .limit(1);
  if (!sub) throw new Error(`Sub-order ${subOrderId} does not exist`);
  return sub;
}

/**
 * The delivered sub-order's entries. Idempotent: a sub-order whose sale is already in the ledger
 * gets nothing more (a delivery is recorded once).
 */
export async function recordDeliveryEarnings(tx: Tx, subOrderId: number, at: Date, actor: Actor): Promise<number> {
  const sub = await subOrderOf(tx, subOrderId);
  if ((await subOrderEntries(tx, sub.id, ['sale'])).length) return 0;
  const lineRows = () =>
    tx
      .select({
        id: orderLines.id,
        variantId: orderLines.variantId,
        taxablePaise: orderLines.taxablePaise,
        totalPaise: orderLines.totalPaise,
        platformDiscountPaise: orderLines.platformDiscountPaise,
        commissionPaise: orderLineTerms.commissionPaise,
        commissionRateBp: orderLineTerms.rateBp,
        returnWindowDays: orderLineTerms.returnWindowDays,
      })
      .from(orderLines)
      .leftJoin(orderLineTerms, eq(orderLineTerms.orderLineId, orderLines.id))
      .where(eq(orderLines.subOrderId, sub.id))
      .orderBy(asc(orderLines.id));
  let lines = await lineRows();
  // Lines placed before commission was frozen at placing get their terms now, once, the same way.
  const unfrozen = lines.filter((l) => l.commissionPaise === null);
  if (unfrozen.length) {
    await freezeLineTerms(
      tx,
      at,
      unfrozen.map((l) => ({ orderLineId: l.id, variantId: l.variantId, vendorId: sub.vendorId, taxablePaise: Number(l.taxablePaise) })),
    );
    lines = await lineRows();
  }
  const rates = await ratesOn(tx, istDate(at));
  const hasPan = await vendorHasPan(tx, sub.vendorId);
  const tdsBp = hasPan ? rates.tds.rateBp : rates.tds_no_pan.rateBp;
  const windowDays = Math.max(0, ...lines.map((l) => Number(l.returnWindowDays)));
  const payableAt = payableAfterWindow(at, windowDays);
  const entries: NewEntry[] = lines.flatMap((l) =>
    deliveryEntries(
      {
        totalPaise: Number(l.totalPaise),
        taxablePaise: Number(l.taxablePaise),
        commissionPaise: Number(l.commissionPaise),
        commissionRateBp: Number(l.commissionRateBp),
        platformDiscountPaise: Number(l.platformDiscountPaise),
      },
      sub.supply === 'intra' ? 'intra' : 'inter',
      { commissionGstBp: rates.commission_gst.rateBp, tcsBp: rates.tcs.rateBp, tdsBp },
    ).map((e): NewEntry => ({
      ...e,
      vendorId: sub.vendorId,
      orderId: sub.orderId,
      subOrderId: sub.id,
      orderLineId: l.id,
      orderNumber: sub.number,
      payableAt,
      createdAt: at,
      note: e.type === 'tds' && !hasPan ? 'No PAN on file: TDS at the higher rate.' : null,
    })),
  );
  await appendEntries(tx, entries);
  const net = entries.reduce((a, e) => a + e.amountPaise, 0);
  await logActivity(tx, actor, {
    area: 'earnings',
    action: 'delivered',
    recordId: sub.id,
    recordName: sub.number,
    after: { entries: entries.length, net_paise: net, payable_at: payableAt.toISOString(), return_window_days: windowDays },
  });
  return entries.length;
}

/**
 * Reverses a delivered sub-order's entries for a refund of `refundPaise` (cumulative with earlier
 * refunds of it): the refund is spread over its lines in proportion to what each has left, and each
 * entry of a line is reversed in the proportion of the line refunded so far, less what was already
 * reversed; a full refund reverses every entry exactly. Reversals of money still pending become
 * payable when it would have; of money already payable, at once (the next payout nets them). A
 * sub-order never delivered has nothing to reverse. More than is left to refund is a 409.
 */
export async function reverseForRefund(tx: Tx, subOrderId: number, refundPaise: number, at: Date, actor: Actor): Promise<number> {
  if (!Number.isSafeInteger(refundPaise) || refundPaise <= 0) return 0;
  const sub = await subOrderOf(tx, subOrderId);
  const originals = await subOrderEntries(tx, sub.id, DELIVERY_TYPES);
  if (!originals.length) return 0;
  const reversals = await tx
    .select({ reverses: earningEntries.reversesEntryId, amountPaise: earningEntries.amountPaise })
    .from(earningEntries)
    .where(
      and(
        eq(earningEntries.type, 'refund_reversal'),
        inArray(
          earningEntries.reversesEntryId,
          originals.map((o) => o.id),
        ),
      ),
    );
  const reversedOf = (entryId: number) => reversals.filter((r) => r.reverses === entryId).reduce((a, r) => a + Number(r.amountPaise), 0);
  const sales = originals.filter((o) => o.type === 'sale');
  // What each line's sale has left unrefunded (a sale reversal is negative: the sale's amount minus it).
  const remaining = sales.map((s) => Number(s.amountPaise) + reversedOf(s.id));
  const left = remaining.reduce((a, b) => a + b, 0);
  if (refundPaise > left) {
    throw conflict(`The refund is more than sub-order ${sub.number} has left to refund in the earnings ledger (₹ ${(left / 100).toFixed(2)}).`, {
      amount: [`At most ${left} paise.`],
    });
  }
  const parts = splitByLargestRemainder(refundPaise, remaining);
  const today = payableNow(at);
  const entries: NewEntry[] = [];
  sales.forEach((sale, i) => {
    const saleAmount = Number(sale.amountPaise);
    const refundedNow = saleAmount - remaining[i]! + parts[i]!;
    for (const o of originals.filter((x) => x.orderLineId === sale.orderLineId)) {
      const amount = Number(o.amountPaise);
      const sign = amount > 0 ? 1 : -1;
      const target = o.type === 'sale' ? refundedNow : reversedShare(Math.abs(amount), refundedNow, saleAmount);
      const already = -sign * reversedOf(o.id);
      const delta = target - already;
      if (delta <= 0) continue;
      entries.push({
        vendorId: sub.vendorId,
        type: 'refund_reversal',
        amountPaise: -sign * delta,
        orderId: sub.orderId,
        subOrderId: sub.id,
        orderLineId: o.orderLineId,
        orderNumber: sub.number,
        rateBp: o.rateBp,
        basePaise: o.basePaise,
        taxHead: o.taxHead as NewEntry['taxHead'],
        reversesEntryId: o.id,
        payableAt: o.payableAt > at ? o.payableAt : today,
        createdAt: at,
        note: `Refund: reverses ${entryTypeLabel(o.type).toLowerCase()}`,
      });
    }
  });
  await appendEntries(tx, entries);
  await logActivity(tx, actor, {
    area: 'earnings',
    action: 'refund_reversed',
    recordId: sub.id,
    recordName: sub.number,
    after: { refund_paise: refundPaise, entries: entries.length, net_paise: entries.reduce((a, e) => a + e.amountPaise, 0) },
  });
  return entries.length;
}
