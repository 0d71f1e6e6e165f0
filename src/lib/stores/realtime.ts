/**
 * The tab's live updates: one EventSource on /api/events, shared by every island and the shell
 * script through this store (docs/decisions/038-realtime-events.md).
 *
 * The stream is opened lazily: only when something listens to `$realtime` (nanostores' onMount),
 * and closed a second after the last listener leaves. A page with nothing that listens (the sign-in
 * page, the zero-JavaScript error pages) opens none. Every message is set on the store in the order
 * it arrives; a listener reads `name` and `data`:
 *
 *   const stop = $realtime.listen((m) => { if (m?.name === 'notifications') … m.data.unread … });
 *
 * The browser reconnects by itself after a drop, sending the last event's id, and the server sends
 * what was missed. When the server says the session ended, the stream stays closed. A stream the
 * server refused (a 503 while it stops, a network down) is opened again after a growing pause.
 */
import { atom, onMount } from 'nanostores';
import { REALTIME_MESSAGE_NAMES, type RealtimeMessages } from '@/lib/realtime/messages.ts';

export type RealtimeMessage = { [N in keyof RealtimeMessages]: { name: N; data: RealtimeMessages[N] } }[keyof RealtimeMessages];

/** The latest message (null before the first). Listen with `.listen`: every message is a new value. */
export const $realtime = atom<RealtimeMessage | null>(null);

/** 'connecting' | 'open' | 'closed' (nobody listens, or not possible now) | 'ended' (the session ended). */
export const $realtimeState = atom<'connecting' | 'open' | 'closed' | 'ended'>('closed');

const RETRY_MIN_MS = 2_000;
const RETRY_MAX_MS = 60_000;

onMount($realtime, () => {
  if (typeof EventSource === 'undefined') return;
  let source: EventSource | null = null;
  let retryMs = RETRY_MIN_MS;
  let retry: ReturnType<typeof setTimeout> | undefined;
  let stopped = false;

  const open = () => {
    retry = undefined;
    if (stopped) return;
    $realtimeState.set('connecting');
    const es = new EventSource('/api/events');
    source = es;
    es.onopen = () => {
      retryMs = RETRY_MIN_MS;
      $realtimeState.set('open');
    };
    es.onerror = () => {
      // CONNECTING: the browser reconnects by itself (with Last-Event-ID). CLOSED: it gave up (a
      // refusal such as 401 or 503): try again later, unless the session is known to have ended.
      if (es.readyState !== EventSource.CLOSED || stopped) return;
      es.close();
      if (source === es) source = null;
      if ($realtimeState.get() === 'ended') return;
      $realtimeState.set('closed');
      retry = setTimeout(open, retryMs);
      retryMs = Math.min(RETRY_MAX_MS, retryMs * 2);
    };
    es.addEventListener('end', () => {
      // The session ended (signed out here or elsewhere): no more updates for this page.
      $realtimeState.set('ended');
      es.close();
      if (source === es) source = null;
    });
    for (const name of REALTIME_MESSAGE_NAMES) {
      es.addEventListener(name, (event) => {
        try {
          $realtime.set({ name, data: JSON.parse((event as MessageEvent<string>).data) } as RealtimeMessage);
        } catch {
          /* a message this page can't read: skipped */
        }
      });
    }
  };
  open();
  return () => {
    stopped = true;
    if (retry) clearTimeout(retry);
    source?.close();
    source = null;
    if ($realtimeState.get() !== 'ended') $realtimeState.set('closed');
  };
});
