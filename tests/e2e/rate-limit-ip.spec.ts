/**
 * The per-address sign-in limit as a person meets it: after 6 failures from one address, on any
 * accounts, even another account's right password is refused from that address (429).
 *
 * Its own server (the shared one serves every spec from 127.0.0.1, which this would block), with a
 * small per-address ceiling and the default 15-minute window: the test never waits for the window
 * to end, so a long one costs nothing, and no burst on however slow a machine outlasts it. The server
 * believes one proxy hop (TRUST_PROXY): the address is X-Forwarded-For, as a proxy in front writes it.
 */
import { expect, ACCOUNTS, testWithOwnServer } from './fixtures.ts';
import { fromAddress, signIn } from './sign-in-attempts.ts';

const PER_IP = 6;

// Seeded once by the global setup: copying the template skips initdb.
const test = testWithOwnServer({ env: { LOGIN_MAX_ATTEMPTS_PER_IP: String(PER_IP), TRUST_PROXY: 'true' } });

test(`${PER_IP} failures from one address block every account from it`, async ({ page }) => {
  test.setTimeout(90_000);
  await fromAddress(page, '203.0.113.10');
  await page.goto('/auth/login');
  // Different (unknown) accounts each time: no single account reaches its own limit.
  for (let i = 1; i <= PER_IP; i++) {
    const attempt = await signIn(page, `nobody-${i}@example.com`, 'Wrong-password-1');
    expect(attempt.status, `attempt ${i}`).toBe(422);
    await expect(page.getByRole('alert')).toHaveText('These credentials do not match our records.');
  }
  // Now a real account with its right password is refused from this address…
  const blocked = await signIn(page, ACCOUNTS.vendor.email, ACCOUNTS.vendor.password);
  expect(blocked.status, `the right password after ${PER_IP} failures from one address`).toBe(429);
  await expect(page.getByRole('alert')).toHaveText(/^Too many sign-in attempts\. Try again in \d+ seconds\.$/);
  await expect(page).toHaveURL(/\/auth\/login$/);

  // …and from another address the same account signs in: the limit is the address's, not the account's.
  await fromAddress(page, '203.0.113.11');
  expect((await signIn(page, ACCOUNTS.vendor.email, ACCOUNTS.vendor.password)).status).toBe(303);
  await expect(page).toHaveURL(new RegExp(`${ACCOUNTS.vendor.landing}$`));
});
