/**
 * Sign-in, sign-out and the session cookie, through the real login form of the built server.
 */
import { describe, expect, it } from 'vitest';
import { useServer } from '../helpers/vitest-server.ts';
import { CSRF_COOKIE, DEMO_CREDENTIALS, findSetCookie, HttpClient, SESSION_COOKIE } from '../helpers/http.ts';
import { expectErrorShape } from '../helpers/assertions.ts';
import { unmaskCsrfToken } from '../../src/lib/auth/csrf.server.ts';

const app = useServer();

describe('GET /auth/login', () => {
  it('renders the form with a CSRF field matching the XSRF-TOKEN cookie', async () => {
    const client = app.client();
    const response = await client.get('/auth/login');
    expect(response.status).toBe(200);
    const html = await response.text();
    const token = client.cookie(CSRF_COOKIE);
    expect(token).toBeTruthy();
    // The page carries the token masked afresh for each response (BREACH), never as is.
    const field = /name="_token" value="([^"]+)"/.exec(html)?.[1];
    expect(field).toBeTruthy();
    expect(field).not.toBe(token);
    expect(unmaskCsrfToken(field!)).toBe(token);
    const again = /name="_token" value="([^"]+)"/.exec(await (await client.get('/auth/login')).text())?.[1];
    expect(again).not.toBe(field);
    expect(unmaskCsrfToken(again!)).toBe(token);
    expect(html).toMatch(/<input[^>]+name="email"/);
    expect(html).toMatch(/<input[^>]+name="password"/);
  });

  it('keeps the XSRF-TOKEN cookie readable by scripts (double submit) and SameSite=Lax', async () => {
    const response = await app.client().get('/auth/login');
    const cookie = findSetCookie(response, CSRF_COOKIE);
    expect(cookie).toBeDefined();
    expect(cookie!.attributes.httponly).toBeUndefined();
    expect(String(cookie!.attributes.samesite).toLowerCase()).toBe('lax');
    expect(cookie!.attributes.path).toBe('/');
  });
});

describe('POST /auth/login', () => {
  it('signs in with the right password and redirects to /dashboard', async () => {
    const client = app.client();
    const response = await client.submitLogin(DEMO_CREDENTIALS.admin.email, DEMO_CREDENTIALS.admin.password);
    expect(response.status).toBe(303);
    expect(response.headers.get('location')).toBe('/dashboard');
    const me = await client.getJson('/api/user');
    expect(me.status).toBe(200);
    expect(me.body.email).toBe('admin@example.com');
  });

  it('accepts the email in any letter case', async () => {
    const response = await app.client().submitLogin('ADMIN@Example.COM', DEMO_CREDENTIALS.admin.password);
    expect(response.status).toBe(303);
  });

  it('sets the session cookie HttpOnly, SameSite=Lax, Path=/ and not Secure on plain HTTP', async () => {
    const response = await app.client().submitLogin(DEMO_CREDENTIALS.support.email, DEMO_CREDENTIALS.support.password);
    const session = findSetCookie(response, SESSION_COOKIE);
    expect(session, 'a session cookie').toBeDefined();
    expect(session!.value.length).toBeGreaterThanOrEqual(32);
    expect(session!.attributes.httponly).toBe(true);
    expect(String(session!.attributes.samesite).toLowerCase()).toBe('lax');
    expect(session!.attributes.path).toBe('/');
    expect(session!.attributes.secure).toBeUndefined();
  });

  it('rotates the CSRF token at sign-in: the guest token no longer works', async () => {
    const client = app.client();
    await client.get('/auth/login');
    const guestToken = client.csrfToken!;
    const response = await client.submitLogin(DEMO_CREDENTIALS.admin.email, DEMO_CREDENTIALS.admin.password);
    expect(findSetCookie(response, CSRF_COOKIE)?.value).toBeTruthy();
    expect(client.csrfToken).not.toBe(guestToken);
    const stale = await client.post('/api/impersonate-check', { json: {}, csrf: guestToken });
    await expectErrorShape(stale, 419);
  });

  it('issues a new session id at every sign-in and never adopts a planted one', async () => {
    const planted = 'attacker-chosen-session-token-0123456789abcdef';
    const first = app.client();
    first.jar.set(SESSION_COOKIE, planted);
    await first.login('vendor');
    const second = app.client();
    await second.login('vendor');
    expect(first.sessionToken).not.toBe(planted);
    expect(second.sessionToken).not.toBe(first.sessionToken);
    // Both are live, separate sessions.
    expect((await first.getJson('/api/user')).status).toBe(200);
    expect((await second.getJson('/api/user')).status).toBe(200);
    const attacker = app.client();
    attacker.jar.set(SESSION_COOKIE, planted);
    expect((await attacker.getJson('/api/user')).status).toBe(401);
  });

  it('shows the error on the page with 422 for a wrong password, and sets no session', async () => {
    const client = app.client();
    const response = await client.submitLogin(DEMO_CREDENTIALS.admin.email, 'wrong-password-1');
    expect(response.status).toBe(422);
    expect(response.headers.get('content-type')).toMatch(/text\/html/);
    const html = await response.text();
    expect(html).toContain('These credentials do not match our records.');
    expect(html).toContain('role="alert"');
    // The email stays in the form; the password does not.
    expect(html).toContain('value="admin@example.com"');
    expect(html).not.toContain('wrong-password-1');
    expect(client.sessionToken).toBeUndefined();
    expect((await client.getJson('/api/user')).status).toBe(401);
  });

  it('answers an unknown email exactly like a wrong password', async () => {
    const response = await app.client().submitLogin('nobody@example.com', 'Whatever@123');
    expect(response.status).toBe(422);
    expect(await response.text()).toContain('These credentials do not match our records.');
  });

  it('names the missing fields with 422', async () => {
    const response = await app.client().submitLogin('', '');
    expect(response.status).toBe(422);
    const html = await response.text();
    expect(html).toContain('Enter your email.');
    expect(html).toContain('Enter your password.');
  });

  it('goes to a safe local `next` after sign-in, never to another site', async () => {
    const local = await app.client().submitLogin(DEMO_CREDENTIALS.admin.email, DEMO_CREDENTIALS.admin.password, { next: '/profile' });
    expect(local.status).toBe(303);
    expect(local.headers.get('location')).toBe('/profile');
    for (const next of ['//evil.example/x', 'https://evil.example/', '/\\evil.example']) {
      const response = await app.client().submitLogin(DEMO_CREDENTIALS.admin.email, DEMO_CREDENTIALS.admin.password, { next });
      expect(response.status, next).toBe(303);
      expect(response.headers.get('location'), next).toBe('/dashboard');
    }
  });

  it('sends a signed-in user away from the login page to /dashboard', async () => {
    const client = await app.as('admin');
    const response = await client.get('/auth/login');
    expect(response.status).toBe(302);
    expect(response.headers.get('location')).toBe('/dashboard');
  });

  it('refuses a form posted from another origin', async () => {
    const client = app.client();
    await client.get('/auth/login');
    const response = await client.post('/auth/login', {
      form: { _token: client.csrfToken!, email: DEMO_CREDENTIALS.admin.email, password: DEMO_CREDENTIALS.admin.password },
      origin: 'https://evil.example',
      csrf: false,
    });
    expect(response.status).toBe(403);
    expect(client.sessionToken).toBeUndefined();
  });
});

