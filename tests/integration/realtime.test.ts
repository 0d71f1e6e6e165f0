/**
 * Live updates over real HTTP (GET /api/events, docs/decisions/038-realtime-events.md): the stream
 * needs a session; it starts with the counts and carries each new notification to its owner's tabs;
 * it resumes from Last-Event-ID without losing what happened meanwhile; it ends on sign-out; it
 * never sends a vendor another vendor's event (a property over random events, written straight into
 * realtime_events as another server would); and on PostgreSQL, a notification made through one
 * server reaches a stream on another.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { useServer } from '../helpers/vitest-server.ts';
import { HttpClient, signedIn } from '../helpers/http.ts';
import { expectErrorShape } from '../helpers/assertions.ts';
import { openEvents, type SseEvent, type SseStream } from '../helpers/sse.ts';
import { startServer, testDriver, type TestServer } from '../helpers/server.ts';

// Several servers on one database share these, as production servers must (README).
// The session secret both servers of one database sign with. The encryption key stays the seeded
// database's own (its data folder's, copied with the template): the second server is given it below.
const SHARED = { SESSION_SECRET: 'realtime-test-session-secret-0123456789abcdef' };
const app = useServer({ env: { ...SHARED, REALTIME_HEARTBEAT_SECONDS: '1' } });
const run = Math.random().toString(36).slice(2, 8);
const open: SseStream[] = [];

/** A client signed in from a browser of its own (a new browser notifies the account: security.new-device). */
async function browser(
  account: 'admin' | 'vendor' | { email: string; password: string },
  name: string,
  url: () => string = () => app.server.url,
): Promise<HttpClient> {
  const client = new HttpClient(url);
  client.userAgent = `Mozilla/5.0 (X11; Linux x86_64) Chrome/140.0 Safari/537.36 ${name}-${run}-${Math.random().toString(36).slice(2, 8)}`;
  const response = await client.login(account);
  expect(response.status).toBe(303);
  return client;
}

async function events(client: HttpClient, headers: Record<string, string> = {}): Promise<SseStream> {
  const stream = await openEvents(client, headers);
  open.push(stream);
  return stream;
}

const firstOf = (s: SseStream, name: string) => s.events.find((e) => e.event === name);

afterAll(() => {
  for (const s of open) s.close();
});

interface World {
  vendorA: { userId: number; vendorId: number; notifications: number[]; jobs: number[] };
  vendorB: { userId: number; vendorId: number; notifications: number[]; jobs: number[] };
  adminId: number;
  adminNotifications: number[];
  draftProductId: number;
}
let world: World;
let clientA: HttpClient;
let clientB: HttpClient;

