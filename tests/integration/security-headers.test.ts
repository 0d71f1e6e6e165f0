/** Security headers on pages, APIs, redirects and errors. HSTS only behind HTTPS (see https-proxy.test.ts). */
import { beforeAll, describe, expect, it } from 'vitest';
import { useServer } from '../helpers/vitest-server.ts';
import type { HttpClient } from '../helpers/http.ts';

const app = useServer();
let admin: HttpClient;

beforeAll(async () => {
  admin = await app.as('admin');
});

function directives(csp: string | null): Map<string, string> {
  const out = new Map<string, string>();
  for (const part of (csp ?? '').split(';')) {
    const [name, ...values] = part.trim().split(/\s+/);
    if (name) out.set(name.toLowerCase(), values.join(' '));
  }
  return out;
}

function expectBaseHeaders(response: Response, label: string) {
  const csp = directives(response.headers.get('content-security-policy'));
  expect(csp.get('object-src'), `${label}: object-src`).toBe("'none'");
  expect(csp.get('base-uri'), `${label}: base-uri`).toBe("'none'");
  expect(csp.get('frame-ancestors'), `${label}: frame-ancestors`).toBe("'none'");
  expect(response.headers.get('x-content-type-options'), label).toBe('nosniff');
  expect(response.headers.get('referrer-policy'), label).toMatch(/^(no-referrer|same-origin|strict-origin|strict-origin-when-cross-origin)$/);
}

describe('security headers', () => {
  it('on the login page (guest HTML)', async () => {
    const response = await app.client().get('/auth/login');
    expectBaseHeaders(response, '/auth/login');
    const csp = directives(response.headers.get('content-security-policy'));
    // No inline script allowance anywhere.
    expect(response.headers.get('content-security-policy')).not.toContain("'unsafe-inline'");
    expect(response.headers.get('content-security-policy')).not.toContain("'unsafe-eval'");
    expect(csp.get('default-src') ?? "'self'").toBe("'self'");
  });

  it('on signed-in pages, with Cache-Control: no-store', async () => {
    const response = await admin.get('/dashboard');
    expect(response.status).toBe(200);
    expectBaseHeaders(response, '/dashboard');
    expect(response.headers.get('cache-control')).toContain('no-store');
    expect(response.headers.get('content-security-policy')).not.toContain("'unsafe-eval'");
  });

  it('on JSON APIs, with Cache-Control: no-store', async () => {
    const response = await admin.get('/api/user');
    expectBaseHeaders(response, '/api/user');
    expect(response.headers.get('cache-control')).toContain('no-store');
  });

  it('on redirects and errors', async () => {
    expectBaseHeaders(await app.client().get('/dashboard'), 'guest redirect');
    expectBaseHeaders(await app.client().get('/api/user'), '401');
    expectBaseHeaders(await app.client().get('/api/nothing-here'), 'api 404');
    expectBaseHeaders(await admin.get('/no-such-page'), 'page 404');
  });

  it('no HSTS over plain HTTP, even when a client claims HTTPS without a trusted proxy', async () => {
    expect((await app.client().get('/auth/login')).headers.get('strict-transport-security')).toBeNull();
    const spoofed = await app.client().get('/auth/login', { headers: { 'x-forwarded-proto': 'https' } });
    expect(spoofed.headers.get('strict-transport-security')).toBeNull();
  });

  it('a request id on every response, and a safe incoming one is kept', async () => {
    const response = await app.client().get('/api/health', { headers: { 'x-request-id': 'trace-123.abc' } });
    expect(response.headers.get('x-request-id')).toBe('trace-123.abc');
    const unsafe = await app.client().get('/api/health', { headers: { 'x-request-id': 'bad id <script>' } });
    expect(unsafe.headers.get('x-request-id')).toMatch(/^[0-9a-f-]{36}$/);
  });

  it('no server version banner', async () => {
    const response = await app.client().get('/auth/login');
    expect(response.headers.get('x-powered-by')).toBeNull();
    expect(response.headers.get('server') ?? '').not.toMatch(/\d/);
  });
});
