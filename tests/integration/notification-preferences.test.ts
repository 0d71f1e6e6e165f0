/**
 * Notification preferences (the "Notifications" card on /profile, GET|PUT /api/user/notification-preferences,
 * decision 038): per kind, shown in the back-office always and mailed when chosen; the choice is
 * logged; bad input is a 4xx that changes nothing; a notification is mailed (by the mail worker,
 * after its commit) exactly to those who chose mail for its kind.
 */
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { beforeAll, describe, expect, it } from 'vitest';
import { useServer } from '../helpers/vitest-server.ts';
import { HttpClient } from '../helpers/http.ts';
import { expectErrorShape } from '../helpers/assertions.ts';

const app = useServer();
const run = Math.random().toString(36).slice(2, 8);

interface Pref {
  key: string;
  label: string;
  description: string;
  mail: boolean;
}

async function browser(account: 'admin' | 'vendor' | 'support', name: string): Promise<HttpClient> {
  const client = new HttpClient(() => app.server.url);
  client.userAgent = `Mozilla/5.0 (X11; Linux x86_64) Chrome/140.0 Safari/537.36 ${name}-${run}-${Math.random().toString(36).slice(2, 8)}`;
  expect((await client.login(account)).status).toBe(303);
  return client;
}

async function prefs(client: HttpClient): Promise<Pref[]> {
  const { status, body } = await client.getJson<{ data: Pref[] }>('/api/user/notification-preferences');
  expect(status).toBe(200);
  return body.data;
}

const mailOf = (list: Pref[]) =>
  list
    .filter((p) => p.mail)
    .map((p) => p.key)
    .sort();

function mailsTo(email: string): string[] {
  const dir = join(app.server.dataDir, 'outbox');
  if (!existsSync(dir)) return [];
  return readdirSync(dir)
    .filter((f) => f.includes('-mail-') && f.includes(email))
    .sort()
    .map((f) => readFileSync(join(dir, f), 'utf8').replace(/=\r?\n/g, ''));
}

let admin: HttpClient;
let vendor: HttpClient;

beforeAll(async () => {
  admin = await browser('admin', 'admin');
  vendor = await browser('vendor', 'vendor');
});

describe('the kinds and their defaults', () => {
  it('staff and vendors are offered the kinds they can receive; decisions on a store and its products are mailed by default', async () => {
    expect((await prefs(admin)).map((p) => p.key)).toEqual(['security', 'approvals', 'settings', 'orders', 'imports']);
    const vendorPrefs = await prefs(vendor);
    expect(vendorPrefs.map((p) => p.key)).toEqual(['security', 'store', 'products', 'payouts', 'orders', 'imports']);
    expect(mailOf(vendorPrefs)).toEqual(['payouts', 'products', 'store']);
    for (const p of vendorPrefs) expect(p.label.length && p.description.length).toBeTruthy();
  });
});

describe('PUT /api/user/notification-preferences', () => {
  it('refuses what is not a choice: 422 per field, 415, 419 without CSRF; nothing changes', async () => {
    const before = await prefs(vendor);
    for (const bad of [{ mail: ['nonsense'] }, { mail: 'store' }, { mail: [1] }, { mail: ['store'], extra: true }, { mail: Array(50).fill('store') }]) {
      const body = await expectErrorShape(await vendor.put('/api/user/notification-preferences', { json: bad }), 422);
      expect(body.errors, JSON.stringify(bad)).toBeTruthy();
    }
    // A staff-only kind is not a vendor's to choose.
    const staffOnly = await expectErrorShape(await vendor.put('/api/user/notification-preferences', { json: { mail: ['approvals'] } }), 422);
    expect(staffOnly.errors?.mail?.[0]).toContain('approvals');
    await expectErrorShape(await vendor.put('/api/user/notification-preferences', { body: 'mail=store', headers: { 'content-type': 'text/csv' } }), 415);
    await expectErrorShape(await vendor.put('/api/user/notification-preferences', { json: { mail: [] }, csrf: false }), 419);
    await expectErrorShape(await new HttpClient(() => app.server.url).get('/api/user/notification-preferences'), 401);
    expect(await prefs(vendor)).toEqual(before);
  });

  it('saves the kinds to mail (every other one off) and logs the change', async () => {
    const response = await vendor.put('/api/user/notification-preferences', { json: { mail: ['store', 'imports'] } });
    expect(response.status, await response.clone().text()).toBe(200);
    const saved = (await response.json()) as { message: string; data: Pref[] };
    expect(saved.message).toBe('Notification preferences saved.');
    expect(mailOf(saved.data)).toEqual(['imports', 'store']);
    expect(mailOf(await prefs(vendor))).toEqual(['imports', 'store']);
    const { body } = await vendor.getJson<{ data: { action: string; area: string }[] }>('/api/activity/mine');
    expect(body.data.some((e) => e.area === 'profile' && e.action === 'notification-preferences')).toBe(true);
  });
});

