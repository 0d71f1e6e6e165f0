/**
 * Payments in the browser (issue 17 §4, decision 042): the admin opens Payments from the menu, sees
 * the demo orders' gateway payments, cash collected on delivery and a refund to carry out, filters
 * by status (the card declined on demo order 5), and opens the order from its row: the details page
 * says it awaits payment and lists the failed attempt. axe finds nothing serious.
 */
import { test, expect } from './fixtures.ts';
import { expectNoSeriousViolations } from './shell-helpers.ts';

test('the admin opens Payments, filters by status and opens an order from a row', async ({ page, loginAs }) => {
  test.setTimeout(180_000);
  await loginAs('admin');
  await page.getByRole('link', { name: 'Payments' }).first().click();
  await expect(page.getByRole('heading', { level: 1, name: 'Payments' })).toBeVisible();
  const table = page.locator('table').first();
  await expect(table).toContainText('Captured');
  await expect(table).toContainText('Cash on delivery');
  // Demo order 3 was paid, then cancelled: its refund waits for a person, who is told what to do.
  await expect(table).toContainText('To do: refund');
  await expectNoSeriousViolations(page, 'Payments');

  await page.getByRole('button', { name: /^Filter Status/ }).click();
  const filter = page.getByRole('dialog', { name: 'Filter Status' });
  await filter.getByLabel('Status value').selectOption('failed');
  await filter.getByRole('button', { name: 'Apply' }).click();
  await expect(page).toHaveURL(/filters=.*status/);
  const rows = page.locator('tbody tr');
  await expect(rows).toHaveCount(1);
  await expect(rows.first()).toContainText('Failed');
  await expect(rows.first()).toContainText('Card declined');

  const link = rows.first().getByRole('link', { name: /^OD-\d{4}-\d{6}$/ });
  const number = (await link.innerText()).trim();
  await link.click();
  await expect(page.getByRole('heading', { level: 1, name: `Order ${number}` })).toBeVisible();
  await expect(page.getByTestId('awaiting-payment')).toHaveText('Awaiting payment');
  await expect(page.getByRole('table', { name: 'Payments and refunds' })).toContainText('Failed');
});
