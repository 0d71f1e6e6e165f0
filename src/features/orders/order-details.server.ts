/**
 * One order as the back-office sees it (`/orders/{id}/details`, GET /api/orders/:id): customer and
 * addresses, sub-orders with their lines, shipment and allowed actions, the timeline, payments and
 * internal notes. A vendor sees only their own sub-orders, their timeline, payments and notes (and
 * staff's notes), and an order with none of theirs is a 404.
 */
import { and, asc, eq, inArray, isNull, or } from 'drizzle-orm';
import type { DbOrTx } from '@/lib/db/client.server.ts';
import type { Principal } from '@/lib/auth/principal.server.ts';
import { canDo } from '@/lib/permissions/ability.ts';
import { abilityOf } from '@/lib/permissions/scope.server.ts';
import { invalid, notFound } from '@/lib/http/errors.ts';
import { logActivity, type Actor } from '@/lib/activity/activity.server.ts';
import { vendors } from '@/lib/db/schema.ts';
import { deliveryPartners } from '@/features/delivery-partners/delivery-partner.tables.ts';
import { warehouses } from '@/features/warehouses/warehouse.tables.ts';
import { pincodeIs, pincodes } from '@/features/geography/geography.tables.ts';
import { orderDiscounts, orderEvents, orderLines, orderNotes, orders, orderWidePayment, payments, subOrders } from './orders.tables.ts';
import { allowedActions, statusLabel, type ActorKind } from './order-status.ts';
import { partnersServing } from './order-pricing.server.ts';

/** Who is looking: a vendor (their own sub-orders), or staff who may move (orders:update) or only read. */
export function moverKindOf(principal: Principal): ActorKind | null {
  if (!canDo(abilityOf(principal), 'orders:update')) return null;
  return principal.user.userType === 'vendor' ? 'vendor' : 'staff';
}

export const vendorOf = (principal: Principal): number | null => (principal.user.userType === 'vendor' ? (principal.user.vendorId ?? -1) : null);

