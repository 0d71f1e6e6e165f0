/**
 * Users (issue 14 §1, §6, §7) over real HTTP against the built server: the list contract of
 * /api/users (search, filters, CSV), the invitation end to end (admin creates → outbox mail →
 * link → set password → sign in), the link's single use, purpose and 7-day expiry, "Resend
 * invitation", deactivation and "Sign out everywhere" ending every session at once, the sign-in
 * refusal of a deactivated account, the guards (self-deactivate, self-demote, the last active
 * Super Admin, giving a role one lacks) with their activity entries, and who may do any of it.
 */
import { createHash } from 'node:crypto';
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { beforeAll, describe, expect, it, vi } from 'vitest';
import { useServer } from '../helpers/vitest-server.ts';
import { DEMO_CREDENTIALS, HttpClient } from '../helpers/http.ts';
import { expectErrorShape } from '../helpers/assertions.ts';

// A long identity cache, so "refused on the very next request" can't be the cache simply running out
// (on PostgreSQL the database is written behind the running server's back, as another server would).
const app = useServer({ env: { PERMISSION_CACHE_SECONDS: '60' } });
let admin: HttpClient;
let roleIds: Record<string, number>;

type User = {
  id: number;
  name: string;
  email: string;
  phone: string;
  user_type: string;
  role_names: string;
  role_ids?: number[];
  status: string;
  two_factor: string;
  last_sign_in_at: string | null;
  invitation_pending: boolean;
  version: number;
};

const sha256 = (s: string) => createHash('sha256').update(s).digest('hex');

function mailsTo(email: string): string[] {
  const dir = join(app.server.dataDir, 'outbox');
  if (!existsSync(dir)) return [];
  return readdirSync(dir)
    .filter((f) => f.includes('-mail-') && f.includes(email))
    .sort()
    .map((f) => readFileSync(join(dir, f), 'utf8'));
}

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

/** The invitation token in a mail (quoted-printable may fold the line and encode "="). */
function tokenOf(mail: string): string {
  const body = mail.replace(/=\r?\n/g, '').replace(/=3D/g, '=');
  const token = /\/auth\/invitation\?token=([A-Za-z0-9_-]+)/.exec(body)?.[1];
  expect(token, body).toBeTruthy();
  return token!;
}

/** A guest posting the invitation form: GET for the XSRF-TOKEN cookie, then POST with `_token`. */
async function accept(token: string, password: string): Promise<{ response: Response; html: string }> {
  const guest = new HttpClient(() => app.server.url);
  const path = `/auth/invitation?token=${token}`;
  await (await guest.get(path)).arrayBuffer();
  const response = await guest.post(path, { form: { _token: guest.csrfToken!, token, password, password_confirmation: password }, csrf: false });
  return { response, html: await response.text() };
}

async function signIn(email: string, password: string): Promise<{ status: number; html: string; client: HttpClient }> {
  const client = new HttpClient(() => app.server.url);
  const response = await client.submitLogin(email, password);
  return { status: response.status, html: await response.text(), client };
}

/** Admin creates a user (JSON, as an integrator would) and answers the record and the invitation token from the outbox. */
async function invite(name: string, email: string, roles: string[]): Promise<{ user: User; token: string }> {
  const before = mailsTo(email).length;
  const response = await admin.post('/api/users', { json: { name, email, phone: '98450 12345', role_ids: roles.map((r) => roleIds[r]) } });
  const body = (await response.json()) as { data: User };
  expect(response.status, JSON.stringify(body)).toBe(201);
  const mail = await nextMailTo(email, before);
  expect(mail).toContain('Subject: You are invited to the back-office');
  return { user: body.data, token: tokenOf(mail) };
}

async function onboard(name: string, email: string, roles: string[], password = 'Welcome@2026'): Promise<User> {
  const { user, token } = await invite(name, email, roles);
  expect((await accept(token, password)).response.status).toBe(303);
  return user;
}

