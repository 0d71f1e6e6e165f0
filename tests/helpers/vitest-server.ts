/**
 * Vitest glue: one real server per test file (isolation), started before its tests and
 * stopped (data folder removed, PostgreSQL database dropped) after them.
 */
import { afterAll, beforeAll, inject } from 'vitest';
import { startServer, type ServerOptions, type TestServer } from './server.ts';
import type {} from './vitest-global-setup.ts';
import { HttpClient, signedIn, type DemoAccount } from './http.ts';

export interface ServerHandle {
  /** The running server (available inside tests and hooks, not at collection time). */
  readonly server: TestServer;
  /** A fresh guest client that follows the server across restarts. */
  client(): HttpClient;
  /** A fresh client signed in through the real login form. */
  as(account: DemoAccount): Promise<HttpClient>;
}

export function useServer(options: ServerOptions = {}): ServerHandle {
  let current: TestServer | undefined;
  beforeAll(async () => {
    current = await startServer({ template: inject('boPgliteTemplate'), ...options });
  }, 240_000);
  afterAll(async () => {
    await current?.dispose();
  }, 30_000);
  const handle: ServerHandle = {
    get server() {
      if (!current) throw new Error('The server is not started yet (use it inside tests or hooks)');
      return current;
    },
    client: () => new HttpClient(() => handle.server.url),
    as: (account) => signedIn(() => handle.server.url, account),
  };
  return handle;
}
