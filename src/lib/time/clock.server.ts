/**
 * The server's clock for money (issue 18 §2, decision 049): when an order is placed or moved, and
 * which earnings are payable "now". Real time, except:
 *
 * - `atTime(instant, fn)`: `fn` and everything it awaits read that instant (AsyncLocalStorage). The
 *   demo data places and delivers orders "weeks ago" through the storefront's own code path, so
 *   some earnings are already payable on a new install.
 * - `TEST_CLOCK_FILE`: a file holding an ISO instant the server takes as now, re-read when it
 *   changes. For tests only (a return window passes without waiting; a delivery lands on the day a
 *   rate changes): the server logs a warning at start when it is set. Never set it in production.
 */
import { AsyncLocalStorage } from 'node:async_hooks';
import { readFileSync } from 'node:fs';

const override = new AsyncLocalStorage<Date>();

/**
 * The instant in the test clock file, or null when there is none (or it holds no instant). Read at
 * every call: a few dozen bytes, and only where money is timed, so a test's change is seen at once.
 */
function testClock(): Date | null {
  const path = process.env.TEST_CLOCK_FILE;
  if (!path) return null;
  let text: string;
  try {
    text = readFileSync(path, 'utf8').trim();
  } catch {
    return null;
  }
  const at = new Date(text);
  return text && !Number.isNaN(at.getTime()) ? at : null;
}

export function now(): Date {
  const at = override.getStore();
  if (at) return new Date(at);
  return testClock() ?? new Date();
}

/** Runs `fn` with the clock reading `instant` (see above). */
export function atTime<T>(instant: Date, fn: () => Promise<T>): Promise<T> {
  return override.run(new Date(instant), fn);
}

/** Whether a test clock is configured (the start-up warning). */
export const testClockConfigured = (): boolean => Boolean(process.env.TEST_CLOCK_FILE);
