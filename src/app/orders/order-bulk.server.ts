/**
 * Bulk confirm and pack from Pending Orders (the DataTable's "Set status…" on the selected rows or
 * on every row matching the list's filter): each sub-order moves in its own transaction, exactly
 * as one move from its details page (moveSubOrder: compare-and-set, timeline, activity,
 * notifications), at the version it has now. What can't move (another state, or a vendor's other
 * rows, which a vendor's list never holds) is named in the answer; nothing moved at all is a 409.
 */
import { and, eq, inArray } from 'drizzle-orm';
import type { DbOrTx } from '@/lib/db/client.server.ts';
import type { RequestScope } from '@/lib/areas/resource.server.ts';
import type { BulkTarget } from '@/lib/areas/area-schemas.ts';
import { conflict, HttpError, invalid } from '@/lib/http/errors.ts';
import type { ListSource } from '@/lib/areas/read-only-list.server.ts';
import { subOrders } from '@/features/orders/orders.tables.ts';
import { moverKindOf, vendorOf } from '@/features/orders/order-details.server.ts';
import { TRANSITIONS } from '@/features/orders/order-status.ts';
import { moveSubOrder } from './order-transitions.server.ts';

/** The statuses "Set status…" offers on Pending Orders, and the move each one is. */
export const BULK_MOVES = { confirmed: 'confirm', packed: 'pack' } as const;

/** At most this many rows move in one request (the list's filter may match more: send it again). */
export const MAX_BULK_MOVES = 1000;

/** A bulk call's rows as parsed: the selected ids, or the list's search and filters. */
export type BulkRows = Partial<BulkTarget & { ids: number[] }> & { filter?: Extract<BulkTarget, { filter: unknown }>['filter'] };

/**
 * The sub-order ids a bulk call names: the ids as sent, or every row of the list (the vendor's own)
 * matching the filter, in the list's order, read page by page until more than `limit` are found
 * (the caller refuses or trims past it).
 */
export async function selectedSubOrderIds(db: DbOrTx, scope: RequestScope, source: ListSource, target: BulkRows, limit: number): Promise<number[]> {
  if (target.ids) return target.ids;
  if (!target.filter) throw invalid({ ids: ['Select at least one row.'] });
  const ids: number[] = [];
  const query = source.parseListQuery({ per_page: '100', ...(target.filter.q ? { q: target.filter.q } : {}) });
  query.filters = target.filter.filters ?? {};
  let cursor: string | undefined;
  do {
    const page = await source.list(db, scope, { ...query, ...(cursor ? { cursor } : {}) });
    ids.push(...page.data.map((r) => r.id));
    cursor = page.meta.next_cursor ?? undefined;
  } while (cursor && ids.length <= limit);
  return ids;
}

export async function bulkMove(db: DbOrTx, scope: RequestScope, source: ListSource, target: BulkRows, status: string) {
  if (!Object.hasOwn(BULK_MOVES, status)) throw invalid({ status: ['Choose Confirmed or Packed.'] });
  const action = BULK_MOVES[status as keyof typeof BULK_MOVES];
  const kind = moverKindOf(scope.principal);
  if (!kind) throw new HttpError(403, 'Moving orders needs the orders:update permission.');

  // The rows named: the ids as sent, or (at most MAX_BULK_MOVES of) every row matching the filter.
  const named = await selectedSubOrderIds(db, scope, source, target, MAX_BULK_MOVES);
  const ids = target.ids ? named : named.slice(0, MAX_BULK_MOVES);
  const vendorId = vendorOf(scope.principal);
  const rows = ids.length
    ? await db
        .select({ id: subOrders.id, orderId: subOrders.orderId, number: subOrders.number, version: subOrders.version })
        .from(subOrders)
        .where(and(inArray(subOrders.id, ids), vendorId === null ? undefined : eq(subOrders.vendorId, vendorId)))
    : [];
  const mover = { kind, vendorId, userId: scope.principal.user.id, label: scope.principal.user.name, actor: scope.actor };
  const moved: string[] = [];
  const refused: string[] = [];
  for (const row of rows.sort((a, b) => a.id - b.id)) {
    try {
      await moveSubOrder(db, mover, row.orderId, row.id, { action, version: row.version });
      moved.push(row.number);
    } catch (e) {
      if (!(e instanceof HttpError) || e.status >= 500) throw e;
      refused.push(`${row.number}: ${e.message}`);
    }
  }
  const missing = ids.length - rows.length;
  const verb = TRANSITIONS[action].label.toLowerCase();
  if (!moved.length) {
    throw conflict(
      refused.length ? `None could be moved. ${refused.slice(0, 5).join(' ')}` : `None of the selected orders is yours to ${verb}.`,
      refused.length ? { ids: refused.slice(0, 20) } : undefined,
    );
  }
  const notes = [...(refused.length ? [`${refused.length} not: ${refused.slice(0, 3).join(' ')}`] : []), ...(missing ? [`${missing} not found`] : [])];
  return {
    message: `${moved.length} ${moved.length === 1 ? 'order' : 'orders'} ${status}.${notes.length ? ` ${notes.join('; ')}` : ''}`,
    count: moved.length,
  };
}
