/**
 * Add steps 3 and 4 in Chromium, as a vendor does them: delivery details with two warehouses and a
 * pincode check, then a Size × Colour grid of four variants, one pruned, saved as draft; again on a
 * 360-px phone, where the grid is a card per variant. Both pages are checked with axe.
 *
 * This file runs its own server: its products, option groups and warehouses are written straight
 * into the database (the products API and the option group screens are other parts of issue 15).
 */
import { expect, loginAs, testWithOwnServer } from './fixtures.ts';
import type { Page } from '@playwright/test';
import { createProductFixtures } from '../helpers/product-fixtures.ts';
import { expectNoSeriousViolations } from './shell-helpers.ts';
import { pageScriptsGzip } from './area-helpers.ts';

const test = testWithOwnServer({ prepare: createProductFixtures });

async function chooseOptions(page: Page) {
  await page.getByRole('button', { name: 'Add an option group' }).click();
  await page.getByLabel('Option group 1').selectOption({ label: 'Test Size' });
  await page.getByRole('checkbox', { name: 'S', exact: true }).check();
  await page.getByRole('checkbox', { name: 'M', exact: true }).check();
  await page.getByRole('button', { name: 'Add an option group' }).click();
  await page.getByLabel('Option group 2').selectOption({ label: 'Test Colour' });
  await page.getByRole('checkbox', { name: 'Red', exact: true }).check();
  await page.getByRole('checkbox', { name: 'Blue', exact: true }).check();
}

/** The grid's rows, by their header cell (the combination). */
const rowOf = (page: Page, name: string) => page.getByRole('row', { name: new RegExp(`^${name}\\b`) });

test('a vendor sets delivery details, builds a Size × Colour grid, prunes a variant and saves a draft', async ({ page, ownServer }) => {
  test.slow();
  const f = ownServer.prepared;
  await page.setViewportSize({ width: 1280, height: 900 });
  await loginAs(page, 'vendor');

  await page.goto(`/products/add-delivery-details/${f.bareProductId}`);
  await expect(page.getByRole('heading', { name: 'Delivery details' })).toBeVisible();
  await page.getByLabel('Packed weight (g)').fill('650');
  await page.getByLabel('Length (mm)').fill('300');
  await page.getByLabel('Width (mm)').fill('250');
  await page.getByLabel('Height (mm)').fill('40');
  await page.getByLabel('Handling time (days)').fill('1');
  await page.getByRole('checkbox', { name: /DFH-BLR/ }).check();
  await page.getByRole('checkbox', { name: /DFH-ANX/ }).check();
  // The pincode check answers in place: what was typed above stays.
  await page.getByRole('textbox', { name: 'Pincode' }).fill('560001');
  await page.getByRole('button', { name: 'Check' }).click();
  await expect(page.getByRole('status').filter({ hasText: 'Bengaluru city' })).toBeVisible();
  await expect(page.getByLabel('Packed weight (g)')).toHaveValue('650');
  await page.getByRole('textbox', { name: 'Pincode' }).fill('12');
  await page.getByRole('button', { name: 'Check' }).click();
  await expect(page.getByText('Enter a 6-digit pincode, e.g. 560001.')).toBeVisible();
  await expectNoSeriousViolations(page, 'delivery details');
  await page.screenshot({ path: 'test-results/product-delivery-desktop.png', fullPage: true });
  await page.getByRole('button', { name: 'Save and continue' }).click();

  await expect(page).toHaveURL(new RegExp(`/products/add-pricing-details/${f.bareProductId}\\?saved=delivery$`));
  await expect(page.getByText('Delivery details saved.')).toBeVisible();
  await chooseOptions(page);
  await expect(page.getByRole('heading', { name: 'Variants (4)' })).toBeVisible();
  await expect(page.getByLabel('S / Red, SKU')).toHaveValue('LINSHITES-S-RED');
  await rowOf(page, 'M / Blue').getByRole('button', { name: 'Remove M / Blue' }).click();
  await expect(page.getByRole('heading', { name: 'Variants (3)' })).toBeVisible();
  await page.getByLabel('S / Red, SKU').fill('lin-s-red');
  for (const [row, mrp, price] of [
    ['S / Red', '1,499', '1,299'],
    ['S / Blue', '1499', '1199.50'],
    ['M / Red', '1599', '1599'],
  ] as const) {
    await page.getByLabel(`${row}, MRP`).fill(mrp);
    await page.getByLabel(`${row}, Price`).fill(price);
  }
  await page.getByLabel('S / Red, Opening stock, DFH-BLR').fill('5');
  // A mistake first: the price above the MRP is said beside its cell.
  await page.getByLabel('M / Red, Price').fill('1600');
  await page.getByRole('button', { name: 'Save as draft' }).click();
  await expect(page.getByRole('alert')).toHaveText('Check the highlighted fields.');
  await expect(page.getByLabel('M / Red, Price')).toHaveAccessibleDescription('The price can’t be more than the MRP.');
  await expect(page.getByLabel('M / Red, Price')).toBeFocused();
  await page.getByLabel('M / Red, Price').fill('1599');
  await page.getByRole('button', { name: 'Save as draft' }).click();
  await expect(page.getByText('Saved as draft.')).toBeVisible();
  await expectNoSeriousViolations(page, 'pricing details');
  await page.screenshot({ path: 'test-results/product-pricing-desktop.png', fullPage: true });

  await page.reload();
  await expect(page.getByRole('heading', { name: 'Variants (3)' })).toBeVisible();
  await expect(page.getByLabel('S / Red, SKU')).toHaveValue('LIN-S-RED');
  await expect(page.getByLabel('S / Blue, Price')).toHaveValue('1199.50');
  await expect(rowOf(page, 'S / Red')).toContainText('5 on hand');
});

test('on a 360-px phone the grid is a card per variant and saves', async ({ page, ownServer }) => {
  test.slow();
  const f = ownServer.prepared;
  await page.setViewportSize({ width: 360, height: 780 });
  await loginAs(page, 'vendor');
  await page.goto(`/products/add-pricing-details/${f.productId}`);
  await chooseOptions(page);
  await expect(page.getByRole('heading', { name: 'Variants (4)' })).toBeVisible();
  // Nothing sideways: the page fits the phone.
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(360);
  for (const row of ['S / Red', 'S / Blue', 'M / Red', 'M / Blue']) {
    await page.getByLabel(`${row}, MRP`).fill('999');
    await page.getByLabel(`${row}, Price`).fill('899');
  }
  const price = await page.getByLabel('S / Red, Price').boundingBox();
  expect(price!.width).toBeGreaterThan(100);
  await page.getByRole('button', { name: 'Save as draft' }).click();
  await expect(page.getByText('Saved as draft.')).toBeVisible();
  await expectNoSeriousViolations(page, 'pricing details on a phone');
  await page.screenshot({ path: 'test-results/product-pricing-phone.png', fullPage: true });
});

test('steps 3 and 4 stay within the JavaScript budget (100 KiB gzip, React included)', async ({ page, ownServer }) => {
  const f = ownServer.prepared;
  await loginAs(page, 'vendor');
  for (const path of [`/products/add-delivery-details/${f.productId}`, `/products/add-pricing-details/${f.productId}`]) {
    const { bytes } = await pageScriptsGzip(page, path);
    expect(bytes, `${path} loads some JavaScript`).toBeGreaterThan(0);
    expect(bytes, `${path}: ${(bytes / 1024).toFixed(1)} KiB gzip`).toBeLessThanOrEqual(100 * 1024);
  }
});
