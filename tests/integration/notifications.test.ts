/**
 * Notifications over real HTTP: the events that create them (a sign-in from a new browser, a
 * password change, someone impersonating the account, a change to global settings for every
 * Super Admin), the list of one's own only, read/unread with the count that follows, and the
 * bad inputs that must change nothing.
 */
import { beforeAll, describe, expect, it } from 'vitest';
import { useServer } from '../helpers/vitest-server.ts';
import { DEMO_CREDENTIALS, HttpClient, type DemoAccount } from '../helpers/http.ts';
import { expectErrorShape } from '../helpers/assertions.ts';

const app = useServer();

interface Notification {
  id: number;
  type: string;
  title: string;
  body: string;
  link: string | null;
  state: 'read' | 'unread';
  read_at: string | null;
  created_at: string;
}
type ListBody = { data: Notification[]; meta: { total: number } };

const run = Math.random().toString(36).slice(2, 8);

/** A signed-in client that presents itself as a browser of its own. */
async function signIn(account: DemoAccount | { email: string; password: string }, userAgent: string): Promise<HttpClient> {
  const client = new HttpClient(() => app.server.url);
  client.userAgent = userAgent;
  await client.login(account);
  return client;
}

async function notificationsOf(client: HttpClient, params: Record<string, unknown> = {}): Promise<ListBody> {
  const qs = new URLSearchParams(Object.entries({ per_page: 100, ...params }).map(([k, v]) => [k, typeof v === 'string' ? v : JSON.stringify(v)]));
  const { status, body } = await client.getJson<ListBody>(`/api/notifications?${qs}`);
  expect(status, JSON.stringify(body)).toBe(200);
  return body;
}

async function unread(client: HttpClient): Promise<number> {
  const { status, body } = await client.getJson<{ data: { unread: number } }>('/api/notifications/unread-count');
  expect(status).toBe(200);
  return body.data.unread;
}

const ofType = (body: ListBody, type: string) => body.data.filter((n) => n.type === type);

let admin: HttpClient;
let vendor: HttpClient;

beforeAll(async () => {
  admin = await signIn('admin', `Mozilla/5.0 (X11; Linux x86_64) Chrome/140.0 Safari/537.36 admin-${run}`);
  vendor = await signIn('vendor', `Mozilla/5.0 (Linux; Android 14) Chrome/140.0 Mobile Safari/537.36 vendor-${run}`);
});

