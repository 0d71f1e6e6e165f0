/**
 * Requests being answered right now, so a stopping server can let them finish before it closes the
 * database (src/lib/startup.server.ts) instead of failing them halfway.
 */
let inFlight = 0;
let onIdle: (() => void) | undefined;

/** Runs one request's handling, counted. */
export async function counted<T>(handle: () => Promise<T>): Promise<T> {
  inFlight++;
  try {
    return await handle();
  } finally {
    inFlight--;
    if (inFlight === 0) onIdle?.();
  }
}

/** Resolves when no request is being answered, or after `timeoutMs`, whichever comes first. */
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
