/**
 * Placing an order (issue 17 §1–2, docs/orders.md "Placing"): the storefront's one way in, and the
 * demo data's. One transaction: the customer (upserted), the server's own prices and tax (never the
 * client's), the shipping pincode's serviceability, one sub-order per vendor shipped from one of the
 * vendor's warehouses that holds every line, the order number from the year's sequence, the
 * timeline, the payment record, the activity log, the notifications and, last, the stock reserved
 * through the stock core (the one lock other orders of the item wait for, held the shortest time). A retry with the same Idempotency-Key gets the same order.
 * Composed here (the app layer) because it puts the orders feature together with the stock core
 * of inventories, and features don't import each other (docs/architecture.md).
 */
import { and, asc, eq, inArray, sql } from 'drizzle-orm';
import type { DbOrTx, Tx } from '../../lib/db/client.server.ts';
import { conflict, HttpError, invalid } from '../../lib/http/errors.ts';
import { logActivity, type Actor } from '../../lib/activity/activity.server.ts';
import { notifyRole, notifyVendor } from '../../lib/notifications/notify.server.ts';
import { publish } from '../../lib/realtime/publish.server.ts';
import { formatPaise } from '../../lib/money/paise.ts';
import { sha256 } from '../../lib/security/tokens.server.ts';
import { percentToBasisPoints, sumTaxedLines, supplyBetween, taxLine, type PriceMode, type TaxedLine } from '../../lib/money/gst.ts';
import { warehouses } from '../../features/warehouses/warehouse.tables.ts';
import { stockLevels } from '../../features/inventories/inventory.tables.ts';
import { reserveStock } from '../../features/inventories/stock.server.ts';
import { orderEvents, orderIdempotencyKeys, orderLines, orders, payments, subOrders } from '../../features/orders/orders.tables.ts';
import type { PlaceOrderInput } from '../../features/orders/order.schema.ts';
import { partnersServing, resolveAddress, upsertCustomer, variantsOnSale } from '../../features/orders/order-pricing.server.ts';
import { nextOrderNumber } from '../../features/orders/order-numbers.server.ts';
import { now as clockNow } from '../../lib/time/clock.server.ts';
import { freezeLineTerms } from '../money/order-earnings.server.ts';
import { discountsForCart, recordOrderDiscounts, takeCouponUse } from '../money/order-discounts.server.ts';
import type { CartForDiscounts, SkippedDiscount } from '../../lib/money/discounts.ts';
import { moneySettings } from '../../lib/settings/money-settings.server.ts';

/** Who places it: a storefront key (its id scopes the idempotency keys; its name goes in the timeline). */
export interface StorefrontCaller {
  apiKeyId: number;
  apiKeyName: string;
  actor: Actor;
}

export interface PlacedOrder {
  orderId: number;
  number: string;
  /** False when an earlier request with the same Idempotency-Key made it. */
  created: boolean;
  /** The discounts considered that did not apply, and why (empty on a replay). */
  skipped: SkippedDiscount[];
}

interface PricedLine {
  index: number;
  sku: string;
  variantId: number;
  vendorId: number;
  productId: number;
  categoryId: number | null;
  subCategoryId: number | null;
  productName: string;
  optionValues: string | null;
  hsnCode: string;
  quantity: number;
  unitPricePaise: number;
  rateBp: number;
  priceMode: PriceMode;
}

/** The request's fingerprint: a key reused for a different order is refused, not answered with the old one. */
const requestHash = (input: PlaceOrderInput) => sha256(JSON.stringify(input));

/**
 * Places the order, or returns the one an earlier request with this Idempotency-Key placed. Runs in
 * its own transaction; a refusal (422 bad line, 409 short stock) writes nothing.
 */
