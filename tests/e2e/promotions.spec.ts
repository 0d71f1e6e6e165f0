/**
 * Promotions in the browser (issue 18 §5): an admin adds a promotion through /promotions/add — the
 * fields of its kind, its categories picked by name — and finds it in the list.
 */
import { test, expect, expectToast } from './fixtures.ts';
import { AFTER_SAVE, uniqueTag } from './area-helpers.ts';

test('an admin adds a percentage off a category and finds it in the list', async ({ page, loginAs }) => {
  await loginAs('admin');
  const name = `Festive 15 % off Jewellery ${uniqueTag()}`;
  await page.goto('/promotions/listing');
  await page.getByRole('link', { name: 'Add promotion' }).click();
  await expect(page).toHaveURL(/\/promotions\/add$/);

  await page.getByLabel('Name').fill(name);
  // The fields follow the kind: quantities for buy X get Y, a rate for a percentage.
  await page.getByLabel('Promotion').selectOption('buy_x_get_y');
  await expect(page.getByLabel('Buy (units)')).toBeVisible();
  await expect(page.getByLabel('Discount %')).toHaveCount(0);
  await page.getByLabel('Promotion').selectOption('percent_off');
  await page.getByLabel('Discount %').fill('15');
  await page.getByLabel('Maximum discount (₹)').fill('400');
  await page.getByLabel('Minimum order value (₹)').fill('1,499.00');
  await page.getByLabel('Applies to').selectOption('categories');
  const categories = page.getByRole('group', { name: 'Categories' });
  await categories.getByRole('searchbox', { name: 'Find categories' }).fill('Jewel');
  await categories.getByRole('checkbox', { name: 'Jewellery' }).check();
  await expect(categories.getByText('1 chosen.')).toBeVisible();
  await page.getByLabel('Priority').fill('40');
  await page.getByRole('button', { name: 'Add promotion' }).click();

  await expect(page).toHaveURL(/\/promotions\/listing(\?|$)/, AFTER_SAVE);
  await expectToast(page, 'Promotion created.');
  await page.getByRole('searchbox', { name: 'Search promotions' }).fill(name);
  const row = page.locator('tbody tr').filter({ hasText: name });
  await expect(row).toBeVisible();
  await expect(row).toContainText('15 % off, up to ₹ 400.00');
  await expect(row).toContainText('Jewellery');
});
