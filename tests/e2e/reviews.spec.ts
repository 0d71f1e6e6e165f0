/**
 * Customer feedback in the browser (issue 17 §5): staff publish a pending demo review from the
 * list (bulk "Set status…"), the product's vendor replies from the review's details page, and the
 * product's page shows the review, the reply and the average. The demo reviews sit on delivered
 * demo order lines (src/features/reviews/reviews.demo.server.ts). axe finds nothing serious.
 */
import { test, expect, expectToast, signedInPage } from './fixtures.ts';
import { expectNoSeriousViolations } from './shell-helpers.ts';

const PENDING = 'Nice but the parcel came late';

test('staff publish a pending review, the vendor replies, and the product page shows both', async ({ page, loginAs, browser, baseURL }) => {
  test.setTimeout(240_000);
  await loginAs('admin');
  await page.goto('/reviews/listing');
  await expect(page.getByRole('heading', { level: 1, name: 'Customer Feedback' })).toBeVisible();
  await expectNoSeriousViolations(page, 'Customer Feedback');
  const row = page.locator('tbody tr', { hasText: PENDING });
  await expect(row).toContainText('Pending');
  await page.getByLabel(`Select ${PENDING}`).check();
  await page.getByLabel('Set status of the selected customer feedback').selectOption('published');
  await page.getByRole('dialog', { name: 'Set 1 review to Published?' }).getByRole('button', { name: 'Set to Published' }).click();
  await expectToast(page, '1 review published.');
  await expect(row).toContainText('Published');

  // Rejecting asks for the reason before the button works.
  await page.getByLabel(`Select ${PENDING}`).check();
  await page.getByLabel('Set status of the selected customer feedback').selectOption('rejected');
  const reject = page.getByRole('dialog', { name: 'Set 1 review to Rejected?' });
  await expect(reject.getByRole('button', { name: 'Set to Rejected' })).toBeDisabled();
  await reject.getByRole('textbox', { name: /Reason for rejecting/ }).fill('x');
  await expect(reject.getByRole('button', { name: 'Set to Rejected' })).toBeEnabled();
  await reject.getByRole('button', { name: 'Cancel' }).click();
  await expect(row).toContainText('Published');

  // The product's vendor, in a browser of their own.
  const vendor = await signedInPage(browser, baseURL, 'vendor', { width: 1280, height: 900 });
  await vendor.goto('/reviews/listing');
  await vendor.locator('table').getByRole('link', { name: PENDING, exact: true }).click();
  await expect(vendor.getByRole('heading', { level: 1, name: PENDING })).toBeVisible();
  await expect(vendor.getByTestId('review-status')).toHaveText('Published');
  await expectNoSeriousViolations(vendor, 'a review’s details');
  await vendor.getByTestId('review-actions').getByRole('button', { name: 'Reply' }).click();
  const dialog = vendor.getByRole('dialog', { name: 'Your public reply' });
  await dialog.getByRole('textbox', { name: 'Reply' }).fill('Sorry about the delay: we have moved to a faster courier for your pincode.');
  await dialog.getByRole('button', { name: 'Save reply' }).click();
  await expect(vendor.getByTestId('review-reply')).toContainText('moved to a faster courier');
  await expect(vendor.getByTestId('review-history')).toContainText('Vendor replied');

  await vendor.getByRole('link', { name: 'Everyday Cotton Kurta' }).click();
  const reviews = vendor.getByTestId('product-reviews');
  await expect(reviews.getByTestId('product-review').filter({ hasText: PENDING })).toContainText('moved to a faster courier');
  await expect(vendor.getByTestId('rating-summary')).toHaveText(/\d\.\d out of 5 \(\d+ reviews\)/);
});
