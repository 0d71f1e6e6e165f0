/**
 * End-to-end tests in the system's Chromium (never a downloaded browser build).
 * One built server on a free port with a fresh data folder serves the whole run
 * (tests/helpers/e2e-global-setup.ts); build first (`npm test` does).
 */
import { defineConfig } from '@playwright/test';

export default defineConfig({
  testDir: 'tests/e2e',
  testMatch: '**/*.spec.ts',
  globalSetup: './tests/helpers/e2e-global-setup.ts',
  outputDir: '.tmp/test-results/playwright-artifacts',
  workers: Number(process.env.E2E_WORKERS ?? 2),
  // Files stay whole, in order, one per worker: decision 020.
  fullyParallel: false,
  forbidOnly: Boolean(process.env.CI),
  retries: 0,
  // Generous for a loaded two-core CI machine (a passing test never waits them out): the server,
  // two Chromiums and their tests share the cores, and a page load can take seconds there.
  timeout: 45_000,
  expect: { timeout: 10_000 },
  reporter: [['list'], ['json', { outputFile: '.tmp/test-results/playwright.json' }]],
  use: {
    baseURL: process.env.E2E_BASE_URL,
    trace: 'retain-on-failure',
    screenshot: 'only-on-failure',
    launchOptions: {
      executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
      args: ['--no-sandbox', '--disable-gpu', '--disable-background-networking', '--disable-component-update', '--disable-sync', '--no-first-run'],
    },
  },
  projects: [{ name: 'chromium', use: { browserName: 'chromium' } }],
});
