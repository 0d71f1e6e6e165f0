/**
 * The dashboard in the browser (issue 19 §1): the admin sees the marketplace's GMV and the GMV chart
 * with its table, changes the range with the plain form, and follows a number to the filtered list
 * behind it; a vendor sees their own store's tiles only; the page loads no JavaScript beyond the
 * shell's islands (the chart is SVG drawn on the server). axe finds nothing serious.
 */
import { test, expect } from './fixtures.ts';
import { expectNoSeriousViolations } from './shell-helpers.ts';
import { pageScriptsGzip } from './area-helpers.ts';

test('the admin reads the figures, changes the range and follows a number to its list', async ({ page, loginAs }) => {
  test.setTimeout(120_000);
  await loginAs('admin');
  await page.goto('/dashboard?range=30d');
  const figures = page.getByRole('list', { name: 'Sales figures' });
  const gmv = figures.locator('[data-kpi="gmv"]');
  await expect(gmv).toContainText('GMV');
  // The demo orders of the last weeks are in it.
  await expect(gmv.getByRole('link', { name: /^GMV: ₹ [\d,]+\.\d\d, open the list$/ })).toBeVisible();
  await expect(gmv.getByRole('link')).not.toHaveText('₹ 0.00');
  await expect(figures.locator('[data-kpi="commission"]')).toContainText('Commission earned');
  const chart = page.getByRole('img', { name: /GMV by day/ });
  await expect(chart).toBeVisible();
  await page.getByText('Show the figures as a table').click();
  await expect(page.getByRole('table', { name: 'GMV by day' }).getByRole('row')).toHaveCount(31);
  await expect(page.getByRole('heading', { name: 'Top vendors' })).toBeVisible();
  await expectNoSeriousViolations(page, 'Dashboard');

  // The range: a plain GET form.
  await page.getByRole('combobox', { name: 'Range' }).selectOption('today');
  await page.getByRole('button', { name: 'Show' }).click();
  await expect(page).toHaveURL(/[?&]range=today/);
  await expect(page.getByTestId('range-label')).toContainText('compared with the previous day');
  await page.getByRole('combobox', { name: 'Range' }).selectOption('30d');
  await page.getByRole('button', { name: 'Show' }).click();
  await expect(page).toHaveURL(/[?&]range=30d/);

  // A number opens the list behind it, filtered the same way.
  await page.locator('[data-kpi="gmv"]').getByRole('link').click();
  await expect(page).toHaveURL(/\/orders\/listing\?filters=/);
  await expect(page.getByRole('heading', { level: 1, name: 'Orders' })).toBeVisible();
  await expect(
    page
      .locator('table')
      .first()
      .getByRole('cell', { name: /^OD-\d{4}-\d{6}-\d+$/ })
      .first(),
  ).toBeVisible();
});

test('a vendor sees their own store’s tiles, with no JavaScript beyond the shell’s', async ({ page, loginAs }) => {
  test.setTimeout(120_000);
  await loginAs('vendor');
  const shell = await pageScriptsGzip(page, '/notifications');
  const dashboard = await pageScriptsGzip(page, '/dashboard?range=30d');
  // Every script the dashboard loads, another shell page loads too: nothing of its own.
  expect(dashboard.scripts.filter((s) => !shell.scripts.includes(s))).toEqual([]);
  await expect(page.locator('#main astro-island')).toHaveCount(0);

  await expect(page.getByTestId('range-label')).toContainText('Your store');
  const queues = page.getByRole('list', { name: 'Work waiting' });
  await expect(queues.locator('[data-queue="to-ship"]')).toContainText('Orders to ship');
  await expect(queues.locator('[data-queue="earnings-payable"]')).toContainText('Earnings payable');
  await expect(queues.locator('[data-queue="low-stock"]')).toContainText('Low-stock variants');
  await expect(page.getByRole('heading', { name: 'Top vendors' })).toHaveCount(0);
  await expect(page.getByRole('heading', { name: 'Top products' })).toBeVisible();
  await expect(page.locator('#main')).not.toContainText('Kaveri Handlooms');
  await expect(page.locator('[data-kpi="customers"]')).toHaveCount(0);
  await expectNoSeriousViolations(page, 'Dashboard (vendor)');
});
