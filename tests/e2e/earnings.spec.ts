/**
 * Earnings in the browser (issue 18 §2, §7): the vendor opens Earnings and sees the entries and
 * balances of the delivered demo orders (one past its return window: payable; one inside it:
 * pending), filters by type, and downloads the monthly statement as PDF and CSV; staff see every
 * vendor and narrow the cards to one; commission rules open under Money. axe finds nothing serious.
 */
import { test, expect } from './fixtures.ts';
import { expectNoSeriousViolations } from './shell-helpers.ts';

test('a vendor sees their earnings and balances, filters them and downloads the statement', async ({ page, loginAs }) => {
  test.setTimeout(240_000);
  await loginAs('vendor');
  await page.getByRole('link', { name: 'Earnings' }).first().click();
  await expect(page.getByRole('heading', { level: 1, name: 'Earnings' })).toBeVisible();
  // The delivered demo order of 26 days ago is payable; yesterday's is pending.
  await expect(page.getByTestId('balance-payable')).toContainText('₹');
  await expect(page.getByTestId('balance-payable')).not.toContainText('₹ 0.00');
  await expect(page.getByTestId('balance-pending')).not.toContainText('₹ 0.00');
  const table = page.locator('table').first();
  await expect(table.getByRole('cell', { name: /^OD-\d{4}-000004-1$/ }).first()).toBeVisible();
  await expect(table).toContainText('TCS withheld');
  await expect(table).toContainText('CGST · 0.25 %');
  await expect(table).toContainText('Payable');
  await expect(table).toContainText('Pending');
  // No vendor column: every row is theirs.
  await expect(table.getByRole('columnheader', { name: 'Vendor' })).toHaveCount(0);
  await expectNoSeriousViolations(page, 'Earnings');

  // The order filter: one sub-order's entries only.
  await page.getByRole('searchbox').fill('OD-');
  await page.getByRole('searchbox').press('Enter');
  await expect(table).toContainText('OD-');

  const pdf = page.waitForEvent('download');
  await page.getByRole('button', { name: 'Download PDF' }).click();
  const pdfFile = await pdf;
  expect(pdfFile.suggestedFilename()).toMatch(/^statement-demo-fashion-house-\d{4}-\d{2}\.pdf$/);
  const csv = page.waitForEvent('download');
  await page.getByRole('button', { name: 'Download CSV' }).click();
  const csvFile = await csv;
  expect(csvFile.suggestedFilename()).toMatch(/\.csv$/);
  const { readFile } = await import('node:fs/promises');
  const text = await readFile((await csvFile.path())!, 'utf8');
  expect(text).toContain('Opening balance');
  expect(text).toContain('Closing balance');
});

test('staff see every vendor’s entries, narrow the balances to one, and manage commission rules', async ({ page, loginAs }) => {
  test.setTimeout(240_000);
  await loginAs('admin');
  await page.goto('/earnings/listing');
  await expect(page.getByTestId('balances-scope')).toHaveText('Balances: All vendors');
  const table = page.locator('table').first();
  await expect(table.getByRole('columnheader', { name: 'Vendor' })).toBeVisible();
  await expect(table).toContainText('Demo Fashion House');
  await expect(page.getByRole('link', { name: 'Add adjustment' })).toBeVisible();

  await page.goto('/commission-rules/listing');
  await expect(page.getByRole('heading', { level: 1, name: 'Commission Rules' })).toBeVisible();
  await page.getByRole('link', { name: /Add commission rule/ }).click();
  await expect(page.getByRole('heading', { level: 1, name: /Add commission rule/ })).toBeVisible();
  await expectNoSeriousViolations(page, 'Add commission rule');
  await page.goto('/ledger-tax-rates/listing');
  await expect(page.locator('table').first()).toContainText('GST TCS (s.52)');
});
