import { test, expect } from './fixtures.ts';
import { pngFixture } from './area-helpers.ts';

for (const [name, viewport] of [
  ['desktop', { width: 1280, height: 800 }],
  ['phone', { width: 360, height: 740 }],
] as const) {
  test(`shots ${name}`, async ({ page, loginAs }) => {
    test.setTimeout(120_000);
    await page.setViewportSize(viewport);
    await loginAs('admin');
    await page.goto('/warehouses/add');
    await page.screenshot({ path: `/work/shots/forms/warehouses-add-${name}.png`, fullPage: true });
    await page.getByRole('combobox', { name: 'Pincode' }).fill('570001');
    await expect(page.getByRole('combobox', { name: 'City' })).toHaveValue('Mysuru');
    await page.getByRole('button', { name: 'Add warehouse' }).click();
    await expect(page.getByText('Enter the warehouse name.')).toBeVisible();
    await page.screenshot({ path: `/work/shots/forms/warehouses-add-filled-errors-${name}.png`, fullPage: true });
    const state = page.getByRole('combobox', { name: 'State' });
    await state.evaluate((el) => window.scrollBy(0, el.getBoundingClientRect().bottom - window.innerHeight + 8));
    await state.click();
    await expect(page.getByRole('listbox', { name: 'State' }).getByRole('option').first()).toBeVisible();
    await page.screenshot({ path: `/work/shots/forms/warehouses-picker-above-${name}.png` });
    await page.keyboard.press('Escape');
    await page.goto('/brands/add');
    await page.getByLabel('Logo').setInputFiles({ name: 'notes.png', mimeType: 'image/png', buffer: Buffer.from('not an image') });
    await expect(page.getByText('This file is not a PNG')).toBeVisible();
    await page.getByLabel('Name').fill('Indigo Loom');
    await page.screenshot({ path: `/work/shots/forms/brands-add-refused-${name}.png`, fullPage: true });
    await page.getByLabel('Logo').setInputFiles({ name: 'logo.png', mimeType: 'image/png', buffer: pngFixture() });
    await expect(page.getByRole('img', { name: 'Logo preview' })).toBeVisible();
    await page.screenshot({ path: `/work/shots/forms/brands-add-preview-${name}.png`, fullPage: true });
    await page.getByRole('link', { name: 'Cancel', exact: true }).click();
    await expect(page.getByRole('button', { name: 'Stay' })).toBeVisible();
    await page.screenshot({ path: `/work/shots/forms/brands-leave-dialog-${name}.png` });
  });
}
