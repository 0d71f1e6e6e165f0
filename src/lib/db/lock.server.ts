/**
 * PGlite is one process per data folder. Two processes on one folder silently lose
 * writes, so the first one takes a PID lock file and any other gets a clear error.
 * A PID (rather than a time-based stale check) lets a server killed with -9 restart at once.
 */
import { closeSync, mkdirSync, openSync, readFileSync, unlinkSync, writeSync } from 'node:fs';
import { join } from 'node:path';

export class DatabaseLockedError extends Error {
  constructor(dir: string, pid: number) {
    super(
      `The embedded database in ${dir} is in use by another process (pid ${pid}). ` +
        `Stop that process first (for example the running server), or set DATABASE_URL to use PostgreSQL, ` +
        `which allows many processes.`,
    );
  }
}

function isAlive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (e) {
    return (e as NodeJS.ErrnoException).code === 'EPERM';
  }
}

export function acquireDataDirLock(dir: string): () => void {
  mkdirSync(dir, { recursive: true });
  const file = join(dir, 'db.lock');
  for (let attempt = 0; attempt < 3; attempt++) {
    try {
      const fd = openSync(file, 'wx');
      writeSync(fd, String(process.pid));
      closeSync(fd);
      let released = false;
      const release = () => {
        if (released) return;
        released = true;
        try {
          if (readFileSync(file, 'utf8').trim() === String(process.pid)) unlinkSync(file);
        } catch {
          /* already gone */
        }
      };
      process.once('exit', release);
      return release;
    } catch (e) {
      if ((e as NodeJS.ErrnoException).code !== 'EEXIST') throw e;
      const pid = Number.parseInt(readFileSync(file, 'utf8').trim(), 10);
      if (Number.isFinite(pid) && pid !== process.pid && isAlive(pid)) throw new DatabaseLockedError(dir, pid);
      // Stale lock from a process that died without cleaning up (kill -9, power loss).
      try {
        unlinkSync(file);
      } catch {
        /* raced with another process; retry */
      }
    }
  }
  throw new Error(`Could not take the lock on ${file}`);
}