describe('POST /logout', () => {
  it('destroys the session: the old cookie gets 401 on /api/user', async () => {
    const client = await app.as('admin');
    const oldCookie = client.clone();
    const response = await client.post('/logout', { json: {} });
    expect(response.status).toBe(200);
    const cleared = findSetCookie(response, SESSION_COOKIE);
    expect(cleared, 'the session cookie is cleared').toBeDefined();
    expect(client.sessionToken).toBeUndefined();
    expect((await client.getJson('/api/user')).status).toBe(401);
    // Replaying the old cookie does not bring the session back.
    const replay = await oldCookie.getJson('/api/user');
    expect(replay.status).toBe(401);
    expect(typeof replay.body.message).toBe('string');
  });

  it('leaves the other sessions of the same user alone', async () => {
    const a = await app.as('support');
    const b = await app.as('support');
    expect((await a.post('/logout', { json: {} })).status).toBe(200);
    expect((await b.getJson('/api/user')).status).toBe(200);
  });

  it('works as a plain form post with the _token field (no JavaScript)', async () => {
    const client = await app.as('vendor');
    const response = await client.post('/logout', { form: { _token: client.csrfToken! }, csrf: false });
    expect(response.status).toBeLessThan(400);
    expect((await client.getJson('/api/user')).status).toBe(401);
  });

  it('answers 401 to a guest', async () => {
    const client = app.client();
    await client.ensureCsrf();
    await expectErrorShape(await client.post('/logout', { json: {} }), 401);
  });

  it('afterwards the login page works again and a new guest CSRF token is set', async () => {
    const client = await app.as('admin');
    const signedInToken = client.csrfToken;
    await client.post('/logout', { json: {} });
    expect(client.csrfToken).toBeTruthy();
    expect(client.csrfToken).not.toBe(signedInToken);
    expect((await client.get('/auth/login')).status).toBe(200);
    await client.login('admin');
  });
});

describe('GET /api/user without a session', () => {
  it('answers 401 in the one error shape, and 401 for a forged cookie too', async () => {
    await expectErrorShape(await app.client().get('/api/user'), 401);
    const forged = app.client();
    forged.jar.set(SESSION_COOKIE, 'x'.repeat(43));
    await expectErrorShape(await forged.get('/api/user'), 401);
  });

  it('redirects a guest on a page to the login form, remembering where they were going', async () => {
    const response = await app.client().get('/profile');
    expect(response.status).toBe(302);
    expect(response.headers.get('location')).toBe('/auth/login?next=%2Fprofile');
  });
});

describe('a session cookie from another server', () => {
  it('is refused (sessions live in the database, not in the cookie)', async () => {
    const client = new HttpClient(() => app.server.url);
    client.jar.set(SESSION_COOKIE, 'bm90LWEtcmVhbC1zZXNzaW9uLXRva2VuLWF0LWFsbC0xMjM0NQ');
    expect((await client.getJson('/api/user')).status).toBe(401);
  });
});
