/**
 * The outside security probe's report (issue 20), item 9, over real HTTP against the built server:
 * the `next` of a sign-in only ever sends the browser to a path of this site. A tab inside
 * (`/\t/host/path`, which browsers read as `//host/path`), control characters (CR/LF used to give
 * a 500 after the session was made), backslashes, schemes and dot segments that collapse to `//`
 * all fall back to /dashboard; the sign-in itself works every time. The no-JavaScript form only
 * echoes a `next` it would follow.
 */
import { describe, expect, it } from 'vitest';
import { useServer } from '../helpers/vitest-server.ts';
import { DEMO_CREDENTIALS } from '../helpers/http.ts';

const app = useServer();
const { email, password } = DEMO_CREDENTIALS.admin;

/** Where a browser on this site goes with `location`: same origin, a path, nothing odd left in it. */
function expectSameOriginPath(location: string | null, what: string): void {
  expect(location, what).toEqual(expect.any(String));
  const origin = new URL(app.server.url).origin;
  expect(location!.startsWith('/'), `${what}: ${location}`).toBe(true);
  expect(location!.startsWith('//'), `${what}: ${location}`).toBe(false);
  expect(location, what).not.toMatch(/[\u0000-\u001f\u007f\\]/);
  expect(new URL(location!, origin).origin, `${what}: ${location}`).toBe(origin);
}

async function signInWith(next: string): Promise<Response> {
  const client = app.client();
  const response = await client.submitLogin(email, password, { next });
  const text = await response.clone().text();
  expect(response.status, `next=${JSON.stringify(next)}: ${text.slice(0, 300)}`).toBe(303);
  expect(client.sessionToken, `next=${JSON.stringify(next)}: signed in`).toBeTruthy();
  // The session works.
  expect((await client.getJson('/api/user')).status).toBe(200);
  return response;
}

describe('item 9: `next` after sign-in stays on this site', () => {
  const OFF_SITE = [
    '/\t/evil.example/path', // the report: browsers drop the tab and read //evil.example/path
    '/\t\t/evil.example',
    '/\n/evil.example',
    '//evil.example',
    '//evil.example/x',
    '/\\evil.example',
    '/\\/evil.example',
    '\\\\evil.example',
    'https://evil.example',
    'http:evil.example',
    'javascript:alert(1)',
    ' /profile',
    '/.//evil.example',
    '/..//evil.example/x',
    '/x\r\nSet-Cookie:a=b',
    '/x\rSet-Cookie:a=b',
    '/x\u0000y',
    '/x\u007fy',
  ];
  for (const next of OFF_SITE) {
    it(`${JSON.stringify(next)} → /dashboard, and the sign-in works`, async () => {
      const response = await signInWith(next);
      expect(response.headers.get('location'), JSON.stringify(next)).toBe('/dashboard');
    });
  }

  it('a path of this site is kept, with its query and fragment, encoded for a header', async () => {
    const cases: [string, string][] = [
      ['/profile', '/profile'],
      ['/brands/listing?q=a%20b&page=2', '/brands/listing?q=a%20b&page=2'],
      ['/brands/listing#top', '/brands/listing#top'],
      ['/brands/listing?q=😀', '/brands/listing?q=%F0%9F%98%80'],
      ['/é', '/%C3%A9'],
      ['/a/../profile', '/profile'],
      ['/x\u2028y', '/x%E2%80%A8y'],
    ];
    for (const [next, location] of cases) {
      const response = await signInWith(next);
      expect(response.headers.get('location'), JSON.stringify(next)).toBe(location);
      expectSameOriginPath(response.headers.get('location'), JSON.stringify(next));
    }
  });

  it('the no-JavaScript form echoes only a `next` it would follow', async () => {
    const client = app.client();
    for (const next of ['//evil.example', '/\t/evil.example', 'javascript:alert(1)', '/\\evil.example', '/x\r\nSet-Cookie:a=b']) {
      const response = await client.get(`/auth/login?next=${encodeURIComponent(next)}`);
      const html = await response.text();
      expect(response.status, next).toBe(200);
      expect(html, next).not.toMatch(/evil\.example|javascript:|Set-Cookie/);
      expect(html, next).not.toMatch(/name="next"/);
      expect(html, next).toMatch(/action="\/auth\/login"/);
    }
    const response = await client.get(`/auth/login?next=${encodeURIComponent('/brands/listing?q=a&page=2')}`);
    const html = await response.text();
    expect(html).toContain('name="next" value="/brands/listing?q=a&amp;page=2"');
    expect(html).toContain(`action="/auth/login?next=${encodeURIComponent('/brands/listing?q=a&page=2')}"`);
  });

  it('a failed sign-in with an off-site `next` re-renders the form without it', async () => {
    const client = app.client();
    await client.get('/auth/login');
    const response = await client.post(`/auth/login?next=${encodeURIComponent('//evil.example')}`, {
      form: { _token: client.csrfToken!, email, password: 'wrong password', next: '//evil.example' },
      csrf: false,
    });
    const html = await response.text();
    expect(response.status).toBe(422);
    expect(html).not.toContain('evil.example');
  });
});
