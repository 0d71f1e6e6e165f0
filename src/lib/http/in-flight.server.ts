/**
 * Requests being answered right now, and work they left to run after their answer, so a stopping
 * server can let both finish before it closes the database (src/app/startup.server.ts) instead of
 * failing them halfway.
 */
import { logger } from '@/lib/log.server.ts';

let inFlight = 0;
let onIdle: (() => void) | undefined;

function finished(): void {
  inFlight--;
  if (inFlight === 0) onIdle?.();
}

/** Runs one request's handling, counted. */
export async function counted<T>(handle: () => Promise<T>): Promise<T> {
  inFlight++;
  try {
    return await handle();
  } finally {
    finished();
  }
}

/**
 * Queues work to run after the answer (a mail and what it needs), so the answer does not wait for
 * it. It is counted from now, while its request is still counted, until it ends: a stopping server
 * waits for it as for a request. A failure has nobody to answer to, so it is logged (with `name`),
 * never lost and never thrown.
 */
export function afterAnswer(name: string, work: () => Promise<unknown>, log?: { error(details: object, message: string): void }): void {
  inFlight++;
  setImmediate(() => {
    Promise.resolve()
      .then(work)
      .catch((err: unknown) => {
        try {
          (log ?? logger()).error({ err, work: name }, 'background work failed');
        } catch {
          console.error(`background work failed: ${name}: ${(err as Error)?.message ?? err}`);
        }
      })
      .finally(finished);
  });
}

/** Resolves when no request is being answered and no queued work runs, or after `timeoutMs`, whichever comes first. */
export function settled(timeoutMs: number): Promise<void> {
  if (inFlight === 0) return Promise.resolve();
  return new Promise((resolve) => {
    const timer = setTimeout(done, timeoutMs);
    timer.unref();
    function done() {
      clearTimeout(timer);
      onIdle = undefined;
      resolve();
    }
    onIdle = done;
  });
}
