/**
 * Moving a sub-order (issue 17 §2, docs/orders.md "States"). Each move is one transaction: the
 * order row locked first (so two moves of one order's sub-orders derive its status one after the
 * other), a compare-and-set of the sub-order on its state and version (two racing "ship"s: one
 * wins, the other is a 409), the stock move through the stock core, the timeline entry, the
 * order's derived status, the activity log and the notifications.
 */
import { and, asc, eq, sql } from 'drizzle-orm';
import type { DbOrTx, Tx } from '../../lib/db/client.server.ts';
import { conflict, forbidden, invalid, notFound } from '../../lib/http/errors.ts';
import { logActivity, type Actor } from '../../lib/activity/activity.server.ts';
import { notifyVendor } from '../../lib/notifications/notify.server.ts';
import { publish } from '../../lib/realtime/publish.server.ts';
import { releaseStock, restockStock, shipStock, type StockLine } from '../../features/inventories/stock.server.ts';
import { pincodeIs, pincodes } from '../../features/geography/geography.tables.ts';
import { orderEvents, orderLines, orders, payments, subOrders } from '../../features/orders/orders.tables.ts';
import { allowedActions, deriveOrderStatus, statusLabel, TRANSITIONS, type ActorKind, type TransitionAction } from '../../features/orders/order-status.ts';
import { partnersServing } from '../../features/orders/order-pricing.server.ts';
import { now as clockNow } from '../../lib/time/clock.server.ts';
import { recordDeliveryEarnings, reverseForRefund } from '../money/order-earnings.server.ts';
import { releaseCouponUse } from '../money/order-discounts.server.ts';
import { issueCreditNote, issueInvoice } from '../../features/invoices/document-issuing.server.ts';
import { recordRefund, refundDeliveryCharge, refundedOfSubOrder } from '../payments/refunds.server.ts';
import { prepaidCaptured } from '../payments/payment-state.server.ts';

/** Where the AWB goes in a delivery partner's tracking URL template (delivery-partner.area.ts). */
const TRACKING_PLACEHOLDER = '{tracking_number}';

export interface Mover {
  kind: ActorKind;
  /** A vendor's own vendor id: they move only their own sub-orders. */
  vendorId: number | null;
  userId: number | null;
  /** How the timeline names them. */
  label: string;
  actor: Actor;
}

export interface MoveInput {
  action: TransitionAction;
  /** The sub-order's version as the mover saw it; omitted by the storefront's requests (they act on what is there now). */
  version?: number;
  reason?: string;
  delivery_partner_id?: number;
  awb?: string;
}

export interface MovedSubOrder {
  id: number;
  number: string;
  status: string;
  version: number;
  order_status: string;
}

const describeAllowed = (status: string, kind: ActorKind) => {
  const open = allowedActions(status, kind).map((t) => t.action);
  return open.length ? `Allowed now: ${open.join(', ')}.` : 'No action is allowed from there.';
};

