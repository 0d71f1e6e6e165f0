/**
 * The per-account sign-in limit as a person meets it: after 5 wrong passwords the page says to wait
 * (429), even the right password is refused, and after the window the right password works.
 *
 * This file runs its own server, with a short window: the limits count per account AND per IP, and
 * every spec reaches the shared server from 127.0.0.1, so blocking an account there would fail other
 * specs signing in at the same moment. Same build, same code, only the window is shorter than the
 * default. The per-address limit has its own file and server (rate-limit-ip.spec.ts), with a window
 * that no burst outlasts.
 *
 * The window is a few sign-ins long on a slow machine, and short enough to wait out: waiting is done
 * as a person would, by trying again until the form lets them in (a window never grows, so the first
 * try after its end signs in), never by sleeping a fixed time.
 */
import { expect, ACCOUNTS, testWithOwnServer } from './fixtures.ts';
import { fromAddress, signIn } from './sign-in-attempts.ts';

const WINDOW_SECONDS = 20;
const PER_ACCOUNT = 5;

// Seeded once by the global setup: copying the template skips initdb.
const test = testWithOwnServer({
  env: {
    LOGIN_WINDOW_SECONDS: String(WINDOW_SECONDS),
    LOGIN_MAX_ATTEMPTS_PER_ACCOUNT: String(PER_ACCOUNT),
    TRUST_PROXY: 'true',
  },
});

test(`${PER_ACCOUNT} wrong passwords block the account until the window has passed`, async ({ page }) => {
  test.setTimeout(180_000);
  const { email, password } = ACCOUNTS.support;
  // The window opens at the first failure: the burst counts only if it falls inside one. On a loaded
  // machine it can outlast the window; then the right password signs in (which clears the account's
  // counter) and the burst is made again, from a new address and signed out, until one falls inside
  // a window. The verdict never depends on the timing.
  let address = 1;
  let blocked = { status: 0, retryAfter: null as string | null };
  await expect(async () => {
    await page.context().clearCookies();
    await fromAddress(page, `203.0.113.${address++}`);
    await page.goto('/auth/login');
    for (let i = 1; i <= PER_ACCOUNT; i++) {
      const attempt = await signIn(page, email, `Wrong-password-${i}`);
      expect(attempt.status, `attempt ${i}`).toBe(422);
      await expect(page.getByRole('alert')).toHaveText('These credentials do not match our records.');
    }
    // Past the limit: even the right password is refused.
    blocked = await signIn(page, email, password);
    expect(blocked.status, `the right password after ${PER_ACCOUNT} failures inside one ${WINDOW_SECONDS} s window`).toBe(429);
  }).toPass({ timeout: 120_000 });

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