async function getUser(id: number, client = admin): Promise<User> {
  const { status, body } = await client.getJson<{ data: User }>(`/api/users/${id}`);
  expect(status).toBe(200);
  return body.data;
}

async function update(id: number, changes: Partial<{ name: string; phone: string; status: string; role_ids: number[] }>, client = admin): Promise<Response> {
  const current = await getUser(id, client);
  return client.put(`/api/users/${id}`, {
    json: {
      name: current.name,
      email: current.email,
      phone: current.phone,
      status: current.status,
      role_ids: current.role_ids,
      version: current.version,
      ...changes,
    },
  });
}

const stillIn = async (client: HttpClient) => (await client.getJson('/api/user')).status;

beforeAll(async () => {
  admin = await app.as('admin');
  const { status, body } = await admin.getJson<{ data: { value: number; label: string }[] }>('/api/users/roles');
  expect(status).toBe(200);
  roleIds = Object.fromEntries(body.data.map((r) => [r.label, r.value]));
  expect(roleIds['Super Admin']).toBeTypeOf('number');
  expect(roleIds.Support).toBeTypeOf('number');
});

describe('GET /api/users: the list contract', () => {
  it('lists every column, searches name/email/phone, filters by role, status and 2FA, and exports CSV', async () => {
    const { status, body } = await admin.getJson<{ data: User[]; meta: { total: number } }>('/api/users?per_page=100');
    expect(status).toBe(200);
    const asha = body.data.find((u) => u.email === DEMO_CREDENTIALS.admin.email)!;
    expect(asha).toMatchObject({ user_type: 'staff', role_names: 'Super Admin', status: 'active', two_factor: 'off', invitation_pending: false });
    // Signed in through the real form: the sign-in stamped the time.
    expect(asha.last_sign_in_at).toMatch(/^\d{4}-\d\d-\d\dT/);
    expect(body.data.some((u) => u.user_type === 'vendor')).toBe(true);

    const search = await admin.getJson<{ data: User[] }>('/api/users?q=support%40example');
    expect(search.body.data.map((u) => u.email)).toEqual([DEMO_CREDENTIALS.support.email]);

    const byRole = await admin.getJson<{ data: User[] }>(
      `/api/users?filters=${encodeURIComponent(JSON.stringify({ role_names: { operator: 'and', constraints: [{ matchMode: 'contains', value: 'Support' }] } }))}`,
    );
    expect(byRole.status).toBe(200);
    expect(byRole.body.data.length).toBeGreaterThan(0);
    expect(byRole.body.data.every((u) => u.role_names.includes('Support'))).toBe(true);
    // The list's Roles filter picks roles by id (users holding any of them), as the DataTable sends it.
    const roleFilter = (ids: unknown) =>
      admin.getJson<{ data: User[]; meta: { total: number } }>(
        `/api/users?filters=${encodeURIComponent(JSON.stringify({ role_id: { operator: 'and', constraints: [{ matchMode: 'in', value: ids }] } }))}`,
      );
    const picked = await roleFilter([roleIds.Support]);
    expect(picked.status).toBe(200);
    expect(picked.body.data.map((u) => u.email)).toEqual(byRole.body.data.map((u) => u.email));
    const both = await roleFilter([roleIds.Support, roleIds['Super Admin']]);
    expect(both.body.data.map((u) => u.email).sort()).toEqual([DEMO_CREDENTIALS.admin.email, DEMO_CREDENTIALS.support.email].sort());
    expect(both.body.meta.total).toBe(2);
    await expectErrorShape(
      await admin.get(
        `/api/users?filters=${encodeURIComponent(JSON.stringify({ role_id: { operator: 'and', constraints: [{ matchMode: 'in', value: ['x'] }] } }))}`,
      ),
      422,
    );
    await expectErrorShape(await admin.get(`/api/users?sort=role_id`), 422);

    const off = await admin.getJson<{ data: User[]; meta: { total: number } }>(
      `/api/users?filters=${encodeURIComponent(JSON.stringify({ two_factor: { operator: 'and', constraints: [{ matchMode: 'equals', value: 'on' }] } }))}`,
    );
    expect(off.status).toBe(200);
    expect(off.body.meta.total).toBe(0);

    const bad = await admin.get(`/api/users?sort=password_hash`, { headers: { accept: 'application/json' } });
    await expectErrorShape(bad, 422);

    const csv = await admin.get('/api/users/export');
    expect(csv.status).toBe(200);
    const text = await csv.text();
    expect(text.split('\n')[0]).toContain('Name');
    expect(text).toContain(DEMO_CREDENTIALS.admin.email);
    expect(text).not.toMatch(/argon|\$argon2|!invited/);
  });
});

