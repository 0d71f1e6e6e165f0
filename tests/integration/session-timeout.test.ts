/**
 * Idle and absolute session timeouts. Time is moved in the database (the server reads
 * last_seen_at / expires_at on every request): on PostgreSQL directly, on PGlite with the server
 * stopped and started again around the change (one process per data folder), so the changes
 * are made once for the whole file.
 */
import { beforeAll, describe, expect, it } from 'vitest';
import { useServer } from '../helpers/vitest-server.ts';
import type { HttpClient } from '../helpers/http.ts';
import { sha256 } from '../../src/lib/security/tokens.server.ts';

// A short idle limit so the test also proves SESSION_IDLE_MINUTES is honoured. Time is moved in the
// database behind the server's back, like another app server would: the identity cache is off so
// the change is seen at once (PERMISSION_CACHE_SECONDS bounds how late it is seen otherwise).
const app = useServer({ env: { SESSION_IDLE_MINUTES: '5', SESSION_MAX_HOURS: '2', PERMISSION_CACHE_SECONDS: '0' } });

const clients = {} as Record<'idle' | 'recent' | 'idlePage' | 'expired' | 'fresh', HttpClient>;
const ids = {} as Record<keyof typeof clients, string>;

beforeAll(async () => {
  clients.idle = await app.as('admin');
  clients.recent = await app.as('admin');
  clients.idlePage = await app.as('support');
  clients.expired = await app.as('vendor');
  clients.fresh = await app.as('support');
  for (const [name, client] of Object.entries(clients)) ids[name as keyof typeof clients] = sha256(client.sessionToken!);
  await app.server.withDatabase(async (query) => {
    const idleFor = (id: string, minutes: number) => query(`update sessions set last_seen_at = now() - make_interval(mins => $2) where id = $1`, [id, minutes]);
    await idleFor(ids.idle, 6);
    // Well inside the limit: the PGlite server restarts around this change, slowly on a busy machine.
    await idleFor(ids.recent, 3);
    await idleFor(ids.idlePage, 10);
    await query(`update sessions set expires_at = now() - interval '1 second', last_seen_at = now() where id = $1`, [ids.expired]);
  });
}, 120_000);

describe('session timeouts', () => {
  it('ends a session idle for longer than SESSION_IDLE_MINUTES', async () => {
    expect((await clients.idle.getJson('/api/user')).status).toBe(401);
  });

  it('keeps a session idle for less than SESSION_IDLE_MINUTES', async () => {
    expect((await clients.recent.getJson('/api/user')).status).toBe(200);
  });

  it('sends an idle page visitor to the login form', async () => {
    const response = await clients.idlePage.get('/dashboard');
    expect(response.status).toBe(302);
    expect(response.headers.get('location')).toMatch(/^\/auth\/login/);
  });

  it('ends a session past its absolute expiry even while it is active', async () => {
    expect((await clients.expired.getJson('/api/user')).status).toBe(401);
  });

  it('leaves a fresh session alone', async () => {
    expect((await clients.fresh.getJson('/api/user')).status).toBe(200);
  });

  it('deletes ended sessions, moves last_seen_at of used ones, and sets expiry SESSION_MAX_HOURS after sign-in', async () => {
    const rows = await app.server.withDatabase((query) =>
      query(
        `select id, extract(epoch from now() - last_seen_at)::float as idle_seconds,
                extract(epoch from expires_at - created_at)::float as lifetime_seconds
           from sessions where id = any($1::text[])`,
        [Object.values(ids)],
      ),
    );
    const byId = new Map(rows.map((r) => [r.id as string, r]));
    expect(byId.has(ids.idle), 'the idle session is gone').toBe(false);
    expect(byId.has(ids.idlePage), 'the idle page session is gone').toBe(false);
    expect(byId.has(ids.expired), 'the expired session is gone').toBe(false);
    // Used 3 minutes after its last request: the request moved last_seen_at to "now".
    expect(Number(byId.get(ids.recent)?.idle_seconds)).toBeLessThan(120);
    expect(Math.round(Number(byId.get(ids.fresh)?.lifetime_seconds))).toBe(2 * 3600);
  });
});
