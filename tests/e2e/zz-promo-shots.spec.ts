import { test } from './fixtures.ts';

for (const [label, width, height] of [['desktop', 1280, 900], ['phone', 360, 800]] as const) {
  test(`promotions screenshots ${label}`, async ({ page, loginAs }) => {
    await page.setViewportSize({ width, height });
    await loginAs('admin');
    await page.goto('/promotions/listing');
    await page.locator('tbody tr').first().waitFor();
    await page.screenshot({ path: `/tmp/promo-list-${label}.png`, fullPage: true });
    await page.goto('/promotions/add');
    await page.getByLabel('Promotion').selectOption('percent_off');
    await page.getByLabel('Applies to').selectOption('categories');
    await page.getByRole('checkbox', { name: 'Jewellery' }).waitFor();
    await page.screenshot({ path: `/tmp/promo-add-${label}.png`, fullPage: true });
    await page.goto('/promotions/1/edit');
    await page.getByRole('checkbox', { name: 'Jewellery' }).waitFor();
    await page.screenshot({ path: `/tmp/promo-edit-${label}.png`, fullPage: true });
  });
}