describe('invitation', () => {
  it('admin creates a user → a mail with a single-use 7-day link → the user sets a password and signs in', async () => {
    const email = 'meera.iyer@example.com';
    const { user, token } = await invite('Meera Iyer', email, ['Support']);
    expect(user).toMatchObject({ name: 'Meera Iyer', email, phone: '+919845012345', role_names: 'Support', status: 'active', invitation_pending: true });

    // Stored hashed, for its purpose, for 7 days; the user has no usable password meanwhile.
    const [stored] = await app.server.withDatabase((q) =>
      q(`select token_hash, purpose, expires_at, created_at from password_reset_tokens where user_id = $1`, [user.id]),
    );
    expect(stored!.token_hash).toBe(sha256(token));
    expect(stored!.purpose).toBe('invite');
    const ttl = new Date(stored!.expires_at as string).getTime() - new Date(stored!.created_at as string).getTime();
    expect(Math.round(ttl / 3_600_000)).toBe(7 * 24);
    expect((await signIn(email, '!invited')).status).toBe(422);

    // The mail carries no password, only the link.
    const mail = mailsTo(email).at(-1)!;
    expect(mail).not.toMatch(/password is|temporary password|!invited/i);

    // An invitation link is not a reset link.
    const asReset = await new HttpClient(() => app.server.url).get(`/api/user/reset-password?token=${token}`);
    expect(await asReset.text()).toContain('This reset link is invalid or has expired.');

    const page = await new HttpClient(() => app.server.url).get(`/auth/invitation?token=${token}`);
    expect(page.status).toBe(200);
    expect(await page.text()).toContain('Set password');

    const done = await accept(token, 'Welcome@2026');
    expect(done.response.status).toBe(303);
    expect(done.response.headers.get('location')).toBe('/auth/login?invited=1');

    const signedIn = await signIn(email, 'Welcome@2026');
    expect(signedIn.status).toBe(303);
    expect(await stillIn(signedIn.client)).toBe(200);
    expect(await getUser(user.id)).toMatchObject({ invitation_pending: false });
    expect((await getUser(user.id)).last_sign_in_at).not.toBeNull();

    // Single use.
    const again = await accept(token, 'Another@2026');
    expect(again.response.status).toBe(422);
    expect(again.html).toContain('This invitation link is invalid, used or expired.');
    expect((await signIn(email, 'Welcome@2026')).status).toBe(303);
  });

  it('refuses an expired link; "Resend invitation" sends a new one and ends the older', async () => {
    const email = 'ravi.kumar@example.com';
    const { user, token: first } = await invite('Ravi Kumar', email, []);
    await app.server.withDatabase((q) => q(`update password_reset_tokens set expires_at = now() - interval '1 minute' where token_hash = $1`, [sha256(first)]));
    const expired = await accept(first, 'Welcome@2026');
    expect(expired.response.status).toBe(422);
    expect(expired.html).toContain('This invitation link is invalid, used or expired.');

    admin = await app.as('admin'); // withDatabase restarted the server
    const before = mailsTo(email).length;
    const resent = await admin.post(`/api/users/${user.id}/resend-invitation`);
    expect(resent.status).toBe(200);
    const second = tokenOf(await nextMailTo(email, before));

    const before2 = mailsTo(email).length;
    expect((await admin.post(`/api/users/${user.id}/resend-invitation`)).status).toBe(200);
    const third = tokenOf(await nextMailTo(email, before2));
    // The second link died when the third was sent.
    expect((await accept(second, 'Welcome@2026')).response.status).toBe(422);
    expect((await accept(third, 'Welcome@2026')).response.status).toBe(303);
    expect((await signIn(email, 'Welcome@2026')).status).toBe(303);

    // Accepted: nothing left to resend.
    await expectErrorShape(await admin.post(`/api/users/${user.id}/resend-invitation`), 409);
  });

  it('refuses a duplicate email and unknown roles (422 with the field)', async () => {
    const dup = await admin.post('/api/users', { json: { name: 'Again', email: DEMO_CREDENTIALS.support.email.toUpperCase(), role_ids: [] } });
    expect((await expectErrorShape(dup, 422)).errors?.email?.[0]).toContain('already exists');
    const unknown = await admin.post('/api/users', { json: { name: 'Nobody', email: 'nobody.roles@example.com', role_ids: [999999] } });
    expect((await expectErrorShape(unknown, 422)).errors?.role_ids?.[0]).toBe('Choose roles from the list.');
    // Users are deactivated, never deleted.
    await expectErrorShape(await admin.delete(`/api/users/999999`), 404);
  });
});