export async function placeOrder(db: DbOrTx, caller: StorefrontCaller, idempotencyKey: string, input: PlaceOrderInput): Promise<PlacedOrder> {
  const hash = requestHash(input);
  return db.transaction(async (tx) => {
    // Two requests with one key queue here: the second sees the first's order once it commits.
    await tx.execute(sql`select pg_advisory_xact_lock(hashtext(${`order-idempotency:${caller.apiKeyId}:${idempotencyKey}`}))`);
    const [seen] = await tx
      .select({ orderId: orderIdempotencyKeys.orderId, requestHash: orderIdempotencyKeys.requestHash, number: orders.number })
      .from(orderIdempotencyKeys)
      .innerJoin(orders, eq(orders.id, orderIdempotencyKeys.orderId))
      .where(and(eq(orderIdempotencyKeys.apiKeyId, caller.apiKeyId), eq(orderIdempotencyKeys.key, idempotencyKey)))
      .limit(1);
    if (seen) {
      if (seen.requestHash !== hash) {
        throw new HttpError(422, 'This Idempotency-Key was used for a different order. Use a new key for a new order.', {
          'Idempotency-Key': ['Already used for a different request.'],
        });
      }
      return { orderId: seen.orderId, number: seen.number, created: false, skipped: [] };
    }
    const placed = await placeInTransaction(tx, caller, input);
    await tx.insert(orderIdempotencyKeys).values({ apiKeyId: caller.apiKeyId, key: idempotencyKey, requestHash: hash, orderId: placed.orderId });
    return placed;
  });
}

/**
 * A cart priced by the server, as placing and the quote both see it (one code path): the addresses,
 * the lines at today's prices, a warehouse per vendor, the discounts (docs/money.md "Discounts"),
 * GST on the discounted lines, the delivery charge and the totals. Reads only; a bad line or
 * address is a 422, short stock a 409, an unusable coupon a 422 (used up: 409).
 */
