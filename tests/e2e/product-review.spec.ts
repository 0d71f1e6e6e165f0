/**
 * A product waiting for review gets its decision, in the browser: the admin (desktop) sees the
 * Products item's badge count the queue, opens the demo product waiting for review ("Silk Dupatta,
 * Maroon", seeded as submitted), checks a rejection needs a reason, and approves it; the badge counts one fewer.
 * The vendor, on a 360-px phone, follows the notification to the details page and sees the product
 * active, then again on a desktop.
 *
 * This file runs its own server (a copy of the seeded template): approving the demo product changes
 * the queue's count, which other specs' pages show.
 */
import { expect, loginAs, testWithOwnServer } from './fixtures.ts';
import { expectNoSeriousViolations } from './shell-helpers.ts';

const PRODUCT = 'Silk Dupatta, Maroon';

const test = testWithOwnServer();

test('the admin approves a product waiting for review; the vendor sees it active', async ({ browser, baseURL }, testInfo) => {
  test.slow();
  const desk = await browser.newContext({ baseURL, viewport: { width: 1280, height: 900 } });
  const admin = await desk.newPage();
  await loginAs(admin, 'admin');

  // The sidebar badge counts the queue: the demo catalogue has two products waiting.
  const nav = admin.getByRole('navigation', { name: 'Main' });
  await expect(nav.locator('#menu-badge-products')).toHaveText(/^2/);

  // The product, found as a person would: the search in the top bar.
  await admin.getByRole('button', { name: 'Search' }).click();
  await admin.getByRole('combobox', { name: 'Search' }).fill('Silk Dupatta');
  await admin
    .getByRole('option', { name: new RegExp(PRODUCT) })
    .first()
    .click();
  await expect(admin.getByRole('heading', { name: PRODUCT, level: 1 })).toBeVisible();
  await expect(admin.getByTestId('product-status')).toHaveText('Waiting for review');
  await expect(admin.getByTestId('variants')).toContainText('DFH-DUP-003');
  await expect(admin.getByTestId('variants')).toContainText('₹ 999.00');
  // Staff never see the vendor's cost.
  await expect(admin.getByRole('columnheader', { name: 'Cost' })).toHaveCount(0);

  // A rejection needs a reason: the form says so beside the field, and nothing changes.
  await admin.getByText('Reject…').click();
  await admin.getByRole('button', { name: 'Confirm: reject' }).click();
  await expect(admin.getByText('Give a reason: the vendor sees it and fixes the product from it.')).toBeVisible();
  await expect(admin.getByTestId('product-status')).toHaveText('Waiting for review');
  await expectNoSeriousViolations(admin, 'the details page with a refused rejection');
  await admin.screenshot({ path: testInfo.outputPath('admin-review-desktop.png'), fullPage: true });

  await admin.getByRole('button', { name: 'Approve', exact: true }).click();
  await expect(admin.getByText('Approved. The product is active and the vendor has been told.')).toBeVisible();
  await expect(admin.getByTestId('product-status')).toHaveText('Active');
  await expect(admin.getByTestId('status-history')).toContainText('Waiting for review → Active');
  await expect(admin.getByTestId('product-activity')).toContainText('Approved');
  await expect(nav.locator('#menu-badge-products')).toHaveText(/^1/);

  // The vendor, on a phone: the notification leads to the product, now active.
  const phone = await browser.newContext({ baseURL, viewport: { width: 360, height: 740 }, isMobile: true, hasTouch: true });
  const vendor = await phone.newPage();
  await loginAs(vendor, 'vendor');
  await vendor.goto('/notifications');
  await vendor
    .getByRole('link', { name: `Your product “${PRODUCT}” is approved` })
    .first()
    .click();
  await expect(vendor.getByRole('heading', { name: PRODUCT, level: 1 })).toBeVisible();
  await expect(vendor.getByTestId('product-status')).toHaveText('Active');
  await expect(vendor.getByText('Offered on the storefront.')).toBeVisible();
  // The vendor may take it off sale, never review it.
  await expect(vendor.getByRole('button', { name: 'Deactivate' })).toBeVisible();
  await expect(vendor.getByRole('button', { name: 'Approve', exact: true })).toHaveCount(0);
  // The vendor sees their cost column.
  await expect(vendor.getByRole('columnheader', { name: 'Cost' })).toBeVisible();
  // Nothing but the variants table (which scrolls in its own box) is wider than the phone.
  expect(await vendor.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(360);
  await expectNoSeriousViolations(vendor, 'the vendor’s details page on a phone');
  await vendor.screenshot({ path: testInfo.outputPath('vendor-details-360.png'), fullPage: true });

  await vendor.setViewportSize({ width: 1280, height: 900 });
  await vendor.reload();
  await expect(vendor.getByTestId('product-status')).toHaveText('Active');
  await vendor.screenshot({ path: testInfo.outputPath('vendor-details-desktop.png'), fullPage: true });

  await phone.close();
  await desk.close();
});
