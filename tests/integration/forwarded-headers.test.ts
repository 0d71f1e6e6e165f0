/**
 * Headers a client writes itself must not decide where mail links point or who the client is
 * (issue 20, items 3 and 4):
 *   - a password-reset link comes from PUBLIC_URL, or else the address the server listens on;
 *     never from the request's Host or X-Forwarded-Host;
 *   - behind a trusted proxy the client's address is the one the proxy saw (the rightmost
 *     X-Forwarded-For entry), so a forged leftmost entry neither escapes the per-IP sign-in limit
 *     nor lands in the activity log.
 */
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { request as httpRequest } from 'node:http';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { useServer, type ServerHandle } from '../helpers/vitest-server.ts';
import { DEMO_CREDENTIALS, HttpClient, signedIn } from '../helpers/http.ts';

const RESET = '/api/user/reset-password';

/** A raw HTTP request with the Host header we choose (fetch writes its own). */
function rawRequest(app: ServerHandle, options: { method: string; path: string; headers: Record<string, string>; body?: string }) {
  return new Promise<{ status: number; headers: Record<string, string | string[] | undefined>; text: string }>((resolve, reject) => {
    const req = httpRequest({ host: '127.0.0.1', port: app.server.port, method: options.method, path: options.path, headers: options.headers }, (res) => {
      let text = '';
      res.setEncoding('utf8');
      res.on('data', (c: string) => (text += c));
      res.on('end', () => resolve({ status: res.statusCode ?? 0, headers: res.headers, text }));
    });
    req.on('error', reject);
    req.end(options.body);
  });
}

function mailsTo(app: ServerHandle, email: string): string[] {
  const dir = join(app.server.dataDir, 'outbox');
  if (!existsSync(dir)) return [];
  return readdirSync(dir)
    .filter((f) => f.includes('-mail-') && f.includes(email))
    .sort()
    .map((f) =>
      readFileSync(join(dir, f), 'utf8')
        .replace(/=\r?\n/g, '')
        .replace(/=3D/g, '='),
    );
}

/** The mail's work may finish after the answer: wait for it (bounded), never for a fixed time. */
async function nextMail(app: ServerHandle, email: string, before: number): Promise<string> {
  for (const deadline = Date.now() + 60_000; Date.now() < deadline;) {
    const mails = mailsTo(app, email);
    if (mails.length > before) return mails.at(-1)!;
    await new Promise((r) => setTimeout(r, 50));
  }
  throw new Error(`No reset mail for ${email} arrived`);
}

/** Asks for a reset link as a forger would: Host, Origin and X-Forwarded-Host all name another site. */
async function forgedResetRequest(app: ServerHandle, email: string, host = 'evil.example') {
  const forged = { host, 'x-forwarded-host': host, 'x-forwarded-proto': 'https' };
  const page = await rawRequest(app, { method: 'GET', path: RESET, headers: forged });
  const cookies = ([] as string[]).concat(page.headers['set-cookie'] ?? []).map((c) => c.split(';')[0]!);
  const token = decodeURIComponent(cookies.find((c) => c.startsWith('XSRF-TOKEN='))!.slice('XSRF-TOKEN='.length));
  return rawRequest(app, {
    method: 'POST',
    path: RESET,
    headers: { ...forged, origin: `http://${host}`, cookie: cookies.join('; '), 'content-type': 'application/x-www-form-urlencoded', 'x-xsrf-token': token },
    body: new URLSearchParams({ email }).toString(),
  });
}

const linkOf = (mail: string) => /(\S+)\/api\/user\/reset-password\?token=[A-Za-z0-9_-]+/.exec(mail)?.[1];

describe('password-reset links without PUBLIC_URL', () => {
  const app = useServer();

  it('point to the address the server listens on, whatever Host the request named', async () => {
    const email = DEMO_CREDENTIALS.vendor.email;
    const before = mailsTo(app, email).length;
    const response = await forgedResetRequest(app, email);
    expect(response.status, response.text.slice(0, 300)).toBe(200);
    const mail = await nextMail(app, email, before);
    expect(mail).not.toContain('evil.example');
    expect(linkOf(mail), mail).toBe(`http://127.0.0.1:${app.server.port}`);
  });
});

describe('password-reset links with PUBLIC_URL', () => {
  const app = useServer({ env: { PUBLIC_URL: 'https://admin.example.com' } });

  it('point to PUBLIC_URL, whatever Host the request named', async () => {
    const email = DEMO_CREDENTIALS.support.email;
    const before = mailsTo(app, email).length;
    const response = await forgedResetRequest(app, email, 'admin.example.com.evil.example');
    expect(response.status, response.text.slice(0, 300)).toBe(200);
    const mail = await nextMail(app, email, before);
    expect(mail).not.toContain('evil.example');
    expect(linkOf(mail), mail).toBe('https://admin.example.com');
  });
});

