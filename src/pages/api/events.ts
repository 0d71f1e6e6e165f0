/**
 * GET /api/events: the live updates of one signed-in tab, as server-sent events
 * (docs/decisions/038-realtime-events.md). Signed in only (401 otherwise, from the route guard);
 * each event is sent only when this person may see it (src/app/realtime/catalogue.server.ts).
 *
 * A reconnecting browser sends back the id of the last event it got (Last-Event-ID) and receives
 * what it missed while away, if it was within the kept window; otherwise the counts afresh. The
 * answer is never compressed, cached or buffered (X-Accel-Buffering: no for nginx; the README says
 * how to set up other proxies).
 */
import { endpoint } from '@/lib/http/api.server.ts';
import { HttpError } from '@/lib/http/errors.ts';
import { openStream, StreamRefused } from '@/lib/realtime/hub.server.ts';

/** A Last-Event-ID as this server writes them: a whole number, at most 15 digits. */
const EVENT_ID = /^\d{1,15}$/;

export const GET = endpoint((context) => {
  const { locals, request } = context;
  const session = locals.session!;
  const raw = request.headers.get('last-event-id');
  let lastEventId: number | null = null;
  if (raw !== null && raw.trim() !== '') {
    if (!EVENT_ID.test(raw.trim())) throw new HttpError(400, 'Last-Event-ID must be the id of an event this server sent (a whole number).');
    lastEventId = Number(raw.trim());
  }
  try {
    const body = openStream({
      sessionId: session.id,
      impersonatedUserId: session.impersonatedUserId ?? null,
      principal: locals.principal!,
      can: locals.can,
      lastEventId,
      signal: request.signal,
    });
    return new Response(body, {
      status: 200,
      headers: {
        'content-type': 'text/event-stream; charset=utf-8',
        // no-transform: no proxy or compression step may hold the stream back to re-encode it.
        'cache-control': 'no-cache, no-transform',
        'x-accel-buffering': 'no',
      },
    });
  } catch (error) {
    if (error instanceof StreamRefused) throw new HttpError(error.status, error.message, undefined, error.status === 503 ? { 'retry-after': '5' } : undefined);
    throw error;
  }
});