async function priceCart(tx: Tx, input: PlaceOrderInput, now: Date) {
  const shipping = await resolveAddress(tx, input.shipping_address, 'shipping_address');
  const billing = input.billing_address ? await resolveAddress(tx, input.billing_address, 'billing_address') : shipping;
  const cod = input.payment_method === 'cod';
  if (!(await partnersServing(tx, shipping.pincodeId, cod)).length) {
    throw invalid({
      'shipping_address.pincode': [
        cod ? `No courier collects cash on delivery at ${input.shipping_address.pincode}.` : `We don’t deliver to ${input.shipping_address.pincode} yet.`,
      ],
    });
  }
  // The lines, priced by the server: one row per SKU (two lines of one SKU are one).
  const wanted = new Map<string, { index: number; quantity: number }>();
  input.lines.forEach((l, index) => {
    const seen = wanted.get(l.sku);
    wanted.set(l.sku, { index: seen?.index ?? index, quantity: (seen?.quantity ?? 0) + l.quantity });
  });
  const found = await variantsOnSale(tx, [...wanted.keys()]);
  const errors: Record<string, string[]> = {};
  const priced: PricedLine[] = [];
  for (const [sku, { index, quantity }] of wanted) {
    const matches = found.filter((v) => v.sku === sku);
    if (matches.length !== 1) {
      errors[`lines.${index}.sku`] = [matches.length ? `${sku} is sold by more than one vendor.` : `${sku} is not on sale.`];
      continue;
    }
    const v = matches[0]!;
    priced.push({
      index,
      sku,
      variantId: v.variantId,
      vendorId: v.vendorId,
      productId: v.productId,
      categoryId: v.categoryId,
      subCategoryId: v.subCategoryId,
      productName: v.productName,
      optionValues: v.optionValues,
      hsnCode: v.hsnCode,
      quantity,
      unitPricePaise: Number(v.pricePaise),
      rateBp: percentToBasisPoints(v.ratePercent),
      priceMode: v.priceMode === 'exclusive' ? 'exclusive' : 'inclusive',
    });
  }
  if (Object.keys(errors).length) throw invalid(errors);

  // One warehouse per vendor: the first of theirs (by id) holding every line; else 409 naming the short lines.
  const byVendor = new Map<number, PricedLine[]>();
  for (const l of priced) byVendor.set(l.vendorId, [...(byVendor.get(l.vendorId) ?? []), l]);
  const levels = await tx
    .select({
      variantId: stockLevels.variantId,
      warehouseId: stockLevels.warehouseId,
      stateId: warehouses.stateId,
      available: sql<number>`(${stockLevels.onHand} - ${stockLevels.reserved})::int`,
    })
    .from(stockLevels)
    .innerJoin(warehouses, eq(warehouses.id, stockLevels.warehouseId))
    .where(
      and(
        inArray(
          stockLevels.variantId,
          priced.map((l) => l.variantId),
        ),
        eq(warehouses.isActive, true),
      ),
    )
    .orderBy(asc(stockLevels.warehouseId));
  const plan: { vendorId: number; warehouseId: number; warehouseStateId: number; lines: PricedLine[] }[] = [];
  const short: Short[] = [];
  for (const [vendorId, lines] of [...byVendor].sort((a, b) => a[0] - b[0])) {
    const warehouseIds = [...new Set(levels.filter((lv) => lines.some((l) => l.variantId === lv.variantId)).map((lv) => lv.warehouseId))];
    const availableIn = (warehouseId: number, variantId: number) =>
      Number(levels.find((lv) => lv.warehouseId === warehouseId && lv.variantId === variantId)?.available ?? 0);
    const whole = warehouseIds.find((w) => lines.every((l) => availableIn(w, l.variantId) >= l.quantity));
    if (whole === undefined) {
      for (const l of lines) {
        const best = Math.max(0, ...warehouseIds.map((w) => availableIn(w, l.variantId)));
        if (best < l.quantity) short.push({ index: l.index, sku: l.sku, requested: l.quantity, available: best });
      }
      // Every line is there, but not all in one warehouse: say so rather than "short".
      if (!lines.some((l) => short.some((s) => s.sku === l.sku)))
        for (const l of lines) short.push({ index: l.index, sku: l.sku, requested: l.quantity, available: 0, split: true });
      continue;
    }
    plan.push({ vendorId, warehouseId: whole, warehouseStateId: levels.find((lv) => lv.warehouseId === whole)!.stateId, lines });
  }
  if (short.length) throw shortLines(short);

  // Issue 18: promotions and the coupon, on the priced lines, before tax (src/app/money/order-discounts.server.ts).
  const cart: CartForDiscounts = {
    lines: priced.map((l) => ({
      index: l.index,
      sku: l.sku,
      vendorId: l.vendorId,
      productId: l.productId,
      variantId: l.variantId,
      categoryId: l.categoryId,
      subCategoryId: l.subCategoryId,
      quantity: l.quantity,
      unitPricePaise: l.unitPricePaise,
      basePaise: l.unitPricePaise * l.quantity,
    })),
    shippingPaise: await deliveryChargePaise(tx),
    customerEmail: input.customer.email,
    now,
  };
  const discounts = await discountsForCart(tx, cart, input.coupon_code);
  const shareOf = (l: PricedLine) => {
    const i = priced.indexOf(l);
    return { discountPaise: discounts.lineDiscountPaise[i] ?? 0, platformPaise: discounts.linePlatformPaise[i] ?? 0 };
  };
  const taxedPlan = plan.map((p, i) => {
    const supply = supplyBetween(p.warehouseStateId, shipping.stateId);
    const taxed = p.lines.map((l) =>
      taxLine(
        { unitPricePaise: l.unitPricePaise, quantity: l.quantity, discountPaise: shareOf(l).discountPaise, rateBp: l.rateBp, priceMode: l.priceMode },
        supply,
      ),
    );
    return { ...p, seq: i + 1, supply, taxed, totals: sumTaxedLines(taxed) };
  });
  const lineTotals = sumTaxedLines(taxedPlan.flatMap((p) => p.taxed));
  const shippingNet = discounts.shippingPaise - discounts.shippingDiscountPaise;
  const totals = {
    ...lineTotals,
    shippingPaise: discounts.shippingPaise,
    shippingDiscountPaise: discounts.shippingDiscountPaise,
    totalPaise: lineTotals.totalPaise + shippingNet,
  };
  return { shipping, billing, cod, priced, plan, taxedPlan, totals, discounts, shareOf };
}

