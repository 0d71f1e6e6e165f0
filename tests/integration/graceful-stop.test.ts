/**
 * Stopping the server the way service managers do: `npm start`'s wrapper (scripts/start.mjs) and
 * the server it runs share a process group.
 *   - systemd (KillMode=control-group) and a terminal's Ctrl-C signal every process of the group,
 *     so the server gets the signal twice: once itself, once passed on by the wrapper;
 *   - Docker signals only the container's first process: the wrapper, which passes it on.
 * and the signal often comes again while the server is stopping. However it comes, a request in
 * flight is answered, its log line is written, the database is closed and the PGlite folder's lock
 * is released.
 */
import { afterAll, describe, expect, inject, it } from 'vitest';
import { spawn, type ChildProcess } from 'node:child_process';
import { existsSync, rmSync } from 'node:fs';
import { request as httpRequest } from 'node:http';
import { join } from 'node:path';
import { createTestDatabase, dropTestDatabase, freePort, makeTempDir, ROOT, testDriver } from '../helpers/server.ts';

const dirs: string[] = [];
const databases: string[] = [];
afterAll(async () => {
  for (const dir of dirs) rmSync(dir, { recursive: true, force: true });
  for (const name of databases) await dropTestDatabase(name).catch(() => {});
});

interface Started {
  wrapper: ChildProcess;
  url: string;
  port: number;
  dataDir: string;
  output(): string;
  exited: Promise<number | null>;
}

