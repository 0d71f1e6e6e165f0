/**
 * Reading tax documents and shipping labels back (issue 17 §4): an order's invoices and credit
 * notes for its details page, one document with its lines for its PDF, what a sub-order's label
 * prints. A vendor reads only their own (VENDOR_OWNED: orders, on the document's vendor id): another
 * vendor's document or label is a 404, exactly like one that doesn't exist. The storefront reads
 * only the orders its own key placed.
 */
import { and, asc, eq, inArray, sql } from 'drizzle-orm';
import type { DbOrTx } from '@/lib/db/client.server.ts';
import type { Principal } from '@/lib/auth/principal.server.ts';
import { vendorScope } from '@/lib/permissions/scope.server.ts';
import { conflict, notFound } from '@/lib/http/errors.ts';
import { vendors } from '@/lib/db/schema.ts';
import { cities, pincodes, states } from '@/features/geography/geography.tables.ts';
import { warehouses } from '@/features/warehouses/warehouse.tables.ts';
import { deliveryPartners } from '@/features/delivery-partners/delivery-partner.tables.ts';
import { productVariants } from '@/features/products/product.tables.ts';
import { orderLines, orders, subOrders, type AddressSnapshot } from '@/features/orders/orders.tables.ts';
import { taxDocumentLines, taxDocuments, type DocumentAddress, type TaxDocumentKind } from './invoices.tables.ts';
import { documentFileName } from './document-numbers.ts';

export type TaxDocumentRow = typeof taxDocuments.$inferSelect;
export type TaxDocumentLineRow = typeof taxDocumentLines.$inferSelect;
export interface TaxDocumentView {
  doc: TaxDocumentRow;
  lines: TaxDocumentLineRow[];
}

export const KIND_LABELS: Record<TaxDocumentKind, string> = { invoice: 'Tax invoice', credit_note: 'Credit note' };

/** The back-office address of a document's PDF. */
export const documentPdfPath = (orderId: number, documentId: number) => `/api/orders/${orderId}/documents/${documentId}/pdf`;
/** The back-office address of a sub-order's shipping label. */
export const labelPdfPath = (orderId: number, subOrderId: number) => `/api/orders/${orderId}/sub-orders/${subOrderId}/label`;

const summaryColumns = {
  id: taxDocuments.id,
  kind: taxDocuments.kind,
  number: taxDocuments.number,
  orderId: taxDocuments.orderId,
  orderNumber: taxDocuments.orderNumber,
  subOrderId: taxDocuments.subOrderId,
  subOrderNumber: taxDocuments.subOrderNumber,
  issuedAt: taxDocuments.issuedAt,
  totalPaise: taxDocuments.totalPaise,
  invoiceNumber: taxDocuments.invoiceNumber,
  reason: taxDocuments.reason,
};
interface SummaryRow {
  id: number;
  kind: string;
  number: string;
  orderId: number;
  orderNumber: string;
  subOrderId: number;
  subOrderNumber: string;
  issuedAt: Date;
  totalPaise: number;
  invoiceNumber: string | null;
  reason: string | null;
}

function serializeSummary(r: SummaryRow, pdfUrl: string) {
  return {
    id: r.id,
    kind: r.kind as TaxDocumentKind,
    kind_label: KIND_LABELS[r.kind as TaxDocumentKind],
    number: r.number,
    order_number: r.orderNumber,
    sub_order_id: r.subOrderId,
    sub_order_number: r.subOrderNumber,
    issued_at: r.issuedAt.toISOString(),
    total_paise: Number(r.totalPaise),
    invoice_number: r.invoiceNumber,
    reason: r.reason,
    file_name: documentFileName(r.number),
    pdf_url: pdfUrl,
  };
}
export type DocumentSummary = ReturnType<typeof serializeSummary>;

/**
 * An order's invoices and credit notes, oldest first; a vendor's own only. 404 when the order
 * doesn't exist or (for a vendor) has no parcel of theirs, as its details page is.
 */
export async function orderDocuments(db: DbOrTx, principal: Principal, orderId: number): Promise<DocumentSummary[]> {
  const [visible] = await db
    .select({ id: subOrders.id })
    .from(subOrders)
    .where(and(eq(subOrders.orderId, orderId), vendorScope(principal, 'orders', subOrders, 'view')))
    .limit(1);
  if (!visible) throw notFound('That order does not exist.');
  const rows = await db
    .select(summaryColumns)
    .from(taxDocuments)
    .where(and(eq(taxDocuments.orderId, orderId), vendorScope(principal, 'orders', taxDocuments, 'view')))
    .orderBy(asc(taxDocuments.id));
  return rows.map((r) => serializeSummary(r, documentPdfPath(orderId, r.id)));
}