describe('deactivation and signing out everywhere', () => {
  it('deactivating ends every session of the user at once, and sign-in then says why', async () => {
    const email = 'kiran.rao@example.com';
    const user = await onboard('Kiran Rao', email, ['Support']);
    const one = (await signIn(email, 'Welcome@2026')).client;
    const two = (await signIn(email, 'Welcome@2026')).client;
    expect(await stillIn(one)).toBe(200);
    expect(await stillIn(two)).toBe(200);
    // Both identities are now in the server's cache (PERMISSION_CACHE_SECONDS).
    expect(await stillIn(one)).toBe(200);

    const res = await update(user.id, { status: 'disabled' });
    expect(res.status).toBe(200);
    expect(((await res.json()) as { data: User }).data.status).toBe('disabled');
    expect(await stillIn(one)).toBe(401);
    expect(await stillIn(two)).toBe(401);
    const [{ n }] = (await app.server.withDatabase((q) => q(`select count(*)::int as n from sessions where user_id = $1`, [user.id]))) as [{ n: number }];
    expect(n).toBe(0);

    const refused = await signIn(email, 'Welcome@2026');
    expect(refused.status).toBe(422);
    expect(refused.html).toContain('This account is deactivated. Ask an administrator to reactivate it.');
    // A wrong password learns nothing about the account.
    const wrong = await signIn(email, 'Wrong@2026pass');
    expect(wrong.html).toContain('These credentials do not match our records.');

    admin = await app.as('admin');
    expect((await update(user.id, { status: 'active' })).status).toBe(200);
    expect((await signIn(email, 'Welcome@2026')).status).toBe(303);
  });

  it('a session deleted behind the server’s back (another server deactivated the user) is refused on the very next request', async () => {
    const email = 'latha.menon@example.com';
    const user = await onboard('Latha Menon', email, ['Support']);
    const client = (await signIn(email, 'Welcome@2026')).client;
    expect(await stillIn(client)).toBe(200);
    // What another app server's deactivation writes. (On PGlite the helper restarts this server to
    // write; on PostgreSQL it writes while this server keeps its cache: the real multi-server case.)
    await app.server.withDatabase(async (q) => {
      await q(`update users set status = 'disabled' where id = $1`, [user.id]);
      await q(`delete from sessions where user_id = $1`, [user.id]);
    });
    expect(await stillIn(client)).toBe(401);
    admin = await app.as('admin');
  });

  it('"Sign out everywhere" ends every session of the user', async () => {
    const email = 'farah.khan@example.com';
    const user = await onboard('Farah Khan', email, ['Support']);
    const one = (await signIn(email, 'Welcome@2026')).client;
    const two = (await signIn(email, 'Welcome@2026')).client;
    expect(await stillIn(one)).toBe(200);
    expect(await stillIn(two)).toBe(200);
    const res = await admin.post(`/api/users/${user.id}/sign-out-everywhere`);
    expect(res.status).toBe(200);
    expect(((await res.json()) as { data: { ended: number } }).data.ended).toBe(2);
    expect(await stillIn(one)).toBe(401);
    expect(await stillIn(two)).toBe(401);
    // Not deactivated: they can sign in again.
    expect((await signIn(email, 'Welcome@2026')).status).toBe(303);
  });
});

