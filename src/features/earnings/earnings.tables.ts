/**
 * The vendor earnings ledger (issue 18 §2, docs/money.md, decisions 048 and 049). Append-only:
 * an entry is never updated or deleted (a trigger refuses both; the only change allowed is
 * setting `payout_id` once, when a payout settles the entry), a correction is a new entry. Each
 * vendor's balance is kept by a statement-level trigger on insert, in the inserting transaction:
 * `vendor_balances` (the sum and what was paid out) and `vendor_balance_days` (the sum per
 * `payable_at` day), from which pending and payable are read at any instant without a scan.
 * Hand-written SQL (the triggers): the end of the migration that creates these tables.
 */
import { sql } from 'drizzle-orm';
import { bigint, bigserial, check, date, index, integer, numeric, pgTable, primaryKey, serial, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';
import { timestamps } from '../../lib/db/columns.ts';
import { vendors } from '../../lib/db/schema.ts';
import { orderLines, orders, subOrders } from '../orders/orders.tables.ts';

const paise = (name: string) => bigint(name, { mode: 'number' });

/** An entry's type (docs/money.md "The ledger"): what moved the vendor's balance, and which way. */
export const ENTRY_TYPES = [
  'sale',
  'platform_discount',
  'commission',
  'commission_gst',
  'tcs',
  'tds',
  'refund_reversal',
  'shipping_fee',
  'adjustment',
  'payout',
] as const;
export type EntryType = (typeof ENTRY_TYPES)[number];

/** The GST heads a TCS entry is withheld under (s.52 CGST Act: CGST + SGST, or IGST). */
export const TAX_HEADS = ['cgst', 'sgst', 'igst'] as const;
export type TaxHead = (typeof TAX_HEADS)[number];

export const earningEntries = pgTable(
  'earning_entries',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    vendorId: integer('vendor_id')
      .notNull()
      .references(() => vendors.id, { onDelete: 'restrict' }),
    type: text('type').notNull(),
    // Where it comes from; null for adjustments and payouts that name no order.
    orderId: integer('order_id').references(() => orders.id, { onDelete: 'restrict' }),
    subOrderId: integer('sub_order_id').references(() => subOrders.id, { onDelete: 'restrict' }),
    orderLineId: integer('order_line_id').references(() => orderLines.id, { onDelete: 'restrict' }),
    /** The sub-order's number (OD-2026-000123-1): the list filters and shows it without a join. */
    orderNumber: text('order_number'),
    /** Signed: what the vendor earns is positive, what is taken or paid out negative. */
    amountPaise: paise('amount_paise').notNull(),
    /** The rate applied (commission, GST on commission, a TCS head, TDS), in basis points. */
    rateBp: integer('rate_bp'),
    /** What the rate was applied to. */
    basePaise: paise('base_paise'),
    /** TCS: the GST head it is withheld under. */
    taxHead: text('tax_head'),
    /** A refund reversal: the entry it reverses (in part or whole). */
    reversesEntryId: bigint('reverses_entry_id', { mode: 'number' }),
    /** From this instant (an IST midnight) the amount may be paid out; until then it is pending. */
    payableAt: timestamp('payable_at', { withTimezone: true }).notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    /** An adjustment's reason (required), or what an automatic entry wants people to know. */
    note: text('note'),
    /** Who wrote an adjustment (no foreign key: deleting a user must not touch the ledger). */
    actorUserId: integer('actor_user_id'),
    actorName: text('actor_name'),
    /** The payout that settles it, set once by the payouts (issue 18 §3); never changed after. */
    payoutId: bigint('payout_id', { mode: 'number' }),
  },
  (t) => [
    // The lists: newest first over everyone, a vendor's, one type's; keyset on (created_at, id).
    index('earning_entries_created_idx').on(t.createdAt, t.id),
    index('earning_entries_vendor_created_idx').on(t.vendorId, t.createdAt, t.id),
    index('earning_entries_type_created_idx').on(t.type, t.createdAt, t.id),
    index('earning_entries_sub_order_idx').on(t.subOrderId),
    // The order filter and the search: equal to, or starting with, a number (any case).
    index('earning_entries_order_number_idx').on(sql`lower(${t.orderNumber}) text_pattern_ops`),
    index('earning_entries_reverses_idx')
      .on(t.reversesEntryId)
      .where(sql`${t.reversesEntryId} is not null`),
    // What a payout gathers: a vendor's unsettled entries up to a date.
    index('earning_entries_unsettled_idx')
      .on(t.vendorId, t.payableAt)
      .where(sql`${t.payoutId} is null`),
    check(
      'earning_entries_type_check',
      sql`${t.type} in ('sale', 'platform_discount', 'commission', 'commission_gst', 'tcs', 'tds', 'refund_reversal', 'shipping_fee', 'adjustment', 'payout')`,
    ),
    check('earning_entries_amount_check', sql`${t.amountPaise} <> 0`),
    check('earning_entries_head_check', sql`${t.taxHead} is null or ${t.taxHead} in ('cgst', 'sgst', 'igst')`),
    check('earning_entries_adjustment_check', sql`${t.type} <> 'adjustment' or length(trim(coalesce(${t.note}, ''))) > 0`),
  ],
);

