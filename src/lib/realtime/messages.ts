/**
 * What the event stream (/api/events) sends to the browser: each SSE event's name and data. Shared
 * by the server's catalogue (src/app/realtime/catalogue.server.ts) and the browser's store
 * (src/lib/stores/realtime.ts); no server imports.
 */

/** A notification as the bell and the notifications page show it. */
export interface LiveNotification {
  id: number;
  type: string;
  title: string;
  body: string | null;
  link: string | null;
  created_at: string;
}

export interface RealtimeMessages {
  /** The counts a stream starts from (first connection, or after too long away to resume). */
  counts: { unread: number | null; badges: Record<string, number> };
  /** New notifications for this person: the bell's count now, and the new ones. */
  notifications: { unread: number; items: LiveNotification[] };
  /** The review queues' counts this person sees (the sidebar badges). */
  badges: { badges: Record<string, number> };
  /** A bulk import job moved on: its state as GET /api/products/imports/{id} answers it. */
  'import-job': { job: { id: number; vendor_id: number; status: string; phase: string; rows_read: number; rows_error: number } };
  /**
   * An order this person may see changed: its number, the status they see and its label (the order's own for
   * staff, a vendor's sub-orders' for a vendor), and the stamp of what they see (orderLiveStamp); `placed`
   * when it is new.
   */
  order: { id: number; number: string; status: string; status_label: string; stamp: string; placed: boolean };
}

export type RealtimeMessageName = keyof RealtimeMessages;
export const REALTIME_MESSAGE_NAMES = ['counts', 'notifications', 'badges', 'import-job', 'order'] as const satisfies readonly RealtimeMessageName[];
