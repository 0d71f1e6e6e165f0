/**
 * GST tax documents (Drizzle), issue 17 §4, docs/orders.md "Invoices, credit notes and labels",
 * decision 040. A tax invoice is issued for a sub-order when it ships (the vendor is the supplier);
 * a credit note (CGST Act s.34) when goods come back (a refund, or RTO). Each is a snapshot row: the
 * parties, addresses, place of supply, lines and amounts as they were at issue, so a later change of
 * a vendor's address, a customer's name or a tax slab never changes an issued document.
 *
 * Numbers come from `tax_document_counters`: one row per series (a supplier GSTIN, or a vendor
 * without one), kind and financial year, incremented under its row lock inside the issuing
 * transaction. A rolled-back transaction gives its number back with the rest: no gaps, no sequence.
 */
import { sql } from 'drizzle-orm';
import {
  bigint,
  boolean,
  check,
  index,
  integer,
  jsonb,
  pgTable,
  primaryKey,
  serial,
  text,
  timestamp,
  uniqueIndex,
  type AnyPgColumn,
} from 'drizzle-orm/pg-core';
import { vendors } from '../../lib/db/schema.ts';
import { orderLines, orders, subOrders } from '../orders/orders.tables.ts';

/** Paise in a `bigint` column, read as a JS number (exact up to 2^53 paise). */
const paise = (name: string) => bigint(name, { mode: 'number' });

/** An address as printed on a document (supplier, dispatch, billing, delivery), frozen at issue. */
export interface DocumentAddress {
  name: string;
  line1: string;
  line2: string | null;
  city: string;
  state: string;
  /** The state's GST code (`29` for Karnataka): Rule 46 asks for the state's name and code. */
  gst_state_code: string;
  pincode: string;
  phone: string | null;
}

export const TAX_DOCUMENT_KINDS = ['invoice', 'credit_note'] as const;
export type TaxDocumentKind = (typeof TAX_DOCUMENT_KINDS)[number];

/** The serial counters: one row per (series, kind, financial year), taken under its row lock. */
export const taxDocumentCounters = pgTable(
  'tax_document_counters',
  {
    /** `gstin:29AAFCD1234K1ZN`, or `vendor:12` for a supplier without a GSTIN. */
    seriesKey: text('series_key').notNull(),
    kind: text('kind').notNull(),
    /** The year the financial year starts in (2026 for April 2026 – March 2027). */
    financialYear: integer('financial_year').notNull(),
    /** The supplier code of the numbers (`DFH`), fixed when the year's series starts. */
    prefix: text('prefix').notNull(),
    last: integer('last').notNull().default(0),
  },
  (t) => [
    primaryKey({ columns: [t.seriesKey, t.kind, t.financialYear] }),
    check('tax_document_counters_kind_check', sql`${t.kind} in ('invoice', 'credit_note')`),
  ],
);

