/**
 * The realtime hub of one server (docs/decisions/038-realtime-events.md): the open event streams
 * (/api/events, one per signed-in tab), and the events committed by any server, delivered to each
 * stream whose person may see them.
 *
 * - Events are rows of realtime_events, numbered at commit in commit order (`seq`). The hub reads
 *   them in that order (`seq > cursor`), woken by NOTIFY: PostgreSQL's LISTEN on one dedicated
 *   connection per server (opened again when it drops), PGlite's in this process. It also reads
 *   every POLL_MS, in case a notification was lost while the connection was down.
 * - Events carry ids only. For each event, the app's catalogue (src/app/realtime/catalogue.server.ts)
 *   loads what they name and decides, per stream, whether its person may see it and what to send.
 * - Each message carries `seq` as its SSE id. A browser that reconnects sends it back as
 *   Last-Event-ID and gets what it missed, if it is still kept (RETENTION_MINUTES); otherwise, or on a
 *   first connection, it gets a snapshot of the counts it shows.
 * - Every REALTIME_HEARTBEAT_SECONDS a comment line keeps proxies from closing an idle stream, and
 *   every stream's session is checked: deleted (sign-out, sign out everywhere, deactivation, a
 *   password change: those also close the stream at once, through the `session.ended` event a
 *   trigger writes), idle or past its end, or now impersonating someone else, the stream closes.
 *   A stream also closes after MAX_STREAM_MINUTES, so the browser reconnects (with its
 *   Last-Event-ID, losing nothing) and the person's permissions are read afresh.
 */
import { asc, gt, inArray, lt, max, min, sql } from 'drizzle-orm';
import type { Database, Db } from '@/lib/db/client.server.ts';
import { realtimeEvents, sessions, users } from '@/lib/db/schema.ts';
import type { Principal } from '@/lib/auth/principal.server.ts';
import { isSessionLive } from '@/lib/auth/session.server.ts';
import { REALTIME_CHANNEL, type RealtimeKind, type RealtimePayloads } from './publish.server.ts';

/** How long events are kept for streams that reconnect. */
export const RETENTION_MINUTES = 10;
const POLL_MS = 30_000;
const PRUNE_MS = 60_000;
const READ_BATCH = 500;
/** A stream ends after this long (plus up to a minute, so a server's streams don't all reconnect at once). */
const MAX_STREAM_MINUTES = 15;
/** Open streams per session: more is a loop or an abuse, not tabs. */
export const MAX_STREAMS_PER_SESSION = 20;
/** A stream whose reader fell this far behind is closed (it reconnects and resumes). */
const MAX_QUEUED_BYTES = 1 << 20;

/** What a stream sends: an SSE event with its name and JSON data. */
export interface Outgoing {
  event: string;
  data: unknown;
}

export interface Subscriber {
  readonly id: number;
  readonly sessionId: string;
  readonly impersonatedUserId: number | null;
  /** Whom the stream shows (the impersonated user while impersonating). */
  readonly principal: Principal;
  can(permission: string): boolean;
}

/** An event's delivery: given the streams open on this server, what each that may see it receives. */
export type Delivery<K extends RealtimeKind> = (db: Db, payload: RealtimePayloads[K], subscribers: readonly Subscriber[]) => Promise<Map<Subscriber, Outgoing>>;

export interface RealtimeCatalogue {
  deliveries: { [K in Exclude<RealtimeKind, 'session.ended'>]: Delivery<K> };
  /** The counts a stream starts from (first connection, or too late to resume). */
  snapshot(db: Db, subscriber: Subscriber): Promise<Outgoing | null>;
  /** Called once per committed event on every server (e.g. to wake the mail worker). */
  onEvent?(kind: RealtimeKind): void;
}

interface Log {
  warn(details: object, message: string): void;
  error(details: object, message: string): void;
}

interface EventRow {
  seq: number;
  kind: string;
  payload: unknown;
}

