/**
 * Password reset at /api/user/reset-password over real HTTP, as the no-JavaScript form posts it:
 * the link arrives by mail in the outbox, the token is stored only as a hash, works once, expires
 * after 60 minutes, signs out every session of the account, and an unknown email gets the same
 * answer as a known one.
 */
import { createHash } from 'node:crypto';
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it, vi } from 'vitest';
import { useServer } from '../helpers/vitest-server.ts';
import { DEMO_CREDENTIALS, HttpClient } from '../helpers/http.ts';

const app = useServer();
const PATH = '/api/user/reset-password';

function mailsTo(email: string): string[] {
  const dir = join(app.server.dataDir, 'outbox');
  if (!existsSync(dir)) return [];
  return readdirSync(dir)
    .filter((f) => f.includes('-mail-') && f.includes(email))
    .sort()
    .map((f) => readFileSync(join(dir, f), 'utf8'));
}

/** A guest posting the form: GET for the XSRF-TOKEN cookie, then POST with `_token`. */
async function postForm(fields: Record<string, string>, path = PATH): Promise<{ response: Response; html: string }> {
  const guest = new HttpClient(() => app.server.url);
  await (await guest.get(path)).arrayBuffer();
  const response = await guest.post(path, { form: { _token: guest.csrfToken!, ...fields }, csrf: false });
  return { response, html: await response.text() };
}

/** The mail is sent after the answer (so both emails answer alike): wait until it is in the outbox. */
async function nextMailTo(email: string, before: number): Promise<string> {
  return vi.waitFor(
    () => {
      const mails = mailsTo(email);
      expect(mails).toHaveLength(before + 1);
      return mails.at(-1)!;
    },
    { timeout: 30_000, interval: 25 },
  );
}

async function requestLink(email: string): Promise<string> {
  const before = mailsTo(email).length;
  const { response, html } = await postForm({ email });
  expect(response.status).toBe(200);
  expect(html).toContain(`If an account exists for ${email}, we have sent a link`);
  const mail = await nextMailTo(email, before);
  expect(mail).toContain('Subject: Reset your password');
  // Quoted-printable may fold the line and encode "="; undo both.
  const body = mail.replace(/=\r?\n/g, '').replace(/=3D/g, '=');
  const token = /reset-password\?token=([A-Za-z0-9_-]+)/.exec(body)?.[1];
  expect(token, body).toBeTruthy();
  return token!;
}

const sha256 = (s: string) => createHash('sha256').update(s).digest('hex');

async function canSignIn(email: string, password: string): Promise<boolean> {
  const response = await new HttpClient(() => app.server.url).submitLogin(email, password);
  await response.arrayBuffer();
  return response.status === 303;
}

