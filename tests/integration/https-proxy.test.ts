/**
 * Behind a TLS-terminating reverse proxy, configured as the README says (TRUST_PROXY=true and
 * PUBLIC_URL): with X-Forwarded-Proto: https cookies become Secure and HSTS is sent; without the
 * proxy header, neither. The browser's Origin is the public https:// address.
 */
import { describe, expect, it } from 'vitest';
import { useServer } from '../helpers/vitest-server.ts';
import { CSRF_COOKIE, DEMO_CREDENTIALS, findSetCookie, SESSION_COOKIE } from '../helpers/http.ts';

const PUBLIC_URL = 'https://admin.example.com';
const app = useServer({ env: { TRUST_PROXY: 'true', PUBLIC_URL } });
const viaHttps = { 'x-forwarded-proto': 'https' };

async function signInViaProxy(origin: string) {
  const client = app.client();
  await client.get('/auth/login', { headers: viaHttps });
  const response = await client.post('/auth/login', {
    form: { _token: client.csrfToken!, ...DEMO_CREDENTIALS.admin },
    headers: viaHttps,
    origin,
    csrf: false,
  });
  return { client, response };
}

describe('behind an HTTPS proxy', () => {
  it('marks the session and XSRF cookies Secure', async () => {
    const { response } = await signInViaProxy(PUBLIC_URL);
    expect(response.status).toBe(303);
    const session = findSetCookie(response, SESSION_COOKIE);
    expect(session?.attributes.secure).toBe(true);
    expect(session?.attributes.httponly).toBe(true);
    expect(String(session?.attributes.samesite).toLowerCase()).toBe('lax');
    expect(findSetCookie(response, CSRF_COOKIE)?.attributes.secure).toBe(true);
  });

  it('sends Strict-Transport-Security', async () => {
    const response = await app.client().get('/auth/login', { headers: viaHttps });
    expect(response.headers.get('strict-transport-security')).toMatch(/max-age=\d{7,}/);
  });

  it('sends no HSTS and no Secure cookies for plain HTTP requests', async () => {
    const client = app.client();
    const response = await client.get('/auth/login');
    expect(response.headers.get('strict-transport-security')).toBeNull();
    expect(findSetCookie(response, CSRF_COOKIE)?.attributes.secure).toBeUndefined();
  });

  it("accepts the sign-in form from the browser's https:// origin (PUBLIC_URL)", async () => {
    // A browser on https://host sends `Origin: https://host`; the proxy forwards plain HTTP.
    const { response, client } = await signInViaProxy(PUBLIC_URL);
    expect(response.status).toBe(303);
    expect(client.sessionToken).toBeTruthy();
  });

  it('still refuses the sign-in form from any other origin', async () => {
    for (const origin of ['https://evil.example', 'http://admin.example.com']) {
      const { response, client } = await signInViaProxy(origin);
      expect(response.status, origin).toBe(403);
      expect(client.sessionToken, origin).toBeUndefined();
    }
  });
});
