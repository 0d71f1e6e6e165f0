/**
 * What the crash tests share (tests/integration/crash.test.ts: brands; orders-crash.test.ts: orders):
 * clients writing through the real API while the built server is killed with SIGKILL at random
 * moments, then started again on the same data. A write whose answer never came is `Lost`: it may
 * or may not have happened, and the test must find out rather than assume.
 */
import type { TestServer } from './server.ts';
import type { HttpClient } from './http.ts';

/** A write whose answer never came (the server died first): it may or may not have happened. */
export class Lost extends Error {}

export const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));
export const randomBetween = (min: number, max: number) => min + Math.floor(Math.random() * (max - min));

export interface Answer {
  status: number;
  body: any;
}

/** Turns a request that got no (whole) answer into `Lost`. */
export async function answered(send: () => Promise<Response>, what: string): Promise<Answer> {
  let response: Response;
  try {
    response = await send();
  } catch {
    throw new Lost(`${what}: no answer`);
  }
  let text: string;
  try {
    text = await response.text();
  } catch {
    throw new Lost(`${what}: answer cut off`);
  }
  return { status: response.status, body: text ? JSON.parse(text) : undefined };
}

/** A back-office API call (session and CSRF token of `c`); `Lost` when the server died first. */
export function call(c: HttpClient, method: string, path: string, json?: unknown): Promise<Answer> {
  return answered(() => c.request(method, path, { json }), `${method} ${path}`);
}

/** What a worker asks before each write: whether to go on (false: the test is over); it waits while the server is down. */
export type Go = () => Promise<boolean>;

export interface KillLoop {
  server: TestServer;
  kills: number;
  /** The writers: each loops while `go()` answers true, counting what was acknowledged. */
  workers: ((go: Go) => Promise<void>)[];
  /** How many writes have been acknowledged so far. */
  acks: () => number;
  /** Acknowledged writes to see between two kills. */
  perRound?: number;
  /** After each kill: bring the server back (server.start()) and check what survived. */
  restart: (round: number) => Promise<void>;
}

/**
 * Lets the workers write, and `kills` times: once `perRound` more writes were acknowledged, waits a
 * random moment, kills the server with SIGKILL while writes are in flight, holds the workers, runs
 * `restart`, and lets them go on. A worker's failure (an unexpected answer) ends the loop and is thrown.
 */
export async function killWhileWriting({ server, kills, workers, acks, perRound = 5, restart }: KillLoop): Promise<void> {
  let running = true;
  let open = true;
  let gate: Promise<void> = Promise.resolve();
  let release = () => {};
  const go: Go = async () => {
    while (running && !open) await gate;
    return running;
  };
  let failure: unknown;
  const started = workers.map((w) =>
    w(go).catch((e) => {
      failure ??= e;
    }),
  );
  try {
    for (let round = 1; round <= kills; round++) {
      const before = acks();
      while (acks() - before < perRound && !failure) await sleep(20);
      if (failure) throw failure;
      await sleep(randomBetween(0, 800));
      gate = new Promise((r) => (release = r));
      open = false;
      process.kill(server.pid!, 'SIGKILL');
      await server.stop(); // waits for the exit
      await restart(round);
      open = true;
      release();
    }
  } finally {
    running = false;
    open = true;
    release();
    await Promise.all(started);
  }
  if (failure) throw failure;
}