describe('guards', () => {
  it('nobody deactivates or demotes themselves', async () => {
    const me = (await admin.getJson<{ data: User[] }>(`/api/users?q=${encodeURIComponent(DEMO_CREDENTIALS.admin.email)}`)).body.data[0]!;
    const off = await update(me.id, { status: 'disabled' });
    expect((await expectErrorShape(off, 409)).message).toBe('You can’t deactivate your own account.');
    const demoted = await update(me.id, { role_ids: [] });
    expect((await expectErrorShape(demoted, 409)).message).toContain('You can’t remove roles from your own account.');
    expect(await getUser(me.id)).toMatchObject({ status: 'active', role_names: 'Super Admin' });
    expect(await stillIn(admin)).toBe(200);
  });

  it('the last active Super Admin keeps the role and stays active; a role one lacks can’t be given; every change is logged with role names', async () => {
    const me = (await admin.getJson<{ data: User[] }>(`/api/users?q=${encodeURIComponent(DEMO_CREDENTIALS.admin.email)}`)).body.data[0]!;
    // A user manager: may list and update users, and nothing else.
    await app.server.withDatabase(async (q) => {
      await q(`insert into roles (name, description) values ('User Manager', 'Manages users')`);
      await q(
        `insert into role_permissions (role_id, permission_id) select r.id, p.id from roles r, permissions p where r.name = 'User Manager' and p.name in ('users:list', 'users:update', 'dashboard:view')`,
      );
    });
    admin = await app.as('admin');
    roleIds = Object.fromEntries(
      ((await admin.getJson<{ data: { value: number; label: string }[] }>('/api/users/roles')).body.data ?? []).map((r) => [r.label, r.value]),
    );
    const manager = await onboard('Uma Manager', 'uma.manager@example.com', ['User Manager']);
    const uma = (await signIn('uma.manager@example.com', 'Welcome@2026')).client;

    const deactivate = await update(me.id, { status: 'disabled' }, uma);
    expect((await expectErrorShape(deactivate, 409)).message).toContain('is the last active Super Admin');
    const demote = await update(me.id, { role_ids: [] }, uma);
    expect((await expectErrorShape(demote, 409)).message).toContain('is the last active Super Admin');
    expect(await getUser(me.id)).toMatchObject({ status: 'active', role_names: 'Super Admin' });

    // Giving a role whose permissions one lacks is privilege escalation: refused.
    const escalate = await update(manager.id, { role_ids: [roleIds['User Manager']!, roleIds['Super Admin']!] }, uma);
    await expectErrorShape(escalate, 403);
    const other = await onboard('Dev Support', 'dev.support@example.com', ['Support']);
    await expectErrorShape(await update(other.id, { role_ids: [roleIds['Super Admin']!] }, uma), 403);

    // With a second active Super Admin, the first may lose the role (and get it back from the second).
    expect((await update(other.id, { role_ids: [roleIds['Super Admin']!, roleIds.Support!] })).status).toBe(200);
    expect((await update(me.id, { role_ids: [] }, uma)).status).toBe(200);
    const dev = (await signIn('dev.support@example.com', 'Welcome@2026')).client;
    expect((await update(me.id, { role_ids: [roleIds['Super Admin']!] }, dev)).status).toBe(200);

    const entries = await app.server.withDatabase((q) =>
      q(`select action, changes from activity_logs where area = 'users' and record_id = $1 order by id`, [me.id]),
    );
    admin = await app.as('admin');
    const roleChanges = entries.filter((e) => e.action === 'update').map((e) => (e.changes as { roles?: unknown }).roles);
    expect(roleChanges).toEqual([
      ['Super Admin', ''],
      ['', 'Super Admin'],
    ]);
    const created = await app.server.withDatabase((q) =>
      q(`select changes from activity_logs where area = 'users' and action = 'create' and record_id = $1`, [other.id]),
    );
    admin = await app.as('admin');
    expect((created[0]!.changes as Record<string, unknown>).roles).toEqual([null, 'Support']);
    expect(JSON.stringify(created[0]!.changes)).not.toContain('!invited');
  });
});