class Stream implements Subscriber {
  readonly id: number;
  /** Events dispatched while this stream replays what it missed: delivered once the replay is done. */
  pending: EventRow[] | null = null;
  closed = false;
  readonly endsAt: number;
  constructor(
    id: number,
    readonly sessionId: string,
    readonly impersonatedUserId: number | null,
    readonly principal: Principal,
    readonly can: (permission: string) => boolean,
    private readonly controller: ReadableStreamDefaultController<Uint8Array>,
    private readonly onClose: (stream: Stream) => void,
  ) {
    this.id = id;
    this.endsAt = Date.now() + MAX_STREAM_MINUTES * 60_000 + Math.floor(Math.random() * 60_000);
  }
  write(text: string): void {
    if (this.closed) return;
    try {
      this.controller.enqueue(encoder.encode(text));
      if ((this.controller.desiredSize ?? 0) < -MAX_QUEUED_BYTES) this.close();
    } catch {
      this.close();
    }
  }
  send(message: Outgoing, seq: number | null): void {
    this.write(formatEvent(message, seq));
  }
  /** Ends the stream; `ended` tells the browser not to reconnect (its session is over). */
  close(ended = false): void {
    if (this.closed) return;
    if (ended) this.write(formatEvent({ event: 'end', data: { reason: 'session-ended' } }, null));
    this.closed = true;
    try {
      this.controller.close();
    } catch {
      /* already closed or cancelled by the client */
    }
    this.onClose(this);
  }
}

const encoder = new TextEncoder();

/** One SSE event: `id:` (when given), `event:`, and the JSON on one `data:` line (JSON has no raw newlines). */
export function formatEvent(message: Outgoing, seq: number | null): string {
  return `${seq === null ? '' : `id: ${seq}\n`}event: ${message.event}\ndata: ${JSON.stringify(message.data)}\n\n`;
}

interface Hub {
  db: Db;
  catalogue: RealtimeCatalogue;
  log: Log;
  cursor: number;
  streams: Set<Stream>;
  pumping: Promise<void> | undefined;
  again: boolean;
  stopListening: () => Promise<void>;
  timers: ReturnType<typeof setInterval>[];
  nextId: number;
  stopped: boolean;
}

let hub: Hub | undefined;

/** Starts this server's hub: reads from the newest event on, listens for new ones, prunes old ones. */
export async function startRealtime(database: Database, catalogue: RealtimeCatalogue, log: Log, heartbeatSeconds: number): Promise<void> {
  if (hub) return;
  const [row] = await database.db.select({ seq: max(realtimeEvents.seq) }).from(realtimeEvents);
  const h: Hub = {
    db: database.db,
    catalogue,
    log,
    cursor: Number(row?.seq ?? 0),
    streams: new Set(),
    pumping: undefined,
    again: false,
    stopListening: async () => {},
    timers: [],
    nextId: 1,
    stopped: false,
  };
  hub = h;
  h.stopListening = await database.listen(REALTIME_CHANNEL, {
    notify: () => pump(h),
    connected: () => pump(h),
    error: (err) => log.warn({ err }, 'realtime: the listening connection dropped; opening it again'),
  });
  h.timers.push(setInterval(() => pump(h), POLL_MS));
  h.timers.push(setInterval(() => void prune(h), PRUNE_MS));
  h.timers.push(setInterval(() => void heartbeat(h), heartbeatSeconds * 1000));
  for (const timer of h.timers) timer.unref();
}

/** Closes every stream (the browsers reconnect to another server), stops listening and waits for the delivery under way. */
export async function stopRealtime(): Promise<void> {
  const h = hub;
  if (!h) return;
  h.stopped = true;
  for (const timer of h.timers) clearInterval(timer);
  for (const stream of [...h.streams]) stream.close();
  await h.stopListening().catch(() => {});
  await h.pumping;
  hub = undefined;
}

/** Streams open on this server (the health of a server, and tests). */
export function openStreamCount(): number {
  return hub?.streams.size ?? 0;
}

export class StreamRefused extends Error {
  constructor(
    readonly status: number,
    message: string,
  ) {
    super(message);
  }
}

export interface StreamRequest {
  sessionId: string;
  impersonatedUserId: number | null;
  principal: Principal;
  can(permission: string): boolean;
  /** The Last-Event-ID the browser sent back (already checked to be a whole number), or null. */
  lastEventId: number | null;
  /** Aborted when the client goes away. */
  signal: AbortSignal;
}

