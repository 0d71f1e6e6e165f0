/**
 * Stock in the browser, on a desktop and on a 360-px phone: the vendor opens the low-stock view,
 * sees only their own low levels, opens one, receives 10 units with a note, and sees the new
 * figures and the history row; axe finds nothing serious on either page. Each viewport works on its
 * own demo level (the shirt on the desktop, the dupatta on the phone), so neither depends on the other.
 */
import { test, expect } from './fixtures.ts';
import { VIEWPORTS, expectNoSeriousViolations } from './shell-helpers.ts';
import { pageScriptsGzip } from './area-helpers.ts';

const LEVEL_FOR: Record<(typeof VIEWPORTS)[number]['name'], string> = { desktop: 'DFH-SHI-002', phone: 'DFH-DUP-003' };

const figure = async (text: Promise<string>) => Number((await text).replace(/[^\d-]/g, ''));

for (const { name, size } of VIEWPORTS) {
  test(`${name}: a vendor filters low stock, opens a level and receives 10 units with a note`, async ({ page, loginAs }) => {
    test.setTimeout(300_000); // several page loads and two axe runs, on a machine shared by many
    await page.setViewportSize(size);
    await loginAs('vendor');
    const sku = LEVEL_FOR[name];
    await page.goto('/inventories/listing');
    await page.getByRole('navigation', { name: 'Stock views' }).getByRole('link', { name: 'Low stock' }).click();
    await expect(page.getByRole('navigation', { name: 'Stock views' }).getByRole('link', { name: 'Low stock' })).toHaveAttribute('aria-current', 'page');
    const table = page.locator('table').first();
    await expect(table.getByRole('link', { name: sku, exact: true })).toBeVisible();
    // Plenty of kurtas: not low. Another vendor's towels: never shown to this vendor.
    await expect(table.getByRole('link', { name: 'DFH-KUR-001', exact: true })).toHaveCount(0);
    await expect(table.getByText('KVH-TOW-002')).toHaveCount(0);
    await expectNoSeriousViolations(page, `the low-stock view (${name})`);

    await table.getByRole('link', { name: sku, exact: true }).click();
    await expect(page.getByRole('heading', { level: 1, name: sku })).toBeVisible();
    const onHand = await figure(page.getByTestId('on-hand').innerText());
    const available = await figure(page.getByTestId('available').innerText());
    await expectNoSeriousViolations(page, `a stock level's page (${name})`);

    const note = `Invoice ${name}-${Date.now()}`;
    await page.getByRole('combobox', { name: /Reason/ }).selectOption('received');
    await page.getByRole('textbox', { name: /Quantity/ }).fill('10');
    await page.getByRole('textbox', { name: /Note/ }).fill(note);
    await page.getByRole('button', { name: 'Save adjustment' }).click();

    await expect(page.getByRole('status').filter({ hasText: 'Stock adjusted' })).toContainText(`${available + 10} available`);
    await expect(page.getByTestId('on-hand')).toHaveText(String(onHand + 10));
    await expect(page.getByTestId('available')).toHaveText(String(available + 10));
    const newest = page.getByTestId('history').locator('tbody tr').first();
    await expect(newest).toContainText('Received');
    await expect(newest).toContainText('+10 on hand');
    await expect(newest).toContainText(note);
    await expect(newest).toContainText(String(onHand + 10));
  });
}

test('the inventories pages stay within the JavaScript budget', async ({ page, loginAs }) => {
  test.setTimeout(180_000);
  await loginAs('vendor');
  // A list page: 75 KiB gzipped, React included (its table hydrates on intent); the level's page has no island of its own.
  for (const [path, budget] of [
    ['/inventories/listing', 75 * 1024],
    ['/inventories/1/edit', 100 * 1024],
  ] as const) {
    const { bytes } = await pageScriptsGzip(page, path);
    expect(bytes, `${path}: ${(bytes / 1024).toFixed(1)} KiB gzipped`).toBeLessThanOrEqual(budget);
  }
});
