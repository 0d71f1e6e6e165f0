/**
 * The ledger's reads and its one write (docs/money.md "The ledger", decisions 048–049): entries are
 * only ever inserted (a trigger refuses updates and deletes), and the trigger keeping the balances
 * runs in the same transaction. Balances are read from what the ledger keeps, never summed at read
 * time: the vendor's total and paid, and the part not yet payable at an instant from the kept sums
 * per payable day (a range of at most a year of rows).
 */
import { and, desc, eq, gt, inArray, lte, sql } from 'drizzle-orm';
import type { DbOrTx, Tx } from '../../lib/db/client.server.ts';
import { vendors } from '../../lib/db/schema.ts';
import { percentToBasisPoints } from '../../lib/money/gst.ts';
import { vendorKyc } from '../vendors/vendors.tables.ts';
import { earningEntries, ledgerTaxRates, vendorBalanceDays, vendorBalances, type EntryType, type LedgerTaxKind, type TaxHead } from './earnings.tables.ts';

export interface NewEntry {
  vendorId: number;
  type: EntryType;
  amountPaise: number;
  payableAt: Date;
  createdAt: Date;
  orderId?: number | null;
  subOrderId?: number | null;
  orderLineId?: number | null;
  orderNumber?: string | null;
  rateBp?: number | null;
  basePaise?: number | null;
  taxHead?: TaxHead | null;
  reversesEntryId?: number | null;
  note?: string | null;
  actorUserId?: number | null;
  actorName?: string | null;
  /** Set on a payout's own entry (it settles itself); null otherwise. */
  payoutId?: number | null;
}

/** Appends entries (one statement: the balances trigger runs once for them all). Answers their ids in order. */
export async function appendEntries(tx: Tx, entries: NewEntry[]): Promise<number[]> {
  if (!entries.length) return [];
  const rows = await tx.insert(earningEntries).values(entries).returning({ id: earningEntries.id });
  return rows.map((r) => r.id);
}

/** The rates in force on an IST date, by kind (0 where none was: e.g. TCS before October 2018). */
export async function ratesOn(db: DbOrTx, date: string): Promise<Record<LedgerTaxKind, { rateBp: number; code: string | null }>> {
  const rows = await db
    .selectDistinctOn([ledgerTaxRates.kind], { kind: ledgerTaxRates.kind, ratePercent: ledgerTaxRates.ratePercent, code: ledgerTaxRates.code })
    .from(ledgerTaxRates)
    .where(lte(ledgerTaxRates.startsOn, date))
    .orderBy(ledgerTaxRates.kind, desc(ledgerTaxRates.startsOn));
  const rate = (kind: LedgerTaxKind) => {
    const row = rows.find((r) => r.kind === kind);
    return { rateBp: row ? percentToBasisPoints(row.ratePercent) : 0, code: row?.code ?? null };
  };
  return { tcs: rate('tcs'), tds: rate('tds'), tds_no_pan: rate('tds_no_pan'), commission_gst: rate('commission_gst') };
}

/** Whether the vendor gave a PAN (KYC, or the store's own record): TDS without one is 5 %. */
export async function vendorHasPan(db: DbOrTx, vendorId: number): Promise<boolean> {
  const [row] = await db
    .select({ kycPan: vendorKyc.pan, pan: vendors.pan })
    .from(vendors)
    .leftJoin(vendorKyc, eq(vendorKyc.vendorId, vendors.id))
    .where(eq(vendors.id, vendorId))
    .limit(1);
  return Boolean(row?.kycPan?.trim() || row?.pan?.trim());
}

export interface Balances {
  /** Earned but not payable yet (inside a return window). */
  pending_paise: number;
  /** Payable now: matured and not paid out (negative when reversals exceed it: the vendor owes). */
  payable_paise: number;
  /** Paid out so far. */
  paid_paise: number;
  /** pending + payable. */
  total_paise: number;
  entries_count: number;
  /** The instant the split was read at. */
  as_of: string;
}

/**
 * A vendor's balances at `at` (or every vendor's together when `vendorId` is null): the kept total
 * and paid, and pending as the kept days after `at`. Two index reads; no entry is summed.
 */
export async function readBalances(db: DbOrTx, vendorId: number | null, at: Date): Promise<Balances> {
  const [kept] = await db
    .select({
      total: sql<string>`coalesce(sum(${vendorBalances.totalPaise}), 0)`,
      paid: sql<string>`coalesce(sum(${vendorBalances.paidPaise}), 0)`,
      count: sql<string>`coalesce(sum(${vendorBalances.entriesCount}), 0)`,
    })
    .from(vendorBalances)
    .where(vendorId === null ? undefined : eq(vendorBalances.vendorId, vendorId));
  const [pending] = await db
    .select({ pending: sql<string>`coalesce(sum(${vendorBalanceDays.amountPaise}), 0)` })
    .from(vendorBalanceDays)
    .where(and(vendorId === null ? undefined : eq(vendorBalanceDays.vendorId, vendorId), gt(vendorBalanceDays.payableAt, at)));
  const total = Number(kept?.total ?? 0);
  const pendingPaise = Number(pending?.pending ?? 0);
  return {
    pending_paise: pendingPaise,
    payable_paise: total - pendingPaise,
    paid_paise: Number(kept?.paid ?? 0),
    total_paise: total,
    entries_count: Number(kept?.count ?? 0),
    as_of: at.toISOString(),
  };
}

/** A sub-order's entries of the given types, oldest first (what a refund reverses). */
export async function subOrderEntries(db: DbOrTx, subOrderId: number, types: EntryType[]) {
  return db
    .select()
    .from(earningEntries)
    .where(and(eq(earningEntries.subOrderId, subOrderId), inArray(earningEntries.type, types)))
    .orderBy(earningEntries.id);
}
