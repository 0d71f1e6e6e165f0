/**
 * JSON-lines logs (pino) on stdout; each request logs through a child carrying its request id.
 *
 * Lines are written in batches of up to 4 KB rather than one write per line: a write per request
 * was ~7 % of the server's CPU under load (docs/decisions/012-measured-performance.md). A batch
 * waits at most a second; errors and worse are written at once, and whatever is waiting is written
 * when the process exits (a `kill -9` can lose up to a second of info lines, never an error).
 */
import pino from 'pino';
import { config } from './config.server.ts';

const BATCH_BYTES = 4096;
const FLUSH_EVERY_MS = 1000;
const ERROR_LEVEL = 50;

let root: pino.Logger | undefined;
let destination: (pino.DestinationStream & { flushSync(): void; flush(cb?: (err?: Error) => void): void }) | undefined;

export function logger(): pino.Logger {
  if (root) return root;
  const dest = pino.destination({ dest: 1, minLength: BATCH_BYTES, sync: false });
  destination = dest;
  setInterval(() => flushLogs(), FLUSH_EVERY_MS).unref();
  process.once('exit', () => flushLogsSync());
  root = pino(
    {
      level: config().LOG_LEVEL,
      base: { service: 'back-office' },
      redact: { paths: ['req.headers.cookie', 'password', '*.password', 'token'], censor: '[redacted]' },
      hooks: {
        logMethod(args, method, level) {
          method.apply(this, args);
          if (level >= ERROR_LEVEL) flushLogs();
        },
      },
    },
    dest,
  );
  return root;
}

/** Writes what is waiting (asynchronously). */
export function flushLogs(): void {
  destination?.flush(() => {});
}

/** Writes what is waiting; resolves once it is written (or after `timeoutMs`): for a stopping server. */
export function flushLogsAndWait(timeoutMs = 1000): Promise<void> {
  const dest = destination;
  if (!dest) return Promise.resolve();
  return new Promise((resolve) => {
    const timer = setTimeout(resolve, timeoutMs);
    timer.unref();
    dest.flush(() => {
      clearTimeout(timer);
      resolve();
    });
  });
}

/** Writes what is waiting before returning: for the last moments of a process. */
export function flushLogsSync(): void {
  try {
    destination?.flushSync();
  } catch {
    // A write already in flight makes SonicBoom refuse a sync flush; that write carries the lines.
  }
}
