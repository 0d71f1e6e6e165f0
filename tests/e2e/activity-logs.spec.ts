/**
 * The activity log in the browser: each brand change appears with who made it, and opens to
 * its diff (field, before, after). Entries offer no edit or delete.
 */
import { test, expect, expectToast } from './fixtures.ts';
import { createBrand, expectEveryRowToContain, uniqueTag, AFTER_SAVE } from './area-helpers.ts';

const entriesUrl = (recordId: number) =>
  `/activity-logs?${new URLSearchParams({
    filters: JSON.stringify({
      area: { operator: 'and', constraints: [{ matchMode: 'equals', value: 'brands' }] },
      record_id: { operator: 'and', constraints: [{ matchMode: 'equals', value: String(recordId) }] },
    }),
  })}`;

test('each brand change is in the activity log with its diff', async ({ page, loginAs }) => {
  test.slow(); // many page loads: Chromium without a GPU takes 1–2 s each
  await loginAs('admin');
  const tag = uniqueTag();
  const brand = await createBrand(page, `Logged ${tag}`);

  // Change it through the form, then set its status in bulk from the list.
  await page.goto(`/brands/${brand.id}/edit`);
  await page.getByLabel('Name').fill(`Logged Renamed ${tag}`);
  await page.getByLabel('Description').fill('Now with a description.');
  await page.getByRole('button', { name: 'Save' }).click();
  await expect(page).toHaveURL(/\/brands\/listing$/, AFTER_SAVE);
  await page.getByRole('searchbox', { name: 'Search brands' }).fill(`Logged Renamed ${tag}`);
  await expect(page.locator('tbody tr')).toHaveCount(1);
  await page.getByLabel(`Select Logged Renamed ${tag}`).check();
  await page.getByLabel('Set status of the selected brands').selectOption('inactive');
  await page.getByRole('dialog', { name: 'Set 1 brand to Inactive?' }).getByRole('button', { name: 'Set to Inactive' }).click();
  await expectToast(page, '1 brand updated.');

  await page.goto(entriesUrl(brand.id));
  const rows = page.locator('tbody tr');
  await expect(rows).toHaveCount(3);
  const texts = await rows.allInnerTexts();
  expect(texts.map((t) => (/\b(create|update|delete)\b/.exec(t) ?? [])[0])).toEqual(['update', 'update', 'create']);
  for (const t of texts) expect(t).toContain('Asha Admin');
  // Read-only: no edit or delete anywhere on the list.
  const table = page.locator('main .card');
  await expect(table.getByRole('button', { name: /^Delete/ })).toHaveCount(0);
  await expect(table.getByRole('link', { name: /^Edit/ })).toHaveCount(0);
  await expect(table.getByRole('link', { name: /^Add/ })).toHaveCount(0);
  await expect(table.getByRole('checkbox')).toHaveCount(0);

  // The form's save: name and description, before and after.
  await rows
    .nth(1)
    .getByRole('button', { name: /^View entry/ })
    .click();
  const dialog = page.getByRole('dialog');
  await expect(dialog.getByRole('heading', { name: `Brand Logged Renamed ${tag}: update` })).toBeVisible();
  const changes = dialog.getByRole('table');
  await expect(changes.getByRole('row', { name: /^Name/ })).toContainText(`Logged ${tag}`);
  await expect(changes.getByRole('row', { name: /^Name/ })).toContainText(`Logged Renamed ${tag}`);
  await expect(changes.getByRole('row', { name: /^Description/ })).toContainText('Now with a description.');
  await expect(dialog.getByText('Asha Admin')).toBeVisible();
  await dialog.getByRole('button', { name: 'Close' }).last().click();

  // The bulk status change.
  await rows
    .nth(0)
    .getByRole('button', { name: /^View entry/ })
    .click();
  await expect(page.getByRole('dialog').getByRole('row', { name: /^Status/ })).toContainText('active');
  await expect(page.getByRole('dialog').getByRole('row', { name: /^Status/ })).toContainText('inactive');
  await page.keyboard.press('Escape');

  // Deleting it adds the last entry.
  await page.goto(`/brands/listing?q=${encodeURIComponent(`Logged Renamed ${tag}`)}`);
  await page.getByRole('button', { name: `Delete Logged Renamed ${tag}` }).click();
  await page.getByPlaceholder('Please type the name').fill(`Logged Renamed ${tag}`);
  await page.getByRole('button', { name: 'Delete', exact: true }).click();
  // The delete answers, the list reloads without the row, and the toast said so (it may be gone
  // by now on a slow machine: expectToast asks whether it was shown).
  await expect(page.getByRole('button', { name: `Delete Logged Renamed ${tag}` })).toHaveCount(0, AFTER_SAVE);
  await expectToast(page, 'Brand deleted.');
  await page.goto(entriesUrl(brand.id));
  await expect(page.locator('tbody tr')).toHaveCount(4);
  await expect(page.locator('tbody tr').first()).toContainText('delete');
});

test('filters the log by user and action from the column filters', async ({ page, loginAs }) => {
  await loginAs('admin');
  await page.goto('/activity-logs');
  await expect(page.getByRole('columnheader', { name: 'When' })).toHaveAttribute('aria-sort', 'descending');
  await page.getByRole('button', { name: /^Filter User/ }).click();
  await page.getByLabel('User value').fill('asha');
  await page.getByRole('button', { name: 'Apply' }).click();
  await page.getByRole('button', { name: /^Filter Action/ }).click();
  await page.getByLabel('Action match mode').selectOption('equals');
  await page.getByLabel('Action value').fill('login');
  await page.getByRole('button', { name: 'Apply' }).click();
  await expect(page).toHaveURL(/filters=/);
  // The URL changes first, then the table reloads: wait until every row shows the filter.
  await expectEveryRowToContain(page.locator('tbody tr'), 'login');
  await expectEveryRowToContain(page.locator('tbody tr'), 'Asha Admin');
});

test('vendors are refused the activity log', async ({ page, loginAs }) => {
  await loginAs('vendor');
  const response = await page.goto('/activity-logs');
  expect(response?.status()).toBe(403);
});
