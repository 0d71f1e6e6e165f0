/**
 * A vendor's monthly statement (issue 18 §2, docs/money.md "Statements"): the opening balance, every
 * entry of the month (IST) grouped by type, the withholding with the rates applied (so the vendor
 * can claim the TCS in their GST returns and the TDS in their income-tax return), and the closing
 * balance. It reconciles to the paisa: opening + the month's entries = closing, and the month's
 * sales, refunds and payouts are the ledger's own entries. Read from the entries themselves (one
 * vendor, one month: an index range), never from the kept balances.
 */
import { and, asc, eq, gte, lt, sql } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import type { DbOrTx } from '@/lib/db/client.server.ts';
import { vendors } from '@/lib/db/schema.ts';
import { invalid, notFound } from '@/lib/http/errors.ts';
import { istDayStart } from '@/lib/india/ist.ts';
import { vendorKyc } from '@/features/vendors/vendors.tables.ts';
import { earningEntries, ENTRY_TYPES, type EntryType } from './earnings.tables.ts';
import { entryTypeLabel } from './earning.list.ts';
import { describeEntry } from './earning.source.server.ts';

/** `2026-11`: a month as the statement's URL names it. */
export const MONTH_PATTERN = /^(\d{4})-(0[1-9]|1[0-2])$/;

export interface StatementEntry {
  id: number;
  created_at: Date;
  type: EntryType;
  /** For a refund reversal: the type of the entry it reverses. */
  reverses_type: EntryType | null;
  order_number: string | null;
  description: string;
  amount_paise: number;
  payable_at: Date;
}

export interface WithholdingLine {
  kind: 'tcs' | 'tds';
  /** TCS: the GST head; TDS: null. */
  head: 'cgst' | 'sgst' | 'igst' | null;
  /** The head's own rate (intra-state TCS: half the whole rate). */
  rate_bp: number;
  /** The taxable value it was withheld on (deliveries of the month). */
  base_paise: number;
  withheld_paise: number;
  /** Given back by refunds this month (reversals). */
  reversed_paise: number;
  net_paise: number;
}

export interface Statement {
  vendor: { id: number; name: string; gstin: string | null; pan: string | null };
  month: string;
  /** The month's first instant and the next month's (IST midnights). */
  from: Date;
  to: Date;
  opening_paise: number;
  entries: StatementEntry[];
  /** Each type's total this month, in the ledger's order of types (types without entries left out). */
  totals: { type: EntryType; label: string; count: number; amount_paise: number }[];
  withholding: WithholdingLine[];
  closing_paise: number;
  /** Of the closing balance, what was not payable yet at the month's end. */
  pending_at_close_paise: number;
  /** The reconciliation with orders, refunds and payouts. */
  reconciliation: {
    delivered_sales_paise: number;
    refunded_sales_paise: number;
    /** Discounts the platform paid for on delivered lines, less what refunds took back (docs/money.md "Discounts"). */
    platform_discounts_paise: number;
    payouts_paise: number;
    adjustments_paise: number;
  };
}

export function monthBounds(month: string): { from: Date; to: Date } {
  const m = MONTH_PATTERN.exec(month);
  if (!m) throw invalid({ month: ['Choose a month, e.g. 2026-11.'] });
  const year = Number(m[1]);
  const mon = Number(m[2]);
  const next = mon === 12 ? `${year + 1}-01-01` : `${year}-${String(mon + 1).padStart(2, '0')}-01`;
  return { from: istDayStart(`${month}-01`), to: istDayStart(next) };
}

