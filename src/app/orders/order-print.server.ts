/**
 * "Print invoices and labels" on the order lists (issue 17 §2, decision 041): the selected
 * sub-orders, or every one matching the list's filter, as one PDF with each parcel's tax invoice
 * and then its shipping label. A parcel that hasn't shipped has neither and is skipped (counted on
 * a first page and in the answer's `Print-Summary` header); one that shipped before invoices
 * existed gets its label alone. A vendor prints only their own: another vendor's rows count as
 * not found. At most MAX_PRINT parcels at once (422 beyond): a batch is built in memory.
 */
import { and, inArray, eq } from 'drizzle-orm';
import type { DbOrTx } from '@/lib/db/client.server.ts';
import type { RequestScope } from '@/lib/areas/resource.server.ts';
import type { ListSource } from '@/lib/areas/read-only-list.server.ts';
import { invalid, notFound } from '@/lib/http/errors.ts';
import { vendorScope } from '@/lib/permissions/scope.server.ts';
import { toIstIso } from '@/lib/india/ist.ts';
import { subOrders } from '@/features/orders/orders.tables.ts';
import { taxDocuments } from '@/features/invoices/invoices.tables.ts';
import { documentsWithLines, shippingLabels } from '@/features/invoices/document-read.server.ts';
import { printBatchPdf, type PrintItem } from '@/features/invoices/pdf/render.server.ts';
import { selectedSubOrderIds, type BulkRows } from './order-bulk.server.ts';

/** The most parcels one print takes. */
export const MAX_PRINT = 500;

export interface PrintBatch {
  bytes: Buffer;
  fileName: string;
  printed: number;
  skipped: number;
  /** One line for people: what was printed and what was not. */
  summary: string;
}

const plural = (n: number, one: string, many: string) => `${n} ${n === 1 ? one : many}`;

export async function printInvoicesAndLabels(db: DbOrTx, scope: RequestScope, source: ListSource, target: BulkRows): Promise<PrintBatch> {
  const ids = await selectedSubOrderIds(db, scope, source, target, MAX_PRINT);
  if (ids.length > MAX_PRINT) {
    throw invalid({
      [target.ids ? 'ids' : 'filter']: [
        `At most ${MAX_PRINT} orders can be printed at once${target.ids ? `: ${ids.length} are selected` : ': more than that match the filter'}. Narrow the filter or select fewer.`,
      ],
    });
  }
  const unique = [...new Set(ids)];
  if (!unique.length) throw invalid({ filter: ['No order matches the search and filters.'] });
  const subs = unique.length
    ? await db
        .select({ id: subOrders.id, number: subOrders.number })
        .from(subOrders)
        .where(and(inArray(subOrders.id, unique), vendorScope(scope.principal, 'orders', subOrders, 'view')))
    : [];
  subs.sort((a, b) => a.id - b.id);
  const invoiceIds = subs.length
    ? await db
        .select({ id: taxDocuments.id, subOrderId: taxDocuments.subOrderId })
        .from(taxDocuments)
        .where(
          and(
            inArray(
              taxDocuments.subOrderId,
              subs.map((s) => s.id),
            ),
            eq(taxDocuments.kind, 'invoice'),
          ),
        )
    : [];
  const invoices = await documentsWithLines(
    db,
    invoiceIds.map((i) => i.id),
  );
  const labels = await shippingLabels(
    db,
    scope.principal,
    subs.map((s) => s.id),
  );

  const items: PrintItem[] = [];
  const notShipped: string[] = [];
  for (const sub of subs) {
    const invoiceId = invoiceIds.find((i) => i.subOrderId === sub.id)?.id;
    const item: PrintItem = { invoice: invoiceId ? invoices.get(invoiceId) : undefined, label: labels.get(sub.id) };
    if (item.invoice || item.label) items.push(item);
    else notShipped.push(sub.number);
  }
  const missing = unique.length - subs.length;
  // Rows that aren't there, or are another vendor's, read as missing: a 404, like one such order.
  if (!subs.length) throw notFound(unique.length === 1 ? 'That order does not exist.' : 'None of the selected orders exists.');
  if (!items.length) {
    throw invalid({
      ids: [
        `Nothing to print: ${notShipped.length === 1 ? 'the selected order has' : `none of the ${notShipped.length} selected orders has`} shipped yet. The invoice and the label are made when a parcel ships.`,
      ],
    });
  }
  const why = [
    ...(notShipped.length ? [`${plural(notShipped.length, 'has', 'have')} not shipped yet (no invoice or label until it ships)`] : []),
    ...(missing ? [`${plural(missing, 'was', 'were')} not found`] : []),
  ].join('; ');
  const skipped = notShipped.length + missing;
  const bytes = await printBatchPdf('Invoices and shipping labels', items, { count: skipped, numbers: notShipped.slice(0, 100), why: `${why}.` });
  return {
    bytes,
    fileName: `invoices-and-labels-${toIstIso(new Date()).slice(0, 16).replace(/[T:]/g, '-')}.pdf`,
    printed: items.length,
    skipped,
    summary: `${plural(items.length, 'order', 'orders')} printed${skipped ? `; ${skipped} not: ${why}` : ''}.`,
  };
}