async function linesOf(db: DbOrTx, documentIds: number[]): Promise<Map<number, TaxDocumentLineRow[]>> {
  const lines = documentIds.length
    ? await db
        .select()
        .from(taxDocumentLines)
        .where(inArray(taxDocumentLines.documentId, documentIds))
        .orderBy(asc(taxDocumentLines.documentId), asc(taxDocumentLines.position))
    : [];
  const by = new Map<number, TaxDocumentLineRow[]>();
  for (const l of lines) by.set(l.documentId, [...(by.get(l.documentId) ?? []), l]);
  return by;
}

/** One document of an order with its lines; 404 when it isn't there or isn't the vendor's. */
export async function orderDocument(db: DbOrTx, principal: Principal, orderId: number, documentId: number): Promise<TaxDocumentView> {
  const [doc] = await db
    .select()
    .from(taxDocuments)
    .where(and(eq(taxDocuments.id, documentId), eq(taxDocuments.orderId, orderId), vendorScope(principal, 'orders', taxDocuments, 'view')))
    .limit(1);
  if (!doc) throw notFound('That invoice or credit note does not exist.');
  return { doc, lines: (await linesOf(db, [doc.id])).get(doc.id) ?? [] };
}

/** The order a storefront key placed, by number; 404 for another key's order (or none). */
async function storefrontOrderId(db: DbOrTx, apiKeyId: number, number: string): Promise<number> {
  const [order] = await db
    .select({ id: orders.id })
    .from(orders)
    .where(and(eq(orders.number, number.toUpperCase()), eq(orders.apiKeyId, apiKeyId)))
    .limit(1);
  if (!order) throw notFound('That order does not exist.');
  return order.id;
}

/** The storefront's address of a document's PDF. */
export const storefrontPdfPath = (orderNumber: string, documentId: number) => `/api/storefront/v1/orders/${orderNumber}/documents/${documentId}/pdf`;

/** The invoices and credit notes of an order the key placed, for the customer. */
export async function storefrontDocuments(db: DbOrTx, apiKeyId: number, orderNumber: string) {
  const orderId = await storefrontOrderId(db, apiKeyId, orderNumber);
  const rows = await db.select(summaryColumns).from(taxDocuments).where(eq(taxDocuments.orderId, orderId)).orderBy(asc(taxDocuments.id));
  // The back-office's ids of sub-orders mean nothing to a storefront: it knows them by number.
  return rows.map((r) => {
    const { sub_order_id: _internal, ...summary } = serializeSummary(r, storefrontPdfPath(r.orderNumber, r.id));
    return summary;
  });
}

/** One document of an order the key placed; 404 otherwise. */
export async function storefrontDocument(db: DbOrTx, apiKeyId: number, orderNumber: string, documentId: number): Promise<TaxDocumentView> {
  const orderId = await storefrontOrderId(db, apiKeyId, orderNumber);
  const [doc] = await db
    .select()
    .from(taxDocuments)
    .where(and(eq(taxDocuments.id, documentId), eq(taxDocuments.orderId, orderId)))
    .limit(1);
  if (!doc) throw notFound('That invoice or credit note does not exist.');
  return { doc, lines: (await linesOf(db, [doc.id])).get(doc.id) ?? [] };
}

/** What a shipping label prints. */
export interface ShippingLabel {
  orderNumber: string;
  subOrderNumber: string;
  awb: string;
  partnerName: string;
  paymentMethod: 'prepaid' | 'cod';
  /** What the courier collects on a COD parcel: the sub-order's total. */
  codPaise: number;
  shippedAt: Date | null;
  to: AddressSnapshot;
  from: DocumentAddress;
  vendorName: string;
  invoiceNumber: string | null;
  items: number;
  /** The parcel's weight from its variants' weights; null when any line's variant has none. */
  weightGrams: number | null;
}

/**
 * The labels of these sub-orders that have shipped (an AWB), by sub-order id, for the principal
 * (a vendor: their own only). Sub-orders without an AWB, or not the principal's, are left out.
 */
