/**
 * Reads a server-sent events stream (GET /api/events) the way a browser's EventSource does: events
 * with their id, name and data, and the comment lines (heartbeats, `: resumed`) kept apart. Tests
 * wait for what they expect with `waitFor` (a condition over what arrived), never for a fixed time.
 */
import type { HttpClient } from './http.ts';

export interface SseEvent {
  id: string | null;
  event: string;
  data: any;
}

export interface SseStream {
  readonly response: Response;
  readonly events: SseEvent[];
  readonly comments: string[];
  /** Resolves once the server ended the stream (or it failed). */
  readonly ended: Promise<void>;
  isEnded(): boolean;
  /** The id of the last event that had one (what a browser sends back as Last-Event-ID). */
  lastId(): string | null;
  /** Waits until `check` holds for what arrived (or the stream ends, or `timeoutMs` passes: then it throws). */
  waitFor<T>(check: (s: SseStream) => T | undefined | false | null, what: string, timeoutMs?: number): Promise<T>;
  close(): void;
}

export async function openEvents(client: HttpClient, headers: Record<string, string> = {}): Promise<SseStream> {
  const controller = new AbortController();
  const response = await client.request('GET', '/api/events', { headers: { accept: 'text/event-stream', ...headers } });
  const events: SseEvent[] = [];
  const comments: string[] = [];
  let ended = false;
  let lastId: string | null = null;
  const waiters = new Set<() => void>();
  const notify = () => {
    for (const w of [...waiters]) w();
  };
  const stream: SseStream = {
    response,
    events,
    comments,
    ended: Promise.resolve(),
    isEnded: () => ended,
    lastId: () => lastId,
    async waitFor(check, what, timeoutMs = 15_000) {
      return new Promise((resolve, reject) => {
        const timer = setTimeout(() => {
          waiters.delete(tryIt);
          reject(new Error(`Timed out waiting for ${what}; got ${JSON.stringify({ events, comments, ended })}`));
        }, timeoutMs);
        function tryIt() {
          const value = check(stream);
          if (value) {
            clearTimeout(timer);
            waiters.delete(tryIt);
            resolve(value as never);
          } else if (ended) {
            clearTimeout(timer);
            waiters.delete(tryIt);
            reject(new Error(`The stream ended before ${what}; got ${JSON.stringify({ events, comments })}`));
          }
        }
        waiters.add(tryIt);
        tryIt();
      });
    },
    close() {
      controller.abort();
      void response.body?.cancel().catch(() => {});
    },
  };
  if (response.status !== 200 || !response.body) {
    ended = true;
    return stream;
  }
  const reader = response.body.pipeThrough(new TextDecoderStream()).getReader();
  const read = (async () => {
    let buffer = '';
    try {
      for (;;) {
        const { done, value } = await reader.read();
        if (done) break;
        buffer += value;
        let cut: number;
        while ((cut = buffer.indexOf('\n\n')) >= 0) {
          const block = buffer.slice(0, cut);
          buffer = buffer.slice(cut + 2);
          let id: string | null = null;
          let event = 'message';
          const data: string[] = [];
          let isEvent = false;
          for (const line of block.split('\n')) {
            if (line.startsWith(':')) comments.push(line.slice(1).trim());
            else if (line.startsWith('id:')) id = line.slice(3).trim();
            else if (line.startsWith('event:')) {
              event = line.slice(6).trim();
              isEvent = true;
            } else if (line.startsWith('data:')) {
              data.push(line.slice(5).trimStart());
              isEvent = true;
            }
          }
          if (id !== null) lastId = id;
          if (isEvent) events.push({ id, event, data: data.length ? JSON.parse(data.join('\n')) : null });
          notify();
        }
      }
    } catch {
      /* aborted or cut: the stream has ended */
    } finally {
      ended = true;
      notify();
    }
  })();
  (stream as { ended: Promise<void> }).ended = read;
  controller.signal.addEventListener('abort', () => void reader.cancel().catch(() => {}));
  return stream;
}
