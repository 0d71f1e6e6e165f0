/**
 * The payouts list on the server: payouts joined to their vendor, on the one list contract (paging,
 * sorts, filters, search, 422s, keyset cursor). A vendor's own payouts only: the CASL rules of
 * `accountings:payouts-list` carry their vendor id (VENDOR_OWNED), turned into the WHERE clause.
 */
import { eq, getTableColumns, sql, type SQL } from 'drizzle-orm';
import { vendors } from '@/lib/db/schema.ts';
import { defineReadOnlyList } from '@/lib/areas/read-only-list.server.ts';
import { abilityOf, accessibleWhere } from '@/lib/permissions/scope.server.ts';
import type { Principal } from '@/lib/auth/principal.server.ts';
import { payouts, PAYOUT_SOURCES, PAYOUT_STATUSES } from './payouts.tables.ts';
import { payoutList } from './payout.list.ts';

const selection = {
  ...getTableColumns(payouts),
  vendorName: vendors.storeName,
};

export type PayoutListRow = typeof payouts.$inferSelect & { vendorName: string | null };

const iso = (d: Date | string | null) => (d === null ? null : (d instanceof Date ? d : new Date(String(d))).toISOString());

/** A payout as the API answers it (never the account number: its last four digits). */
export function serializePayout(r: PayoutListRow) {
  return {
    id: Number(r.id),
    number: r.number,
    vendor_id: r.vendorId,
    vendor_name: r.vendorName,
    amount_paise: Number(r.amountPaise),
    up_to: iso(r.upTo),
    status: r.status,
    source: r.source,
    cycle: r.cycle,
    cycle_on: r.cycleOn,
    entries_count: r.entriesCount,
    account_holder_name: r.accountHolderName,
    bank_account: `XXXX${r.bankAccountLast4}`,
    ifsc: r.ifsc,
    created_by_name: r.createdByName,
    approved_by_name: r.approvedByName,
    approved_at: iso(r.approvedAt),
    paid_by_name: r.paidByName,
    utr: r.utr,
    paid_on: r.paidOn,
    reason: r.reason,
    batch_ref: r.batchRef,
    created_at: iso(r.createdAt),
    updated_at: iso(r.updatedAt),
    version: r.version,
  };
}

/** The payouts `principal` may read: a vendor's own (their payouts-list rule's condition), staff all. */
export const payoutScope = (principal: Principal | null): SQL | undefined =>
  accessibleWhere(abilityOf(principal), 'payouts-list', 'accountings', getTableColumns(payouts));

const escapeLike = (v: string) => v.replace(/[\\%_]/g, (c) => `\\${c}`);

export const payoutSource = defineReadOnlyList<PayoutListRow>({
  area: payoutList,
  table: payouts,
  tableName: 'payouts',
  selection,
  // eslint-disable-next-line @typescript-eslint/no-explicit-any
  joins: (q: any) => q.innerJoin(vendors, eq(vendors.id, payouts.vendorId)),
  columns: {
    id: { column: payouts.id, kind: 'number', filterable: true },
    number: { column: payouts.number, kind: 'text', sortable: true, filterable: true },
    created_at: { column: payouts.createdAt, kind: 'date', sortable: true, filterable: true },
    vendor_name: { column: vendors.storeName, kind: 'text', filterable: true },
    vendor_id: { column: payouts.vendorId, kind: 'number', filterable: true },
    amount_paise: { column: payouts.amountPaise, kind: 'number', sortable: true, filterable: true },
    status: { column: payouts.status, kind: 'enum', sortable: true, filterable: true, options: [...PAYOUT_STATUSES] },
    source: { column: payouts.source, kind: 'enum', filterable: true, options: [...PAYOUT_SOURCES] },
    utr: { column: payouts.utr, kind: 'text', filterable: true },
    batch_ref: { column: payouts.batchRef, kind: 'text', filterable: true },
  },
  searchColumns: [payouts.number, payouts.utr],
  // A payout number (PO-000123, or its start) or a UTR.
  search: (q, bind) => {
    const v = `${escapeLike(q.trim().toUpperCase())}%`;
    return sql`(${payouts.number} like ${bind(v)} or ${payouts.utr} like ${bind(v)})`;
  },
  serialize: (r) => serializePayout(r),
  scope: (s) => payoutScope(s.principal),
});
