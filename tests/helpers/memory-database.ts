/**
 * Vitest glue for unit tests that need a real database: an in-memory PGlite with the real
 * migrations, opened before the file's tests (optionally seeded) and closed after them.
 */
import { afterAll, beforeAll } from 'vitest';
import { openDatabase, type Database } from '../../src/lib/db/client.server.ts';

export function useMemoryDatabase(seed?: (database: Database) => Promise<void>): { readonly database: Database } {
  let current: Database | undefined;
  beforeAll(async () => {
    current = await openDatabase({ driver: 'pglite', dataDir: 'memory://' });
    await seed?.(current);
    // Creating a PGlite database (initdb) is CPU-heavy: seconds alone, a minute or more on a busy machine.
  }, 240_000);
  afterAll(async () => {
    await current?.close();
  });
  return {
    get database() {
      if (!current) throw new Error('The database is opened in beforeAll: use it inside tests or hooks');
      return current;
    },
  };
}