export type PricedCart = Awaited<ReturnType<typeof priceCart>>;

/**
 * The quote (POST /api/storefront/v1/orders/quote): the cart priced exactly as placing would price
 * it now, discounts and delivery charge included, in a transaction that writes nothing.
 */
export async function quoteOrder(db: DbOrTx, input: PlaceOrderInput): Promise<PricedCart> {
  return db.transaction(async (tx) => {
    await tx.execute(sql`set transaction read only`);
    return priceCart(tx, input, clockNow());
  });
}

async function placeInTransaction(tx: Tx, caller: StorefrontCaller, input: PlaceOrderInput): Promise<PlacedOrder> {
  const now = clockNow();
  const { shipping, billing, cod, plan, taxedPlan, totals, discounts, shareOf } = await priceCart(tx, input, now);

  // The order number from the year's sequence: no lock another placing waits for (decision 062).
  const number = await nextOrderNumber(tx, now);

  const customer = await upsertCustomer(tx, input.customer);
  const [order] = await tx
    .insert(orders)
    .values({
      number,
      customerId: customer.id,
      customerName: input.customer.name,
      customerEmail: input.customer.email,
      customerPhone: input.customer.phone,
      shippingAddress: shipping.snapshot,
      billingAddress: billing.snapshot,
      shippingPincode: input.shipping_address.pincode,
      shippingStateId: shipping.stateId,
      paymentMethod: input.payment_method,
      couponCode: input.coupon_code || null,
      status: 'placed',
      itemsPaise: totals.grossPaise,
      discountPaise: totals.discountPaise,
      taxablePaise: totals.taxablePaise,
      taxPaise: totals.taxPaise,
      shippingPaise: totals.shippingPaise,
      shippingDiscountPaise: totals.shippingDiscountPaise,
      totalPaise: totals.totalPaise,
      apiKeyId: caller.apiKeyId,
      placedAt: now,
      createdAt: now,
      updatedAt: now,
    })
    .returning({ id: orders.id });
  const orderId = order!.id;
  await recordOrderDiscounts(tx, orderId, discounts, now);
  const actorLabel = `Storefront key ${caller.apiKeyName}`;
  for (const p of taxedPlan) {
    const [sub] = await tx
      .insert(subOrders)
      .values({
        orderId,
        number: `${number}-${p.seq}`,
        vendorId: p.vendorId,
        warehouseId: p.warehouseId,
        status: 'placed',
        supply: p.supply,
        placedAt: now,
        paymentMethod: input.payment_method,
        shippingPincode: input.shipping_address.pincode,
        shippingStateId: shipping.stateId,
        customerName: input.customer.name,
        customerPhone: input.customer.phone,
        itemsPaise: p.totals.grossPaise,
        discountPaise: p.totals.discountPaise,
        taxablePaise: p.totals.taxablePaise,
        cgstPaise: p.totals.cgstPaise,
        sgstPaise: p.totals.sgstPaise,
        igstPaise: p.totals.igstPaise,
        totalPaise: p.totals.totalPaise,
        createdAt: now,
        updatedAt: now,
      })
      .returning({ id: subOrders.id });
    const lineIds = await tx
      .insert(orderLines)
      .values(p.lines.map((l, i) => lineRow(orderId, sub!.id, p.warehouseId, l, p.taxed[i]!, shareOf(l).platformPaise)))
      .returning({ id: orderLines.id });
    // Issue 18: each line's commission and return window, frozen now (src/app/money/order-earnings.server.ts).
    await freezeLineTerms(
      tx,
      now,
      p.lines.map((l, i) => ({ orderLineId: lineIds[i]!.id, variantId: l.variantId, vendorId: p.vendorId, taxablePaise: p.taxed[i]!.taxablePaise })),
    );
    await tx.insert(orderEvents).values({ orderId, subOrderId: sub!.id, action: 'place', fromStatus: null, toStatus: 'placed', actorLabel, createdAt: now });
    await notifyVendor(tx, p.vendorId, {
      type: 'orders.placed',
      title: `New order ${number}-${p.seq}`,
      body: `${p.lines.length} line${p.lines.length === 1 ? '' : 's'}, ${input.payment_method === 'cod' ? 'cash on delivery' : 'prepaid'}. Confirm it to start packing.`,
      link: `/orders/${orderId}/details`,
    });
  }
  if (!cod) {
    // The gateway's webhook captures it (issue 17 §4); until then the payment is created, not paid.
    await tx
      .insert(payments)
      .values({ orderId, kind: 'payment', method: 'prepaid', amountPaise: totals.totalPaise, status: 'created', createdAt: now, updatedAt: now });
  }
  await logActivity(tx, caller.actor, {
    area: 'orders',
    action: 'placed',
    recordId: orderId,
    recordName: number,
    after: {
      number,
      customer: input.customer.email,
      payment_method: input.payment_method,
      total_paise: totals.totalPaise,
      ...(discounts.applied.length
        ? { discount_paise: totals.discountPaise + totals.shippingDiscountPaise, discounts: discounts.applied.map((d) => d.name) }
        : {}),
      ...(totals.shippingPaise ? { shipping_paise: totals.shippingPaise } : {}),
      sub_orders: taxedPlan.length,
      storefront_key: caller.apiKeyName,
    },
  });
  // The marketplace's own staff hear of every order too (their bell; mail as each one chose on /profile),
  // and every open view that may show it updates (its vendors' order lists, staff dashboards).
  await notifyRole(tx, 'Super Admin', {
    type: 'orders.placed',
    title: `New order ${number}`,
    body: `${formatPaise(totals.totalPaise)}, ${taxedPlan.length} vendor${taxedPlan.length === 1 ? '' : 's'}, ${input.payment_method === 'cod' ? 'cash on delivery' : 'prepaid'}.`,
    link: `/orders/${orderId}/details`,
  });
  await publish(tx, 'order.changed', { order: orderId });
  // The coupon's use and the stock last: a coupon's row and a popular item's level are rows many
  // orders update, and their locks are held until this transaction commits, so everything else is
  // written first (decision 062). A coupon used up meanwhile is a 409, and nothing above stays.
  if (discounts.coupon) await takeCouponUse(tx, discounts.coupon, orderId, customer.id, input.customer.email, now);
  for (const p of plan) {
    try {
      await reserveStock(
        tx,
        p.lines.map((l) => ({ variantId: l.variantId, warehouseId: p.warehouseId, quantity: l.quantity })),
        { orderRef: number, note: 'Order placed' },
      );
    } catch (e) {
      // Another order took the units between the read above and this conditional update.
      if (e instanceof HttpError && e.status === 409) {
        throw shortLines(await shortNow(tx, p.warehouseId, p.lines));
      }
      throw e;
    }
  }
  return { orderId, number, created: true, skipped: discounts.skipped };
}