export async function orderDetails(db: DbOrTx, principal: Principal, orderId: number) {
  const vendorId = vendorOf(principal);
  const [order] = await db.select().from(orders).where(eq(orders.id, orderId)).limit(1);
  if (!order) throw notFound('That order does not exist.');
  const subs = await db
    .select({
      sub: subOrders,
      vendorName: vendors.storeName,
      vendorGstin: vendors.gstin,
      warehouseName: warehouses.name,
      warehouseCode: warehouses.code,
      partnerName: deliveryPartners.name,
    })
    .from(subOrders)
    .innerJoin(vendors, eq(vendors.id, subOrders.vendorId))
    .innerJoin(warehouses, eq(warehouses.id, subOrders.warehouseId))
    .leftJoin(deliveryPartners, eq(deliveryPartners.id, subOrders.deliveryPartnerId))
    .where(and(eq(subOrders.orderId, orderId), vendorId === null ? undefined : eq(subOrders.vendorId, vendorId)))
    .orderBy(asc(subOrders.id));
  if (!subs.length) throw notFound('That order does not exist.');
  const subIds = subs.map((s) => s.sub.id);
  const lines = await db.select().from(orderLines).where(inArray(orderLines.subOrderId, subIds)).orderBy(asc(orderLines.id));
  const events = await db
    .select()
    .from(orderEvents)
    .where(and(eq(orderEvents.orderId, orderId), vendorId === null ? undefined : or(inArray(orderEvents.subOrderId, subIds), isNull(orderEvents.subOrderId))))
    .orderBy(asc(orderEvents.id));
  const pays = await db
    .select()
    .from(payments)
    // A vendor: their parcels' rows and the order's gateway payment (orderWidePayment, orders.tables.ts).
    .where(and(eq(payments.orderId, orderId), vendorId === null ? undefined : or(inArray(payments.subOrderId, subIds), orderWidePayment)))
    .orderBy(asc(payments.id));
  // A prepaid order waits for the gateway's capture before its parcels are confirmed (decision 042).
  const awaitingPayment =
    order.paymentMethod === 'prepaid' &&
    order.status !== 'cancelled' &&
    !pays.some((p) => p.kind === 'payment' && p.status === 'captured' && p.subOrderId === null);
  const notes = await db
    .select()
    .from(orderNotes)
    .where(and(eq(orderNotes.orderId, orderId), vendorId === null ? undefined : or(eq(orderNotes.vendorId, vendorId), isNull(orderNotes.vendorId))))
    .orderBy(asc(orderNotes.id));
  // The discounts it got (docs/money.md "Discounts"): staff every one; a vendor those they fund
  // (their lines show every discount on them, and what the platform pays of it).
  const discounts = await db
    .select()
    .from(orderDiscounts)
    .where(and(eq(orderDiscounts.orderId, orderId), vendorId === null ? undefined : eq(orderDiscounts.vendorId, vendorId)))
    .orderBy(asc(orderDiscounts.id));
  const kind = moverKindOf(principal);
  const [place] = await db.select({ id: pincodes.id }).from(pincodes).where(pincodeIs(order.shippingPincode)).limit(1);
  const partners = place ? await partnersServing(db, place.id, order.paymentMethod === 'cod') : [];

  return {
    id: order.id,
    number: order.number,
    status: order.status,
    status_label: statusLabel(order.status),
    awaiting_payment: awaitingPayment,
    placed_at: order.placedAt.toISOString(),
    payment_method: order.paymentMethod,
    coupon_code: order.couponCode,
    customer: { id: order.customerId, name: order.customerName, email: order.customerEmail, phone: order.customerPhone },
    shipping_address: order.shippingAddress,
    billing_address: order.billingAddress,
    // A vendor's totals are their own sub-orders'; staff see the order's.
    items_paise: vendorId === null ? order.itemsPaise : subs.reduce((a, s) => a + s.sub.itemsPaise, 0),
    taxable_paise: vendorId === null ? order.taxablePaise : subs.reduce((a, s) => a + s.sub.taxablePaise, 0),
    tax_paise: vendorId === null ? order.taxPaise : subs.reduce((a, s) => a + s.sub.cgstPaise + s.sub.sgstPaise + s.sub.igstPaise, 0),
    discount_paise: vendorId === null ? order.discountPaise : subs.reduce((a, s) => a + s.sub.discountPaise, 0),
    // The delivery charge is the marketplace's own (on no vendor's sub-order): staff only.
    shipping_paise: vendorId === null ? order.shippingPaise : 0,
    shipping_discount_paise: vendorId === null ? order.shippingDiscountPaise : 0,
    total_paise: vendorId === null ? order.totalPaise : subs.reduce((a, s) => a + s.sub.totalPaise, 0),
    discounts: discounts.map((d) => ({
      id: d.id,
      kind: d.kind,
      name: d.name,
      funded_by: d.fundedBy,
      amount_paise: d.amountPaise,
      shipping_discount_paise: d.shippingDiscountPaise,
      reason: d.reason,
    })),
    version: order.version,
    sub_orders: subs.map(({ sub, vendorName, vendorGstin, warehouseName, warehouseCode, partnerName }) => ({
      id: sub.id,
      number: sub.number,
      status: sub.status,
      status_label: statusLabel(sub.status),
      version: sub.version,
      vendor_id: sub.vendorId,
      vendor_name: vendorName,
      vendor_gstin: vendorGstin,
      warehouse_name: warehouseName,
      warehouse_code: warehouseCode,
      supply: sub.supply,
      items_paise: sub.itemsPaise,
      taxable_paise: sub.taxablePaise,
      cgst_paise: sub.cgstPaise,
      sgst_paise: sub.sgstPaise,
      igst_paise: sub.igstPaise,
      total_paise: sub.totalPaise,
      delivery_partner_id: sub.deliveryPartnerId,
      delivery_partner_name: partnerName,
      awb: sub.awb,
      tracking_url: sub.trackingUrl,
      cancel_reason: sub.cancelReason,
      return_reason: sub.returnReason,
      shipped_at: sub.shippedAt?.toISOString() ?? null,
      delivered_at: sub.deliveredAt?.toISOString() ?? null,
      actions: kind
        ? allowedActions(sub.status, kind)
            .filter((t) => !(awaitingPayment && t.action === 'confirm'))
            .map((t) => ({
              action: t.action,
              label: t.label,
              needs_reason: Boolean(t.needsReason),
              needs_shipment: Boolean(t.needsShipment),
            }))
        : [],
      lines: lines
        .filter((l) => l.subOrderId === sub.id)
        .map((l) => ({
          id: l.id,
          variant_id: l.variantId,
          sku: l.sku,
          product_name: l.productName,
          option_values: l.optionValues,
          hsn_code: l.hsnCode,
          quantity: l.quantity,
          unit_price_paise: l.unitPricePaise,
          discount_paise: l.discountPaise,
          platform_discount_paise: l.platformDiscountPaise,
          tax_rate_bp: l.taxRateBp,
          price_mode: l.priceMode,
          taxable_paise: l.taxablePaise,
          cgst_paise: l.cgstPaise,
          sgst_paise: l.sgstPaise,
          igst_paise: l.igstPaise,
          total_paise: l.totalPaise,
        })),
    })),
    timeline: events.map((e) => ({
      id: e.id,
      sub_order_id: e.subOrderId,
      action: e.action,
      from_status: e.fromStatus,
      to_status: e.toStatus,
      note: e.note,
      actor: e.actorLabel,
      at: e.createdAt.toISOString(),
    })),
    payments: pays.map((p) => ({
      id: p.id,
      sub_order_id: p.subOrderId,
      kind: p.kind,
      method: p.method,
      gateway_ref: p.gatewayRef,
      amount_paise: p.amountPaise,
      status: p.status,
      note: p.note,
      at: p.createdAt.toISOString(),
    })),
    notes: notes.map((n) => ({ id: n.id, body: n.body, author: n.authorName, at: n.createdAt.toISOString() })),
    delivery_partners: partners.map((p) => ({ id: p.id, name: p.name })),
  };
}

