/**
 * Product size charts in the browser: add, edit and delete through the screens; editing the grid
 * as a table (sizes and measurements added, renamed and removed, cells typed, Up/Down between
 * rows), a bad cell's error on that cell; and the vendor, who reads the charts but can't change
 * them, and support, who can't see them.
 */
import { test, expect, expectToast } from './fixtures.ts';
import { addEditDelete, createRecord, listingUrl, uniqueTag, AFTER_SAVE, pageScriptsGzip } from './area-helpers.ts';

type Chart = { id: number; name: string; grid: { sizes: string[]; measurements: string[]; values: (number | null)[][] } };

test.describe('size charts', () => {
  test('adds, edits and deletes a size chart through the screens', async ({ page, loginAs }) => {
    test.slow(); // several page loads
    await loginAs('admin');
    const tag = uniqueTag();
    await addEditDelete(page, {
      listPath: '/products/product-size-charts',
      singular: 'Size chart',
      label: 'Product Size Charts',
      title: `Kids kurtas ${tag}`,
      fillAdd: async (p) => {
        await p.getByRole('textbox', { name: 'Name', exact: true }).fill(`Kids kurtas ${tag}`);
        await p.getByLabel('Unit').selectOption('in');
        // A new chart starts with S, M, L × Chest, Waist, Length.
        await p.getByLabel('S Chest (in)').fill('24');
        await p.getByLabel('M Chest (in)').fill('26');
        await p.getByLabel('L Chest (in)').fill('28.5');
      },
      fillEdit: async (p) => {
        await expect(p.getByLabel('L Chest (in)')).toHaveValue('28.5');
        await p.getByRole('textbox', { name: 'Name', exact: true }).fill(`Kids kurtas festive ${tag}`);
      },
      editedTitle: `Kids kurtas festive ${tag}`,
      afterEdit: async (row) => {
        await expect(row).toContainText('S–L, 3 sizes');
        await expect(row).toContainText('Chest, Waist, Length');
      },
    });
  });

  test('edits the grid as a table: add, rename and remove sizes and measurements, move with the arrows', async ({ page, loginAs }) => {
    test.slow();
    await loginAs('admin');
    const tag = uniqueTag();
    const chart = await createRecord<Chart>(page, 'size-charts', {
      name: `Grid edit ${tag}`,
      unit: 'cm',
      status: 'active',
      grid: JSON.stringify({
        sizes: ['S', 'M'],
        measurements: ['Chest', 'Waist'],
        values: [
          [96, 81],
          [101, 86],
        ],
      }),
    });
    await page.goto(`/products/product-size-charts/${chart.id}/edit`);
    await expect(page.getByRole('button', { name: 'Save' })).toBeEnabled();

    // Up and Down walk a column.
    await page.getByLabel('S Chest (cm)').focus();
    await page.keyboard.press('ArrowDown');
    await expect(page.getByLabel('M Chest (cm)')).toBeFocused();

    await page.getByRole('button', { name: 'Add size' }).click();
    await expect(page.getByLabel('Size 3 name')).toBeFocused();
    await page.keyboard.type('L');
    await page.getByRole('button', { name: 'Add measurement' }).click();
    await expect(page.getByLabel('Measurement 3 name')).toBeFocused();
    await page.keyboard.type('Sleeve');
    await page.getByLabel('Size 2 name').fill('Medium');
    await page.getByRole('button', { name: 'Remove measurement Waist' }).click();
    await page.getByLabel('L Chest (cm)').fill('106.5');
    await page.getByLabel('Medium Sleeve (cm)').fill('62');
    await page.getByRole('button', { name: 'Save' }).click();
    await expect(page).toHaveURL(/\/products\/product-size-charts(\?|$)/, AFTER_SAVE);
    await expectToast(page, 'Size chart saved.');

    const saved = (await (await page.request.get(`/api/size-charts/${chart.id}`)).json()).data as Chart;
    expect(saved.grid).toEqual({
      sizes: ['S', 'Medium', 'L'],
      measurements: ['Chest', 'Sleeve'],
      values: [
        [96, null],
        [101, 62],
        [106.5, null],
      ],
    });

    // The list opens the chart read-only under its sizes.
    await page.goto(listingUrl({ q: `Grid edit ${tag}` }, '/products/product-size-charts'));
    const row = page.locator('tbody tr').filter({ hasText: `Grid edit ${tag}` });
    await row.getByText('S–L, 3 sizes').click();
    await expect(row.getByRole('columnheader', { name: 'Sleeve (cm)' })).toBeVisible();
    await expect(row.getByRole('row', { name: /Medium/ })).toContainText('62');
  });

  test('puts a bad cell’s error on that cell and a repeated size on its name', async ({ page, loginAs }) => {
    await loginAs('admin');
    await page.goto('/products/product-size-charts/add');
    await page.getByRole('textbox', { name: 'Name', exact: true }).fill(`Errors ${uniqueTag()}`);
    await page.getByRole('textbox', { name: 'M Waist (cm)', exact: true }).fill('1000');
    await page.getByLabel('Size 3 name').fill('m');
    await page.getByRole('button', { name: 'Add size chart' }).click();
    const cell = page.getByRole('textbox', { name: 'M Waist (cm)', exact: true });
    await expect(cell).toHaveAttribute('aria-invalid', 'true');
    await expect(page.getByText('M, Waist: Enter a number from 0 to 999.9 with at most 1 decimal place, or leave it blank.')).toBeVisible();
    await expect(cell).toBeFocused();

    // Names are compared once every cell is right.
    await cell.fill('81.5');
    await page.getByRole('button', { name: 'Add size chart' }).click();
    await expect(page.getByLabel('Size 3 name')).toHaveAttribute('aria-invalid', 'true');
    await expect(page.getByText('Size 3 name: Another size is already called "m".')).toBeVisible();
    await expect(page.getByLabel('Size 3 name')).toBeFocused();
    await expect(cell).not.toHaveAttribute('aria-invalid', 'true');
    await expect(page).toHaveURL(/\/add$/);
  });

  test('the vendor reads the charts but can’t change them', async ({ page, loginAs }) => {
    await loginAs('vendor');
    await page.goto('/products/product-size-charts');
    const row = page.locator('tbody tr').filter({ hasText: "Women's kurtas" });
    await expect(row).toBeVisible();
    await expect(page.getByRole('link', { name: 'Add size chart' })).toHaveCount(0);
    await expect(row.getByRole('link')).toHaveCount(0);
    await expect(row.getByRole('button', { name: /Delete/ })).toHaveCount(0);
    await row.getByText('XS–XXL, 6 sizes').click();
    await expect(row.getByRole('row', { name: /^M\b/ })).toContainText('36');
    const add = await page.goto('/products/product-size-charts/add');
    expect(add?.status()).toBe(403);
  });

  test('support is refused the size-chart pages', async ({ page, loginAs }) => {
    await loginAs('support');
    for (const path of ['/products/product-size-charts', '/products/product-size-charts/add', '/products/product-size-charts/1/edit']) {
      const response = await page.goto(path);
      expect(response?.status(), path).toBe(403);
    }
  });
});

test('the size-charts list and form load at most 100 KiB of gzipped JavaScript, React included', async ({ page, loginAs }) => {
  await loginAs('admin');
  const list = await pageScriptsGzip(page, '/products/product-size-charts');
  // The form with its lazily loaded input kinds (they load once the form is live).
  const form = await pageScriptsGzip(page, '/products/product-size-charts/add');
  console.log(
    `/products/product-size-charts: ${(list.bytes / 1024).toFixed(1)} KiB; /products/product-size-charts/add: ${(form.bytes / 1024).toFixed(1)} KiB gzipped`,
  );
  expect(list.bytes).toBeLessThanOrEqual(100 * 1024);
  expect(form.bytes).toBeLessThanOrEqual(100 * 1024);
});
