/**
 * The app's realtime catalogue: for each event kind (src/lib/realtime/publish.server.ts), who among
 * the streams open on this server may see it and what each receives. Every delivery loads what the
 * event's ids name itself and checks each stream's person: the event row is never trusted to say
 * who may see it.
 *
 * Adding a kind: its ids in RealtimePayloads, a delivery here (load the record; keep the streams whose person may
 * see it, as its API would: the permission and, for a vendor, their own vendor only), its message in
 * src/lib/realtime/messages.ts, and a `publish()` in the transaction of the change.
 */
import { and, desc, eq, inArray } from 'drizzle-orm';
import type { Db } from '@/lib/db/client.server.ts';
import { notifications } from '@/lib/db/schema.ts';
import type { Outgoing, RealtimeCatalogue, Subscriber } from '@/lib/realtime/hub.server.ts';
import type { LiveNotification, RealtimeMessages } from '@/lib/realtime/messages.ts';
import { wakeMailWorker } from '@/lib/notifications/mail-worker.server.ts';
import { unreadNotificationCount } from '@/lib/notifications/unread.server.ts';
import { productImportJobs } from '@/features/products/product-import.tables.ts';
import { importJobView } from '@/features/products/product-import-jobs.server.ts';
import { liveShellCounts } from '@/app/shell.server.ts';
import { orders, subOrders } from '@/features/orders/orders.tables.ts';
import { deriveOrderStatus, orderLiveStamp, statusLabel } from '@/features/orders/order-status.ts';

/** New notifications in one event: at most this many are sent (the bell's list shows the newest). */
const ITEMS_MAX = 20;

const message = <N extends keyof RealtimeMessages>(event: N, data: RealtimeMessages[N]): Outgoing => ({ event, data });

/** Vendors see their own vendor's records only; staff see every vendor's (with the permission). */
function seesVendor(subscriber: Subscriber, vendorId: number): boolean {
  const user = subscriber.principal.user;
  if (user.userType === 'staff') return true;
  return user.userType === 'vendor' && subscriber.principal.vendor?.id === vendorId;
}

export const realtimeCatalogue: RealtimeCatalogue = {
  deliveries: {
    /** The recipient's own streams only (while impersonating, the impersonated user's bell). */
    async 'notification.created'(db, payload, subscribers) {
      const out = new Map<Subscriber, Outgoing>();
      const userId = Number(payload.user);
      const mine = subscribers.filter((s) => s.principal.user.id === userId && s.can('notifications:list'));
      if (!mine.length || !Number.isSafeInteger(userId)) return out;
      const ids = (Array.isArray(payload.ids) ? payload.ids : []).map(Number).filter(Number.isSafeInteger).slice(0, ITEMS_MAX);
      const rows = ids.length
        ? await db
            .select({
              id: notifications.id,
              type: notifications.type,
              title: notifications.title,
              body: notifications.body,
              link: notifications.link,
              createdAt: notifications.createdAt,
            })
            .from(notifications)
            .where(and(inArray(notifications.id, ids), eq(notifications.userId, userId)))
            .orderBy(desc(notifications.id))
        : [];
      const unread = await unreadNotificationCount(db, userId);
      const items: LiveNotification[] = rows.map((r) => ({
        id: r.id,
        type: r.type,
        title: r.title,
        body: r.body,
        link: r.link,
        created_at: r.createdAt.toISOString(),
      }));
      for (const s of mine) out.set(s, message('notifications', { unread, items }));
      return out;
    },

    /** Staff who hold the badge's permission: the counts their sidebar shows. */
    async 'approvals.changed'(_db, _payload, subscribers) {
      const out = new Map<Subscriber, Outgoing>();
      const staff = subscribers.filter(
        (s) => s.principal.user.userType === 'staff' && (s.can('vendors:approve') || s.can('products:approve') || s.can('reviews:update')),
      );
      // Streams with the same permissions see the same counts: read once per set.
      const byRights = new Map<string, Subscriber[]>();
      for (const s of staff) {
        const key = `${s.can('vendors:approve')}:${s.can('products:approve')}:${s.can('reviews:update')}`;
        byRights.set(key, [...(byRights.get(key) ?? []), s]);
      }
      for (const group of byRights.values()) {
        const first = group[0]!;
        const { badges } = await liveShellCounts(first.principal, first.can);
        if (!Object.keys(badges).length) continue;
        for (const s of group) out.set(s, message('badges', { badges }));
      }
      return out;
    },

    /** Whoever may import products and see the job's vendor: the vendor's own people, and staff. */
    async 'import-job.progress'(db, payload, subscribers) {
      const out = new Map<Subscriber, Outgoing>();
      const jobId = Number(payload.job);
      const allowed = subscribers.filter((s) => s.can('products:import'));
      if (!allowed.length || !Number.isSafeInteger(jobId)) return out;
      const [job] = await db.select().from(productImportJobs).where(eq(productImportJobs.id, jobId)).limit(1);
      if (!job) return out;
      const view = importJobView(job);
      for (const s of allowed) if (seesVendor(s, job.vendorId)) out.set(s, message('import-job', { job: view }));
      return out;
    },

    /**
     * Whoever may open the order: staff with orders:view see it whole; a vendor with orders:view sees it
     * when one of its sub-orders is theirs, and only their sub-orders' status and stamp (as their
     * details page shows them).
     */
    async 'order.changed'(db, payload, subscribers) {
      const out = new Map<Subscriber, Outgoing>();
      const orderId = Number(payload.order);
      const allowed = subscribers.filter((s) => s.can('orders:view'));
      if (!allowed.length || !Number.isSafeInteger(orderId)) return out;
      const [order] = await db.select({ id: orders.id, number: orders.number, status: orders.status }).from(orders).where(eq(orders.id, orderId)).limit(1);
      if (!order) return out;
      const subs = await db
        .select({ id: subOrders.id, vendorId: subOrders.vendorId, status: subOrders.status, version: subOrders.version, number: subOrders.number })
        .from(subOrders)
        .where(eq(subOrders.orderId, orderId));
      const placed = subs.every((s) => s.status === 'placed' && s.version === 1);
      for (const s of allowed) {
        const user = s.principal.user;
        const seen = user.userType === 'staff' ? subs : subs.filter((sub) => seesVendor(s, sub.vendorId));
        if (!seen.length) continue;
        const status = user.userType === 'staff' ? order.status : deriveOrderStatus(seen.map((sub) => sub.status));
        out.set(s, message('order', { id: order.id, number: order.number, status, status_label: statusLabel(status), stamp: orderLiveStamp(seen), placed }));
      }
      return out;
    },
  },

  async snapshot(_db: Db, subscriber) {
    const { unread, badges } = await liveShellCounts(subscriber.principal, subscriber.can);
    return message('counts', { unread: subscriber.can('notifications:list') ? unread : null, badges });
  },

  onEvent(kind) {
    // A committed notification may be one to mail: this server's worker looks (one server sends it).
    if (kind === 'notification.created') wakeMailWorker();
  },
};