export type OrderDetails = Awaited<ReturnType<typeof orderDetails>>;

/**
 * An internal note (support staff may add them too: orders:view). A vendor notes only orders they
 * have a sub-order in, and their notes are seen by them and staff, never another vendor.
 */
export async function addOrderNote(db: DbOrTx, principal: Principal, actor: Actor, orderId: number, body: string) {
  const vendorId = vendorOf(principal);
  const text = body.trim();
  if (!text) throw invalid({ body: ['Write the note.'] });
  return db.transaction(async (tx) => {
    const [order] = await tx.select({ id: orders.id, number: orders.number }).from(orders).where(eq(orders.id, orderId)).limit(1);
    if (!order) throw notFound('That order does not exist.');
    if (vendorId !== null) {
      const [own] = await tx
        .select({ id: subOrders.id })
        .from(subOrders)
        .where(and(eq(subOrders.orderId, orderId), eq(subOrders.vendorId, vendorId)))
        .limit(1);
      if (!own) throw notFound('That order does not exist.');
    }
    const [note] = await tx
      .insert(orderNotes)
      .values({ orderId, vendorId, body: text, authorUserId: principal.user.id, authorName: principal.user.name })
      .returning();
    await logActivity(tx, actor, { area: 'orders', action: 'note', recordId: orderId, recordName: order.number, changes: { note: [null, text] } });
    return { id: note!.id, body: note!.body, author: note!.authorName, at: note!.createdAt.toISOString() };
  });
}