/** `npm start`'s wrapper in a process group of its own, as a service manager starts it. */
async function startWithWrapper(): Promise<Started> {
  const dataDir = makeTempDir('bo-stop-', testDriver() === 'pglite' ? inject('boPgliteTemplate') : undefined);
  dirs.push(dataDir);
  const env: NodeJS.ProcessEnv = { ...process.env, NODE_ENV: 'production', HOST: '127.0.0.1', DATA_DIR: dataDir, LOG_LEVEL: 'info' };
  for (const key of ['DATABASE_URL', 'PUBLIC_URL', 'TRUST_PROXY', 'SESSION_SECRET']) delete env[key];
  if (testDriver() === 'postgres') {
    const database = await createTestDatabase();
    databases.push(database.name);
    Object.assign(env, { DATABASE_URL: database.url, DEMO_DATA: 'true', PG_POOL_MAX: '4' });
  }
  for (let attempt = 1; ; attempt++) {
    const port = await freePort();
    let log = '';
    const wrapper = spawn(process.execPath, [join(ROOT, 'scripts/start.mjs')], {
      cwd: ROOT,
      env: { ...env, PORT: String(port) },
      detached: true,
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    wrapper.stdout!.on('data', (c: Buffer) => (log += c.toString()));
    wrapper.stderr!.on('data', (c: Buffer) => (log += c.toString()));
    const exited = new Promise<number | null>((done) => wrapper.once('exit', (code) => done(code)));
    const url = `http://127.0.0.1:${port}`;
    const ready = await waitUntilHealthy(url, exited, () => log);
    if (ready) return { wrapper, url, port, dataDir, output: () => log, exited };
    if (attempt === 3 || !log.includes('EADDRINUSE')) throw new Error(`npm start did not come up:\n${log}`);
  }
}

async function waitUntilHealthy(url: string, exited: Promise<unknown>, output: () => string): Promise<boolean> {
  let gone = false;
  void exited.then(() => (gone = true));
  for (const deadline = Date.now() + 240_000; Date.now() < deadline && !gone;) {
    try {
      const response = await fetch(`${url}/api/health`, { signal: AbortSignal.timeout(2000) });
      await response.arrayBuffer();
      if (response.status === 200 && output().includes('listening on')) return true;
    } catch {
      /* not listening yet */
    }
    await new Promise((r) => setTimeout(r, 100));
  }
  return false;
}

/**
 * A sign-in whose body is still on its way: `Expect: 100-continue` makes the server say when it
 * has taken the request (its handler is running and waiting for the body). Answers a function that
 * sends the rest of the body and resolves with the status.
 */
async function requestInFlight(port: number): Promise<() => Promise<number>> {
  const page = await fetch(`http://127.0.0.1:${port}/auth/login`);
  const cookie = page.headers
    .getSetCookie()
    .map((c) => c.split(';')[0])
    .join('; ');
  const token = decodeURIComponent(/XSRF-TOKEN=([^;]+)/.exec(cookie)![1]!);
  const body = new URLSearchParams({ email: 'admin@example.com', password: 'not-the-password' }).toString();
  const req = httpRequest({
    host: '127.0.0.1',
    port,
    method: 'POST',
    path: '/auth/login',
    headers: {
      'content-type': 'application/x-www-form-urlencoded',
      'content-length': String(Buffer.byteLength(body)),
      expect: '100-continue',
      origin: `http://127.0.0.1:${port}`,
      'x-xsrf-token': token,
      cookie,
    },
  });
  const status = new Promise<number>((resolve, reject) => {
    req.once('response', (res) => {
      res.resume();
      res.once('end', () => resolve(res.statusCode ?? 0));
    });
    req.once('error', reject);
  });
  await new Promise<void>((resolve, reject) => {
    req.once('continue', resolve);
    req.once('error', reject);
  });
  return async () => {
    req.end(body);
    return status;
  };
}

const requestLines = (output: string) =>
  output
    .split('\n')
    .filter((line) => line.startsWith('{'))
    .map((line) => JSON.parse(line) as { msg?: string; method?: string; path?: string; status?: number });

describe('stopping the server as a service manager does', () => {
  it.each([
    ['the whole process group (systemd, Ctrl-C)', 'group'],
    ['only the wrapper (Docker)', 'wrapper'],
  ] as const)('SIGTERM to %s: the request in flight is answered and logged, the database closed, the lock released', async (_name, target) => {
    const started = await startWithWrapper();
    const lock = join(started.dataDir, 'db.lock');
    if (testDriver() === 'pglite') expect(existsSync(lock)).toBe(true);
    const finish = await requestInFlight(started.port);

    // The signal comes more than once, as it does in practice: systemd signals each process of the
    // group and the wrapper passes its own on; npm passes it on again; people press Ctrl-C twice.
    // Paced, so later ones arrive after the server has begun to stop.
    for (let i = 0; i < 8; i++) {
      try {
        process.kill(target === 'group' ? -started.wrapper.pid! : started.wrapper.pid!, 'SIGTERM');
      } catch {
        break; // already gone: the checks below say why
      }
      await new Promise((r) => setTimeout(r, 60));
    }
    // The request that was being answered when the signals came still gets its answer.
    expect(await finish()).toBe(422);
    expect(await started.exited, started.output()).toBe(0);

    const lines = requestLines(started.output());
    expect(
      lines.some((l) => l.msg === 'request' && l.method === 'POST' && l.path === '/auth/login' && l.status === 422),
      started.output(),
    ).toBe(true);
    if (testDriver() === 'pglite') expect(existsSync(lock), `db.lock still there:\n${started.output()}`).toBe(false);
    expect(started.output()).toContain('stopping: finishing the requests in flight');
    expect(started.output()).not.toContain('Closing the database');
  });
});

/** A signed-in admin's live-update stream (GET /api/events), its first bytes read. */
async function openEventStream(port: number): Promise<{ done: Promise<string> }> {
  const base = `http://127.0.0.1:${port}`;
  const page = await fetch(`${base}/auth/login`);
  await page.arrayBuffer();
  const jar = new Map(page.headers.getSetCookie().map((c) => c.split(';')[0]!.split('=') as [string, string]));
  const token = decodeURIComponent(jar.get('XSRF-TOKEN')!);
  const login = await fetch(`${base}/auth/login`, {
    method: 'POST',
    redirect: 'manual',
    headers: { 'content-type': 'application/x-www-form-urlencoded', origin: base, cookie: [...jar].map(([k, v]) => `${k}=${v}`).join('; ') },
    body: new URLSearchParams({ email: 'admin@example.com', password: 'Admin@12345', _token: token }).toString(),
  });
  await login.arrayBuffer();
  expect(login.status).toBe(303);
  for (const c of login.headers.getSetCookie()) {
    const [k, v] = c.split(';')[0]!.split('=') as [string, string];
    jar.set(k, v);
  }
  const response = await fetch(`${base}/api/events`, { headers: { cookie: [...jar].map(([k, v]) => `${k}=${v}`).join('; ') } });
  expect(response.status).toBe(200);
  const reader = response.body!.pipeThrough(new TextDecoderStream()).getReader();
  let text = '';
  while (!text.includes('event: counts')) {
    const { done, value } = await reader.read();
    if (done) throw new Error(`the stream ended before its first event: ${text}`);
    text += value;
  }
  const done = (async () => {
    for (;;) {
      const { done: ended, value } = await reader.read().catch(() => ({ done: true, value: undefined }));
      if (ended) return text;
      text += value;
    }
  })();
  return { done };
}

describe('stopping with live-update streams open', () => {
  it('SIGTERM ends the open event streams, and the server exits cleanly', async () => {
    const started = await startWithWrapper();
    const stream = await openEventStream(started.port);
    process.kill(-started.wrapper.pid!, 'SIGTERM');
    // The stream ends (the browser would reconnect elsewhere) instead of holding the server up.
    await stream.done;
    expect(await started.exited, started.output()).toBe(0);
    expect(started.output()).toContain('stopping: finishing the requests in flight');
    expect(started.output()).not.toContain('Closing the database');
    if (testDriver() === 'pglite') expect(existsSync(join(started.dataDir, 'db.lock'))).toBe(false);
  });
});