describe('POST /api/user/reset-password', () => {
  it('mails a single-use link; the token is stored hashed; the new password works, the old does not; every session ends', async () => {
    const email = DEMO_CREDENTIALS.vendor.email;
    const old = DEMO_CREDENTIALS.vendor.password;
    const session = await app.as('vendor');
    expect((await session.get('/api/user', { headers: { accept: 'application/json' } })).status).toBe(200);

    const token = await requestLink(email);
    const stored = await app.server.withDatabase((q) =>
      q(`select token_hash, expires_at, created_at from password_reset_tokens order by created_at desc limit 1`),
    );
    expect(stored[0]!.token_hash).toBe(sha256(token));
    expect(JSON.stringify(stored)).not.toContain(token);
    const ttl = new Date(stored[0]!.expires_at as string).getTime() - new Date(stored[0]!.created_at as string).getTime();
    expect(Math.round(ttl / 60_000)).toBe(60);

    const page = await new HttpClient(() => app.server.url).get(`${PATH}?token=${token}`);
    expect(await page.text()).toContain('New password');

    const mismatch = await postForm({ token, password: 'Fresh@2026pass', password_confirmation: 'Other@2026pass' }, `${PATH}?token=${token}`);
    expect(mismatch.response.status).toBe(422);
    expect(mismatch.html).toContain('The passwords do not match.');

    const done = await postForm({ token, password: 'Fresh@2026pass', password_confirmation: 'Fresh@2026pass' }, `${PATH}?token=${token}`);
    expect(done.response.status).toBe(303);
    expect(done.response.headers.get('location')).toBe('/auth/login?reset=1');

    expect(await canSignIn(email, 'Fresh@2026pass')).toBe(true);
    expect(await canSignIn(email, old)).toBe(false);
    expect((await session.get('/api/user', { headers: { accept: 'application/json' } })).status).toBe(401);

    const again = await postForm({ token, password: 'Another@2026pass', password_confirmation: 'Another@2026pass' }, `${PATH}?token=${token}`);
    expect(again.response.status).toBe(422);
    expect(again.html).toContain('This reset link is invalid or has expired. Ask for a new one.');
    expect(await canSignIn(email, 'Fresh@2026pass')).toBe(true);
  });

  it('refuses a link older than 60 minutes', async () => {
    const email = DEMO_CREDENTIALS.support.email;
    const token = await requestLink(email);
    await app.server.withDatabase((q) => q(`update password_reset_tokens set expires_at = now() - interval '1 minute' where token_hash = $1`, [sha256(token)]));
    const expired = await postForm({ token, password: 'Fresh@2026pass', password_confirmation: 'Fresh@2026pass' }, `${PATH}?token=${token}`);
    expect(expired.response.status).toBe(422);
    expect(expired.html).toContain('This reset link is invalid or has expired.');
    expect(await canSignIn(email, DEMO_CREDENTIALS.support.password)).toBe(true);
  });

  it('answers an unknown email exactly like a known one, and sends nothing', async () => {
    const unknown = await postForm({ email: 'nobody-here@example.com' });
    const before = mailsTo(DEMO_CREDENTIALS.admin.email).length;
    const known = await postForm({ email: DEMO_CREDENTIALS.admin.email });
    expect(unknown.response.status).toBe(known.response.status);
    const message = (html: string, email: string) => /If an account exists for [^<]*/.exec(html)?.[0]?.replace(email, '<email>');
    expect(message(unknown.html, 'nobody-here@example.com')).toBeTruthy();
    expect(message(unknown.html, 'nobody-here@example.com')).toBe(message(known.html, DEMO_CREDENTIALS.admin.email));
    // Both were queued after their answers, the unknown one first: once the known one's mail is
    // out, the unknown one's work (a lookup that finds no one) is long done.
    await nextMailTo(DEMO_CREDENTIALS.admin.email, before);
    expect(mailsTo('nobody-here@example.com')).toEqual([]);
  });

  it('refuses a malformed email beside the field, and a post without the CSRF token', async () => {
    const bad = await postForm({ email: 'not-an-email' });
    expect(bad.response.status).toBe(422);
    expect(bad.html).toContain('Enter a valid email address.');
    const guest = new HttpClient(() => app.server.url);
    await (await guest.get(PATH)).arrayBuffer();
    const refused = await guest.post(PATH, { form: { email: DEMO_CREDENTIALS.admin.email }, csrf: false });
    expect([403, 419]).toContain(refused.status);
  });
});

describe('earlier reset links (issue 20, item 6)', () => {
  const { email } = DEMO_CREDENTIALS.newvendor;
  const reset = (token: string, password: string) => postForm({ token, password, password_confirmation: password }, `${PATH}?token=${token}`);

  it('all stop working once one of them is used', async () => {
    const first = await requestLink(email);
    const second = await requestLink(email);
    expect(first).not.toBe(second);
    expect((await reset(second, 'Fresh@2026pass')).response.status).toBe(303);

    const page = await new HttpClient(() => app.server.url).get(`${PATH}?token=${first}`);
    expect(await page.text()).toContain('This reset link is invalid or has expired.');
    const stale = await reset(first, 'Other@2026pass');
    expect(stale.response.status).toBe(422);
    expect(stale.html).toContain('This reset link is invalid or has expired. Ask for a new one.');
    expect(await canSignIn(email, 'Fresh@2026pass')).toBe(true);
  });

  it('all stop working once the password is changed through /api/user-password', async () => {
    const token = await requestLink(email);
    const session = new HttpClient(() => app.server.url);
    await session.login({ email, password: 'Fresh@2026pass' });
    const changed = await session.post('/api/user-password', {
      json: { current_password: 'Fresh@2026pass', password: 'Changed@2026pass', password_confirmation: 'Changed@2026pass' },
    });
    expect(changed.status, await changed.clone().text()).toBe(200);

    const stale = await reset(token, 'Other@2026pass');
    expect(stale.response.status).toBe(422);
    expect(stale.html).toContain('This reset link is invalid or has expired. Ask for a new one.');
    expect(await canSignIn(email, 'Changed@2026pass')).toBe(true);
  });
});