/** Moves one sub-order of an order; 404 when it isn't there or isn't the vendor's, 409 when the state or version moved on. */
export async function moveSubOrder(db: DbOrTx, mover: Mover, orderId: number, subOrderId: number, input: MoveInput): Promise<MovedSubOrder> {
  const transition = TRANSITIONS[input.action];
  return db.transaction(async (tx) => {
    const [order] = await tx
      .update(orders)
      .set({ version: sql`${orders.version} + 1` })
      .where(eq(orders.id, orderId))
      .returning({ id: orders.id, number: orders.number, paymentMethod: orders.paymentMethod });
    if (!order) throw notFound('That order does not exist.');
    const [sub] = await tx
      .select()
      .from(subOrders)
      .where(and(eq(subOrders.id, subOrderId), eq(subOrders.orderId, orderId)))
      .limit(1);
    if (!sub || (mover.kind === 'vendor' && sub.vendorId !== mover.vendorId)) throw notFound('That sub-order does not exist.');
    if (!transition.by.includes(mover.kind)) {
      throw forbidden(`${transition.label} is not yours to do: ${transition.by.filter((b) => b !== 'customer').join(' or ')} only.`);
    }
    if (!(transition.from as readonly string[]).includes(sub.status)) {
      throw conflict(
        `Sub-order ${sub.number} is ${statusLabel(sub.status).toLowerCase()}: it can’t ${transition.label.toLowerCase()} from there. ${describeAllowed(sub.status, mover.kind)}`,
        {
          status: [sub.status],
          allowed: allowedActions(sub.status, mover.kind).map((t) => t.action),
        },
      );
    }
    if (input.version !== undefined && input.version !== sub.version) {
      throw conflict(`Sub-order ${sub.number} changed since you opened it (now ${statusLabel(sub.status).toLowerCase()}). Reload and try again.`, {
        version: [`Now version ${sub.version}.`],
      });
    }
    if (transition.action === 'confirm' && order.paymentMethod === 'prepaid' && !(await prepaidCaptured(tx, orderId))) {
      throw conflict(`Order ${order.number} is prepaid and awaiting payment: it can be confirmed once the payment gateway captures the payment.`, {
        payment: ['Awaiting payment.'],
      });
    }
    const reason = input.reason?.trim() || null;
    if (transition.needsReason && !reason) throw invalid({ reason: ['Say why.'] });

    const now = clockNow();
    const extra: Partial<typeof subOrders.$inferInsert> = {};
    if (transition.action === 'ship') Object.assign(extra, await shipment(tx, sub.shippingPincode, order.paymentMethod === 'cod', input), { shippedAt: now });
    if (transition.action === 'deliver') extra.deliveredAt = now;
    if (transition.action === 'cancel') extra.cancelReason = reason;
    if (transition.action === 'request_return') extra.returnReason = reason;

    // The compare-and-set: the row still in the state and version read above, or nothing changes.
    const [moved] = await tx
      .update(subOrders)
      .set({ ...extra, status: transition.to, updatedAt: now, version: sql`${subOrders.version} + 1` })
      .where(and(eq(subOrders.id, sub.id), eq(subOrders.status, sub.status), eq(subOrders.version, sub.version)))
      .returning({ id: subOrders.id, number: subOrders.number, status: subOrders.status, version: subOrders.version });
    if (!moved) throw conflict(`Sub-order ${sub.number} was just changed by someone else. Reload and try again.`, { version: ['Changed meanwhile.'] });
    // Everyone looking at this order sees it move (their details page offers to reload).
    await publish(tx, 'order.changed', { order: orderId });

    if (transition.stock !== 'none') {
      const lines = await tx
        .select({ variantId: orderLines.variantId, warehouseId: orderLines.warehouseId, quantity: orderLines.quantity })
        .from(orderLines)
        .where(eq(orderLines.subOrderId, sub.id));
      const stockLines: StockLine[] = lines;
      const who = { orderRef: sub.number, actorUserId: mover.userId, note: `${transition.label}${reason ? `: ${reason}` : ''}` };
      if (transition.stock === 'ship') await shipStock(tx, stockLines, who);
      if (transition.stock === 'release') await releaseStock(tx, stockLines, who);
      if (transition.stock === 'restock') await restockStock(tx, stockLines, who);
    }
    if (transition.action === 'deliver' && order.paymentMethod === 'cod') {
      await tx.insert(payments).values({
        orderId,
        subOrderId: sub.id,
        kind: 'payment',
        method: 'cod',
        amountPaise: sub.totalPaise,
        status: 'captured',
        gatewayRef: `COD-${sub.number}`,
        createdAt: now,
        updatedAt: now,
      });
    }
    // Money back (decision 043): one amount for the refund row, the ledger's reversal and the credit
    // note. A return refunded gives back what the sub-order has left to refund; a prepaid parcel
    // cancelled after capture, or returned to origin undelivered, gives back its total.
    let refundPaise = 0;
    const refunding = transition.action === 'refund' || (order.paymentMethod === 'prepaid' && (transition.action === 'cancel' || transition.action === 'rto'));
    if (refunding) {
      refundPaise = Number(sub.totalPaise) - (await refundedOfSubOrder(tx, sub.id));
      await recordRefund(tx, {
        orderId,
        orderNumber: order.number,
        subOrderId: sub.id,
        subOrderNumber: sub.number,
        method: order.paymentMethod === 'cod' ? 'cod' : 'prepaid',
        amountPaise: refundPaise,
        reason: reason ?? (transition.action === 'refund' ? `Goods returned${sub.returnReason ? `: ${sub.returnReason}` : ''}` : transition.label),
        at: now,
        actor: mover.actor,
      });
    }
    // Issue 18: the earnings ledger (src/app/money/order-earnings.server.ts). Before delivery nothing was earned.
    if (transition.action === 'deliver') await recordDeliveryEarnings(tx, sub.id, now, mover.actor);
    if (transition.action === 'refund') await reverseForRefund(tx, sub.id, refundPaise, now, mover.actor);
    await tx.insert(orderEvents).values({
      orderId,
      subOrderId: sub.id,
      action: transition.action,
      fromStatus: sub.status,
      toStatus: transition.to,
      note: [reason, extra.awb ? `AWB ${extra.awb}` : null].filter(Boolean).join(' · ') || null,
      actorUserId: mover.userId,
      actorLabel: mover.label,
      createdAt: now,
    });
    const orderStatus = await refreshOrderStatus(tx, orderId);
    // Issue 18: the last sub-order cancelled gives the order's coupon use back (order-discounts.server.ts).
    if (transition.action === 'cancel') await releaseCouponUse(tx, orderId, now, mover.actor);
    // The whole order cancelled, nothing shipped: the delivery charge a prepaid order paid goes back too.
    if (transition.action === 'cancel' && orderStatus === 'cancelled') {
      await refundDeliveryCharge(tx, { orderId, reason: `Order ${order.number} cancelled: its delivery charge`, at: now, actor: mover.actor });
    }
    await logActivity(tx, mover.actor, {
      area: 'orders',
      action: transition.action,
      recordId: orderId,
      recordName: sub.number,
      changes: { status: [sub.status, transition.to], ...(reason ? { reason: [null, reason] } : {}), ...(extra.awb ? { awb: [null, extra.awb] } : {}) },
    });
    if (mover.kind !== 'vendor') {
      await notifyVendor(tx, sub.vendorId, {
        type: `orders.${transition.action}`,
        title: `${sub.number}: ${statusLabel(transition.to).toLowerCase()}`,
        body: `${mover.label}: ${transition.label.toLowerCase()}${reason ? ` (${reason})` : ''}.`,
        link: `/orders/${orderId}/details`,
      });
    }
    // GST documents, last (their counter row stays locked until the commit): the tax invoice when
    // the parcel ships, a credit note when the goods come back (decision 040).
    const issuing = { issuedAt: now, issuedBy: mover.label, actor: mover.actor };
    if (transition.action === 'ship') await issueInvoice(tx, sub.id, issuing);
    const credit =
      transition.action === 'refund'
        ? await issueCreditNote(tx, sub.id, { ...issuing, reason: `Goods returned${sub.returnReason ? `: ${sub.returnReason}` : ''}` })
        : transition.action === 'rto'
          ? await issueCreditNote(tx, sub.id, { ...issuing, reason: `Returned to origin, not delivered${reason ? `: ${reason}` : ''}` })
          : null;
    // The credit note credits what the invoice has left, which is what is refunded: never two amounts.
    if (credit && transition.action === 'refund' && credit.totalPaise !== refundPaise) {
      throw conflict(
        `Sub-order ${sub.number}: the credit note (${credit.totalPaise} paise) and the refund (${refundPaise} paise) disagree; nothing was changed.`,
      );
    }
    return { ...moved, order_status: orderStatus };
  });
}

