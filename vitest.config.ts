/**
 * Unit tests run in-process. Integration tests start the BUILT server (`npm run build` first) as
 * child processes: once on PGlite and, when TEST_DATABASE_URL is set, once more on PostgreSQL.
 * `npm test` (scripts/test.mjs) builds, runs every project, then Playwright, and sums the counts.
 */
import { fileURLToPath } from 'node:url';
import { defineConfig } from 'vitest/config';

const postgres = Boolean(process.env.TEST_DATABASE_URL);

/** tsconfig's `@/*` → `src/*`, as Astro resolves it in the build (each project declares it). */
const resolve = { alias: { '@/': fileURLToPath(new URL('./src/', import.meta.url)) } };

const integration = (driver: 'pglite' | 'postgres') => ({
  resolve,
  test: {
    name: `integration:${driver}`,
    include: ['tests/integration/**/*.test.ts'],
    env: { BO_TEST_DB: driver },
    // A seeded PGlite folder every test server copies (creating one takes seconds).
    globalSetup: driver === 'pglite' ? ['tests/helpers/vitest-global-setup.ts'] : [],
    // Each file starts its own server process; requests cross real sockets.
    testTimeout: 180_000,
    hookTimeout: 240_000,
  },
});

export default defineConfig({
  test: {
    // Two cores: two test files at a time (each integration file runs its own server beside it).
    pool: 'forks',
    maxWorkers: 2,
    projects: [
      {
        resolve,
        test: {
          name: 'unit',
          include: ['tests/unit/**/*.test.ts'],
          testTimeout: 20_000,
        },
      },
      integration('pglite'),
      ...(postgres ? [integration('postgres')] : []),
    ],
  },
});
