/**
 * Sub-categories in the browser: add one in a category picked from the server's list, edit,
 * delete; the list's filter by category (a pick-list loaded from the server); support refused.
 */
import { test, expect } from './fixtures.ts';
import { addEditDelete, uniqueTag } from './area-helpers.ts';

test('adds, edits and deletes a sub-category through the screens', async ({ page, loginAs }) => {
  test.slow(); // many page loads: Chromium without a GPU takes 1–2 s each
  await loginAs('admin');
  const tag = uniqueTag();
  await addEditDelete(page, {
    listPath: '/sub-categories/listing',
    singular: 'Sub-category',
    label: 'Sub Categories',
    title: `Cushions ${tag}`,
    fillAdd: async (p) => {
      await p.getByRole('combobox', { name: 'Category' }).fill('home');
      await p.getByRole('option', { name: 'Home & Kitchen' }).click();
      await expect(p.getByRole('combobox', { name: 'Category' })).toHaveValue('Home & Kitchen');
      await p.getByLabel('Name').fill(`Cushions ${tag}`);
      await p.getByLabel('Commission %').fill('9');
    },
    fillEdit: async (p) => {
      await expect(p.getByRole('combobox', { name: 'Category' })).toHaveValue('Home & Kitchen');
      await p.getByLabel('Name').fill(`Cushion Covers ${tag}`);
    },
    editedTitle: `Cushion Covers ${tag}`,
    afterEdit: async (row) => {
      await expect(row).toContainText('Home & Kitchen');
      await expect(row).toContainText('9');
    },
  });
});

test('filters the list by category with a pick-list of categories from the server', async ({ page, loginAs }) => {
  await loginAs('admin');
  await page.goto('/sub-categories/listing');
  const rows = page.locator('tbody tr');
  await expect(rows.filter({ hasText: 'Sarees' }).first()).toBeVisible();

  await page.getByRole('button', { name: /^Filter Category/ }).click();
  const filter = page.getByRole('dialog', { name: 'Filter Category' });
  await filter.getByRole('searchbox', { name: 'Search category' }).fill('jewel');
  // As a person would: wait for the search's answer before clicking, since the list shrinks under the pointer.
  await expect(filter.getByRole('checkbox')).toHaveCount(1);
  await filter.getByRole('checkbox', { name: 'Jewellery' }).check();
  await filter.getByRole('button', { name: 'Apply' }).click();

  await expect(page).toHaveURL(/filters=.*category_id/);
  await expect(page.getByRole('button', { name: 'Filter Category (active)' })).toBeVisible();
  await expect.poll(() => rows.locator('td:nth-child(3)').allInnerTexts()).toEqual(['Kundan Jewellery', 'Silver Jewellery']);
  for (const text of await rows.allInnerTexts()) expect(text).toContain('Jewellery');

  // Reopened, the filter shows the chosen category ticked (its label fetched by id).
  await page.reload();
  await page.getByRole('button', { name: /^Filter Category/ }).click();
  await expect(page.getByRole('dialog', { name: 'Filter Category' }).getByRole('checkbox', { name: 'Jewellery' })).toBeChecked();
});

test('support is refused the sub-category pages', async ({ page, loginAs }) => {
  await loginAs('support');
  for (const path of ['/sub-categories/listing', '/sub-categories/add']) expect((await page.goto(path))?.status(), path).toBe(403);
});