function lineRow(orderId: number, subOrderId: number, warehouseId: number, l: PricedLine, t: TaxedLine, platformDiscountPaise: number) {
  return {
    orderId,
    subOrderId,
    variantId: l.variantId,
    warehouseId,
    sku: l.sku,
    productName: l.productName,
    optionValues: l.optionValues,
    hsnCode: l.hsnCode,
    quantity: l.quantity,
    unitPricePaise: l.unitPricePaise,
    discountPaise: t.discountPaise,
    platformDiscountPaise,
    taxRateBp: l.rateBp,
    priceMode: l.priceMode,
    taxablePaise: t.taxablePaise,
    cgstPaise: t.cgstPaise,
    sgstPaise: t.sgstPaise,
    igstPaise: t.igstPaise,
    totalPaise: t.totalPaise,
  };
}

async function shortNow(tx: Tx, warehouseId: number, lines: PricedLine[]) {
  const rows = await tx
    .select({ variantId: stockLevels.variantId, available: sql<number>`(${stockLevels.onHand} - ${stockLevels.reserved})::int` })
    .from(stockLevels)
    .where(
      and(
        eq(stockLevels.warehouseId, warehouseId),
        inArray(
          stockLevels.variantId,
          lines.map((l) => l.variantId),
        ),
      ),
    );
  const out = lines
    .map((l) => ({ index: l.index, sku: l.sku, requested: l.quantity, available: Number(rows.find((r) => r.variantId === l.variantId)?.available ?? 0) }))
    .filter((s) => s.available < s.requested);
  return out.length ? out : lines.map((l) => ({ index: l.index, sku: l.sku, requested: l.quantity, available: 0 }));
}

