/**
 * The earnings list on the server: ledger entries joined to their vendor, on the one list contract
 * (paging, sorts, filters, search, 422s, keyset cursor). A vendor's own entries only: the CASL rules
 * of `accountings:earning-list` carry their vendor id (VENDOR_OWNED), turned into the WHERE clause.
 * Each sort is an index range: (created_at, id), (vendor_id, created_at, id), (type, created_at, id).
 */
import { eq, getTableColumns, sql, type SQL } from 'drizzle-orm';
import { vendors } from '@/lib/db/schema.ts';
import { defineReadOnlyList } from '@/lib/areas/read-only-list.server.ts';
import { abilityOf, accessibleWhere } from '@/lib/permissions/scope.server.ts';
import type { Principal } from '@/lib/auth/principal.server.ts';
import { formatPaise } from '@/lib/money/paise.ts';
import { now } from '@/lib/time/clock.server.ts';
import { formatBasisPoints } from '@/lib/money/rate.ts';
import { earningEntries, ENTRY_TYPES } from './earnings.tables.ts';
import { earningList } from './earning.list.ts';

export interface EarningRow extends Record<string, unknown> {
  id: number;
  vendorId: number;
  vendorName: string | null;
  type: string;
  orderId: number | null;
  subOrderId: number | null;
  orderLineId: number | null;
  orderNumber: string | null;
  amountPaise: number;
  rateBp: number | null;
  basePaise: number | null;
  taxHead: string | null;
  reversesEntryId: number | null;
  payableAt: Date;
  createdAt: Date;
  note: string | null;
  actorName: string | null;
  payoutId: number | null;
}

const selection = {
  id: earningEntries.id,
  vendorId: earningEntries.vendorId,
  vendorName: vendors.storeName,
  type: earningEntries.type,
  orderId: earningEntries.orderId,
  subOrderId: earningEntries.subOrderId,
  orderLineId: earningEntries.orderLineId,
  orderNumber: earningEntries.orderNumber,
  amountPaise: earningEntries.amountPaise,
  rateBp: earningEntries.rateBp,
  basePaise: earningEntries.basePaise,
  taxHead: earningEntries.taxHead,
  reversesEntryId: earningEntries.reversesEntryId,
  payableAt: earningEntries.payableAt,
  createdAt: earningEntries.createdAt,
  note: earningEntries.note,
  actorName: earningEntries.actorName,
  payoutId: earningEntries.payoutId,
};

/** 1250 bp → "12.5 %", 25 → "0.25 %". */

/**
 * What the entry applied, in a line (its type has a column of its own): the GST head, the rate and
 * what it was applied to, the reason. Empty for a sale.
 */
export function describeEntry(r: Pick<EarningRow, 'rateBp' | 'basePaise' | 'taxHead' | 'note'>): string {
  // An intra-state TCS head is half the whole rate.
  const rate = r.rateBp === null ? null : r.taxHead === 'cgst' || r.taxHead === 'sgst' ? r.rateBp / 2 : r.rateBp;
  const applied = rate !== null && r.basePaise !== null ? `${formatBasisPoints(rate)} of ${formatPaise(r.basePaise)}` : '';
  return [r.taxHead?.toUpperCase() ?? '', applied, r.note ?? ''].filter(Boolean).join(' · ');
}

export function serializeEarningRow(r: EarningRow, at: Date = now()) {
  const payableAt = r.payableAt instanceof Date ? r.payableAt : new Date(String(r.payableAt));
  return {
    id: Number(r.id),
    vendor_id: r.vendorId,
    vendor_name: r.vendorName,
    type: r.type,
    order_id: r.orderId,
    sub_order_id: r.subOrderId,
    order_line_id: r.orderLineId,
    order_number: r.orderNumber,
    amount_paise: Number(r.amountPaise),
    rate_bp: r.rateBp,
    base_paise: r.basePaise === null ? null : Number(r.basePaise),
    tax_head: r.taxHead,
    reverses_entry_id: r.reversesEntryId === null ? null : Number(r.reversesEntryId),
    payable_at: payableAt.toISOString(),
    created_at: (r.createdAt instanceof Date ? r.createdAt : new Date(String(r.createdAt))).toISOString(),
    note: r.note,
    actor_name: r.actorName,
    payout_id: r.payoutId === null ? null : Number(r.payoutId),
    state: r.payoutId !== null ? 'paid' : payableAt > at ? 'pending' : 'payable',
    description: describeEntry(r),
  };
}

/** The entries `principal` may read: a vendor's own (their earning-list rule's condition), staff all. */
export const earningScope = (principal: Principal | null): SQL | undefined =>
  accessibleWhere(abilityOf(principal), 'earning-list', 'accountings', getTableColumns(earningEntries));

const escapeLike = (v: string) => v.replace(/[\\%_]/g, (c) => `\\${c}`);

export const earningSource = defineReadOnlyList<EarningRow>({
  area: earningList,
  table: earningEntries,
  tableName: 'earning_entries',
  selection,
  // eslint-disable-next-line @typescript-eslint/no-explicit-any
  joins: (q: any) => q.innerJoin(vendors, eq(vendors.id, earningEntries.vendorId)),
  columns: {
    id: { column: earningEntries.id, kind: 'number', filterable: true },
    created_at: { column: earningEntries.createdAt, kind: 'date', sortable: true, filterable: true },
    vendor_name: { column: vendors.storeName, kind: 'text', filterable: true },
    vendor_id: { column: earningEntries.vendorId, kind: 'number', filterable: true },
    type: { column: earningEntries.type, kind: 'enum', filterable: true, options: [...ENTRY_TYPES] },
    order_number: { column: earningEntries.orderNumber, kind: 'text', filterable: true },
    order_id: { column: earningEntries.orderId, kind: 'number', filterable: true },
    sub_order_id: { column: earningEntries.subOrderId, kind: 'number', filterable: true },
    amount_paise: { column: earningEntries.amountPaise, kind: 'number', sortable: true, filterable: true },
    payable_at: { column: earningEntries.payableAt, kind: 'date', sortable: true, filterable: true },
    payout_id: { column: earningEntries.payoutId, kind: 'number', filterable: true },
  },
  searchColumns: [earningEntries.orderNumber],
  // An order number, or its start ("OD-2026-0001"): an index range on lower(order_number), never a scan.
  search: (q, bind) => sql`lower(${earningEntries.orderNumber}) like ${bind(`${escapeLike(q.trim().toLowerCase())}%`)}`,
  serialize: (r) => serializeEarningRow(r),
  scope: (s) => earningScope(s.principal),
});