export const taxDocuments = pgTable(
  'tax_documents',
  {
    id: serial('id').primaryKey(),
    /** 'invoice' | 'credit_note' */
    kind: text('kind').notNull(),
    /** `DFH/2627/000123` (invoice) or `DFH/2627/C00012` (credit note): at most 16 characters. */
    number: text('number').notNull(),
    seriesKey: text('series_key').notNull(),
    financialYear: integer('financial_year').notNull(),
    serial: integer('serial').notNull(),
    orderId: integer('order_id')
      .notNull()
      .references(() => orders.id, { onDelete: 'restrict' }),
    subOrderId: integer('sub_order_id')
      .notNull()
      .references(() => subOrders.id, { onDelete: 'restrict' }),
    vendorId: integer('vendor_id')
      .notNull()
      .references(() => vendors.id, { onDelete: 'restrict' }),
    /** A credit note's invoice (null on an invoice). */
    invoiceId: integer('invoice_id').references((): AnyPgColumn => taxDocuments.id, { onDelete: 'restrict' }),
    issuedAt: timestamp('issued_at', { withTimezone: true }).notNull(),
    // The supplier (the vendor), as registered when the document was issued.
    supplierName: text('supplier_name').notNull(),
    /** The store's name when it differs from the registered (legal) name. */
    supplierTradeName: text('supplier_trade_name'),
    supplierGstin: text('supplier_gstin'),
    supplierAddress: jsonb('supplier_address').$type<DocumentAddress>().notNull(),
    /** The warehouse the goods left from (its state decided CGST + SGST or IGST). */
    dispatchAddress: jsonb('dispatch_address').$type<DocumentAddress>().notNull(),
    // The recipient (the customer).
    recipientName: text('recipient_name').notNull(),
    /** The customer's GSTIN when they gave one (a registered buyer): then it is a B2B invoice. */
    recipientGstin: text('recipient_gstin'),
    billingAddress: jsonb('billing_address').$type<DocumentAddress>().notNull(),
    shippingAddress: jsonb('shipping_address').$type<DocumentAddress>().notNull(),
    /** Goods: where the movement ends (IGST Act s.10(1)(a)), the delivery address's state. */
    placeOfSupplyState: text('place_of_supply_state').notNull(),
    placeOfSupplyCode: text('place_of_supply_code').notNull(),
    /** 'intra' (CGST + SGST) | 'inter' (IGST) */
    supply: text('supply').notNull(),
    /** Whether tax is payable on reverse charge: never for goods sold through the marketplace. */
    reverseCharge: boolean('reverse_charge').notNull().default(false),
    /** 'prepaid' | 'cod' */
    paymentMethod: text('payment_method').notNull(),
    orderNumber: text('order_number').notNull(),
    subOrderNumber: text('sub_order_number').notNull(),
    orderPlacedAt: timestamp('order_placed_at', { withTimezone: true }).notNull(),
    /** A credit note's invoice, as printed on it (number and date). */
    invoiceNumber: text('invoice_number'),
    invoiceIssuedAt: timestamp('invoice_issued_at', { withTimezone: true }),
    /** Why a credit note was issued ("Refund after return", "Returned to origin"). */
    reason: text('reason'),
    taxablePaise: paise('taxable_paise').notNull(),
    cgstPaise: paise('cgst_paise').notNull(),
    sgstPaise: paise('sgst_paise').notNull(),
    igstPaise: paise('igst_paise').notNull(),
    /** Compensation cess: none on the goods sold today; a head of Rule 46, kept for the day one is. */
    cessPaise: paise('cess_paise').notNull().default(0),
    totalPaise: paise('total_paise').notNull(),
    // E-invoicing (IRN) for B2B invoices of large suppliers: not done yet, ready for it (decision 040).
    irn: text('irn'),
    irnAckNumber: text('irn_ack_number'),
    irnAckAt: timestamp('irn_ack_at', { withTimezone: true }),
    signedQrCode: text('signed_qr_code'),
    /** Who issued it, as the timeline names them ("Asha (vendor)", "Demo data"). */
    issuedBy: text('issued_by').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('tax_documents_series_serial_idx').on(t.seriesKey, t.kind, t.financialYear, t.serial),
    // One tax invoice per sub-order.
    uniqueIndex('tax_documents_sub_order_invoice_idx')
      .on(t.subOrderId)
      .where(sql`${t.kind} = 'invoice'`),
    index('tax_documents_order_idx').on(t.orderId, t.id),
    index('tax_documents_sub_order_idx').on(t.subOrderId, t.id),
    index('tax_documents_invoice_idx')
      .on(t.invoiceId)
      .where(sql`${t.invoiceId} is not null`),
    index('tax_documents_vendor_issued_idx').on(t.vendorId, t.issuedAt, t.id),
    check('tax_documents_kind_check', sql`${t.kind} in ('invoice', 'credit_note')`),
    check('tax_documents_supply_check', sql`${t.supply} in ('intra', 'inter')`),
    check('tax_documents_number_check', sql`${t.number} ~ '^[A-Z0-9/-]{1,16}$'`),
    check('tax_documents_credit_note_invoice_check', sql`(${t.kind} = 'invoice') = (${t.invoiceId} is null)`),
    check(
      'tax_documents_totals_check',
      sql`${t.totalPaise} = ${t.taxablePaise} + ${t.cgstPaise} + ${t.sgstPaise} + ${t.igstPaise} + ${t.cessPaise} and ${t.taxablePaise} >= 0`,
    ),
  ],
);

/** A document's lines: what was supplied (or credited), with HSN, quantity, value and each tax head. */
export const taxDocumentLines = pgTable(
  'tax_document_lines',
  {
    id: serial('id').primaryKey(),
    documentId: integer('document_id')
      .notNull()
      .references(() => taxDocuments.id, { onDelete: 'cascade' }),
    orderLineId: integer('order_line_id')
      .notNull()
      .references(() => orderLines.id, { onDelete: 'restrict' }),
    position: integer('position').notNull(),
    description: text('description').notNull(),
    sku: text('sku').notNull(),
    hsnCode: text('hsn_code').notNull(),
    /** Units supplied (a credit note of value only, without goods coming back, has 0). */
    quantity: integer('quantity').notNull(),
    /** Unit quantity code of the GST returns: PCS (pieces). */
    unit: text('unit').notNull().default('PCS'),
    /** Price of one unit as sold (with tax when `price_mode` is inclusive). */
    unitPricePaise: paise('unit_price_paise').notNull(),
    /** 'inclusive' | 'exclusive' */
    priceMode: text('price_mode').notNull(),
    discountPaise: paise('discount_paise').notNull().default(0),
    taxablePaise: paise('taxable_paise').notNull(),
    /** GST rate in basis points (1800 = 18 %); each head's rate is half of it (intra) or all of it (IGST). */
    taxRateBp: integer('tax_rate_bp').notNull(),
    cgstPaise: paise('cgst_paise').notNull(),
    sgstPaise: paise('sgst_paise').notNull(),
    igstPaise: paise('igst_paise').notNull(),
    totalPaise: paise('total_paise').notNull(),
  },
  (t) => [
    index('tax_document_lines_document_idx').on(t.documentId, t.position),
    index('tax_document_lines_order_line_idx').on(t.orderLineId),
    check('tax_document_lines_quantity_check', sql`${t.quantity} >= 0`),
    check('tax_document_lines_totals_check', sql`${t.totalPaise} = ${t.taxablePaise} + ${t.cgstPaise} + ${t.sgstPaise} + ${t.igstPaise}`),
  ],
);
