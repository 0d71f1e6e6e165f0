/**
 * Issuing GST tax documents (issue 17 §4, decision 040), always inside the transaction of the move
 * that causes it (src/app/orders/order-transitions.server.ts): the tax invoice when a sub-order
 * ships, a credit note when goods come back (refund after a return, RTO). If that transaction rolls
 * back, the document and its number go with it.
 *
 * A document is a snapshot: the vendor's registered name, address and GSTIN, the dispatching
 * warehouse, the customer's billing and delivery addresses (and GSTIN), the place of supply and
 * the lines with their frozen amounts are copied in, so nothing changed later alters an issued one.
 *
 * Relative imports: the demo seed runs this under Node (docs/architecture.md).
 */
import { and, asc, eq, inArray, sql } from 'drizzle-orm';
import type { Tx } from '../../lib/db/client.server.ts';
import { conflict, invalid } from '../../lib/http/errors.ts';
import { logActivity, type Actor } from '../../lib/activity/activity.server.ts';
import { vendors } from '../../lib/db/schema.ts';
import { mulDivRound } from '../../lib/money/gst.ts';
import { formatPaise } from '../../lib/money/paise.ts';
import { cities, pincodes, states } from '../geography/geography.tables.ts';
import { warehouses } from '../warehouses/warehouse.tables.ts';
import { orderLines, orders, subOrders, type AddressSnapshot } from '../orders/orders.tables.ts';
import { taxDocumentCounters, taxDocumentLines, taxDocuments, type DocumentAddress, type TaxDocumentKind } from './invoices.tables.ts';
import { documentNumber, financialYearOf, seriesKeyOf, supplierCode } from './document-numbers.ts';

/** Who issues, and when: the move's time, its mover as the timeline names them, and the activity log's actor. */
export interface IssueContext {
  issuedAt: Date;
  issuedBy: string;
  actor: Actor;
}

export interface IssuedDocument {
  id: number;
  kind: TaxDocumentKind;
  number: string;
  totalPaise: number;
}

/**
 * The next serial of a series, from its counter row: an upsert that creates the year's row at 1 or
 * adds 1 under the row's lock, held until the transaction ends. A concurrent issuer waits for it;
 * a rollback gives the number back. The prefix stays the one the year's series started with.
 */
async function takeSerial(tx: Tx, key: { seriesKey: string; kind: TaxDocumentKind; financialYear: number }, prefix: string) {
  const [row] = await tx
    .insert(taxDocumentCounters)
    .values({ ...key, prefix, last: 1 })
    .onConflictDoUpdate({
      target: [taxDocumentCounters.seriesKey, taxDocumentCounters.kind, taxDocumentCounters.financialYear],
      set: { last: sql`${taxDocumentCounters.last} + 1` },
    })
    .returning({ serial: taxDocumentCounters.last, prefix: taxDocumentCounters.prefix });
  return row!;
}

async function numberFor(tx: Tx, series: { seriesKey: string; prefix: string }, kind: TaxDocumentKind, issuedAt: Date) {
  const financialYear = financialYearOf(issuedAt);
  const { serial, prefix } = await takeSerial(tx, { seriesKey: series.seriesKey, kind, financialYear }, series.prefix);
  return { financialYear, serial, number: documentNumber({ prefix, financialYear, kind, serial }) };
}

const fromSnapshot = (a: AddressSnapshot): DocumentAddress => ({
  name: a.name,
  line1: a.line1,
  line2: a.line2,
  city: a.city,
  state: a.state,
  gst_state_code: a.gst_state_code,
  pincode: a.pincode,
  phone: a.phone,
});

