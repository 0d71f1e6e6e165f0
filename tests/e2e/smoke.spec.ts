import { test, expect, loginAs } from './fixtures.ts';

test.describe('smoke', () => {
  test('the login page renders with no script at all', async ({ page }) => {
    await page.goto('/auth/login');
    await expect(page.getByRole('heading', { name: 'Sign in' })).toBeVisible();
    await expect(page.getByLabel('Email')).toBeVisible();
    await expect(page.locator('script')).toHaveCount(0);
  });

  test('admin signs in and lands on /dashboard', async ({ page }) => {
    await loginAs(page, 'admin');
    await expect(page).toHaveURL(/\/dashboard$/);
    // The page is rendered for the signed-in user (the top bar shows the first name).
    await expect(page.locator('body')).toContainText('Asha');
    const reload = await page.reload();
    expect(reload?.status()).toBe(200);
    await expect(page).toHaveURL(/\/dashboard$/);
  });
});
