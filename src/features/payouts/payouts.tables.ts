/**
 * Payouts (issue 18 §3, docs/money.md "Payouts", decisions 052–053): a payout gathers a vendor's
 * payable ledger entries up to an instant (each entry's `payout_id` set once, in the creating
 * transaction, with the payout's own `payout` entry), then moves requested → approved → processing →
 * paid | failed, or requested/approved → rejected, and paid → returned. Every step is one
 * transaction with its ledger entries (money back to payable is a new `payout` entry), its event on
 * the timeline and its activity entry; a step is a compare-and-set on `version`.
 *
 * The bank account is a snapshot of the vendor's KYC account (the number still encrypted, decision
 * 034) taken when the payout is created: nobody types an account at payout time.
 */
import { sql } from 'drizzle-orm';
import { bigint, bigserial, check, date, index, integer, pgTable, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';
import { vendors } from '../../lib/db/schema.ts';

const paise = (name: string) => bigint(name, { mode: 'number' });

export const PAYOUT_STATUSES = ['requested', 'approved', 'processing', 'paid', 'failed', 'rejected', 'returned'] as const;
export type PayoutStatus = (typeof PAYOUT_STATUSES)[number];

/** How a payout came to be: the vendor's cycle (the scheduled job), the vendor's Quick Withdraw, or staff. */
export const PAYOUT_SOURCES = ['schedule', 'withdraw', 'staff'] as const;
export type PayoutSource = (typeof PAYOUT_SOURCES)[number];

export const payouts = pgTable(
  'payouts',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    /** PO-000123: what the bank file's reference and people use. */
    number: text('number')
      .notNull()
      .generatedAlwaysAs(sql`'PO-' || lpad(id::text, 6, '0')`),
    vendorId: integer('vendor_id')
      .notNull()
      .references(() => vendors.id, { onDelete: 'restrict' }),
    amountPaise: paise('amount_paise').notNull(),
    /** The entries it gathers are those payable at or before this instant (an IST midnight). */
    upTo: timestamp('up_to', { withTimezone: true }).notNull(),
    status: text('status').notNull().default('requested'),
    source: text('source').notNull(),
    /** The vendor's payout cycle that made it (scheduled ones), and the cycle date. */
    cycle: text('cycle'),
    cycleOn: date('cycle_on', { mode: 'string' }),
    entriesCount: integer('entries_count').notNull().default(0),
    /** The bank account, as the vendor's verified KYC had it when the payout was made. */
    accountHolderName: text('account_holder_name').notNull(),
    bankAccountCipher: text('bank_account_cipher').notNull(),
    bankAccountLast4: text('bank_account_last4').notNull(),
    ifsc: text('ifsc').notNull(),
    /** Who (no foreign keys: a deleted user leaves the money's history as it was). */
    createdByUserId: integer('created_by_user_id'),
    createdByName: text('created_by_name'),
    approvedByUserId: integer('approved_by_user_id'),
    approvedByName: text('approved_by_name'),
    approvedAt: timestamp('approved_at', { withTimezone: true }),
    paidByUserId: integer('paid_by_user_id'),
    paidByName: text('paid_by_name'),
    /** The bank's reference of the transfer (UTR) and the IST date it was paid. */
    utr: text('utr'),
    paidOn: date('paid_on', { mode: 'string' }),
    /** Why it was rejected, failed or returned. */
    reason: text('reason'),
    /** The bank file it went out in (processing). */
    batchRef: text('batch_ref'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
    version: integer('version').notNull().default(1),
  },
  (t) => [
    uniqueIndex('payouts_number_idx').on(t.number),
    index('payouts_created_idx').on(t.createdAt, t.id),
    index('payouts_vendor_created_idx').on(t.vendorId, t.createdAt, t.id),
    index('payouts_status_created_idx').on(t.status, t.createdAt, t.id),
    // The scheduled job makes at most one payout per vendor and cycle date, whichever server runs it.
    uniqueIndex('payouts_vendor_cycle_idx')
      .on(t.vendorId, t.cycleOn)
      .where(sql`${t.source} = 'schedule'`),
    uniqueIndex('payouts_utr_idx')
      .on(t.utr)
      .where(sql`${t.utr} is not null`),
    check('payouts_status_check', sql`${t.status} in ('requested', 'approved', 'processing', 'paid', 'failed', 'rejected', 'returned')`),
    check('payouts_source_check', sql`${t.source} in ('schedule', 'withdraw', 'staff')`),
    check('payouts_amount_check', sql`${t.amountPaise} > 0`),
  ],
);

/** A payout's timeline: every step, who took it, when, and what it said. */
export const payoutEvents = pgTable(
  'payout_events',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    payoutId: bigint('payout_id', { mode: 'number' })
      .notNull()
      .references(() => payouts.id, { onDelete: 'restrict' }),
    fromStatus: text('from_status'),
    toStatus: text('to_status').notNull(),
    note: text('note'),
    actorUserId: integer('actor_user_id'),
    actorName: text('actor_name'),
    at: timestamp('at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('payout_events_payout_idx').on(t.payoutId, t.at)],
);

/**
 * The scheduled job's place in each payout cycle: one row per cycle (weekly, fortnightly, monthly),
 * claimed with `FOR UPDATE SKIP LOCKED` by whichever server runs the job (the others skip it), and
 * the last cycle date it made payouts for.
 */
export const payoutScheduleRuns = pgTable('payout_schedule_runs', {
  cycle: text('cycle').primaryKey(),
  lastCycleOn: date('last_cycle_on', { mode: 'string' }),
  ranAt: timestamp('ran_at', { withTimezone: true }),
});