/** The tax invoice of a sub-order that ships now; the one it has if it has one already. */
export async function issueInvoice(tx: Tx, subOrderId: number, ctx: IssueContext): Promise<IssuedDocument> {
  const [existing] = await tx
    .select({ id: taxDocuments.id, kind: taxDocuments.kind, number: taxDocuments.number, totalPaise: taxDocuments.totalPaise })
    .from(taxDocuments)
    .where(and(eq(taxDocuments.subOrderId, subOrderId), eq(taxDocuments.kind, 'invoice')))
    .limit(1);
  if (existing) return { ...existing, kind: 'invoice' };

  const [row] = await tx
    .select({ sub: subOrders, order: orders, vendor: vendors, vendorStateCode: states.gstStateCode, vendorStateName: states.name })
    .from(subOrders)
    .innerJoin(orders, eq(orders.id, subOrders.orderId))
    .innerJoin(vendors, eq(vendors.id, subOrders.vendorId))
    .leftJoin(states, eq(states.id, vendors.stateId))
    .where(eq(subOrders.id, subOrderId))
    .limit(1);
  if (!row) throw new Error(`No sub-order ${subOrderId} to invoice`);
  const { sub, order, vendor } = row;
  const [warehouse] = await tx
    .select({
      name: warehouses.name,
      contactName: warehouses.contactName,
      phone: warehouses.contactPhone,
      line1: warehouses.addressLine1,
      line2: warehouses.addressLine2,
      city: cities.name,
      state: states.name,
      gstStateCode: states.gstStateCode,
      pincode: pincodes.pincode,
    })
    .from(warehouses)
    .innerJoin(cities, eq(cities.id, warehouses.cityId))
    .innerJoin(states, eq(states.id, warehouses.stateId))
    .innerJoin(pincodes, eq(pincodes.id, warehouses.pincodeId))
    .where(eq(warehouses.id, sub.warehouseId))
    .limit(1);
  if (!warehouse) throw new Error(`No warehouse ${sub.warehouseId} for sub-order ${sub.number}`);
  const lines = await tx.select().from(orderLines).where(eq(orderLines.subOrderId, sub.id)).orderBy(asc(orderLines.id));

  const legalName = vendor.legalName?.trim() || vendor.storeName?.trim() || `Vendor ${vendor.id}`;
  const tradeName = vendor.storeName?.trim() && vendor.storeName.trim() !== legalName ? vendor.storeName.trim() : null;
  const dispatch: DocumentAddress = {
    name: warehouse.name,
    line1: warehouse.line1,
    line2: warehouse.line2,
    city: warehouse.city,
    state: warehouse.state,
    gst_state_code: warehouse.gstStateCode,
    pincode: warehouse.pincode,
    phone: warehouse.phone,
  };
  // The registered (store) address; a vendor whose profile has none is addressed at the warehouse.
  const supplierAddress: DocumentAddress =
    vendor.addressLine && vendor.city && vendor.pincode
      ? {
          name: legalName,
          line1: vendor.addressLine,
          line2: null,
          city: vendor.city,
          state: row.vendorStateName ?? vendor.state ?? warehouse.state,
          gst_state_code: vendor.gstin?.slice(0, 2) ?? row.vendorStateCode ?? warehouse.gstStateCode,
          pincode: vendor.pincode,
          phone: vendor.phone,
        }
      : { ...dispatch, name: legalName };
  const shipping = fromSnapshot(order.shippingAddress);
  const billing = fromSnapshot(order.billingAddress);

  const seriesKey = seriesKeyOf({ gstin: vendor.gstin, vendorId: vendor.id });
  const { financialYear, serial, number } = await numberFor(tx, { seriesKey, prefix: supplierCode(vendor.storeName ?? legalName) }, 'invoice', ctx.issuedAt);
  const sum = (pick: (l: (typeof lines)[number]) => number) => lines.reduce((a, l) => a + pick(l), 0);
  const totals = {
    taxablePaise: sum((l) => l.taxablePaise),
    cgstPaise: sum((l) => l.cgstPaise),
    sgstPaise: sum((l) => l.sgstPaise),
    igstPaise: sum((l) => l.igstPaise),
    totalPaise: sum((l) => l.totalPaise),
  };
  const [doc] = await tx
    .insert(taxDocuments)
    .values({
      kind: 'invoice',
      number,
      seriesKey,
      financialYear,
      serial,
      orderId: order.id,
      subOrderId: sub.id,
      vendorId: vendor.id,
      issuedAt: ctx.issuedAt,
      supplierName: legalName,
      supplierTradeName: tradeName,
      supplierGstin: vendor.gstin?.trim().toUpperCase() || null,
      supplierAddress,
      dispatchAddress: dispatch,
      recipientName: billing.name,
      recipientGstin: order.billingAddress.gstin ?? null,
      billingAddress: billing,
      shippingAddress: shipping,
      placeOfSupplyState: shipping.state,
      placeOfSupplyCode: shipping.gst_state_code,
      supply: sub.supply,
      reverseCharge: false,
      paymentMethod: order.paymentMethod,
      orderNumber: order.number,
      subOrderNumber: sub.number,
      orderPlacedAt: order.placedAt,
      ...totals,
      issuedBy: ctx.issuedBy,
    })
    .returning({ id: taxDocuments.id });
  await tx.insert(taxDocumentLines).values(
    lines.map((l, i) => ({
      documentId: doc!.id,
      orderLineId: l.id,
      position: i + 1,
      description: l.optionValues ? `${l.productName} (${l.optionValues})` : l.productName,
      sku: l.sku,
      hsnCode: l.hsnCode,
      quantity: l.quantity,
      unitPricePaise: l.unitPricePaise,
      priceMode: l.priceMode,
      discountPaise: l.discountPaise,
      taxablePaise: l.taxablePaise,
      taxRateBp: l.taxRateBp,
      cgstPaise: l.cgstPaise,
      sgstPaise: l.sgstPaise,
      igstPaise: l.igstPaise,
      totalPaise: l.totalPaise,
    })),
  );
  await logActivity(tx, ctx.actor, {
    area: 'orders',
    action: 'invoice',
    recordId: order.id,
    recordName: sub.number,
    changes: { invoice: [null, number], total: [null, formatPaise(totals.totalPaise)] },
  });
  return { id: doc!.id, kind: 'invoice', number, totalPaise: totals.totalPaise };
}