describe('the form on /profile (works without JavaScript)', () => {
  it('shows one box per kind, ticked as chosen, and saves a post (303); a post without the token is refused (419)', async () => {
    const page = await (await vendor.get('/profile')).text();
    expect(page).toContain('action="/profile?do=notifications"');
    expect(page).toMatch(/id="mail-store"[^>]*checked|checked[^>]*id="mail-store"/);
    expect(page).not.toMatch(/id="mail-products"[^>]*checked|checked[^>]*id="mail-products"/);
    const token = vendor.cookie('XSRF-TOKEN')!;
    const body = new URLSearchParams([
      ['_token', token],
      ['mail[]', 'products'],
      ['mail[]', 'security'],
    ]);
    const saved = await vendor.post('/profile?do=notifications', {
      body: body.toString(),
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      csrf: false,
    });
    expect(saved.status).toBe(303);
    expect(saved.headers.get('location')).toBe('/profile?preferences=1#notifications');
    expect(mailOf(await prefs(vendor))).toEqual(['products', 'security']);
    const after = await (await vendor.get('/profile?preferences=1')).text();
    expect(after).toContain('Notification preferences saved.');
    // Nothing ticked: nothing mailed.
    const none = await vendor.post('/profile?do=notifications', {
      body: `_token=${encodeURIComponent(token)}`,
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      csrf: false,
    });
    expect(none.status).toBe(303);
    expect(mailOf(await prefs(vendor))).toEqual([]);
    // A kind that isn't one: 422, the page drawn again with the message.
    const bad = await vendor.post('/profile?do=notifications', {
      body: `_token=${encodeURIComponent(token)}&mail[]=nonsense`,
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      csrf: false,
    });
    expect(bad.status).toBe(422);
    const refused = await vendor.post('/profile?do=notifications', {
      body: 'mail[]=store',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      csrf: false,
    });
    expect(refused.status).toBe(419);
    expect(mailOf(await prefs(vendor))).toEqual([]);
  });
});

describe('mail follows the preferences', () => {
  it('a notification is mailed after its commit to whoever chose its kind, and not to whoever did not', async () => {
    // Support keeps security notices in the back-office only; the admin also wants them by mail.
    const support = await browser('support', 'support');
    expect((await support.put('/api/user/notification-preferences', { json: { mail: [] } })).status).toBe(200);
    expect((await admin.put('/api/user/notification-preferences', { json: { mail: ['security'] } })).status).toBe(200);
    const supportMailsBefore = mailsTo('support@example.com').length;
    // A sign-in from a new browser notifies the account: support's first, then the admin's.
    await browser('support', 'support-elsewhere');
    await browser('admin', 'admin-elsewhere');
    for (const client of [support, admin]) {
      const { body } = await client.getJson<{ data: { type: string }[] }>('/api/notifications?per_page=100');
      expect(body.data.some((n) => n.type === 'security.new-device')).toBe(true);
    }
    // The admin's arrives by mail, with the notification's words and a link back.
    await expect.poll(() => mailsTo('admin@example.com').find((m) => m.includes('New sign-in to your account')), { timeout: 20_000 }).toBeDefined();
    const mail = mailsTo('admin@example.com').find((m) => m.includes('New sign-in to your account'))!;
    expect(mail).toContain('If this was not you, change your password now.');
    expect(mail).toContain('/profile/list');
    expect(mail).toContain('You get this mail because of your notification preferences.');
    // The worker sends in the order the notifications were made: support's, made first, would be out by now.
    expect(mailsTo('support@example.com').length).toBe(supportMailsBefore);
  });
});
