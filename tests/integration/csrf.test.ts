/**
 * CSRF on unsafe methods: the X-XSRF-TOKEN header (or a form's `_token`) must equal the
 * XSRF-TOKEN cookie AND be bound to the caller's session. Refusals are 419 in the one error shape.
 * POST /api/impersonate-check is the probe: harmless, and 409 (not 419) once past the check.
 */
import { describe, expect, it } from 'vitest';
import { useServer } from '../helpers/vitest-server.ts';
import { CSRF_COOKIE } from '../helpers/http.ts';
import { expectErrorShape } from '../helpers/assertions.ts';

const app = useServer();
const PROBE = '/api/impersonate-check';

describe('CSRF protection', () => {
  it('passes a request with the valid token of its own session', async () => {
    const client = await app.as('admin');
    const response = await client.post(PROBE, { json: {} });
    expect(response.status).not.toBe(419);
    expect(response.status).toBe(409);
  });

  it('refuses a request with no token (419)', async () => {
    const client = await app.as('admin');
    const body = await expectErrorShape(await client.post(PROBE, { json: {}, csrf: false }), 419);
    expect(body.message).toMatch(/CSRF/i);
  });

  it('refuses a JSON body with no token even from the same origin', async () => {
    const client = await app.as('admin');
    await expectErrorShape(await client.post('/api/user-password', { json: { current_password: 'x' }, csrf: false }), 419);
  });

  it('refuses a header token that differs from the cookie (419)', async () => {
    const client = await app.as('admin');
    const token = client.csrfToken!;
    const tampered = token.slice(0, -2) + (token.endsWith('AA') ? 'BB' : 'AA');
    await expectErrorShape(await client.post(PROBE, { json: {}, csrf: tampered }), 419);
  });

  it('refuses a cookie that differs from the header (419)', async () => {
    const client = await app.as('admin');
    const token = client.csrfToken!;
    client.jar.set(CSRF_COOKIE, 'forged.value');
    await expectErrorShape(await client.post(PROBE, { json: {}, csrf: token }), 419);
  });

  it("refuses another session's token, even in both cookie and header (419)", async () => {
    const victim = await app.as('admin');
    const attacker = await app.as('support');
    victim.jar.set(CSRF_COOKIE, attacker.csrfToken!);
    await expectErrorShape(await victim.post(PROBE, { json: {} }), 419);
  });

  it("refuses a guest's token for a signed-in session (419)", async () => {
    const guest = app.client();
    await guest.ensureCsrf();
    const client = await app.as('admin');
    client.jar.set(CSRF_COOKIE, guest.csrfToken!);
    await expectErrorShape(await client.post(PROBE, { json: {} }), 419);
  });

  it('refuses the token of a session that has ended', async () => {
    const client = await app.as('vendor');
    const old = client.csrfToken!;
    expect((await client.post('/logout', { json: {} })).status).toBe(200);
    await client.login('vendor');
    await expectErrorShape(await client.post(PROBE, { json: {}, csrf: old }), 419);
  });

  it('checks every unsafe method, also on routes that would otherwise 404 or 405', async () => {
    const client = await app.as('admin');
    for (const method of ['POST', 'PUT', 'PATCH', 'DELETE']) {
      await expectErrorShape(await client.request(method, '/api/user/sessions/unknown', { json: {}, csrf: false }), 419);
    }
  });

  it('does not ask for a token on GET', async () => {
    const client = await app.as('admin');
    expect((await client.get('/api/user', { headers: { 'x-xsrf-token': 'nonsense' } })).status).toBe(200);
  });

  it('keeps the cookie token stable between requests of one session', async () => {
    const client = await app.as('admin');
    const token = client.csrfToken;
    await client.get('/api/user');
    await client.get('/dashboard');
    expect(client.csrfToken).toBe(token);
  });

  it('replaces a foreign token in the cookie with one bound to the session on the next page load', async () => {
    const other = await app.as('support');
    const client = await app.as('admin');
    client.jar.set(CSRF_COOKIE, other.csrfToken!);
    await client.get('/dashboard');
    expect(client.csrfToken).not.toBe(other.csrfToken);
    expect((await client.post(PROBE, { json: {} })).status).toBe(409);
  });
});

describe('the login form and CSRF', () => {
  it('refuses a login post with no _token (419)', async () => {
    const client = app.client();
    await client.get('/auth/login');
    const response = await client.post('/auth/login', { form: { email: 'admin@example.com', password: 'Admin@12345' }, csrf: false });
    expect(response.status).toBe(419);
    expect(client.sessionToken).toBeUndefined();
  });

  it('refuses a login post whose _token does not match the cookie (419)', async () => {
    const client = app.client();
    await client.get('/auth/login');
    const other = app.client();
    await other.get('/auth/login');
    const response = await client.post('/auth/login', { form: { _token: other.csrfToken!, email: 'admin@example.com', password: 'Admin@12345' }, csrf: false });
    expect(response.status).toBe(419);
    expect(client.sessionToken).toBeUndefined();
  });
});
