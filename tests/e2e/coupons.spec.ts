/**
 * Coupons in the browser (issue 18 §4): an admin adds a coupon through the form, finds it in the
 * list, edits and deletes it; a vendor adds their own coupon for one of their products, picked by
 * name, and the server makes it theirs.
 */
import { test, expect, expectToast } from './fixtures.ts';
import { expectNoSeriousViolations } from './shell-helpers.ts';
import { addEditDelete, uniqueTag } from './area-helpers.ts';

test('an admin adds a percent coupon through the form and sees it in the list', async ({ page, loginAs }) => {
  test.slow(); // many page loads: Chromium without a GPU takes 1–2 s each
  await loginAs('admin');
  const code = `FEST${uniqueTag()}`;
  await addEditDelete(page, {
    listPath: '/coupons/listing',
    singular: 'Coupon',
    label: 'Coupons',
    title: code,
    fillAdd: async (p) => {
      await p.getByLabel('Code').fill(code);
      await p.getByLabel('Percent off').fill('12.5');
      await p.getByLabel('At most (₹)').fill('250');
      await p.getByLabel('Uses in all').fill('100');
    },
    fillEdit: async (p) => {
      await expect(p.getByLabel('Percent off')).toHaveValue('12.5');
      await expect(p.getByLabel('At most (₹)')).toHaveValue('250.00');
      await p.getByLabel('Status').selectOption('inactive');
    },
    afterEdit: async (row) => {
      await expect(row).toContainText('12.5');
      await expect(row).toContainText('₹ 250.00');
      await expect(row).toContainText('Inactive');
    },
  });
});

test('a vendor adds their own coupon for one of their products', async ({ page, loginAs }) => {
  await loginAs('vendor');
  const code = `DFH${uniqueTag()}`;
  await page.goto('/coupons/listing');
  // Their own coupons only: the demo's DFH100, never the platform's WELCOME10.
  await expect(page.getByRole('cell', { name: 'DFH100', exact: true })).toBeVisible();
  await expect(page.getByRole('cell', { name: 'WELCOME10', exact: true })).toHaveCount(0);
  await expectNoSeriousViolations(page, 'Coupons (a vendor)');
  await page.getByRole('link', { name: 'Add coupon' }).click();
  // Who pays is not theirs to choose.
  await expect(page.getByLabel('Paid by')).toHaveCount(0);
  await page.getByLabel('Code').fill(code);
  await page.getByLabel('Discount', { exact: true }).selectOption('flat');
  await page.getByLabel('Amount off (₹)').fill('75');
  await page.getByLabel('Applies to').selectOption('products');
  await page.getByRole('searchbox', { name: 'Find products' }).fill('Cotton Kurta');
  await page.getByRole('checkbox', { name: 'Cotton Kurta, Indigo' }).check();
  await expect(page.getByText('1 chosen.')).toBeVisible();
  await expectNoSeriousViolations(page, 'Add coupon, with products picked');
  await page.getByRole('button', { name: 'Add coupon' }).click();
  await expect(page).toHaveURL(/\/coupons\/listing(\?|$)/);
  await expectToast(page, 'Coupon created.');
  const row = page.locator('tbody tr').filter({ hasText: code });
  await expect(row).toContainText('₹ 75.00');
  const response = await page.request.get(`/api/coupons?q=${code}`, { headers: { accept: 'application/json' } });
  const [saved] = (await response.json()).data as { funded_by: string; scope: string; product_ids: number[] }[];
  expect(saved).toMatchObject({ funded_by: 'vendor', scope: 'products' });
  expect(saved!.product_ids).toHaveLength(1);
});