async function setUpWorld(): Promise<void> {
  world = await app.server.withDatabase(async (q) => {
    const [a] = await q(`select id, vendor_id, password_hash from users where email = 'vendor@example.com'`);
    const [adminRow] = await q(`select id from users where email = 'admin@example.com'`);
    // A second vendor with its own user (same password as the demo vendor), finished setup.
    const [v] = await q(
      `insert into vendors (store_name, status, store_setup_completed_at) values ('Realtime Other Store ${run}', 'active', now()) returning id`,
    );
    const [b] = await q(
      `insert into users (name, email, password_hash, user_type, vendor_id, phone, phone_verified_at, vendor_onboarding_completed_at)
       values ('Other Vendor', 'rt-other-${run}@example.com', $1, 'vendor', $2, '+919845099999', now(), now()) returning id`,
      [a!.password_hash, v!.id],
    );
    await q(`insert into user_roles (user_id, role_id) select $1, id from roles where name = 'Vendor'`, [b!.id]);
    const notes = async (userId: unknown) =>
      (
        await q(`insert into notifications (user_id, type, title) select $1, 'test.realtime', 'Note ' || g from generate_series(1, 3) g returning id`, [userId])
      ).map((r) => Number(r.id));
    const jobs = async (vendorId: unknown) =>
      (
        await q(
          `insert into product_import_jobs (vendor_id, file_name, file_kind, file_bytes, file_hash, status) select $1, 'f' || g || '.csv', 'csv', 10, md5(g::text), 'done' from generate_series(1, 3) g returning id`,
          [vendorId],
        )
      ).map((r) => Number(r.id));
    // A draft the demo vendor can submit for review (a priced variant).
    const [p] = await q(`insert into products (vendor_id, name, slug) values ($1, $2, $3) returning id`, [
      a!.vendor_id,
      `Realtime Stole ${run}`,
      `realtime-stole-${run}`,
    ]);
    await q(`insert into product_variants (product_id, vendor_id, sku, mrp_paise, price_paise) values ($1, $2, $3, 59900, 59900)`, [
      p!.id,
      a!.vendor_id,
      `RT-${run}`,
    ]);
    return {
      draftProductId: Number(p!.id),
      vendorA: { userId: Number(a!.id), vendorId: Number(a!.vendor_id), notifications: await notes(a!.id), jobs: await jobs(a!.vendor_id) },
      vendorB: { userId: Number(b!.id), vendorId: Number(v!.id), notifications: await notes(b!.id), jobs: await jobs(v!.id) },
      adminId: Number(adminRow!.id),
      adminNotifications: await notes(adminRow!.id),
    };
  });
  clientA = await signedIn(() => app.server.url, 'vendor');
  clientB = new HttpClient(() => app.server.url);
  expect((await clientB.login({ email: `rt-other-${run}@example.com`, password: 'Vendor@12345' })).status).toBe(303);
}

let admin: HttpClient;

beforeAll(async () => {
  await setUpWorld();
  admin = await browser('admin', 'admin');
}, 240_000);

