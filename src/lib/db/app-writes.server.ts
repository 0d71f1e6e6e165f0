/**
 * Which writes this process has made through the app: every unsafe request (POST, PUT, PATCH,
 * DELETE) runs inside `aroundAppWrite` (src/middleware.ts). A value derived from the database and
 * kept in memory (a list's "past the cap" estimate) is valid only while `appWriteGeneration()` is
 * the one it was taken under: any change made here since, or under way, makes it stale at once.
 * Changes made by another process (another app server, a SQL console) are bounded by the keeper's
 * own time limit instead.
 */
let generation = 0;
let inFlight = 0;

/** The current generation, or undefined while a write is under way (nothing may be kept then). */
export function appWriteGeneration(): number | undefined {
  return inFlight > 0 ? undefined : generation;
}

/** Runs an unsafe request: the generation moves when it starts and when it ends. */
export async function aroundAppWrite<T>(fn: () => Promise<T>): Promise<T> {
  inFlight++;
  generation++;
  try {
    return await fn();
  } finally {
    inFlight--;
    generation++;
  }
}