describe('events that notify', () => {
  it('a sign-in from a browser the account has never used notifies the owner; the same browser again does not', async () => {
    const before = ofType(await notificationsOf(vendor), 'security.new-device').length;
    const agent = `Mozilla/5.0 (Windows NT 10.0; Win64; x64) Firefox/133.0 other-${run}`;
    await signIn('vendor', agent);
    const after = ofType(await notificationsOf(vendor), 'security.new-device');
    expect(after).toHaveLength(before + 1);
    const newest = after[0]!;
    expect(newest.title).toBe('New sign-in to your account');
    expect(newest.body).toContain('Firefox on Windows');
    expect(newest.link).toBe('/profile/list');
    expect(newest.state).toBe('unread');

    await signIn('vendor', agent);
    expect(ofType(await notificationsOf(vendor), 'security.new-device')).toHaveLength(before + 1);
  });

  it('impersonating an account notifies its owner, naming who', async () => {
    const before = ofType(await notificationsOf(vendor), 'security.impersonation').length;
    const staff = await signIn('admin', `Mozilla/5.0 impersonator-${run}`);
    const target = await app.server.withDatabase(async (q) => (await q(`select id from users where email = 'vendor@example.com'`))[0]!.id as number);
    const started = await staff.post(`/api/impersonate/${target}`);
    expect(started.status, await started.text()).toBe(200);
    const list = ofType(await notificationsOf(vendor), 'security.impersonation');
    expect(list).toHaveLength(before + 1);
    expect(list[0]!.title).toBe('Asha Admin started impersonating your account');
    expect((await staff.post('/api/impersonate-leave')).status).toBe(200);
  });

  it('changing the password notifies the account', async () => {
    const client = await signIn('support', `Mozilla/5.0 support-${run}`);
    const before = ofType(await notificationsOf(client), 'security.password-changed').length;
    const password = DEMO_CREDENTIALS.support.password;
    const changed = await client.post('/api/user-password', {
      json: { current_password: password, password: `${password}x`, password_confirmation: `${password}x` },
    });
    expect(changed.status, await changed.text()).toBe(200);
    const list = ofType(await notificationsOf(client), 'security.password-changed');
    expect(list).toHaveLength(before + 1);
    expect(list[0]!.title).toBe('Your password was changed');
    // Put it back for the other tests of this file's server.
    const back = await client.post('/api/user-password', { json: { current_password: `${password}x`, password, password_confirmation: password } });
    expect(back.status, await back.text()).toBe(200);
  });

  it('a change to the global settings notifies every Super Admin, and no one else', async () => {
    // A second Super Admin, so "every" is more than the one making the change.
    await app.server.withDatabase(async (q) => {
      await q(
        `insert into users (name, email, password_hash, user_type) select 'Second Admin', 'second-admin@example.com', password_hash, 'staff' from users where email = 'admin@example.com'`,
      );
      await q(
        `insert into user_roles (user_id, role_id) select u.id, r.id from users u, roles r where u.email = 'second-admin@example.com' and r.name = 'Super Admin'`,
      );
    });
    const second = await signIn({ email: 'second-admin@example.com', password: DEMO_CREDENTIALS.admin.password }, `Mozilla/5.0 second-${run}`);
    const supportClient = await signIn('support', `Mozilla/5.0 support-${run}`);
    const counts = async () => [admin, second, supportClient, vendor].map(async (c) => ofType(await notificationsOf(c), 'settings.changed').length);
    const before = await Promise.all(await counts());

    const { body: current } = await admin.getJson<{ data: Record<string, unknown> & { version: number } }>('/api/global-settings');
    const saved = await admin.put('/api/global-settings', { json: { ...editable(current.data), store_name: `Bazaar ${run}`, version: current.data.version } });
    expect(saved.status, await saved.text()).toBe(200);

    const after = await Promise.all(await counts());
    expect(after).toEqual([before[0]! + 1, before[1]! + 1, before[2], before[3]]);
    const note = ofType(await notificationsOf(second), 'settings.changed')[0]!;
    expect(note.title).toBe('Global settings were changed');
    expect(note.body).toBe('Changed: store name.');
    expect(note.link).toBe('/global-settings');
  });
});

/** The settings as the form sends them back: values only, secrets left blank (kept). */
function editable(view: Record<string, unknown>): Record<string, unknown> {
  const {
    id: _id,
    version: _v,
    updated_at: _u,
    twilio_auth_token_set: _t,
    smtp_password_set: _s,
    razorpay_webhook_secret_set: _w,
    razorpay_key_secret_set: _k,
    ...values
  } = view;
  return values;
}