/** Opens a stream: the body of the /api/events answer. */
export function openStream(request: StreamRequest): ReadableStream<Uint8Array> {
  const h = hub;
  if (!h || h.stopped) throw new StreamRefused(503, 'Live updates are not available right now; the page works without them.');
  let perSession = 0;
  for (const s of h.streams) if (s.sessionId === request.sessionId) perSession++;
  if (perSession >= MAX_STREAMS_PER_SESSION) throw new StreamRefused(429, 'Too many live update streams are open for this sign-in; close some tabs.');
  let stream: Stream | undefined;
  const body = new ReadableStream<Uint8Array>(
    {
      start(controller) {
        stream = new Stream(h.nextId++, request.sessionId, request.impersonatedUserId, request.principal, request.can, controller, (s) => h.streams.delete(s));
        // The first bytes send the headers at once (the browser's EventSource opens) and set how
        // soon it reconnects after a drop.
        stream.write('retry: 3000\n\n');
        h.streams.add(stream);
        void begin(h, stream, request.lastEventId);
      },
      cancel() {
        stream?.close();
      },
    },
    new ByteLengthQueuingStrategy({ highWaterMark: 64 * 1024 }),
  );
  request.signal.addEventListener('abort', () => stream?.close(), { once: true });
  return body;
}

/**
 * The stream's start: what it missed since `lastEventId` (the events between it and the hub's
 * cursor, read here; those the hub dispatches meanwhile are queued and sent after), or the snapshot.
 */
async function begin(h: Hub, stream: Stream, lastEventId: number | null): Promise<void> {
  const upTo = h.cursor;
  stream.pending = [];
  try {
    let resumed = false;
    if (lastEventId !== null && lastEventId <= upTo) {
      const [oldest] = await h.db.select({ seq: min(realtimeEvents.seq) }).from(realtimeEvents);
      const first = oldest?.seq == null ? null : Number(oldest.seq);
      // Resumable when nothing after lastEventId was pruned yet.
      resumed = lastEventId === upTo || (first !== null && first <= lastEventId + 1);
      if (resumed) {
        for (let from = lastEventId; from < upTo && !stream.closed;) {
          const rows = await readEvents(h.db, from, upTo);
          if (!rows.length) break;
          for (const row of rows) await deliver(h, row, [stream]);
          from = rows.at(-1)!.seq;
        }
        stream.write(': resumed\n\n');
      }
    }
    if (!resumed) {
      const snapshot = await h.catalogue.snapshot(h.db, stream);
      // Its id is the hub's cursor: a reconnection resumes from here even if no event came for this person.
      stream.send(snapshot ?? { event: 'ready', data: {} }, upTo);
    }
    // Then what was dispatched meanwhile, in order, and from now on live.
    while (stream.pending?.length && !stream.closed) {
      const queued = stream.pending.splice(0);
      for (const row of queued) await deliver(h, row, [stream]);
    }
  } catch (err) {
    h.log.error({ err }, 'realtime: a stream could not start');
    stream.close();
  } finally {
    stream.pending = null;
  }
}

async function readEvents(db: Db, after: number, upTo?: number): Promise<EventRow[]> {
  const rows = await db
    .select({ seq: realtimeEvents.seq, kind: realtimeEvents.kind, payload: realtimeEvents.payload })
    .from(realtimeEvents)
    .where(upTo === undefined ? gt(realtimeEvents.seq, after) : sql`${realtimeEvents.seq} > ${after} and ${realtimeEvents.seq} <= ${upTo}`)
    .orderBy(asc(realtimeEvents.seq))
    .limit(READ_BATCH);
  return rows.map((r) => ({ seq: Number(r.seq), kind: r.kind, payload: r.payload }));
}

/** Reads and dispatches every event committed since the cursor; runs once at a time, again if woken meanwhile. */
function pump(h: Hub): void {
  if (h.stopped) return;
  if (h.pumping) {
    h.again = true;
    return;
  }
  h.pumping = (async () => {
    try {
      do {
        h.again = false;
        for (;;) {
          const rows = await readEvents(h.db, h.cursor);
          for (const row of rows) {
            if (h.stopped) return;
            await dispatch(h, row);
          }
          if (rows.length < READ_BATCH) break;
        }
      } while (h.again && !h.stopped);
    } catch (err) {
      h.log.error({ err }, 'realtime: reading events failed; trying again shortly');
    } finally {
      h.pumping = undefined;
    }
  })();
}

