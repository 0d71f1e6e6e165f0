/**
 * The sign-in rate limit as a person meets it: after 5 wrong passwords the page says to wait
 * (429), even the right password is refused, and after the window the right password works.
 *
 * This file runs its own server, with a short window: the limits count per account AND per IP,
 * and every spec reaches the shared server from 127.0.0.1, so blocking an account (or the IP)
 * there would fail other specs signing in at the same moment. Same build, same code, only the
 * window and the per-IP ceiling are smaller than the defaults. It believes one proxy hop
 * (TRUST_PROXY), so each test comes from an address of its own (X-Forwarded-For, as a proxy in
 * front would write it): the tests share no counter, and neither waits for the other's window.
 *
 * The window is long enough to hold a handful of sign-ins on a slow machine, and short enough to
 * wait out: waiting is done as a person would, by trying again until the form lets them in (a
 * window never grows, so the first try after its end signs in), never by sleeping a fixed time.
 */
import { expect, ACCOUNTS, testWithOwnServer } from './fixtures.ts';
import type { Page } from '@playwright/test';

const WINDOW_SECONDS = 10;
const PER_ACCOUNT = 5;
const PER_IP = 6;

// Seeded once by the global setup: copying the template skips initdb.
const test = testWithOwnServer({
  env: {
    LOGIN_WINDOW_SECONDS: String(WINDOW_SECONDS),
    LOGIN_MAX_ATTEMPTS_PER_ACCOUNT: String(PER_ACCOUNT),
    LOGIN_MAX_ATTEMPTS_PER_IP: String(PER_IP),
    TRUST_PROXY: 'true',
  },
});

/** Every request of this page comes from `ip`, as the proxy in front of the server tells it. */
const fromAddress = (page: Page, ip: string) => page.setExtraHTTPHeaders({ 'x-forwarded-for': ip });

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
  await fromAddress(page, '203.0.113.1');
  await page.goto('/auth/login');
  for (let i = 1; i <= PER_ACCOUNT; i++) {
    const attempt = await signIn(page, email, `Wrong-password-${i}`);
    expect(attempt.status, `attempt ${i}`).toBe(422);
    await expect(page.getByRole('alert')).toHaveText('These credentials do not match our records.');
  }

  // Past the limit: the 429 message, and the right password is refused too (the failures must
  // fall inside one window of WINDOW_SECONDS for that).
  const blocked = await signIn(page, email, password);
  expect(blocked.status, `the right password after ${PER_ACCOUNT} failures inside one ${WINDOW_SECONDS} s window`).toBe(429);
  const message = page.getByRole('alert');
  await expect(message).toHaveText(/^Too many sign-in attempts\. Try again in \d+ seconds\.$/);
  await expect(page).toHaveURL(/\/auth\/login$/);
  const seconds = Number(/in (\d+) seconds/.exec((await message.textContent()) ?? '')?.[1]);
  expect(seconds).toBeGreaterThan(0);
  expect(seconds).toBeLessThanOrEqual(WINDOW_SECONDS);
  expect(blocked.retryAfter).toBe(String(seconds));

  // The person tries again now and then; once the window has passed, the right password works.
  await expect(async () => {
    expect((await signIn(page, email, password)).status).toBe(303);
  }, 'the right password signs in once the window has passed').toPass({ intervals: [1_000], timeout: (3 * WINDOW_SECONDS + 30) * 1000 });
  await expect(page).toHaveURL(/\/dashboard$/);
  await expect(page.getByRole('heading', { name: 'Welcome back, Sunil' })).toBeVisible();
});

test(`${PER_IP} failures from one address block every account from it`, async ({ page }) => {
  test.setTimeout(180_000);
  await page.goto('/auth/login');
  // The counter is a fixed window: the failures add up only when they fall inside one. On a loaded
  // machine a burst can straddle a window's end, so the burst is tried again from a new address
  // (a clean counter) until one falls inside a window; the verdict never depends on the timing.
  let address = 10;
  await expect(async () => {
    await fromAddress(page, `203.0.113.${address++}`);
    // Different (unknown) accounts each time: no single account reaches its own limit.
    for (let i = 1; i <= PER_IP; i++) {
      const attempt = await signIn(page, `nobody-${i}-${Date.now()}@example.com`, 'Wrong-password-1');
      expect(attempt.status, `attempt ${i}`).toBe(422);
    }
    // Now a real account with its right password is refused from this address.
    const blocked = await signIn(page, ACCOUNTS.vendor.email, ACCOUNTS.vendor.password);
    expect(blocked.status, `the right password after ${PER_IP} failures inside one ${WINDOW_SECONDS} s window`).toBe(429);
  }).toPass({ timeout: 150_000 });
  await expect(page.getByRole('alert')).toHaveText(/^Too many sign-in attempts\. Try again in \d+ seconds\.$/);
  await expect(page).toHaveURL(/\/auth\/login$/);
});