/** The order's derived status, written beside its sub-orders' (the order row is locked by the caller). */
export async function refreshOrderStatus(tx: Tx, orderId: number): Promise<string> {
  const subs = await tx.select({ status: subOrders.status }).from(subOrders).where(eq(subOrders.orderId, orderId)).orderBy(asc(subOrders.id));
  const status = deriveOrderStatus(subs.map((s) => s.status));
  await tx.update(orders).set({ status, updatedAt: new Date() }).where(eq(orders.id, orderId));
  return status;
}

/** Ship's inputs: a partner serving the pincode (COD: one that collects cash) and the AWB, and the tracking link. */
async function shipment(tx: Tx, pincode: string, cod: boolean, input: MoveInput) {
  const errors: Record<string, string[]> = {};
  if (!input.delivery_partner_id) errors.delivery_partner_id = ['Choose the delivery partner.'];
  if (!input.awb) errors.awb = ['Enter the AWB (the courier’s tracking number).'];
  if (Object.keys(errors).length) throw invalid(errors);
  const [place] = await tx.select({ id: pincodes.id }).from(pincodes).where(pincodeIs(pincode)).limit(1);
  const serving = place ? await partnersServing(tx, place.id, cod) : [];
  const partner = serving.find((p) => p.id === input.delivery_partner_id);
  if (!partner) {
    throw invalid({
      delivery_partner_id: [
        serving.length
          ? `That partner doesn’t serve ${pincode}${cod ? ' with cash on delivery' : ''}: choose ${serving.map((p) => p.name).join(', ')}.`
          : `No active partner serves ${pincode}.`,
      ],
    });
  }
  const awb = input.awb!.toUpperCase();
  return {
    deliveryPartnerId: partner.id,
    awb,
    trackingUrl: partner.trackingUrlTemplate ? partner.trackingUrlTemplate.replaceAll(TRACKING_PLACEHOLDER, encodeURIComponent(awb)) : null,
  };
}

/**
 * The storefront's cancel or return request of a whole order: every sub-order that can take the
 * move takes it (each its own transaction, as a person would); 409 when none can.
 */
export async function customerRequest(
  db: DbOrTx,
  mover: Mover,
  orderId: number,
  action: 'cancel' | 'request_return',
  reason: string,
): Promise<MovedSubOrder[]> {
  const subs = await db
    .select({ id: subOrders.id, status: subOrders.status, number: subOrders.number })
    .from(subOrders)
    .where(eq(subOrders.orderId, orderId))
    .orderBy(asc(subOrders.id));
  if (!subs.length) throw notFound('That order does not exist.');
  const open = subs.filter((s) => (TRANSITIONS[action].from as readonly string[]).includes(s.status));
  if (!open.length) {
    throw conflict(
      action === 'cancel'
        ? `This order can no longer be cancelled: ${subs.map((s) => `${s.number} is ${statusLabel(s.status).toLowerCase()}`).join(', ')}.`
        : `A return can be requested only for delivered parcels: ${subs.map((s) => `${s.number} is ${statusLabel(s.status).toLowerCase()}`).join(', ')}.`,
      { status: subs.map((s) => s.status) },
    );
  }
  const moved: MovedSubOrder[] = [];
  for (const s of open) moved.push(await moveSubOrder(db, mover, orderId, s.id, { action, reason }));
  return moved;
}