async function dispatch(h: Hub, row: EventRow): Promise<void> {
  // The cursor moves and the streams are chosen in one step: a stream that starts later replays
  // up to this event itself; one that is replaying gets it queued.
  h.cursor = row.seq;
  const live: Stream[] = [];
  for (const stream of h.streams) {
    if (stream.pending) stream.pending.push(row);
    else live.push(stream);
  }
  try {
    h.catalogue.onEvent?.(row.kind as RealtimeKind);
  } catch (err) {
    h.log.error({ err, kind: row.kind }, 'realtime: an event hook failed');
  }
  await deliver(h, row, live);
}

async function deliver(h: Hub, row: EventRow, streams: Stream[]): Promise<void> {
  if (row.kind === 'session.ended') {
    const ended = new Set(((row.payload as RealtimePayloads['session.ended']).sessions ?? []).map(String));
    for (const stream of streams) if (ended.has(stream.sessionId)) stream.close(true);
    return;
  }
  const targets = streams.filter((s) => !s.closed);
  if (!targets.length) return;
  const delivery = h.catalogue.deliveries[row.kind as Exclude<RealtimeKind, 'session.ended'>] as Delivery<RealtimeKind> | undefined;
  if (!delivery) {
    // An event of a newer server's catalogue during a rolling upgrade: nobody here can show it.
    return;
  }
  try {
    const out = await delivery(h.db, row.payload as never, targets);
    for (const [subscriber, message] of out) {
      const stream = subscriber as Stream;
      if (targets.includes(stream)) stream.send(message, row.seq);
    }
  } catch (err) {
    // A payload that names nothing loadable, or a database hiccup: that event is skipped, the stream goes on.
    h.log.warn({ err, seq: row.seq, kind: row.kind }, 'realtime: an event could not be delivered');
  }
}

/** The comment line that keeps proxies from closing the streams, and the check of their sessions. */
async function heartbeat(h: Hub): Promise<void> {
  if (!h.streams.size) return;
  for (const stream of h.streams) stream.write(': ping\n\n');
  const now = Date.now();
  for (const stream of [...h.streams]) if (stream.endsAt <= now) stream.close();
  // The streams open now are the ones checked: one opened while the query runs is not in its answer,
  // and must not be taken for a stream whose session ended (it was checked when it opened).
  const checked = [...h.streams];
  const ids = [...new Set(checked.map((s) => s.sessionId))];
  if (!ids.length) return;
  try {
    const rows = await h.db
      .select({
        id: sessions.id,
        expiresAt: sessions.expiresAt,
        lastSeenAt: sessions.lastSeenAt,
        impersonatedUserId: sessions.impersonatedUserId,
        impersonatedActive: sql<boolean>`(${sessions.impersonatedUserId} is null or exists (select 1 from ${users} u where u.id = ${sessions.impersonatedUserId} and u.status = 'active'))`,
      })
      .from(sessions)
      .where(inArray(sessions.id, ids));
    const live = new Map(rows.map((r) => [r.id, r]));
    for (const stream of checked) {
      if (stream.closed) continue;
      const row = live.get(stream.sessionId);
      if (!row || !isSessionLive(row, now) || !row.impersonatedActive) stream.close(true);
      // Impersonation started or ended: the page shows someone else now; it reconnects as them.
      else if ((row.impersonatedUserId ?? null) !== stream.impersonatedUserId) stream.close();
    }
  } catch (err) {
    h.log.warn({ err }, 'realtime: checking the streams’ sessions failed');
  }
}

async function prune(h: Hub): Promise<void> {
  try {
    // Only numbered rows: one not numbered yet belongs to a transaction still committing.
    await h.db
      .delete(realtimeEvents)
      .where(sql`${lt(realtimeEvents.createdAt, new Date(Date.now() - RETENTION_MINUTES * 60_000))} and ${realtimeEvents.seq} is not null`);
  } catch (err) {
    h.log.warn({ err }, 'realtime: pruning old events failed');
  }
}
