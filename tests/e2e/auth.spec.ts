/**
 * Signing in and out as a person does it (spec §2, §4, §8): the login form, its error on a
 * wrong password, the Logout confirmation with its exact texts, the toast, and no way back.
 */
import { test, expect, expectToast, ACCOUNTS } from './fixtures.ts';
import { pageFetch } from './foundation-helpers.ts';

test.describe('sign in', () => {
  test('signs in through the form and lands on the dashboard', async ({ page }) => {
    await page.goto('/auth/login');
    await page.getByLabel('Email').fill(ACCOUNTS.support.email);
    await page.getByLabel('Password', { exact: true }).fill(ACCOUNTS.support.password);
    await page.getByRole('button', { name: 'Sign in' }).click();
    await expect(page).toHaveURL(/\/dashboard$/);
    await expect(page.getByRole('heading', { name: 'Welcome back, Sunil' })).toBeVisible();
    // The top bar's user menu shows the first name.
    await expect(page.locator('[data-user-menu] summary')).toContainText('Sunil');
  });

  test('a wrong password shows the error on the page and keeps the email', async ({ page }) => {
    await page.goto('/auth/login');
    await page.getByLabel('Email').fill(ACCOUNTS.vendor.email);
    await page.getByLabel('Password', { exact: true }).fill('Not-the-password-1');
    const [response] = await Promise.all([
      page.waitForResponse((r) => r.request().method() === 'POST' && new URL(r.url()).pathname === '/auth/login'),
      page.getByRole('button', { name: 'Sign in' }).click(),
    ]);
    expect(response.status()).toBe(422);
    await expect(page.getByRole('alert')).toHaveText('These credentials do not match our records.');
    await expect(page).toHaveURL(/\/auth\/login$/);
    await expect(page.getByLabel('Email')).toHaveValue(ACCOUNTS.vendor.email);
    await expect(page.getByLabel('Password', { exact: true })).toHaveValue('');
    // Still a guest.
    await page.goto('/dashboard');
    await expect(page).toHaveURL(/\/auth\/login$/);
  });

  test('the sign-in page loads no script at all, also after log out', async ({ page }) => {
    const scripts: string[] = [];
    page.on('request', (r) => {
      if (r.resourceType() === 'script') scripts.push(r.url());
    });
    for (const path of ['/auth/login', '/auth/login?logged_out=1', '/auth/login?next=%2Fbrands%2Flisting']) {
      await page.goto(path);
      await expect(page.getByRole('heading', { name: 'Sign in' })).toBeVisible();
      await expect(page.locator('script')).toHaveCount(0);
    }
    expect(scripts).toEqual([]);
  });
});

test.describe('log out', () => {
  test('asks first, Cancel keeps the session, confirming signs out with a toast and no way back', async ({ page, loginAs }) => {
    await loginAs('support');
    const userMenu = page.locator('[data-user-menu] summary');

    // The dialog, with the spec's texts; Cancel ("No") closes it and nothing happens.
    await userMenu.click();
    await page.getByRole('button', { name: 'Log out' }).click();
    // Headless UI puts role=dialog on a zero-size wrapper: its title and buttons are what shows.
    const dialog = page.getByRole('dialog', { name: 'Logout' });
    await expect(dialog.getByRole('heading', { name: 'Logout' })).toBeVisible();
    await expect(dialog.getByText('Are you sure want to logout?')).toBeVisible();
    await dialog.getByRole('button', { name: 'No' }).click();
    await expect(dialog).toHaveCount(0);
    await expect(page).toHaveURL(/\/dashboard$/);
    expect((await pageFetch(page, 'GET', '/api/user')).status).toBe(200);

    // Confirm: the toast, then the sign-in page (which draws the same toast without JavaScript).
    await page.evaluate(() => {
      localStorage.setItem('probe', 'kept until log out');
      sessionStorage.setItem('probe', 'kept until log out');
    });
    await userMenu.click();
    await page.getByRole('button', { name: 'Log out' }).click();
    await expect(dialog.getByRole('heading', { name: 'Logout' })).toBeVisible();
    await Promise.all([page.waitForURL(/\/auth\/login(\?|$)/), dialog.getByRole('button', { name: 'Yes' }).click()]);
    expect(await expectToast(page, 'Logged out successfully')).toContain('Success');
    await expect(page.getByRole('heading', { name: 'Sign in' })).toBeVisible();
    // The browser's storage was cleared too (spec §4).
    expect(await page.evaluate(() => localStorage.length + sessionStorage.length)).toBe(0);

    // Back does not return to the signed-in page: the dashboard was replaced in the history,
    // and the session is gone on the server, so the guard answers with the sign-in page.
    // Back leads to the sign-in page, or past it to the blank page this browser started on, never
    // to the dashboard.
    await page.goBack().catch(() => null);
    await expect(page).not.toHaveURL(/\/dashboard/);
    await expect(page.getByRole('heading', { name: /Welcome back/ })).toHaveCount(0);
    await page.goto('/dashboard');
    await expect(page).toHaveURL(/\/auth\/login$/);
    expect((await pageFetch(page, 'GET', '/api/user')).status).toBe(401);
  });
});
