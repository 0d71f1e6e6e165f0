/**
 * The server process itself: a bad variable stops it with a message naming the variable; a second
 * process on a PGlite data folder in use stops with a clear message; a stale lock (a server killed
 * with -9) does not block the next start; a static file is served from its precompressed copy.
 */
import { afterAll, describe, expect, inject, it } from 'vitest';
import { existsSync, readdirSync, rmSync } from 'node:fs';
import { join } from 'node:path';
import type {} from '../helpers/vitest-global-setup.ts';
import { DIST_DIR, makeTempDir, runServerUntilExit, startServer, testDriver, type TestServer } from '../helpers/server.ts';

const dirs: string[] = [];
const servers: TestServer[] = [];
/** A fresh data folder: a copy of the seeded template when there is one (see vitest-global-setup.ts). */
const tempDir = () => {
  const dir = makeTempDir('bo-test-', inject('boPgliteTemplate'));
  dirs.push(dir);
  return dir;
};

afterAll(async () => {
  for (const s of servers.reverse()) await s.dispose();
  for (const d of dirs) rmSync(d, { recursive: true, force: true });
});

describe('static files', () => {
  it('answers a built asset from its brotli or gzip copy, cached for a year, and anything else from the app', async () => {
    const server = await startServer({ template: inject('boPgliteTemplate') });
    servers.push(server);
    const name = readdirSync(join(DIST_DIR, 'client/_astro')).find((f) => f.endsWith('.js'))!;
    for (const [accept, encoding] of [
      ['br, gzip', 'br'],
      ['gzip', 'gzip'],
      ['identity', null],
    ] as const) {
      const response = await fetch(`${server.url}/_astro/${name}`, { headers: { 'accept-encoding': accept } });
      expect(response.status).toBe(200);
      expect(response.headers.get('content-encoding')).toBe(encoding);
      expect(response.headers.get('cache-control')).toBe('public, max-age=31536000, immutable');
      expect(response.headers.get('content-type')).toMatch(/javascript/);
      expect((await response.text()).length).toBeGreaterThan(0);
    }
    const missing = await fetch(`${server.url}/_astro/no-such-file.js`);
    expect(missing.status).toBe(404);
    // A URL decodeURI() refuses: the one error shape, not a crash.
    const bad = await fetch(`${server.url}/%E0%A4%A`);
    expect(bad.status).toBe(400);
    expect(await bad.json()).toEqual({ message: 'The address of this request is not valid.' });
  });
});

describe('configuration at start', () => {
  it.each([
    ['SESSION_IDLE_MINUTES', 'abc'],
    ['LOGIN_WINDOW_SECONDS', '-3'],
    ['DATABASE_URL', 'mysql://root@localhost/shop'],
    ['TRUST_PROXY', 'perhaps'],
    ['SESSION_SECRET', 'short'],
  ])('exits non-zero naming %s when it is %s', async (name, value) => {
    const result = await runServerUntilExit({ dataDir: tempDir(), env: { [name]: value } });
    expect(result.timedOut, result.output).toBe(false);
    expect(result.code).not.toBe(0);
    expect(result.output).toContain(name);
    expect(result.output).not.toMatch(/\n\s+at .+:\d+:\d+/);
  });
});

describe.skipIf(testDriver() !== 'pglite')('the PGlite data folder lock', () => {
  it('stops a second server on the same DATA_DIR with a clear message, and leaves the first one running', async () => {
    const dataDir = tempDir();
    const first = await startServer({ driver: 'pglite', dataDir });
    servers.push(first);
    const second = await runServerUntilExit({ dataDir });
    expect(second.timedOut, second.output).toBe(false);
    expect(second.code).not.toBe(0);
    expect(second.output).toContain('in use by another process');
    expect(second.output).toContain(String(first.pid));
    expect(second.output).not.toMatch(/\n\s+at .+:\d+:\d+/);
    expect((await fetch(`${first.url}/api/health`)).status).toBe(200);
  });

  it('on SIGTERM closes the database and releases the folder (killed without it, the lock would stay)', async () => {
    const dataDir = tempDir();
    const server = await startServer({ driver: 'pglite', dataDir });
    expect(existsSync(join(dataDir, 'db.lock'))).toBe(true);
    await server.stop();
    expect(existsSync(join(dataDir, 'db.lock')), server.output()).toBe(false);
    expect(server.output()).not.toContain('Closing the database');
  });

  it('starts again on the same folder after the first server was killed with -9', async () => {
    const dataDir = tempDir();
    const first = await startServer({ driver: 'pglite', dataDir });
    await first.killHard();
    const again = await startServer({ driver: 'pglite', dataDir });
    servers.push(again);
    expect((await fetch(`${again.url}/api/health`)).status).toBe(200);
  });
});

describe.skipIf(testDriver() !== 'postgres')('several servers on one PostgreSQL database', () => {
  it('share sessions: signed in on one, recognised by the other', async () => {
    const secret = 's'.repeat(40);
    const first = await startServer({ driver: 'postgres', env: { SESSION_SECRET: secret } });
    servers.push(first);
    const second = await startServer({ driver: 'postgres', env: { SESSION_SECRET: secret, DATABASE_URL: first.databaseUrl, DEMO_DATA: 'true' } });
    servers.push(second);
    const { HttpClient } = await import('../helpers/http.ts');
    const client = new HttpClient(first.url);
    await client.login('admin');
    const other = client.clone();
    const onSecond = await fetch(`${second.url}/api/user`, { headers: { cookie: [...other.jar].map(([k, v]) => `${k}=${v}`).join('; ') } });
    expect(onSecond.status).toBe(200);
    expect((await onSecond.json()).email).toBe('admin@example.com');
  });
});
