/**
 * Two-factor sign-in as a staff member meets it (issue 14 §5): set up from the profile (the QR code
 * and the key to type in, a code from the app to confirm, the ten recovery codes shown once), log
 * out, sign in again with the password and then a code, on a phone-sized screen, on a second page
 * that loads no JavaScript. The codes are computed here from the key the page shows, with the same
 * library an authenticator app's maths follows (RFC 6238).
 *
 * This file runs its own server (copied from the seeded template): turning 2FA on for a demo
 * account on the shared server would stop the other specs signing in as it.
 */
import * as OTPAuth from 'otpauth';
import { expect, expectToast, loginAs, ACCOUNTS, testWithOwnServer } from './fixtures.ts';
import { expectNoSeriousViolations } from './shell-helpers.ts';

const test = testWithOwnServer();

/** The code an authenticator app shows `steps` × 30 s from now. */
const codeAt = (secret: string, steps = 0) =>
  new OTPAuth.TOTP({ algorithm: 'SHA1', digits: 6, period: 30, secret: OTPAuth.Secret.fromBase32(secret) }).generate({
    timestamp: Date.now() + steps * 30_000,
  });

test('a staff member sets up two-factor sign-in, logs out, and signs in with a code on a page without JavaScript', async ({ page }) => {
  const admin = ACCOUNTS.admin;
  await loginAs(page, 'admin');

  // From the profile's section to the setup.
  await page.goto('/profile');
  const section = page.getByRole('region', { name: 'Two-factor sign-in' });
  await expect(section).toContainText('Off.');
  await section.getByRole('link', { name: 'Set up two-factor sign-in' }).click();
  await expect(page).toHaveURL(/\/profile\/two-factor$/);
  await page.getByRole('button', { name: 'Set up two-factor sign-in' }).click();

  const qr = page.getByRole('img', { name: /QR code/ });
  await expect(qr).toBeVisible();
  expect(await qr.evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth > 0)).toBe(true);
  const secret = (await page.getByTestId('totp-secret').innerText()).replace(/\s/g, '');
  expect(secret).toMatch(/^[A-Z2-7]{32}$/);
  await expectNoSeriousViolations(page, 'the setup', ['main']);

  // A mistyped code first: the page says so, and 2FA stays off.
  await page.getByLabel('Code from your app').fill('000000');
  await page.getByRole('button', { name: 'Turn on two-factor sign-in' }).click();
  await expect(page.getByText('That code is not right')).toBeVisible();

  await page.getByLabel('Code from your app').fill(codeAt(secret));
  await page.getByRole('button', { name: 'Turn on two-factor sign-in' }).click();
  const codes = page.getByTestId('recovery-codes').getByRole('listitem');
  await expect(codes).toHaveCount(10);
  await expectNoSeriousViolations(page, 'the recovery codes', ['main']);
  const recovery = await codes.allInnerTexts();
  expect(recovery.every((c) => /^[0-9a-z]{5}-[0-9a-z]{5}$/.test(c.trim()))).toBe(true);
  await page.getByRole('link', { name: 'I have saved my recovery codes' }).click();
  await expect(page.getByText(/On since .* IST/)).toBeVisible();
  await expect(page.getByText('10 of 10 recovery codes left')).toBeVisible();
  // Shown once.
  await expect(page.getByTestId('recovery-codes')).toHaveCount(0);

  // Log out as a person does.
  await page.locator('[data-user-menu] summary').click();
  await page.getByRole('button', { name: 'Log out' }).click();
  const dialog = page.getByRole('dialog', { name: 'Logout' });
  await Promise.all([page.waitForURL(/\/auth\/login(\?|$)/), dialog.getByRole('button', { name: 'Yes' }).click()]);
  await expectToast(page, 'Logged out successfully');

  // Sign in again, on a phone: the password, then the code.
  await page.setViewportSize({ width: 360, height: 740 });
  const scripts: string[] = [];
  page.on('request', (r) => {
    if (r.resourceType() === 'script') scripts.push(r.url());
  });
  await page.getByLabel('Email').fill(admin.email);
  await page.getByLabel('Password', { exact: true }).fill(admin.password);
  await Promise.all([page.waitForURL(/\/auth\/two-factor$/), page.getByRole('button', { name: 'Sign in' }).click()]);
  await expect(page.getByRole('heading', { name: 'Two-factor sign-in' })).toBeVisible();
  await expect(page.locator('script')).toHaveCount(0);
  expect(scripts).toEqual([]);
  // Nothing sticks out of a phone's screen.
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(360);
  await expectNoSeriousViolations(page, 'the second step');

  // Not signed in yet.
  expect((await page.request.get('/api/user', { headers: { accept: 'application/json' } })).status()).toBe(401);

  // A wrong code is refused on the page…
  await page.getByLabel('Code').fill('000000');
  await page.getByRole('button', { name: 'Verify and sign in' }).click();
  await expect(page.getByText('That code is not right')).toBeVisible();
  await expect(page.locator('script')).toHaveCount(0);
  expect(scripts).toEqual([]);
  // …the app's next code signs in (the setup used the current one, which can't be used twice).
  await page.getByLabel('Code').fill(codeAt(secret, 1));
  await Promise.all([page.waitForURL(/\/dashboard$/), page.getByRole('button', { name: 'Verify and sign in' }).click()]);
  await expect(page.getByRole('heading', { name: 'Welcome back, Asha' })).toBeVisible();
});
