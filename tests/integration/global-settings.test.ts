/**
 * Global settings over real HTTP: one record for the store, saved with optimistic locking,
 * validated field by field, secrets write-only (never sent back, never logged), each change in the
 * activity log, only for global-settings:create — and the mail settings really route mail through
 * the SMTP server they name.
 */
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { existsSync, readdirSync } from 'node:fs';
import { join } from 'node:path';
import { useServer } from '../helpers/vitest-server.ts';
import { HttpClient, type DemoAccount } from '../helpers/http.ts';
import { expectErrorShape } from '../helpers/assertions.ts';
import { startSmtpSink, type SmtpSink } from '../helpers/smtp-sink.ts';

const app = useServer();
let admin: HttpClient;
let sink: SmtpSink;

/** How many mails to this address are in the server's outbox folder. */
function outboxMailsTo(email: string): number {
  const dir = join(app.server.dataDir, 'outbox');
  return existsSync(dir) ? readdirSync(dir).filter((f) => f.includes('-mail-') && f.includes(email)).length : 0;
}

type Settings = Record<string, unknown> & { version: number; twilio_auth_token_set: boolean; smtp_password_set: boolean };

async function current(client = admin): Promise<Settings> {
  const { status, body } = await client.getJson<{ data: Settings }>('/api/global-settings');
  expect(status).toBe(200);
  return body.data;
}

/** What the form sends back: the values, secrets blank (kept), the version it loaded. */
function formOf(view: Settings): Record<string, unknown> {
  const { id: _id, updated_at: _u, ...values } = view;
  // Every secret's "_set" flag is the view's, never the form's.
  return Object.fromEntries(Object.entries(values).filter(([k]) => !k.endsWith('_set')));
}

async function save(changes: Record<string, unknown>, client = admin): Promise<Response> {
  return client.put('/api/global-settings', { json: { ...formOf(await current()), ...changes } });
}

async function settingsLog(): Promise<{ changes: Record<string, [unknown, unknown]> }[]> {
  const qs = new URLSearchParams({ filters: JSON.stringify({ area: { operator: 'and', constraints: [{ matchMode: 'equals', value: 'global-settings' }] } }) });
  const { body } = await admin.getJson(`/api/activity-logs?${qs}`);
  return body.data;
}

beforeAll(async () => {
  admin = await app.as('admin');
  sink = await startSmtpSink();
});
afterAll(async () => {
  await sink?.close();
});

describe('GET and PUT /api/global-settings', () => {
  it('starts from the defaults: INR, 10 % commission, the outbox for mail and SMS', async () => {
    const s = await current();
    expect(s).toMatchObject({
      currency: 'INR',
      default_commission_percent: 10,
      order_number_prefix: 'ORD-',
      low_stock_threshold: 5,
      sms_provider: 'default',
      mail_provider: 'default',
      version: expect.any(Number),
    });
    expect(s.twilio_auth_token_set).toBe(false);
    expect(s).not.toHaveProperty('twilio_auth_token');
  });

  it('saves, bumps the version and logs the diff of what changed', async () => {
    const before = await current();
    const response = await save({ store_name: 'Bazaar India', default_commission_percent: '12.5', low_stock_threshold: '3' });
    expect(response.status, await response.clone().text()).toBe(200);
    const { message, data } = await response.json();
    expect(message).toBe('Settings saved.');
    expect(data).toMatchObject({ store_name: 'Bazaar India', default_commission_percent: 12.5, low_stock_threshold: 3, version: before.version + 1 });
    const [entry] = await settingsLog();
    expect(entry!.changes).toEqual({ store_name: [before.store_name, 'Bazaar India'], default_commission_percent: [10, 12.5], low_stock_threshold: [5, 3] });
  });

  it('refuses a stale version with 409 and keeps what is saved', async () => {
    const s = await current();
    const stale = await admin.put('/api/global-settings', { json: { ...formOf(s), version: s.version - 1, store_name: 'Stale write' } });
    const body = await expectErrorShape(stale, 409);
    expect(body.message).toContain('changed by someone else');
    expect((await current()).store_name).toBe(s.store_name);
  });

  it('puts each bad value’s message beside its field, and saves nothing', async () => {
    const s = await current();
    const response = await save({
      store_name: '',
      support_email: 'support-at-example',
      support_phone: 'call us',
      currency: 'XYZ',
      default_commission_percent: '101',
      order_number_prefix: 'ord_',
      low_stock_threshold: '2.5',
    });
    const body = await expectErrorShape(response, 422);
    expect(Object.keys(body.errors!).sort()).toEqual([
      'currency',
      'default_commission_percent',
      'low_stock_threshold',
      'order_number_prefix',
      'store_name',
      'support_email',
      'support_phone',
    ]);
    expect(body.errors!.default_commission_percent).toEqual(['At most 100.']);
    expect((await current()).version).toBe(s.version);
  });

  it('asks for what a chosen provider needs, and refuses unknown fields and a missing version', async () => {
    const twilio = await expectErrorShape(await save({ sms_provider: 'twilio', twilio_account_sid: '', twilio_from: '' }), 422);
    expect(Object.keys(twilio.errors!).sort()).toEqual(['twilio_account_sid', 'twilio_from']);
    const smtp = await expectErrorShape(await save({ mail_provider: 'smtp', smtp_host: '', smtp_port: '', mail_from: '' }), 422);
    expect(Object.keys(smtp.errors!).sort()).toEqual(['mail_from', 'smtp_host', 'smtp_port']);
    await expectErrorShape(await save({ is_admin: 'true' }), 422);
    const { version: _v, ...noVersion } = formOf(await current());
    await expectErrorShape(await admin.put('/api/global-settings', { json: noVersion }), 422);
  });

  it('keeps secrets write-only: never in an answer, the page or the log; blank keeps, Remove removes', async () => {
    const secret = 'f3c1a9e0b2d4c6e8a0b2c4d6e8f0a1b2';
    const saved = await save({
      sms_provider: 'twilio',
      twilio_account_sid: `AC${'0123456789abcdef'.repeat(2)}`,
      twilio_from: '+919876543210',
      twilio_auth_token: secret,
    });
    const text = await saved.text();
    expect(saved.status, text).toBe(200);
    expect(text).not.toContain(secret);
    expect(JSON.parse(text).data.twilio_auth_token_set).toBe(true);
    expect(JSON.stringify(await current())).not.toContain(secret);
    expect(await (await admin.get('/global-settings')).text()).not.toContain(secret);
    const [entry] = await settingsLog();
    expect(JSON.stringify(entry)).not.toContain(secret);
    expect(entry!.changes.twilio_auth_token).toEqual([null, '[hidden, changed]']);

    // Blank keeps the saved token; a new save of other fields doesn't need it again.
    const kept = await save({ store_name: 'Bazaar India Two' });
    expect(kept.status).toBe(200);
    expect((await current()).twilio_auth_token_set).toBe(true);

    // Twilio still chosen: removing its token is refused, beside the field.
    const refused = await expectErrorShape(await save({ twilio_auth_token_remove: 'true' }), 422);
    expect(refused.errors!.twilio_auth_token).toEqual(['Enter the auth token to send SMS through Twilio.']);
    const removed = await save({ sms_provider: 'default', twilio_auth_token_remove: 'true' });
    expect(removed.status).toBe(200);
    expect((await current()).twilio_auth_token_set).toBe(false);
  });
});