/** The 409 of an order that can't be had: every short line, with what there is. */
interface Short {
  index: number;
  sku: string;
  requested: number;
  available: number;
  /** Enough in all, but not in one warehouse. */
  split?: boolean;
}

function shortLines(short: Short[]): HttpError {
  const errors: Record<string, string[]> = {};
  for (const s of short)
    errors[`lines.${s.index}.quantity`] = [
      s.split ? `${s.sku}: not every line of this vendor is in one warehouse.` : `${s.sku}: asked for ${s.requested}, ${s.available} available.`,
    ];
  return conflict(`Not enough stock: ${short.map((s) => `${s.sku} (${s.available} of ${s.requested})`).join(', ')}.`, errors);
}

/** The delivery charge, once per order (Global Settings; 0: free delivery). */
async function deliveryChargePaise(tx: Tx): Promise<number> {
  return (await moneySettings(tx)).deliveryChargePaise;
}

/** The storefront's view of a discount considered and left out. */
export const skippedView = (s: SkippedDiscount) => ({ kind: s.kind, name: s.name, reason: s.reason });

/** The quote's answer: what placing would charge now (money in paise), nothing written. */
export function quoteView(q: PricedCart) {
  return {
    lines: q.taxedPlan.flatMap((p) =>
      p.lines.map((l, i) => ({
        sku: l.sku,
        product_name: l.productName,
        quantity: l.quantity,
        unit_price_paise: l.unitPricePaise,
        discount_paise: p.taxed[i]!.discountPaise,
        taxable_paise: p.taxed[i]!.taxablePaise,
        tax_paise: p.taxed[i]!.cgstPaise + p.taxed[i]!.sgstPaise + p.taxed[i]!.igstPaise,
        total_paise: p.taxed[i]!.totalPaise,
      })),
    ),
    items_paise: q.totals.grossPaise,
    discount_paise: q.totals.discountPaise,
    taxable_paise: q.totals.taxablePaise,
    tax_paise: q.totals.taxPaise,
    shipping_paise: q.totals.shippingPaise,
    shipping_discount_paise: q.totals.shippingDiscountPaise,
    total_paise: q.totals.totalPaise,
    discounts: q.discounts.applied.map((d) => ({
      kind: d.kind,
      name: d.name,
      amount_paise: d.lineDiscounts.reduce((a, b) => a + b, 0),
      shipping_discount_paise: d.shippingDiscountPaise,
      reason: d.reason,
    })),
    skipped: q.discounts.skipped.map(skippedView),
  };
}
