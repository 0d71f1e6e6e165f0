import { test, expect } from './fixtures.ts';

test('screenshots', async ({ page, loginAs }) => {
  test.setTimeout(180_000);
  await loginAs('admin');
  await page.setViewportSize({ width: 1280, height: 900 });
  await page.goto('/payments/listing');
  await expect(page.locator('tbody tr').first()).toBeVisible();
  await page.screenshot({ path: '/tmp/pay-desktop-dark.png', fullPage: true });
  await page.getByRole('button', { name: 'Dark mode' }).click();
  await expect(page.locator('html')).not.toHaveClass(/\bdark\b/);
  await page.screenshot({ path: '/tmp/pay-desktop-light.png', fullPage: true });
  const link = page.locator('tbody tr').filter({ hasText: 'Failed' }).first().getByRole('link');
  await link.click();
  await expect(page.getByTestId('awaiting-payment')).toBeVisible();
  await page.screenshot({ path: '/tmp/pay-details-light.png', fullPage: true });
  await page.goto('/orders/3/details');
  await page.screenshot({ path: '/tmp/pay-details3-light.png', fullPage: true });
  await page.setViewportSize({ width: 360, height: 780 });
  await page.goto('/payments/listing');
  await expect(page.locator('tbody tr').first()).toBeVisible();
  await page.screenshot({ path: '/tmp/pay-phone-light.png', fullPage: true });
  await page.getByRole('button', { name: 'Dark mode' }).click();
  await page.screenshot({ path: '/tmp/pay-phone-dark.png', fullPage: true });
  await page.goto('/global-settings');
  await page.setViewportSize({ width: 1280, height: 900 });
  await page.getByText('Razorpay webhook secret').scrollIntoViewIfNeeded();
  await page.screenshot({ path: '/tmp/pay-settings.png', fullPage: true });
});
