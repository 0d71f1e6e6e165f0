/**
 * Brands in the browser: the list (server-rendered first page, search, filters of each kind,
 * sort, paging, back button), add with a logo, the 409 of two tabs editing one brand, delete
 * with the typed name, bulk status, bulk delete and CSV export, and the page's JS budget.
 */
import { readFileSync } from 'node:fs';
import { test, expect, expectToast } from './fixtures.ts';
import { createBrand, createBrands, expectEveryRowToContain, listingUrl, pageScriptsGzip, pngFixture, uniqueTag, AFTER_SAVE } from './area-helpers.ts';
import type { Page } from '@playwright/test';

const rows = (page: Page) => page.locator('tbody tr');
const names = (page: Page) => page.locator('tbody tr td:nth-child(3)').allInnerTexts();

async function openFilter(page: Page, column: string) {
  await page.getByRole('button', { name: new RegExp(`^Filter ${column}`) }).click();
  return page.getByRole('dialog', { name: `Filter ${column}` });
}

test.describe('brands list', () => {
  test('renders page 1 on the server: the island starts with data and fetches nothing', async ({ page, loginAs }) => {
    await loginAs('admin');
    const listCalls: string[] = [];
    page.on('request', (r) => {
      if (new URL(r.url()).pathname === '/api/brands') listCalls.push(r.url());
    });
    await page.goto('/brands/listing');
    await expect(rows(page).filter({ hasText: 'Indigo Loom' })).toBeVisible();
    // Reached for (the list hydrates on intent), hydrated, and a frame later (react-query starts a
    // fetch in an effect of the first render): none was made.
    await rows(page).first().hover();
    await expect(page.locator('[data-ready]')).toHaveCount(1);
    await page.evaluate(() => new Promise((resolve) => requestAnimationFrame(() => setTimeout(resolve))));
    expect(listCalls).toEqual([]);
    await expect(page.getByRole('progressbar')).toHaveCount(0);
    await expect(page.getByRole('columnheader', { name: 'Name' })).toHaveAttribute('aria-sort', 'ascending');
  });

  test('searches, sorts and pages, keeping the state in the URL for the back button', async ({ page, loginAs }) => {
    test.slow(); // many page loads: Chromium without a GPU takes 1–2 s each
    await loginAs('admin');
    const tag = uniqueTag();
    await createBrands(
      page,
      Array.from({ length: 23 }, (_, i) => `Paged ${tag} ${String(i + 1).padStart(2, '0')}`),
    );

    await page.goto('/brands/listing');
    await page.getByRole('searchbox', { name: 'Search brands' }).fill(tag);
    await expect(page).toHaveURL(new RegExp(`q=${tag}`));
    await expect(page.getByText('Showing 1 to 23 of 23')).toBeVisible();

    await page.getByLabel('Rows per page').selectOption('10');
    await expect(page.getByText('Showing 1 to 10 of 23')).toBeVisible();
    await expect(rows(page)).toHaveCount(10);
    await page.getByRole('link', { name: 'Next page' }).click();
    await expect(page.getByText('Showing 11 to 20 of 23')).toBeVisible();
    await expect(page).toHaveURL(/page=2/);
    await page.getByRole('link', { name: 'Page 3' }).click();
    await expect(page.getByText('Showing 21 to 23 of 23')).toBeVisible();
    await expect.poll(() => names(page)).toEqual([`Paged ${tag} 21`, `Paged ${tag} 22`, `Paged ${tag} 23`]);

    await page.goBack();
    await expect(page.getByText('Showing 11 to 20 of 23')).toBeVisible();
    await page.goBack();
    await expect(page.getByText('Showing 1 to 10 of 23')).toBeVisible();

    await page.getByRole('link', { name: 'Name', exact: true }).click();
    await expect(page.getByRole('columnheader', { name: 'Name' })).toHaveAttribute('aria-sort', 'descending');
    await expect(rows(page).first()).toContainText(`Paged ${tag} 23`);
    await expect(page).toHaveURL(/sort=name&order=desc/);

    // A shared link opens the same view, rendered by the server.
    const link = page.url();
    const other = await page.context().newPage();
    await other.goto(link);
    await expect(rows(other).first()).toContainText(`Paged ${tag} 23`);
    await expect(other.getByText('Showing 1 to 10 of 23')).toBeVisible();
  });

  test('filters with text, number, date and in match modes, and with Match Any', async ({ page, loginAs }) => {
    test.slow(); // many page loads: Chromium without a GPU takes 1–2 s each
    await loginAs('admin');
    await page.goto('/brands/listing');

    // text
    let filter = await openFilter(page, 'Name');
    await expect(filter.getByLabel('Name match mode')).toBeFocused();
    await filter.getByLabel('Name match mode').selectOption('startsWith');
    await filter.getByLabel('Name value').fill('kav');
    await filter.getByRole('button', { name: 'Apply' }).click();
    await expect(rows(page)).toHaveCount(1);
    await expect(rows(page)).toContainText('Kaveri Weaves');
    await expect(page.getByRole('button', { name: 'Filter Name (active)' })).toBeVisible();

    // Match Any: a second rule
    filter = await openFilter(page, 'Name');
    await filter.getByRole('button', { name: 'Add Rule' }).click();
    await filter.getByLabel('Match rules').selectOption('or');
    await filter.getByLabel('Name match mode 2').selectOption('endsWith');
    await filter.getByLabel('Name value').nth(1).fill('denim');
    await filter.getByRole('button', { name: 'Apply' }).click();
    await expect.poll(() => names(page)).toEqual(['Kaveri Weaves', 'Neel Denim']);
    await page.getByRole('link', { name: 'Clear filters' }).click();

    // number
    filter = await openFilter(page, 'Products');
    await filter.getByLabel('Products match mode').selectOption('gte');
    await filter.getByLabel('Products value').fill('3');
    await filter.getByRole('button', { name: 'Apply' }).click();
    // The demo catalogue: Indigo Loom 4, Monsoon Linen and Saffron Thread 3 each, the others fewer.
    await expect.poll(() => names(page)).toEqual(['Indigo Loom', 'Monsoon Linen', 'Saffron Thread']);
    await page.getByRole('link', { name: 'Clear filters' }).click();

    // date: the demo brands were created one a day from 15 January 2026
    filter = await openFilter(page, 'Created');
    await filter.getByLabel('Created match mode').selectOption('between');
    await filter.getByLabel('Created from').fill('2026-01-16');
    await filter.getByLabel('Created to').fill('2026-01-17');
    await filter.getByRole('button', { name: 'Apply' }).click();
    await expect.poll(() => names(page)).toEqual(['Kaveri Weaves', 'Saffron Thread']);
    await page.getByRole('link', { name: 'Clear filters' }).click();

    // in, on an enum column (checkboxes) and on a text column (a list)
    filter = await openFilter(page, 'Status');
    await filter.getByLabel('Status match mode').selectOption('in');
    await filter.getByLabel('Inactive').check();
    await filter.getByRole('button', { name: 'Apply' }).click();
    await expect(rows(page).filter({ hasText: 'Tulsi Naturals' })).toBeVisible();
    await expectEveryRowToContain(rows(page), 'Inactive');
    await page.getByRole('link', { name: 'Clear filters' }).click();

    filter = await openFilter(page, 'Slug');
    await filter.getByLabel('Slug match mode').selectOption('in');
    await filter.getByLabel('Slug value').fill('neel-denim, TULSI-NATURALS');
    await filter.getByRole('button', { name: 'Apply' }).click();
    await expect.poll(() => names(page)).toEqual(['Neel Denim', 'Tulsi Naturals']);

    // Escape closes a filter and gives focus back to its button
    filter = await openFilter(page, 'Name');
    await page.keyboard.press('Escape');
    await expect(filter).toHaveCount(0);
    await expect(page.getByRole('button', { name: 'Filter Name' })).toBeFocused();
  });

  test('shows the 422 message of a bad filter in the URL, and clears it', async ({ page, loginAs }) => {
    await loginAs('admin');
    await page.goto(listingUrl({ filters: { name: { constraints: [{ matchMode: 'lt', value: 'x' }] } } }));
    await expect(page.getByRole('alert').filter({ hasText: '"lt" does not apply to a text column' })).toBeVisible();
    await page.getByRole('link', { name: 'Clear filters' }).first().click();
    await expect(rows(page).filter({ hasText: 'Indigo Loom' })).toBeVisible();
  });
});