describe('GET /api/events', () => {
  it('needs a session: 401 in the error shape without one', async () => {
    const guest = new HttpClient(() => app.server.url);
    const response = await guest.get('/api/events', { headers: { accept: 'text/event-stream' } });
    await expectErrorShape(response, 401);
  });

  it('streams, uncompressed and unbuffered, starting with the counts and an id to resume from', async () => {
    const stream = await events(admin, { 'accept-encoding': 'br, gzip' });
    expect(stream.response.status).toBe(200);
    expect(stream.response.headers.get('content-type')).toMatch(/^text\/event-stream/);
    expect(stream.response.headers.get('cache-control')).toContain('no-cache');
    expect(stream.response.headers.get('x-accel-buffering')).toBe('no');
    expect(stream.response.headers.get('content-encoding')).toBeNull();
    const counts = await stream.waitFor((s) => firstOf(s, 'counts'), 'the counts');
    expect(counts.id).toMatch(/^\d+$/);
    expect(typeof counts.data.unread).toBe('number');
    // The admin sees both review queues' badges.
    expect(Object.keys(counts.data.badges).sort()).toEqual(['products-pending', 'reviews-pending', 'vendors-pending']);
    // Heartbeats (every second on this server) are comment lines.
    await stream.waitFor((s) => s.comments.includes('ping'), 'a heartbeat');
    stream.close();
  });

  it('refuses a Last-Event-ID this server could not have sent (400)', async () => {
    for (const bad of ['abc', '-1', '1.5', '9'.repeat(40)]) {
      await expectErrorShape(await admin.get('/api/events', { headers: { 'last-event-id': bad } }), 400);
    }
  });

  it('a new notification reaches its owner’s stream, with the bell’s count and the item, and nobody else’s', async () => {
    const mine = await events(admin);
    const vendor = await browser('vendor', 'vendor-watch');
    const theirs = await events(vendor);
    const start = await mine.waitFor((s) => firstOf(s, 'counts'), 'the counts');
    await theirs.waitFor((s) => firstOf(s, 'counts'), 'the vendor’s counts');
    // A sign-in from a browser the admin never used notifies the admin.
    await browser('admin', 'admin-elsewhere');
    const note = await mine.waitFor((s) => firstOf(s, 'notifications'), 'the notification');
    expect(note.data.unread).toBe(start.data.unread + 1);
    expect(note.data.items).toHaveLength(1);
    expect(note.data.items[0]).toMatchObject({ type: 'security.new-device' });
    expect(Number(note.id)).toBeGreaterThan(Number(start.id));
    // What the bell's API says agrees.
    const { body } = await admin.getJson('/api/notifications/unread-count');
    expect(body.data.unread).toBe(note.data.unread);
    // The vendor's stream may carry the vendor's own news (its sign-in from a new browser, heard of a
    // moment later on PostgreSQL), never the admin's.
    const theirItems = theirs.events.filter((e) => e.event === 'notifications').flatMap((e) => e.data.items as { id: number; type: string }[]);
    expect(theirItems.map((n) => n.id)).not.toContain(note.data.items[0].id);
    const vendorId = (await vendor.getJson<{ id: number }>('/api/user')).body.id;
    const owners = await app.server.withDatabase((q) =>
      q(`select distinct user_id from notifications where id = any($1::int[])`, [theirItems.map((n) => n.id)]),
    );
    expect(owners.map((r) => Number(r.user_id)).filter((id) => id !== vendorId)).toEqual([]);
    mine.close();
    theirs.close();
  });

  it('resumes from Last-Event-ID: what happened while away arrives on reconnection, nothing twice', async () => {
    const first = await events(admin);
    await first.waitFor((s) => firstOf(s, 'counts'), 'the counts');
    const last = first.lastId()!;
    first.close();
    await browser('admin', 'admin-while-away');
    const again = await events(admin, { 'last-event-id': last });
    await again.waitFor((s) => s.comments.includes('resumed'), 'the replay');
    const notes = again.events.filter((e) => e.event === 'notifications');
    expect(notes).toHaveLength(1);
    expect(notes[0]!.data.items[0].type).toBe('security.new-device');
    expect(again.events.some((e) => e.event === 'counts')).toBe(false);
    // From the newest id, nothing is replayed.
    const third = await events(admin, { 'last-event-id': again.lastId()! });
    await third.waitFor((s) => s.comments.includes('resumed'), 'the empty replay');
    expect(third.events).toEqual([]);
    again.close();
    third.close();
  });

  it('an id from the future (another database) starts from the counts instead', async () => {
    const stream = await events(admin, { 'last-event-id': '999999999999' });
    await stream.waitFor((s) => firstOf(s, 'counts'), 'the counts');
    stream.close();
  });

  it('ends when its session ends: at sign-out, and when signed out from another device', async () => {
    const tab = await browser('admin', 'admin-to-sign-out');
    const stream = await events(tab);
    await stream.waitFor((s) => firstOf(s, 'counts'), 'the counts');
    const out = await tab.post('/logout', { json: {} });
    expect(out.status).toBe(200);
    await stream.ended;
    expect(firstOf(stream, 'end')?.data).toEqual({ reason: 'session-ended' });
    // Signed out from another device (DELETE /api/user/sessions/:id).
    const other = await browser('admin', 'admin-other-device');
    const otherStream = await events(other);
    await otherStream.waitFor((s) => firstOf(s, 'counts'), 'the counts');
    const { body } = await admin.getJson<{ data: { id: string; current: boolean; user_agent: string | null }[] }>('/api/user/sessions');
    const target = body.data.find((s) => !s.current && s.user_agent === other.userAgent);
    expect(target, JSON.stringify(body.data)).toBeTruthy();
    expect((await admin.delete(`/api/user/sessions/${target!.id}`)).status).toBe(200);
    await otherStream.ended;
    expect(firstOf(otherStream, 'end')).toBeTruthy();
    // The ended session can't open another one.
    await expectErrorShape(await other.get('/api/events'), 401);
  });

  it('the sidebar badges and the reviewers’ bells follow the review queue live (a vendor submits a product)', async () => {
    const stream = await events(admin);
    const counts = await stream.waitFor((s) => firstOf(s, 'counts'), 'the counts');
    const vendor = await signedIn(() => app.server.url, 'vendor');
    const response = await vendor.post(`/api/products/${world.draftProductId}/submit`, { json: { version: 1 } });
    expect(response.status, await response.clone().text()).toBe(200);
    const badges = await stream.waitFor((s) => firstOf(s, 'badges'), 'the badges');
    expect(badges.data.badges['products-pending']).toBe(counts.data.badges['products-pending'] + 1);
    const note = await stream.waitFor(
      (s) => s.events.find((e) => e.event === 'notifications' && e.data.items[0]?.type === 'product.pending'),
      'the reviewer’s notification',
    );
    expect(note.data.items[0].link).toBe(`/products/${world.draftProductId}/details`);
  });
});