describe('Reset two-factor: a user who lost their phone and recovery codes', () => {
  it('turns it off, deletes the recovery codes, signs them out everywhere, logs it and mails them', async () => {
    const email = 'lata.lostphone@example.com';
    const user = await onboard('Lata Lostphone', email, ['Support']);
    const lata = (await signIn(email, 'Welcome@2026')).client;
    // Two-factor on with ten recovery codes, set directly (setting it up is two-factor.test.ts's).
    await app.server.withDatabase(async (q) => {
      await q(`update users set totp_secret = 'e1.lost', totp_enabled_at = now() where id = $1`, [user.id]);
      await q(`insert into user_recovery_codes (user_id, code_hash) select $1, md5(g::text) || md5(g::text) from generate_series(1, 10) g`, [user.id]);
    });
    admin = await app.as('admin');
    expect(await stillIn(lata)).toBe(200);

    // The edit page offers it, under the form.
    const page = await (await admin.get(`/users/${user.id}/edit`)).text();
    expect(page).toContain('Reset two-factor');
    expect(page).toContain('data-testid="two-factor-state"');

    const mailsBefore = mailsTo(email).length;
    const res = await admin.post(`/api/users/${user.id}/reset-two-factor`);
    expect(res.status).toBe(200);
    const body = (await res.json()) as { message: string; data: { ended: number } };
    expect(body.data.ended).toBe(1);
    expect(body.message).toContain('Lata Lostphone’s two-factor sign-in is off');
    expect(await stillIn(lata)).toBe(401);
    expect(await getUser(user.id)).toMatchObject({ two_factor: 'off' });
    const mail = await nextMailTo(email, mailsBefore);
    expect(mail).toContain('Subject: Your two-factor sign-in was reset');
    // Signing in takes the password alone again (the Support role does not require two-factor here).
    expect((await signIn(email, 'Welcome@2026')).status).toBe(303);

    // Nothing left to reset: 409, and the page no longer offers it.
    await expectErrorShape(await admin.post(`/api/users/${user.id}/reset-two-factor`), 409);
    expect(await (await admin.get(`/users/${user.id}/edit`)).text()).not.toContain('>Reset two-factor<');

    const rows = await app.server.withDatabase(async (q) => ({
      user: await q(`select totp_secret, totp_enabled_at from users where id = $1`, [user.id]),
      codes: await q(`select count(*)::int as n from user_recovery_codes where user_id = $1`, [user.id]),
      log: await q(`select actor_id, changes from activity_logs where area = 'users' and action = 'two-factor-reset' and record_id = $1`, [user.id]),
    }));
    admin = await app.as('admin');
    expect(rows.user[0]).toMatchObject({ totp_secret: null, totp_enabled_at: null });
    expect(rows.codes[0]!.n).toBe(0);
    expect(rows.log).toHaveLength(1);
    expect(rows.log[0]!.changes).toMatchObject({ two_factor: ['on', 'off'], recovery_codes: [10, 0], sessions: [1, 0] });
  });

  it('is refused for oneself, for a user holding permissions one lacks, for an unknown user, and without the CSRF token', async () => {
    const me = (await admin.getJson<{ data: User[] }>(`/api/users?q=${encodeURIComponent(DEMO_CREDENTIALS.admin.email)}`)).body.data[0]!;
    const self = await expectErrorShape(await admin.post(`/api/users/${me.id}/reset-two-factor`), 403);
    expect(self.message).toContain('You can’t reset your own two-factor sign-in');
    expect(await (await admin.get(`/users/${me.id}/edit`)).text()).not.toContain('data-testid="two-factor-state"');

    // Lata (Support) has two-factor on again; Uma (User Manager: users:list, users:update) lacks Support's permissions.
    const lata = (await admin.getJson<{ data: User[] }>('/api/users?q=lata.lostphone')).body.data[0]!;
    await app.server.withDatabase((q) => q(`update users set totp_secret = 'e1.again', totp_enabled_at = now() where id = $1`, [lata.id]));
    admin = await app.as('admin');
    const uma = (await signIn('uma.manager@example.com', 'Welcome@2026')).client;
    const escalation = await expectErrorShape(await uma.post(`/api/users/${lata.id}/reset-two-factor`), 403);
    expect(escalation.message).toMatch(/^You can’t reset Lata Lostphone’s two-factor sign-in: they hold permissions you don’t \(.+\)\.$/);
    const page = await (await uma.get(`/users/${lata.id}/edit`)).text();
    expect(page).toContain('Only someone holding every permission Lata Lostphone holds can reset it');
    expect(page).not.toContain('>Reset two-factor<');
    expect((await getUser(lata.id)).two_factor).toBe('on');

    await expectErrorShape(await admin.post('/api/users/999999/reset-two-factor'), 404);
    await expectErrorShape(await admin.post('/api/users/99999999999/reset-two-factor'), 404);
    expect((await admin.post(`/api/users/${lata.id}/reset-two-factor`, { csrf: false })).status).toBe(419);
    expect((await getUser(lata.id)).two_factor).toBe('on');
  });
});