/** One line of a credit note: units coming back, or (for a price reduction) an amount with tax, of one order line. */
export type CreditLineInput = { orderLineId: number; quantity: number } | { orderLineId: number; amountPaise: number };

type Amounts = { quantity: number; discount: number; taxable: number; cgst: number; sgst: number; igst: number };
const AMOUNT_KEYS = ['discount', 'taxable', 'cgst', 'sgst', 'igst'] as const;

/**
 * A credit note against a sub-order's invoice (CGST Act s.34), for some of its lines or, without
 * `lines`, for everything not credited yet (a full refund, an RTO). Amounts are the line's own:
 * crediting q of the R units still uncredited takes q/R of each remaining amount (rounded half up
 * per head), and the last units take exactly what remains, so the credit notes of an invoice never
 * add up to more than it. Null when the sub-order has no invoice, or nothing is left to credit and
 * no lines were asked for; asking for more than is left is a 422.
 */
export async function issueCreditNote(
  tx: Tx,
  subOrderId: number,
  ctx: IssueContext & { reason: string; lines?: CreditLineInput[] },
): Promise<IssuedDocument | null> {
  const [invoice] = await tx
    .select()
    .from(taxDocuments)
    .where(and(eq(taxDocuments.subOrderId, subOrderId), eq(taxDocuments.kind, 'invoice')))
    .limit(1);
  if (!invoice) return null;
  const invoiceLines = await tx.select().from(taxDocumentLines).where(eq(taxDocumentLines.documentId, invoice.id)).orderBy(asc(taxDocumentLines.position));
  const credited = await tx
    .select({
      orderLineId: taxDocumentLines.orderLineId,
      quantity: sql<number>`sum(${taxDocumentLines.quantity})::int`,
      discount: sql<number>`sum(${taxDocumentLines.discountPaise})::bigint`,
      taxable: sql<number>`sum(${taxDocumentLines.taxablePaise})::bigint`,
      cgst: sql<number>`sum(${taxDocumentLines.cgstPaise})::bigint`,
      sgst: sql<number>`sum(${taxDocumentLines.sgstPaise})::bigint`,
      igst: sql<number>`sum(${taxDocumentLines.igstPaise})::bigint`,
    })
    .from(taxDocumentLines)
    .innerJoin(taxDocuments, eq(taxDocuments.id, taxDocumentLines.documentId))
    .where(
      and(
        eq(taxDocuments.invoiceId, invoice.id),
        inArray(
          taxDocumentLines.orderLineId,
          invoiceLines.map((l) => l.orderLineId),
        ),
      ),
    )
    .groupBy(taxDocumentLines.orderLineId);
  const remaining = new Map<number, Amounts>(
    invoiceLines.map((l) => {
      const c = credited.find((x) => x.orderLineId === l.orderLineId);
      return [
        l.orderLineId,
        {
          quantity: l.quantity - Number(c?.quantity ?? 0),
          discount: l.discountPaise - Number(c?.discount ?? 0),
          taxable: l.taxablePaise - Number(c?.taxable ?? 0),
          cgst: l.cgstPaise - Number(c?.cgst ?? 0),
          sgst: l.sgstPaise - Number(c?.sgst ?? 0),
          igst: l.igstPaise - Number(c?.igst ?? 0),
        },
      ];
    }),
  );
  const totalOf = (a: Amounts) => a.taxable + a.cgst + a.sgst + a.igst;

  const asked: CreditLineInput[] =
    ctx.lines ??
    invoiceLines
      .filter((l) => totalOf(remaining.get(l.orderLineId)!) > 0)
      .map((l) => ({ orderLineId: l.orderLineId, quantity: remaining.get(l.orderLineId)!.quantity }));
  if (!asked.length) {
    if (ctx.lines) throw invalid({ lines: ['Name at least one line to credit.'] });
    return null;
  }
  const errors: Record<string, string[]> = {};
  const creditLines: { line: (typeof invoiceLines)[number]; amounts: Amounts }[] = [];
  asked.forEach((a, i) => {
    const line = invoiceLines.find((l) => l.orderLineId === a.orderLineId);
    const left = remaining.get(a.orderLineId);
    if (!line || !left) {
      errors[`lines.${i}.order_line_id`] = [`Line ${a.orderLineId} is not on invoice ${invoice.number}.`];
      return;
    }
    if ('quantity' in a) {
      if (!Number.isSafeInteger(a.quantity) || a.quantity < 0 || a.quantity > left.quantity) {
        errors[`lines.${i}.quantity`] = [`${left.quantity} of ${line.quantity} units of ${line.sku} are left to credit.`];
        return;
      }
      // All that is left (the last units, or a line whose units were credited by value only): exactly the rest.
      const whole = a.quantity === left.quantity;
      const amounts: Amounts = { quantity: a.quantity, discount: 0, taxable: 0, cgst: 0, sgst: 0, igst: 0 };
      for (const k of AMOUNT_KEYS) amounts[k] = whole ? left[k] : mulDivRound(left[k], a.quantity, left.quantity);
      if (totalOf(amounts) > 0 || a.quantity > 0) creditLines.push({ line, amounts });
      return;
    }
    const leftTotal = totalOf(left);
    if (!Number.isSafeInteger(a.amountPaise) || a.amountPaise < 1 || a.amountPaise > leftTotal) {
      errors[`lines.${i}.amount_paise`] = [`At most ${formatPaise(leftTotal)} of ${line.sku} is left to credit.`];
      return;
    }
    // A price reduction: the amount holds the tax in the line's own proportions.
    if (a.amountPaise === leftTotal) {
      creditLines.push({ line, amounts: { ...left, quantity: 0, discount: 0 } });
      return;
    }
    const taxable = mulDivRound(a.amountPaise, left.taxable, leftTotal);
    const tax = a.amountPaise - taxable;
    const intra = invoice.supply === 'intra';
    const cgst = intra ? Math.floor(tax / 2) : 0;
    creditLines.push({ line, amounts: { quantity: 0, discount: 0, taxable, cgst, sgst: intra ? tax - cgst : 0, igst: intra ? 0 : tax } });
  });
  if (Object.keys(errors).length) throw invalid(errors);
  if (!creditLines.length) {
    if (ctx.lines) throw conflict(`Everything on invoice ${invoice.number} has been credited already.`);
    return null;
  }

  const [vendor] = await tx.select({ storeName: vendors.storeName }).from(vendors).where(eq(vendors.id, invoice.vendorId)).limit(1);
  const { financialYear, serial, number } = await numberFor(
    tx,
    { seriesKey: invoice.seriesKey, prefix: supplierCode(vendor?.storeName ?? invoice.supplierName) },
    'credit_note',
    ctx.issuedAt,
  );
  const sum = (k: keyof Amounts) => creditLines.reduce((a, c) => a + c.amounts[k], 0);
  const totals = { taxablePaise: sum('taxable'), cgstPaise: sum('cgst'), sgstPaise: sum('sgst'), igstPaise: sum('igst') };
  const totalPaise = totals.taxablePaise + totals.cgstPaise + totals.sgstPaise + totals.igstPaise;
  const { id: _id, createdAt: _createdAt, irn: _irn, irnAckNumber: _ack, irnAckAt: _ackAt, signedQrCode: _qr, ...parties } = invoice;
  const [doc] = await tx
    .insert(taxDocuments)
    .values({
      ...parties,
      kind: 'credit_note',
      number,
      financialYear,
      serial,
      invoiceId: invoice.id,
      invoiceNumber: invoice.number,
      invoiceIssuedAt: invoice.issuedAt,
      issuedAt: ctx.issuedAt,
      reason: ctx.reason,
      ...totals,
      cessPaise: 0,
      totalPaise,
      issuedBy: ctx.issuedBy,
    })
    .returning({ id: taxDocuments.id });
  await tx.insert(taxDocumentLines).values(
    creditLines.map(({ line, amounts }, i) => ({
      documentId: doc!.id,
      orderLineId: line.orderLineId,
      position: i + 1,
      description: line.description,
      sku: line.sku,
      hsnCode: line.hsnCode,
      quantity: amounts.quantity,
      unit: line.unit,
      unitPricePaise: line.unitPricePaise,
      priceMode: line.priceMode,
      discountPaise: amounts.discount,
      taxablePaise: amounts.taxable,
      taxRateBp: line.taxRateBp,
      cgstPaise: amounts.cgst,
      sgstPaise: amounts.sgst,
      igstPaise: amounts.igst,
      totalPaise: totalOf(amounts),
    })),
  );
  await logActivity(tx, ctx.actor, {
    area: 'orders',
    action: 'credit_note',
    recordId: invoice.orderId,
    recordName: invoice.subOrderNumber,
    changes: { credit_note: [null, number], against_invoice: [null, invoice.number], total: [null, formatPaise(totalPaise)], reason: [null, ctx.reason] },
  });
  return { id: doc!.id, kind: 'credit_note', number, totalPaise };
}
