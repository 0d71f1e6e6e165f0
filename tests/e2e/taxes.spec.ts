/**
 * Taxes in the browser: add a GST rate with an HSN code, edit it to a service's SAC code, delete
 * it; a code of the wrong length is refused beside the field; a rate in use is kept, naming how
 * many products use it; support refused.
 */
import { test, expect } from './fixtures.ts';
import { addEditDelete, listingUrl, uniqueTag } from './area-helpers.ts';

test('adds, edits and deletes a tax through the screens', async ({ page, loginAs }) => {
  test.slow(); // many page loads: Chromium without a GPU takes 1–2 s each
  await loginAs('admin');
  const tag = uniqueTag();
  await addEditDelete(page, {
    listPath: '/taxes/listing',
    singular: 'Tax',
    label: 'Taxes',
    title: `Toys GST ${tag}`,
    fillAdd: async (p) => {
      await expect(p.getByText('The GST slabs since 22 September 2025: 0, 0.25, 3, 5, 18, 40.')).toBeVisible();
      await p.getByLabel('Name').fill(`Toys GST ${tag}`);
      await p.getByLabel('GST rate %').fill('5');
      await p.getByLabel('HSN/SAC code').fill('9503');
    },
    fillEdit: async (p) => {
      await expect(p.getByLabel('HSN/SAC code')).toHaveValue('9503');
      await p.getByLabel('GST rate %').fill('18');
      await p.getByLabel('HSN/SAC code').fill('998599');
      await p.getByLabel('Price').selectOption('exclusive');
    },
    afterEdit: async (row) => {
      await expect(row).toContainText('998599');
      await expect(row).toContainText('SAC (services)');
      await expect(row).toContainText('18');
    },
  });
});

test('refuses an HSN code of the wrong length beside the field, before sending it', async ({ page, loginAs }) => {
  await loginAs('admin');
  await page.goto('/taxes/add');
  await page.getByLabel('Name').fill(`Bad Code ${uniqueTag()}`);
  await page.getByLabel('GST rate %').fill('18');
  await page.getByLabel('HSN/SAC code').fill('62045');
  await page.getByRole('button', { name: 'Add tax' }).click();
  await expect(page.getByText('An HSN code has 4, 6 or 8 digits, for example 6204 or 62044290.')).toBeVisible();
  await expect(page.getByLabel('HSN/SAC code')).toBeFocused();
  await expect(page).toHaveURL(/\/taxes\/add$/);
});

test('keeps a rate used by products and names how many use it', async ({ page, loginAs }) => {
  await loginAs('admin');
  const name = 'Apparel up to ₹2,500 (GST 5%)';
  await page.goto(listingUrl({ q: 'Apparel up to' }, '/taxes/listing'));
  const row = page.locator('tbody tr').filter({ hasText: name });
  await expect(row).toContainText('HSN (goods)');
  await page.getByRole('button', { name: `Delete ${name}` }).click();
  // In use: said before any name is asked for, with only a way out.
  // How many: the demo catalogue's count, which other files' new products raise as they run.
  await expect(page.getByRole('dialog')).toContainText(
    new RegExp(`Tax "${name.replace(/[()₹,.]/g, '\\$&')}" can't be deleted: it is used by \\d+ products\\.`),
  );
  await expect(page.getByPlaceholder('Please type the name')).toHaveCount(0);
  await page.getByRole('dialog').getByRole('button', { name: 'Close' }).click();
  await expect(row).toBeVisible();
});

test('support is refused the tax pages', async ({ page, loginAs }) => {
  await loginAs('support');
  for (const path of ['/taxes/listing', '/taxes/add']) expect((await page.goto(path))?.status(), path).toBe(403);
});