describe('behind one trusted proxy (TRUST_PROXY=true)', () => {
  const PER_IP = 5;
  const app = useServer({
    env: { TRUST_PROXY: 'true', LOGIN_MAX_ATTEMPTS_PER_IP: String(PER_IP), LOGIN_MAX_ATTEMPTS_PER_ACCOUNT: '50', LOGIN_WINDOW_SECONDS: '300' },
  });
  const REAL = '203.0.113.9';

  /** A failed sign-in whose X-Forwarded-For starts with an address of the client's choosing; the proxy appended REAL. */
  async function forgedAttempt(n: number) {
    const client = new HttpClient(() => app.server.url);
    const headers = { 'x-forwarded-for': `10.9.0.${n}, ${REAL}` };
    await (await client.get('/auth/login', { headers })).arrayBuffer();
    const response = await client.post('/auth/login', {
      form: { _token: client.csrfToken!, email: `nobody${n}@example.com`, password: 'wrong-password' },
      csrf: false,
      headers,
    });
    await response.arrayBuffer();
    return response.status;
  }

  it('counts sign-in failures against the address the proxy saw, not the forged leftmost one', async () => {
    const statuses: number[] = [];
    for (let n = 1; n <= PER_IP + 2; n++) statuses.push(await forgedAttempt(n));
    expect(statuses.slice(0, PER_IP)).toEqual(Array(PER_IP).fill(422));
    expect(statuses.slice(PER_IP)).toEqual([429, 429]);
  });

  it('records the address the proxy saw in the activity log', async () => {
    const admin = await signedIn(() => app.server.url, 'admin');
    const filters = JSON.stringify({ action: { operator: 'and', constraints: [{ value: 'login-failed', matchMode: 'equals' }] } });
    const { status, body } = await admin.getJson(`/api/activity-logs?per_page=100&filters=${encodeURIComponent(filters)}`);
    expect(status).toBe(200);
    const ips = new Set((body.data as { ip: string | null }[]).map((e) => e.ip));
    expect(ips.size, JSON.stringify([...ips])).toBeGreaterThan(0);
    expect([...ips]).toEqual([REAL]);
  });

  it('does not take a forwarded address that is not an IP address', async () => {
    const admin = await signedIn(() => app.server.url, 'admin');
    const client = new HttpClient(() => app.server.url);
    const headers = { 'x-forwarded-for': `${REAL}, <script>not-an-ip` };
    await (await client.get('/auth/login', { headers })).arrayBuffer();
    const response = await client.post('/auth/login', {
      form: { _token: client.csrfToken!, email: 'garbage-hop@example.com', password: 'wrong-password' },
      csrf: false,
      headers,
    });
    await response.arrayBuffer();
    const filters = JSON.stringify({ action: { operator: 'and', constraints: [{ value: 'login-failed', matchMode: 'equals' }] } });
    const { body } = await admin.getJson(`/api/activity-logs?per_page=100&filters=${encodeURIComponent(filters)}`);
    const entry = (body.data as { ip: string | null; changes: { email?: [unknown, string] } }[]).find(
      (e) => e.changes.email?.[1] === 'garbage-hop@example.com',
    );
    expect(entry, JSON.stringify(body.data)).toBeDefined();
    expect(entry!.ip).toBe('127.0.0.1');
  });
});

describe('with a proxy list that does not include the peer (TRUST_PROXY=10.0.0.0/8)', () => {
  const app = useServer({ env: { TRUST_PROXY: '10.0.0.0/8' } });

  it('believes neither X-Forwarded-For nor X-Forwarded-Proto from an untrusted peer', async () => {
    const client = new HttpClient(() => app.server.url);
    const headers = { 'x-forwarded-for': '198.51.100.1', 'x-forwarded-proto': 'https' };
    const page = await client.get('/auth/login', { headers });
    await page.arrayBuffer();
    expect(page.headers.get('strict-transport-security')).toBeNull();
    const response = await client.post('/auth/login', { form: { _token: client.csrfToken!, ...DEMO_CREDENTIALS.admin }, csrf: false, headers });
    expect(response.status).toBe(303);
    expect(response.headers.getSetCookie().join('\n')).not.toMatch(/;\s*secure/i);
    const filters = JSON.stringify({ action: { operator: 'and', constraints: [{ value: 'login', matchMode: 'equals' }] } });
    const { body } = await client.getJson(`/api/activity-logs?filters=${encodeURIComponent(filters)}`);
    const ips = (body.data as { ip: string | null }[]).map((e) => e.ip);
    expect(ips).toEqual(['127.0.0.1']);
  });
});