export async function buildStatement(db: DbOrTx, vendorId: number, month: string): Promise<Statement> {
  const { from, to } = monthBounds(month);
  const [vendor] = await db
    .select({ id: vendors.id, name: vendors.storeName, gstin: vendors.gstin, pan: vendors.pan, kycPan: vendorKyc.pan })
    .from(vendors)
    .leftJoin(vendorKyc, eq(vendorKyc.vendorId, vendors.id))
    .where(eq(vendors.id, vendorId))
    .limit(1);
  if (!vendor) throw notFound('That vendor does not exist.');
  const mine = eq(earningEntries.vendorId, vendorId);
  const [opening] = await db
    .select({ sum: sql<string>`coalesce(sum(${earningEntries.amountPaise}), 0)` })
    .from(earningEntries)
    .where(and(mine, lt(earningEntries.createdAt, from)));
  const reversed = alias(earningEntries, 'reversed');
  const rows = await db
    .select({
      id: earningEntries.id,
      createdAt: earningEntries.createdAt,
      type: earningEntries.type,
      reversesType: reversed.type,
      orderNumber: earningEntries.orderNumber,
      amountPaise: earningEntries.amountPaise,
      rateBp: earningEntries.rateBp,
      basePaise: earningEntries.basePaise,
      taxHead: earningEntries.taxHead,
      note: earningEntries.note,
      payableAt: earningEntries.payableAt,
    })
    .from(earningEntries)
    .leftJoin(reversed, eq(reversed.id, earningEntries.reversesEntryId))
    .where(and(mine, gte(earningEntries.createdAt, from), lt(earningEntries.createdAt, to)))
    .orderBy(asc(earningEntries.createdAt), asc(earningEntries.id));
  const [pendingAtClose] = await db
    .select({ sum: sql<string>`coalesce(sum(${earningEntries.amountPaise}), 0)` })
    .from(earningEntries)
    .where(and(mine, lt(earningEntries.createdAt, to), gte(earningEntries.payableAt, to)));

  const entries: StatementEntry[] = rows.map((r) => ({
    id: Number(r.id),
    created_at: r.createdAt,
    type: r.type as EntryType,
    reverses_type: (r.reversesType as EntryType | null) ?? null,
    order_number: r.orderNumber,
    description: describeEntry({ ...r, basePaise: r.basePaise === null ? null : Number(r.basePaise) }),
    amount_paise: Number(r.amountPaise),
    payable_at: r.payableAt,
  }));
  const sum = (list: StatementEntry[]) => list.reduce((a, e) => a + e.amount_paise, 0);
  const totals = ENTRY_TYPES.map((type) => {
    const of = entries.filter((e) => e.type === type);
    return { type, label: entryTypeLabel(type), count: of.length, amount_paise: sum(of) };
  }).filter((t) => t.count > 0);

  // Withholding per kind, head and rate: what deliveries withheld, less what refunds gave back.
  const withholding = new Map<string, WithholdingLine>();
  for (const r of rows) {
    const kind = (r.type === 'refund_reversal' ? r.reversesType : r.type) as string | null;
    if (kind !== 'tcs' && kind !== 'tds') continue;
    const head = (r.taxHead as WithholdingLine['head']) ?? null;
    const rate = Number(r.rateBp ?? 0);
    const headRate = head === 'cgst' || head === 'sgst' ? rate / 2 : rate;
    const key = `${kind}:${head}:${headRate}`;
    const line = withholding.get(key) ?? { kind, head, rate_bp: headRate, base_paise: 0, withheld_paise: 0, reversed_paise: 0, net_paise: 0 };
    const amount = -Number(r.amountPaise);
    if (r.type === 'refund_reversal') line.reversed_paise += -amount;
    else {
      line.withheld_paise += amount;
      line.base_paise += Number(r.basePaise ?? 0);
    }
    line.net_paise = line.withheld_paise - line.reversed_paise;
    withholding.set(key, line);
  }
  const openingPaise = Number(opening?.sum ?? 0);
  return {
    vendor: { id: vendor.id, name: vendor.name ?? `Vendor #${vendor.id}`, gstin: vendor.gstin, pan: vendor.kycPan ?? vendor.pan },
    month,
    from,
    to,
    opening_paise: openingPaise,
    entries,
    totals,
    withholding: [...withholding.values()].sort(
      (a, b) => a.kind.localeCompare(b.kind) || String(a.head).localeCompare(String(b.head)) || a.rate_bp - b.rate_bp,
    ),
    closing_paise: openingPaise + sum(entries),
    pending_at_close_paise: Number(pendingAtClose?.sum ?? 0),
    reconciliation: {
      delivered_sales_paise: sum(entries.filter((e) => e.type === 'sale')),
      refunded_sales_paise: -sum(entries.filter((e) => e.type === 'refund_reversal' && e.reverses_type === 'sale')),
      platform_discounts_paise: sum(
        entries.filter((e) => e.type === 'platform_discount' || (e.type === 'refund_reversal' && e.reverses_type === 'platform_discount')),
      ),
      payouts_paise: -sum(entries.filter((e) => e.type === 'payout')),
      adjustments_paise: sum(entries.filter((e) => e.type === 'adjustment')),
    },
  };
}