describe('a vendor never receives another vendor’s events (property)', () => {
  type Ev = { kind: string; payload: unknown };

  const eventArb = () => {
    const users = [world.vendorA.userId, world.vendorB.userId, world.adminId, 99_999_999];
    const notes = [...world.vendorA.notifications, ...world.vendorB.notifications, ...world.adminNotifications, 99_999_999];
    const jobs = [...world.vendorA.jobs, ...world.vendorB.jobs, 99_999_999];
    return fc.oneof(
      fc.record({
        kind: fc.constant('notification.created'),
        payload: fc.record({ user: fc.constantFrom(...users), ids: fc.subarray(notes, { minLength: 0, maxLength: 5 }) }),
      }),
      fc.record({ kind: fc.constant('import-job.progress'), payload: fc.record({ job: fc.constantFrom(...jobs) }) }),
      fc.record({ kind: fc.constant('approvals.changed'), payload: fc.record({ area: fc.constantFrom('vendors', 'products') }) }),
      fc.record({
        kind: fc.constant('session.ended'),
        payload: fc.record({ sessions: fc.array(fc.string({ unit: fc.constantFrom(...'0123456789abcdef'), minLength: 64, maxLength: 64 }), { maxLength: 2 }) }),
      }),
      // What a newer server or a broken writer might leave: never shown to anybody, never ends a stream.
      fc.record({
        kind: fc.constantFrom('order.created', 'notification.created', 'import-job.progress'),
        payload: fc.oneof(fc.constant({}), fc.constant({ user: 'x', ids: 'y' }), fc.constant({ job: null })),
      }),
    ) as fc.Arbitrary<Ev>;
  };

  it('over random events, each vendor gets exactly their own, and only their own', async () => {
    // The property is checked through the replay (streams opened after the events, from the id before them),
    // the same delivery the live streams use.
    const runs = testDriver() === 'postgres' ? 15 : 3;
    await fc.assert(
      fc.asyncProperty(fc.array(eventArb(), { minLength: 1, maxLength: 30 }), async (evs) => {
        const startA = await events(clientA);
        const from = (await startA.waitFor((s) => firstOf(s, 'counts'), 'the counts')).id!;
        startA.close();
        // After the random events, one last event for each vendor (a notification of its own, made for
        // this run): once a stream has it, every event before it has been delivered, whether from the
        // replay or live (on PostgreSQL the server hears of the newest events by NOTIFY, a moment later).
        const sentinels = await app.server.withDatabase(async (q) => {
          for (const e of evs) await q(`insert into realtime_events (kind, payload) values ($1, $2)`, [e.kind, JSON.stringify(e.payload)]);
          const last: Record<'A' | 'B', number> = { A: 0, B: 0 };
          for (const [who, me] of [
            ['A', world.vendorA],
            ['B', world.vendorB],
          ] as const) {
            const [note] = await q(`insert into notifications (user_id, type, title) values ($1, 'test.realtime', 'Last') returning id`, [me.userId]);
            last[who] = Number(note!.id);
            await q(`insert into realtime_events (kind, payload) values ('notification.created', $1)`, [JSON.stringify({ user: me.userId, ids: [last[who]] })]);
          }
          return last;
        });
        for (const [who, client] of [
          ['A', clientA],
          ['B', clientB],
        ] as const) {
          const me = who === 'A' ? world.vendorA : world.vendorB;
          const other = who === 'A' ? world.vendorB : world.vendorA;
          const stream = await events(client, { 'last-event-id': from });
          await stream.waitFor((s) => s.comments.includes('resumed'), `vendor ${who}'s replay`);
          const isLast = (m: SseEvent) => m.event === 'notifications' && m.data.items.some((n: { id: number }) => n.id === sentinels[who]);
          await stream.waitFor((s) => s.events.some(isLast), `vendor ${who}'s last event`);
          stream.close();
          const got = stream.events.slice(0, stream.events.findIndex(isLast));
          const valid = (e: Ev) => typeof (e.payload as { user?: unknown }).user === 'number' || typeof (e.payload as { job?: unknown }).job === 'number';
          // Safety: nothing of the other vendor's, nor the admin's, nor any queue badges.
          for (const m of got) {
            expect(['notifications', 'import-job']).toContain(m.event);
            if (m.event === 'notifications') for (const item of m.data.items) expect(me.notifications).toContain(item.id);
            if (m.event === 'import-job') {
              expect(m.data.job.vendor_id).toBe(me.vendorId);
              expect(other.jobs).not.toContain(m.data.job.id);
            }
          }
          // Completeness: one message per event of their own, in order.
          const expected = evs.filter(
            (e) =>
              valid(e) &&
              ((e.kind === 'notification.created' && (e.payload as { user: number }).user === me.userId) ||
                (e.kind === 'import-job.progress' && me.jobs.includes((e.payload as { job: number }).job))),
          );
          expect(got.map((m) => m.event)).toEqual(expected.map((e) => (e.kind === 'notification.created' ? 'notifications' : 'import-job')));
          got.forEach((m, i) => {
            const e = expected[i]!;
            if (m.event === 'notifications') {
              const ids = ((e.payload as { ids: number[] }).ids ?? []).filter((id) => me.notifications.includes(id));
              expect(m.data.items.map((n: { id: number }) => n.id).sort()).toEqual([...ids].sort());
            } else expect(m.data.job.id).toBe((e.payload as { job: number }).job);
          });
        }
      }),
      { numRuns: runs },
    );
  });
});