describe('who may use /api/users', () => {
  it('refuses vendor@example.com and support@example.com (403) and guests (401) on every users route', async () => {
    const routes: [string, string][] = [
      ['GET', '/api/users'],
      ['GET', '/api/users/1'],
      ['GET', '/api/users/export'],
      ['GET', '/api/users/roles'],
      ['POST', '/api/users'],
      ['PUT', '/api/users/1'],
      ['POST', '/api/users/1/resend-invitation'],
      ['POST', '/api/users/1/sign-out-everywhere'],
      ['POST', '/api/users/1/reset-two-factor'],
    ];
    for (const account of ['vendor', 'support'] as const) {
      const client = await app.as(account);
      for (const [method, path] of routes) {
        const res = await client.request(method, path, { headers: { accept: 'application/json' }, ...(method === 'GET' ? {} : { json: {} }) });
        expect(res.status, `${account} ${method} ${path}`).toBe(403);
        await res.arrayBuffer();
      }
      const page = await client.get('/users/list');
      expect(page.status).toBe(403);
      await page.arrayBuffer();
    }
    const guest = app.client();
    await guest.ensureCsrf();
    for (const [method, path] of routes) {
      const res = await guest.request(method, path, { headers: { accept: 'application/json' }, ...(method === 'GET' ? {} : { json: {} }) });
      expect(res.status, `guest ${method} ${path}`).toBe(401);
      await res.arrayBuffer();
    }
  });

  it('admin sees the users pages', async () => {
    for (const path of ['/users/list', '/users/add']) {
      const res = await admin.get(path);
      expect(res.status, path).toBe(200);
      expect(await res.text()).toContain(path === '/users/list' ? 'Users' : 'Add user');
    }
    const edit = await admin.get('/users/1/edit');
    expect(edit.status).toBe(200);
    await edit.arrayBuffer();
  });
});
