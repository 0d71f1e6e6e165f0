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

/**
 * The integration files that run a second time on PostgreSQL: those whose behaviour depends on the
 * database server rather than on the SQL (PGlite is the same PostgreSQL engine, in one process with one
 * connection): races and locks between connections (orders, stock, invoice numbers, payouts, imports
 * with SKIP LOCKED, sign-in counters, webhooks), LISTEN/NOTIFY across servers, durability after kill -9,
 * the pool under load, session times moved in the database, time zones, pg_trgm, error mapping, and one
 * whole area (brands) as the reference of the list and form kits. Every other file runs on PGlite only
 * (decision 054); `TEST_POSTGRES_ALL=1` runs them all on PostgreSQL too.
 */
const POSTGRES_FILES = [
  'activity-and-times',
  'bad-input',
  'brands',
  'bulk-by-filter',
  'coupons',
  'crash',
  'dashboard',
  'earnings',
  'invoices',
  'list-freshness',
  'load',
  'login-rate-limit-burst',
  'orders',
  'orders-crash',
  'payments',
  'payouts',
  'product-import',
  'realtime',
  'session-timeout',
  'startup',
  'stock',
  'unpaid-expiry',
].map((name) => `tests/integration/${name}.test.ts`);

const integration = (driver: 'pglite' | 'postgres') => ({
  resolve,
  test: {
    name: `integration:${driver}`,
    include: driver === 'postgres' && !process.env.TEST_POSTGRES_ALL ? POSTGRES_FILES : ['tests/integration/**/*.test.ts'],
    env: { BO_TEST_DB: driver },
    // A seeded database every test server copies (a PGlite folder, a PostgreSQL template database):
    // migrating and seeding one takes seconds.
    globalSetup: ['tests/helpers/vitest-global-setup.ts'],
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