export async function shippingLabels(db: DbOrTx, principal: Principal, subOrderIds: number[]): Promise<Map<number, ShippingLabel>> {
  if (!subOrderIds.length) return new Map();
  const rows = await db
    .select({
      id: subOrders.id,
      number: subOrders.number,
      awb: subOrders.awb,
      paymentMethod: subOrders.paymentMethod,
      totalPaise: subOrders.totalPaise,
      shippedAt: subOrders.shippedAt,
      orderNumber: orders.number,
      to: orders.shippingAddress,
      partnerName: deliveryPartners.name,
      vendorName: vendors.storeName,
      warehouseName: warehouses.name,
      warehousePhone: warehouses.contactPhone,
      line1: warehouses.addressLine1,
      line2: warehouses.addressLine2,
      city: cities.name,
      state: states.name,
      gstStateCode: states.gstStateCode,
      pincode: pincodes.pincode,
      invoiceNumber: taxDocuments.number,
    })
    .from(subOrders)
    .innerJoin(orders, eq(orders.id, subOrders.orderId))
    .innerJoin(vendors, eq(vendors.id, subOrders.vendorId))
    .innerJoin(warehouses, eq(warehouses.id, subOrders.warehouseId))
    .innerJoin(cities, eq(cities.id, warehouses.cityId))
    .innerJoin(states, eq(states.id, warehouses.stateId))
    .innerJoin(pincodes, eq(pincodes.id, warehouses.pincodeId))
    .leftJoin(deliveryPartners, eq(deliveryPartners.id, subOrders.deliveryPartnerId))
    .leftJoin(taxDocuments, and(eq(taxDocuments.subOrderId, subOrders.id), eq(taxDocuments.kind, 'invoice')))
    .where(and(inArray(subOrders.id, subOrderIds), vendorScope(principal, 'orders', subOrders, 'view'), sql`${subOrders.awb} is not null`));
  const weights = await db
    .select({
      subOrderId: orderLines.subOrderId,
      items: sql<number>`sum(${orderLines.quantity})::int`,
      grams: sql<
        number | null
      >`case when bool_and(${productVariants.weightGrams} is not null) then sum(${orderLines.quantity} * ${productVariants.weightGrams})::int end`,
    })
    .from(orderLines)
    .innerJoin(productVariants, eq(productVariants.id, orderLines.variantId))
    .where(
      inArray(
        orderLines.subOrderId,
        rows.map((r) => r.id),
      ),
    )
    .groupBy(orderLines.subOrderId);
  return new Map(
    rows.map((r) => {
      const w = weights.find((x) => x.subOrderId === r.id);
      const label: ShippingLabel = {
        orderNumber: r.orderNumber,
        subOrderNumber: r.number,
        awb: r.awb!,
        partnerName: r.partnerName ?? 'Courier',
        paymentMethod: r.paymentMethod === 'cod' ? 'cod' : 'prepaid',
        codPaise: Number(r.totalPaise),
        shippedAt: r.shippedAt,
        to: r.to,
        from: {
          // "Demo Fashion House store room" already names its seller; "BLR-01" doesn't.
          name: r.vendorName && !r.warehouseName.startsWith(r.vendorName) ? `${r.vendorName}, ${r.warehouseName}` : r.warehouseName,
          line1: r.line1,
          line2: r.line2,
          city: r.city,
          state: r.state,
          gst_state_code: r.gstStateCode,
          pincode: r.pincode,
          phone: r.warehousePhone,
        },
        vendorName: r.vendorName ?? 'Seller',
        invoiceNumber: r.invoiceNumber,
        items: Number(w?.items ?? 0),
        weightGrams: w?.grams == null ? null : Number(w.grams),
      };
      return [r.id, label] as const;
    }),
  );
}

/** One sub-order's label: 404 when it isn't there or isn't the vendor's, 409 before it ships (no AWB yet). */
export async function shippingLabel(db: DbOrTx, principal: Principal, orderId: number, subOrderId: number): Promise<ShippingLabel> {
  const [sub] = await db
    .select({ id: subOrders.id, number: subOrders.number, awb: subOrders.awb })
    .from(subOrders)
    .where(and(eq(subOrders.id, subOrderId), eq(subOrders.orderId, orderId), vendorScope(principal, 'orders', subOrders, 'view')))
    .limit(1);
  if (!sub) throw notFound('That sub-order does not exist.');
  if (!sub.awb) throw conflict(`Sub-order ${sub.number} has not shipped: its label is printed once it has a delivery partner and an AWB.`);
  return (await shippingLabels(db, principal, [sub.id])).get(sub.id)!;
}

/** Documents with their lines, by id (for a batch). */
export async function documentsWithLines(db: DbOrTx, documentIds: number[]): Promise<Map<number, TaxDocumentView>> {
  if (!documentIds.length) return new Map();
  const docs = await db.select().from(taxDocuments).where(inArray(taxDocuments.id, documentIds));
  const lines = await linesOf(db, documentIds);
  return new Map(docs.map((doc) => [doc.id, { doc, lines: lines.get(doc.id) ?? [] }]));
}