/** Each vendor's kept balance: the sum of their entries, and what payouts took (written by the ledger's trigger only). */
export const vendorBalances = pgTable('vendor_balances', {
  vendorId: integer('vendor_id')
    .primaryKey()
    .references(() => vendors.id, { onDelete: 'restrict' }),
  /** Every entry's amount, summed: pending + payable. */
  totalPaise: paise('total_paise').notNull().default(0),
  /** Paid out: minus the sum of `payout` entries. */
  paidPaise: paise('paid_paise').notNull().default(0),
  entriesCount: bigint('entries_count', { mode: 'number' }).notNull().default(0),
  updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
});

/**
 * Each vendor's entries summed by the instant they become payable (IST midnights): pending at an
 * instant is the sum of the days after it, a range of at most a year of rows per vendor.
 */
export const vendorBalanceDays = pgTable(
  'vendor_balance_days',
  {
    vendorId: integer('vendor_id')
      .notNull()
      .references(() => vendors.id, { onDelete: 'restrict' }),
    payableAt: timestamp('payable_at', { withTimezone: true }).notNull(),
    amountPaise: paise('amount_paise').notNull(),
  },
  (t) => [primaryKey({ columns: [t.vendorId, t.payableAt] }), index('vendor_balance_days_payable_idx').on(t.payableAt)],
);

/** What a ledger tax rate is for (docs/money.md "Withholding"). */
export const LEDGER_TAX_KINDS = ['tcs', 'tds', 'tds_no_pan', 'commission_gst'] as const;
export type LedgerTaxKind = (typeof LEDGER_TAX_KINDS)[number];

/**
 * The rates the ledger applies, each from the IST date it starts: GST TCS (s.52 CGST Act), income-tax
 * TDS (s.194-O; and without a PAN), and GST on the marketplace's commission. The rate in force on a
 * date is the row of its kind with the latest start on or before it; an entry keeps the rate it used.
 */
export const ledgerTaxRates = pgTable(
  'ledger_tax_rates',
  {
    id: serial('id').primaryKey(),
    kind: text('kind').notNull(),
    /** Percent, 2 decimals (0.50, 0.10, 18.00); entries keep it in basis points. */
    ratePercent: numeric('rate_percent', { precision: 5, scale: 2 }).notNull(),
    /** An IST calendar date (2024-07-10): in force from its midnight. */
    startsOn: date('starts_on', { mode: 'string' }).notNull(),
    /** The SAC code of GST on commission (998599), or the section withheld under. */
    code: text('code'),
    /** Where the rate comes from (a notification, an Act). */
    source: text('source'),
    ...timestamps,
    version: integer('version').notNull().default(1),
  },
  (t) => [
    uniqueIndex('ledger_tax_rates_kind_start_idx').on(t.kind, t.startsOn),
    check('ledger_tax_rates_kind_check', sql`${t.kind} in ('tcs', 'tds', 'tds_no_pan', 'commission_gst')`),
    check('ledger_tax_rates_rate_check', sql`${t.ratePercent} between 0 and 100`),
  ],
);
