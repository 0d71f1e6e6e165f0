/**
 * Categories in the browser: add (slug from the name, an image, a commission), edit (the
 * commission cleared reads "Store default"), delete; a category in use is kept with the reason;
 * support is refused.
 */
import { test, expect } from './fixtures.ts';
import { addEditDelete, listingUrl, pngFixture, uniqueTag } from './area-helpers.ts';

test('adds, edits and deletes a category through the screens', async ({ page, loginAs }) => {
  test.slow(); // many page loads: Chromium without a GPU takes 1–2 s each
  await loginAs('admin');
  const tag = uniqueTag();
  await addEditDelete(page, {
    listPath: '/categories/listing',
    singular: 'Category',
    label: 'Categories',
    title: `Toys ${tag}`,
    fillAdd: async (p) => {
      await p.getByLabel('Name').fill(`Toys ${tag}`);
      await expect(p.getByLabel('Slug')).toHaveValue(`toys-${tag.toLowerCase()}`);
      await p.getByLabel('Sort order').fill('70');
      await p.getByLabel('Commission %').fill('12.5');
      await p.getByLabel('Image').setInputFiles({ name: 'toys.png', mimeType: 'image/png', buffer: pngFixture([40, 120, 200]) });
    },
    fillEdit: async (p) => {
      await expect(p.getByLabel('Commission %')).toHaveValue('12.5');
      await p.getByLabel('Commission %').fill('');
      await p.getByLabel('Name').fill(`Toys and Games ${tag}`);
    },
    editedTitle: `Toys and Games ${tag}`,
    afterEdit: async (row) => {
      await expect(row).toContainText('Store default');
      await expect(row.locator('img')).toHaveAttribute('src', /^\/uploads\/[a-f0-9]{32}\.png$/);
    },
  });
});

test('says what a blank commission means, and checks a commission before sending it', async ({ page, loginAs }) => {
  await loginAs('admin');
  await page.goto('/categories/listing');
  await expect(page.getByText('A commission left blank uses the store’s default, now 10% (Global Settings).')).toBeVisible();
  await expect(page.locator('tbody tr').filter({ hasText: 'Clothing' })).toContainText('Store default');

  await page.goto('/categories/add');
  await page.getByLabel('Name').fill(`Commission ${uniqueTag()}`);
  await page.getByLabel('Commission %').fill('12.345');
  await page.getByRole('button', { name: 'Add category' }).click();
  await expect(page.getByText('At most 2 decimal places.')).toBeVisible();
  await expect(page.getByLabel('Commission %')).toBeFocused();
  await expect(page).toHaveURL(/\/categories\/add$/);
});

test('keeps a category in use and says why', async ({ page, loginAs }) => {
  await loginAs('admin');
  await page.goto(listingUrl({ q: 'Clothing' }, '/categories/listing'));
  await page.getByRole('button', { name: 'Delete Clothing' }).click();
  // In use: said before any name is asked for, with only a way out.
  await expect(page.getByRole('dialog')).toContainText('Category "Clothing" can\'t be deleted: it has');
  await expect(page.getByPlaceholder('Please type the name')).toHaveCount(0);
  await page.getByRole('dialog').getByRole('button', { name: 'Close' }).click();
  await expect(page.locator('tbody tr').filter({ hasText: 'Clothing' })).toBeVisible();
});

test('support is refused the category pages', async ({ page, loginAs }) => {
  await loginAs('support');
  for (const path of ['/categories/listing', '/categories/add']) expect((await page.goto(path))?.status(), path).toBe(403);
});