test.describe('brand forms', () => {
  test('adds a brand with a logo: slug from the name, errors beside fields, upload, toast', async ({ page, loginAs }) => {
    test.slow(); // many page loads: Chromium without a GPU takes 1–2 s each
    await loginAs('admin');
    const tag = uniqueTag();
    await page.goto('/brands/listing');
    await page.getByRole('link', { name: 'Add brand' }).click();
    await expect(page).toHaveURL(/\/brands\/add$/);

    await page.getByRole('button', { name: 'Add brand' }).click();
    await expect(page.getByLabel('Name')).toBeFocused();
    await expect(page.getByLabel('Name')).toHaveAttribute('aria-invalid', 'true');
    await expect(page.getByText('Enter the brand name.')).toBeVisible();

    await page.getByLabel('Name').fill(`Rang Rasiya ${tag}`);
    await expect(page.getByLabel('Slug')).toHaveValue(`rang-rasiya-${tag.toLowerCase()}`);
    await page.getByLabel('Slug').fill(`rang-${tag.toLowerCase()}`);
    await page.getByLabel('Name').fill(`Rang Rasiya Two ${tag}`);
    await expect(page.getByLabel('Slug')).toHaveValue(`rang-${tag.toLowerCase()}`);
    await page.getByLabel('Description').fill('Block prints from Bagru.');
    await page.getByLabel('Logo').setInputFiles({ name: 'logo.png', mimeType: 'image/png', buffer: pngFixture() });
    await expect(page.getByRole('img', { name: 'Logo preview' })).toBeVisible();

    await page.getByRole('button', { name: 'Add brand' }).click();
    await expect(page).toHaveURL(/\/brands\/listing$/, AFTER_SAVE);
    await expectToast(page, 'Brand created.');
    await page.getByRole('searchbox', { name: 'Search brands' }).fill(tag);
    const row = rows(page).filter({ hasText: `Rang Rasiya Two ${tag}` });
    await expect(row).toBeVisible();
    await expect(row.locator('img')).toHaveAttribute('src', /^\/uploads\/[a-f0-9]{32}\.png$/);
  });

  test('tells the server’s 422 beside the field (a duplicate name)', async ({ page, loginAs }) => {
    await loginAs('admin');
    await page.goto('/brands/add');
    await page.getByLabel('Name').fill('INDIGO loom');
    await page.getByRole('button', { name: 'Add brand' }).click();
    await expect(page.locator('form').getByText('A brand with this name already exists.')).toBeVisible();
    await expect(page.getByLabel('Name')).toBeFocused();
    await expect(page).toHaveURL(/\/brands\/add$/);
  });

  test('two tabs edit the same brand: the second save gets 409, keeps its text, and Reload loads the first', async ({ page, loginAs }) => {
    test.slow(); // many page loads: Chromium without a GPU takes 1–2 s each
    await loginAs('admin');
    const brand = await createBrand(page, `Two Tabs ${uniqueTag()}`);
    const second = await page.context().newPage();
    await page.goto(`/brands/${brand.id}/edit`);
    await second.goto(`/brands/${brand.id}/edit`);

    await page.getByLabel('Description').fill('Saved by the first tab.');
    await page.getByRole('button', { name: 'Save' }).click();
    await expect(page).toHaveURL(/\/brands\/listing$/, AFTER_SAVE);

    await second.getByLabel('Description').fill('Typed in the second tab.');
    await second.getByRole('button', { name: 'Save' }).click();
    const conflict = second.locator('form [role=alert]');
    await expect(conflict).toContainText('changed by someone else');
    await expect(second.getByLabel('Description')).toHaveValue('Typed in the second tab.');
    await expect(second).toHaveURL(new RegExp(`/brands/${brand.id}/edit$`));

    await conflict.getByRole('button', { name: 'Reload' }).click();
    await expect(second.getByLabel('Description')).toHaveValue('Saved by the first tab.');
    await expect(conflict).toHaveCount(0);
    await second.getByLabel('Description').fill('Second tab, after reloading.');
    await second.getByRole('button', { name: 'Save' }).click();
    await expect(second).toHaveURL(/\/brands\/listing$/, AFTER_SAVE);
    await expectToast(second, 'Brand saved.');
  });

  test('a missing brand’s edit page is a 404', async ({ page, loginAs }) => {
    await loginAs('admin');
    const response = await page.goto('/brands/999999/edit');
    expect(response?.status()).toBe(404);
    await expect(page.getByRole('heading', { name: 'Brand not found' })).toBeVisible();
  });
});