describe('the list, read and unread', () => {
  it('lists only the signed-in user’s own notifications, newest first, with the list contract', async () => {
    const mine = await notificationsOf(admin);
    expect(mine.data.length).toBeGreaterThan(0);
    const theirs = await notificationsOf(vendor);
    const adminIds = new Set(mine.data.map((n) => n.id));
    expect(theirs.data.some((n) => adminIds.has(n.id))).toBe(false);
    const dates = mine.data.map((n) => n.created_at);
    expect(dates).toEqual([...dates].sort().reverse());
    const welcome = await notificationsOf(admin, { q: 'Welcome to the back-office' });
    expect(welcome.data.map((n) => n.title)).toEqual(['Welcome to the back-office']);
    const filtered = await notificationsOf(admin, { filters: { state: { operator: 'and', constraints: [{ matchMode: 'equals', value: 'unread' }] } } });
    expect(filtered.data.every((n) => n.state === 'unread')).toBe(true);
  });

  it('marks one read and unread again; the count follows, the bell in /api/user too, and each change is logged', async () => {
    const [first] = (await notificationsOf(admin, { filters: { state: { operator: 'and', constraints: [{ matchMode: 'equals', value: 'unread' }] } } })).data;
    expect(first).toBeTruthy();
    const count = await unread(admin);
    const read = await admin.post('/api/notifications/read', { json: { ids: [first!.id] } });
    expect(read.status).toBe(200);
    expect(await read.json()).toMatchObject({ message: '1 notification marked as read.', data: { changed: 1, unread: count - 1 } });
    expect(await unread(admin)).toBe(count - 1);
    expect((await admin.getJson('/api/user')).body.unread_notification_count).toBe(count - 1);
    const again = await admin.post('/api/notifications/read', { json: { ids: [first!.id] } });
    expect((await again.json()).data.changed).toBe(0);

    const back = await admin.post('/api/notifications/unread', { json: { ids: [first!.id] } });
    expect((await back.json()).data).toEqual({ changed: 1, unread: count });

    const { body: log } = await admin.getJson(
      `/api/activity-logs?${new URLSearchParams({ filters: JSON.stringify({ area: { operator: 'and', constraints: [{ matchMode: 'equals', value: 'notifications' }] } }) })}`,
    );
    expect(log.data.map((e: { action: string }) => e.action)).toEqual(expect.arrayContaining(['mark-read', 'mark-unread']));
  });

  it('someone else’s notification ids change nothing', async () => {
    const [adminNote] = (await notificationsOf(admin)).data;
    const vendorUnread = await unread(vendor);
    const response = await vendor.post('/api/notifications/read', { json: { ids: [adminNote!.id] } });
    expect((await response.json()).data).toEqual({ changed: 0, unread: vendorUnread });
    const still = (await notificationsOf(admin)).data.find((n) => n.id === adminNote!.id);
    expect(still?.state).toBe(adminNote!.state);
  });

  it('marks all read: the count is 0', async () => {
    expect(await unread(vendor)).toBeGreaterThan(0);
    const response = await vendor.post('/api/notifications/read', { json: { all: true } });
    expect(response.status).toBe(200);
    expect((await response.json()).data.unread).toBe(0);
    expect(await unread(vendor)).toBe(0);
    expect((await notificationsOf(vendor)).data.every((n) => n.state === 'read')).toBe(true);
  });
});

describe('bad input changes nothing', () => {
  it('refuses an empty, oversized, mistyped or unknown body with 422 in the one shape', async () => {
    const count = await unread(admin);
    for (const json of [
      { ids: [] },
      { ids: ['1'] },
      { ids: [1.5] },
      { ids: Array.from({ length: 1001 }, (_, i) => i + 1) },
      { all: false },
      { ids: [1], extra: true },
      {},
    ]) {
      await expectErrorShape(await admin.post('/api/notifications/read', { json }), 422);
    }
    // "Mark all unread" is not a thing: only ids.
    await expectErrorShape(await admin.post('/api/notifications/unread', { json: { all: true } }), 422);
    await expectErrorShape(await admin.post('/api/notifications/read', { body: '{"ids":', headers: { 'content-type': 'application/json' } }), 400);
    await expectErrorShape(await admin.post('/api/notifications/read', { body: 'ids=1', headers: { 'content-type': 'text/plain' } }), 415);
    expect(await unread(admin)).toBe(count);
  });

  it('needs the CSRF token to mark anything', async () => {
    const count = await unread(admin);
    const refused = await admin.post('/api/notifications/read', { json: { all: true }, csrf: false });
    expect([403, 419]).toContain(refused.status);
    await expectErrorShape(refused, refused.status);
    expect(await unread(admin)).toBe(count);
  });

  it('a bad filter gets 422 naming it', async () => {
    const response = await admin.get(
      `/api/notifications?${new URLSearchParams({ filters: JSON.stringify({ password_hash: { operator: 'and', constraints: [{ matchMode: 'equals', value: 'x' }] } }) })}`,
    );
    const body = await expectErrorShape(response, 422);
    expect(JSON.stringify(body)).toContain('password_hash');
  });
});
