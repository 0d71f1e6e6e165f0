/**
 * Publishing a realtime event (docs/decisions/038-realtime-events.md): one row in realtime_events,
 * written in the transaction of the change it tells of, so the event exists exactly when the change
 * does. It carries ids only; every server loads the records and checks, for each of its streams,
 * that the person may see them before sending anything (src/lib/realtime/hub.server.ts).
 *
 * At commit the row gets its public id (`seq`, in commit order) and a NOTIFY wakes every server:
 * PostgreSQL's LISTEN/NOTIFY across servers, the embedded database's own in one process.
 */
import type { DbOrTx } from '../db/client.server.ts';
import { realtimeEvents } from '../db/schema.ts';

/**
 * The catalogue of events and the ids each carries. A new kind is a line here and its delivery
 * (who may see it, what is sent) in the app's catalogue (src/app/realtime/catalogue.server.ts):
 * its type requires one delivery per kind, so `npm run check` fails while one is missing.
 */
export interface RealtimePayloads {
  /** New notifications for one user (the bell: its count and the newest). */
  'notification.created': { user: number; ids: number[] };
  /** A review queue changed (a vendor or a product entered or left it): staff badges. */
  'approvals.changed': { area: 'vendors' | 'products' | 'reviews' };
  /** A bulk import job moved on (a batch committed, finished, failed). */
  'import-job.progress': { job: number };
  /** An order was placed or one of its sub-orders moved: the vendors' and staff's open views of it. */
  'order.changed': { order: number };
  /** Sessions ended (written by a trigger on sessions, migration 0017): their streams close. */
  'session.ended': { sessions: string[] };
}

export type RealtimeKind = keyof RealtimePayloads;

export const REALTIME_CHANNEL = 'bo_realtime';

export async function publish<K extends RealtimeKind>(db: DbOrTx, kind: K, payload: RealtimePayloads[K]): Promise<void> {
  await db.insert(realtimeEvents).values({ kind, payload });
}