describe.runIf(testDriver() === 'postgres')('two servers on one PostgreSQL database', () => {
  let second: TestServer;
  beforeAll(async () => {
    const encryptionKey = readFileSync(join(app.server.dataDir, 'encryption-key'), 'utf8').trim();
    second = await startServer({ env: { ...SHARED, ENCRYPTION_KEY: encryptionKey, DATABASE_URL: app.server.databaseUrl, DEMO_DATA: 'false' } });
  }, 240_000);
  afterAll(async () => {
    await second?.stop();
  }, 30_000);

  it('a notification made through one server reaches a stream on the other at once (LISTEN/NOTIFY)', async () => {
    // The same session on both servers (sessions live in the database).
    const tab = new HttpClient(() => second.url);
    for (const [k, v] of (admin as unknown as { jar: Map<string, string> }).jar) (tab as unknown as { jar: Map<string, string> }).jar.set(k, v);
    const stream = await events(tab);
    const counts = await stream.waitFor((s) => firstOf(s, 'counts'), 'the counts on the second server');
    // Through the first server: a sign-in from a new browser notifies the admin.
    await browser('admin', 'admin-first-server');
    // Delivered by the second server's LISTEN (its 5-s safety poll is the fallback, so allow well under it).
    const note = await stream.waitFor((s) => firstOf(s, 'notifications'), 'the notification on the other server', 4_000);
    expect(note.data.unread).toBe(counts.data.unread + 1);
    expect(note.data.items[0].type).toBe('security.new-device');
  });
});
