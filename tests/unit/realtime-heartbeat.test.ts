/**
 * The realtime hub's heartbeat checks the sessions of the streams open when it starts
 * (src/lib/realtime/hub.server.ts). A stream opened while that check's query runs is not in its
 * answer: it was once taken for a stream whose session had ended and closed with "session-ended",
 * which tells the browser never to reconnect. Against a real in-memory PGlite with the real migrations.
 */
import { afterAll, beforeAll, expect, it, vi } from 'vitest';
import { openDatabase, type Database } from '../../src/lib/db/client.server.ts';
import { sessions, users } from '../../src/lib/db/schema.ts';
import { openStream, openStreamCount, startRealtime, stopRealtime, type RealtimeCatalogue } from '../../src/lib/realtime/hub.server.ts';
import type { Principal } from '../../src/lib/auth/principal.server.ts';

let database: Database;

beforeAll(async () => {
  database = await openDatabase({ driver: 'pglite', dataDir: 'memory://' });
}, 240_000);

afterAll(async () => {
  await stopRealtime();
  vi.useRealTimers();
  await database?.close();
});

const catalogue = { deliveries: {}, snapshot: async () => null } as unknown as RealtimeCatalogue;
const log = { warn: () => {}, error: () => {} };

function open(sessionId: string, principal: Principal): ReadableStream<Uint8Array> {
  return openStream({ sessionId, impersonatedUserId: null, principal, can: () => true, lastEventId: null, signal: new AbortController().signal });
}

async function readAll(body: ReadableStream<Uint8Array>): Promise<string> {
  let text = '';
  const decoder = new TextDecoder();
  for await (const chunk of body) text += decoder.decode(chunk);
  return text;
}

it('leaves a stream opened during the session check open, and ends the one whose session is gone', async () => {
  const [user] = await database.db
    .insert(users)
    .values({ name: 'Heartbeat', email: 'heartbeat@example.com', passwordHash: 'x', userType: 'staff' })
    .returning();
  await database.db.insert(sessions).values({ id: 'live-session', userId: user!.id, expiresAt: new Date(Date.now() + 3_600_000) });
  const principal = { user, vendor: null, abilities: [] } as unknown as Principal;

  vi.useFakeTimers({ toFake: ['setInterval', 'clearInterval'] });
  await startRealtime(database, catalogue, log, 1);
  // Its session is not in the database: the heartbeat ends it.
  const gone = open('no-such-session', principal);
  // The heartbeat starts and waits for its query; a page opens a stream meanwhile.
  vi.advanceTimersByTime(1000);
  open('live-session', principal);
  expect(openStreamCount()).toBe(2);

  // The first stream's end is the heartbeat's work done.
  expect(await readAll(gone)).toContain('"reason":"session-ended"');
  expect(openStreamCount()).toBe(1);
});