describe('mail goes through the SMTP server the settings name', () => {
  it('a password-reset mail reaches the configured SMTP server, authenticated, and not the outbox', async () => {
    const saved = await save({
      mail_provider: 'smtp',
      smtp_host: '127.0.0.1',
      smtp_port: String(sink.port),
      smtp_security: 'none',
      smtp_username: 'mailer',
      smtp_password: 'smtp-secret-pass',
      mail_from: 'Bazaar <no-reply@bazaar.example>',
    });
    expect(saved.status, await saved.clone().text()).toBe(200);
    expect((await current()).smtp_password_set).toBe(true);

    const guest = new HttpClient(() => app.server.url);
    await (await guest.get('/api/user/reset-password')).arrayBuffer();
    const asked = await guest.post('/api/user/reset-password', { form: { _token: guest.csrfToken!, email: 'support@example.com' }, csrf: false });
    expect(asked.status).toBe(200);
    // The mail is sent after the answer (decision 018): wait for it to arrive.
    await sink.waitFor((m) => m.to.includes('support@example.com'));
    expect(sink.received).toHaveLength(1);
    const [mail] = sink.received;
    expect(mail!.from).toBe('no-reply@bazaar.example');
    expect(mail!.to).toEqual(['support@example.com']);
    expect(mail!.user).toBe('mailer');
    expect(mail!.data).toContain('Subject: Reset your password');

    // Back to the default: the next mail lands in the outbox folder again.
    expect((await save({ mail_provider: 'default' })).status).toBe(200);
    await (await guest.get('/api/user/reset-password')).arrayBuffer();
    const inOutbox = outboxMailsTo('admin@example.com');
    expect((await guest.post('/api/user/reset-password', { form: { _token: guest.csrfToken!, email: 'admin@example.com' }, csrf: false })).status).toBe(200);
    await vi.waitFor(() => expect(outboxMailsTo('admin@example.com')).toBe(inOutbox + 1), { timeout: 30_000, interval: 25 });
    expect(sink.received).toHaveLength(1);
  });
});

describe('who may', () => {
  it.each<DemoAccount>(['support', 'vendor'])('%s is refused the settings, reading and writing', async (account) => {
    const client = await app.as(account);
    await expectErrorShape(await client.get('/api/global-settings', { headers: { accept: 'application/json' } }), 403);
    const before = (await current()).version;
    await expectErrorShape(await client.put('/api/global-settings', { json: { ...formOf(await current()), store_name: 'Hijacked' } }), 403);
    expect((await current()).version).toBe(before);
    expect((await client.get('/global-settings')).status).toBe(403);
  });

  it('a write without the CSRF token is refused', async () => {
    const before = (await current()).version;
    const response = await admin.put('/api/global-settings', { json: { ...formOf(await current()), store_name: 'No token' }, csrf: false });
    expect([403, 419]).toContain(response.status);
    expect((await current()).version).toBe(before);
  });
});
