/**
 * The sign-in rate limit as a person meets it: after 5 wrong passwords the page says to wait
 * (429), even the right password is refused, and after the window the right password works.
 *
 * This file runs its own server, with a short window: the limits count per account AND per IP,
 * and every spec reaches the shared server from 127.0.0.1, so blocking an account (or the IP)
 * there would fail other specs signing in at the same moment. Same build, same code, only the
 * window and the per-IP ceiling are smaller than the defaults.
 */
import { test as base, expect, ACCOUNTS } from './fixtures.ts';
import type { Page } from '@playwright/test';
import { startServer, type TestServer } from '../helpers/server.ts';

const WINDOW_SECONDS = 30;
const PER_ACCOUNT = 5;
const PER_IP = 6;

const test = base.extend<object, { limitedServer: TestServer }>({
  limitedServer: [
    async ({}, use) => {
      const server = await startServer({
        driver: 'pglite',
        // Seeded once by the global setup: copying it skips initdb.
        template: process.env.BO_PGLITE_TEMPLATE,
        env: { LOGIN_WINDOW_SECONDS: String(WINDOW_SECONDS), LOGIN_MAX_ATTEMPTS_PER_ACCOUNT: String(PER_ACCOUNT), LOGIN_MAX_ATTEMPTS_PER_IP: String(PER_IP) },
      });
      await use(server);
      await server.dispose();
    },
    { scope: 'worker', timeout: 120_000 },
  ],
  baseURL: async ({ limitedServer }, use) => {
    await use(limitedServer.url);
  },
});

// The second test relies on the first having waited its window out.
test.describe.configure({ mode: 'serial' });

/** Submits the sign-in form and answers the status of the POST. */
async function signIn(page: Page, email: string, password: string): Promise<{ status: number; retryAfter: string | null }> {
  await page.getByLabel('Email').fill(email);
  await page.getByLabel('Password', { exact: true }).fill(password);
  const [response] = await Promise.all([
    page.waitForResponse((r) => r.request().method() === 'POST' && new URL(r.url()).pathname === '/auth/login'),
    page.getByRole('button', { name: 'Sign in' }).click(),
  ]);
  await page.waitForLoadState();
  return { status: response.status(), retryAfter: await response.headerValue('retry-after') };
}

test(`${PER_ACCOUNT} wrong passwords block the account until the window has passed`, async ({ page }) => {
  test.setTimeout(120_000);
  const { email, password } = ACCOUNTS.support;
  await page.goto('/auth/login');
  const started = Date.now();
  for (let i = 1; i <= PER_ACCOUNT; i++) {
    const attempt = await signIn(page, email, `Wrong-password-${i}`);
    expect(attempt.status, `attempt ${i}`).toBe(422);
    await expect(page.getByRole('alert')).toHaveText('These credentials do not match our records.');
  }

  expect(Date.now() - started, 'all failures inside one window').toBeLessThan(WINDOW_SECONDS * 1000);

  // Past the limit: the 429 message, and the right password is refused too.
  const blocked = await signIn(page, email, password);
  expect(blocked.status).toBe(429);
  const message = page.getByRole('alert');
  await expect(message).toHaveText(/^Too many sign-in attempts\. Try again in \d+ seconds\.$/);
  await expect(page).toHaveURL(/\/auth\/login$/);
  const seconds = Number(/in (\d+) seconds/.exec((await message.textContent()) ?? '')?.[1]);
  expect(seconds).toBeGreaterThan(0);
  expect(seconds).toBeLessThanOrEqual(WINDOW_SECONDS);
  expect(blocked.retryAfter).toBe(String(seconds));

  // The only fixed wait of the suite: the rate-limit window itself.
  await page.waitForTimeout((seconds + 1) * 1000);
  const after = await signIn(page, email, password);
  expect(after.status).toBe(303);
  await expect(page).toHaveURL(/\/dashboard$/);
  await expect(page.getByRole('heading', { name: 'Welcome back, Sunil' })).toBeVisible();
});

test(`${PER_IP} failures from one address block every account from it`, async ({ page }) => {
  test.setTimeout(90_000);
  await page.goto('/auth/login');
  // Different (unknown) accounts each time: no single account reaches its own limit.
  const started = Date.now();
  for (let i = 1; i <= PER_IP; i++) {
    const attempt = await signIn(page, `nobody-${i}-${Date.now()}@example.com`, 'Wrong-password-1');
    expect(attempt.status, `attempt ${i}`).toBe(422);
  }
  // The counter is a fixed window: the failures only add up if they fall inside one.
  expect(Date.now() - started, 'all failures inside one window').toBeLessThan(WINDOW_SECONDS * 1000);
  // Now a real account with its right password is refused from this address.
  const blocked = await signIn(page, ACCOUNTS.vendor.email, ACCOUNTS.vendor.password);
  expect(blocked.status).toBe(429);
  await expect(page.getByRole('alert')).toHaveText(/^Too many sign-in attempts\. Try again in \d+ seconds\.$/);
  await expect(page).toHaveURL(/\/auth\/login$/);
});