test.describe('deleting, bulk actions and export', () => {
  test('deletes after typing the name; a brand still in use is kept and the reason shown', async ({ page, loginAs }) => {
    test.slow(); // many page loads: Chromium without a GPU takes 1–2 s each
    await loginAs('admin');
    const brand = await createBrand(page, `Delete Me ${uniqueTag()}`);
    await page.goto(listingUrl({ q: brand.name }));

    await page.getByRole('button', { name: `Delete ${brand.name}` }).click();
    const input = page.getByPlaceholder('Please type the name');
    await expect(input).toBeFocused();
    const confirm = page.getByRole('button', { name: 'Delete', exact: true });
    await expect(confirm).toBeDisabled();
    await input.fill(brand.name.toLowerCase());
    await expect(confirm).toBeDisabled();
    await input.fill(brand.name);
    await confirm.click();
    await expectToast(page, 'Brand deleted.');
    await expect(page.getByText('No brands match these filters.')).toBeVisible();

    await page.goto(listingUrl({ q: 'Indigo Loom' }));
    await page.getByRole('button', { name: 'Delete Indigo Loom' }).click();
    // In use: the dialog says so at once, and offers no name to type.
    await expect(page.getByRole('dialog')).toContainText(/Brand "Indigo Loom" can't be deleted: it is used by \d+ products?\./);
    await expect(page.getByPlaceholder('Please type the name')).toHaveCount(0);
    await page.getByRole('button', { name: 'Close' }).click();
    await expect(rows(page).filter({ hasText: 'Indigo Loom' })).toBeVisible();
  });

  test('selects rows, sets their status, exports them as CSV and bulk-deletes them', async ({ page, loginAs }) => {
    test.slow(); // many page loads: Chromium without a GPU takes 1–2 s each
    await loginAs('admin');
    const tag = uniqueTag();
    await createBrands(page, [`Bulk ${tag} A`, `Bulk ${tag} B`, `Bulk ${tag} C`]);
    await page.goto(listingUrl({ q: `Bulk ${tag}` }));
    await expect(rows(page)).toHaveCount(3);

    await page.getByLabel('Select all rows on this page').check();
    await expect(page.getByText('3 selected')).toBeVisible();
    await page.getByLabel('Set status of the selected brands').selectOption('inactive');
    await page.getByRole('dialog', { name: 'Set 3 brands to Inactive?' }).getByRole('button', { name: 'Set to Inactive' }).click();
    await expectToast(page, '3 brands updated.');
    await expectEveryRowToContain(rows(page), 'Inactive');

    await page.getByRole('button', { name: 'Export' }).click();
    const [download] = await Promise.all([page.waitForEvent('download'), page.getByRole('link', { name: 'Visible rows (3)' }).click()]);
    expect(download.suggestedFilename()).toMatch(/^brands-\d{4}-\d{2}-\d{2}\.csv$/);
    const csv = readFileSync((await download.path())!, 'utf8');
    expect(csv.split('\r\n')[0]).toBe('\uFEFFID,Name,Slug,Status,Products,Created,Updated');
    for (const l of ['A', 'B', 'C']) expect(csv).toContain(`,Bulk ${tag} ${l},bulk-${tag.toLowerCase()}-${l.toLowerCase()},inactive,0,`);

    await page.getByRole('button', { name: 'Export' }).click();
    const [all] = await Promise.all([page.waitForEvent('download'), page.getByRole('link', { name: 'All matching rows (3)' }).click()]);
    expect(
      readFileSync((await all.path())!, 'utf8')
        .trim()
        .split('\r\n'),
    ).toHaveLength(4);

    await page.getByLabel(`Select Bulk ${tag} A`).check();
    await page.getByLabel(`Select Bulk ${tag} C`).check();
    await page.getByRole('button', { name: 'Delete selected' }).click();
    await page.getByRole('button', { name: 'Delete', exact: true }).click();
    await expectToast(page, '2 brands deleted.');
    // The list reloads after the delete: read it until it has.
    await expect.poll(() => names(page)).toEqual([`Bulk ${tag} B`]);
  });

  test('a bulk delete that includes a brand in use deletes nothing and names it', async ({ page, loginAs }) => {
    await loginAs('admin');
    const tag = uniqueTag();
    await createBrand(page, `Mixed ${tag}`);
    await page.goto(
      listingUrl({
        filters: {
          name: {
            operator: 'or',
            constraints: [
              { matchMode: 'equals', value: `Mixed ${tag}` },
              { matchMode: 'equals', value: 'Indigo Loom' },
            ],
          },
        },
      }),
    );
    await expect(rows(page)).toHaveCount(2);
    await page.getByLabel('Select all rows on this page').check();
    await page.getByRole('button', { name: 'Delete selected' }).click();
    await page.getByRole('button', { name: 'Delete', exact: true }).click();
    const notice = page.getByRole('dialog', { name: 'Nothing was deleted' });
    await expect(notice).toContainText('Nothing was deleted');
    await expect(notice).toContainText(/Indigo Loom: it is used by \d+ products?\./);
    await expect(rows(page)).toHaveCount(2);
  });
});

test.describe('who sees what', () => {
  test('support is refused the brand pages', async ({ page, loginAs }) => {
    await loginAs('support');
    const response = await page.goto('/brands/listing');
    expect(response?.status()).toBe(403);
  });
});

test('the brand list loads at most 100 KiB of gzipped JavaScript, React included', async ({ page, loginAs }) => {
  await loginAs('admin');
  const { scripts, bytes } = await pageScriptsGzip(page, '/brands/listing');
  test.info().annotations.push({ type: 'js-gzip-bytes', description: String(bytes) });
  console.log(`/brands/listing: ${scripts.length} scripts, ${(bytes / 1024).toFixed(1)} KiB gzipped`);
  expect(scripts.length).toBeGreaterThan(0);
  expect(bytes).toBeLessThanOrEqual(100 * 1024);
});
