/**
 * Warehouses in the browser: staff add one for a vendor through the owner picker and the
 * state → city → pincode pickers, edit and delete it; a vendor sees only their own, with no owner
 * to choose; support is refused.
 */
import type { Page } from '@playwright/test';
import { test, expect, expectToast } from './fixtures.ts';
import { AFTER_SAVE, addEditDelete, uniqueTag, pickOption } from './area-helpers.ts';

async function fillAddress(page: Page, tag: string) {
  await page.getByLabel('Name').fill(`Mysuru depot ${tag}`);
  await page.getByRole('textbox', { name: 'Code', exact: true }).fill(`mys-${tag}`);
  await page.getByLabel('Contact person').fill('Lakshmi Rao');
  await page.getByLabel('Contact phone').fill('+91 821 242 0000');
  await page.getByLabel('Address line 1').fill('5 Sayyaji Rao Road');
  await pickOption(page, 'State', 'karna', 'Karnataka');
  await pickOption(page, 'City', 'mysur', 'Mysuru');
  await pickOption(page, 'Pincode', '57000', '570001');
}

test('staff add a warehouse for a vendor, edit it and delete it', async ({ page, loginAs }) => {
  test.slow(); // many page loads: Chromium without a GPU takes 1–2 s each
  await loginAs('admin');
  const tag = uniqueTag();
  await addEditDelete(page, {
    listPath: '/warehouses',
    singular: 'Warehouse',
    label: 'Warehouses',
    title: `Mysuru depot ${tag}`,
    fillAdd: async (p) => {
      await expect(p.getByRole('combobox', { name: 'Owner' })).toHaveValue('Platform');
      await pickOption(p, 'Owner', 'kaveri', 'Kaveri Handlooms');
      await fillAddress(p, tag);
    },
    fillEdit: async (p) => {
      await expect(p.getByRole('combobox', { name: 'Owner' })).toHaveValue('Kaveri Handlooms');
      await expect(p.getByRole('combobox', { name: 'Pincode' })).toHaveValue('570001');
      await p.getByLabel('Status').selectOption('false');
    },
    afterEdit: async (row) => {
      await expect(row).toContainText('Kaveri Handlooms');
      await expect(row).toContainText(`MYS-${tag}`);
      await expect(row).toContainText('Inactive');
    },
  });
});

test('a vendor sees only their own warehouses and adds one without choosing an owner', async ({ page, loginAs }) => {
  test.slow();
  await loginAs('vendor');
  const tag = uniqueTag();
  await page.goto('/warehouses');
  const rows = page.locator('tbody tr');
  await expect(rows.filter({ hasText: 'DFH-BLR' })).toBeVisible();
  // The platform's and other vendors' warehouses are not there.
  for (const other of ['BLR-01', 'DEL-01', 'KVH-MAA']) await expect(rows.filter({ hasText: other })).toHaveCount(0);
  await expect(page.getByRole('columnheader', { name: /Owner/ })).toHaveCount(0);

  await page.getByRole('link', { name: 'Add warehouse' }).click();
  await expect(page.getByRole('combobox', { name: 'Owner' })).toHaveCount(0);
  await fillAddress(page, tag);
  await page.getByRole('button', { name: 'Add warehouse' }).click();
  await expect(page).toHaveURL(/\/warehouses(\?|$)/, AFTER_SAVE);
  await expectToast(page, 'Warehouse created.');
  await expect(rows.filter({ hasText: `MYS-${tag}` })).toBeVisible();
  // No delete for vendors (no warehouse:delete).
  await expect(page.getByRole('button', { name: `Delete Mysuru depot ${tag}` })).toHaveCount(0);
});

test('support is refused the warehouse pages', async ({ page, loginAs }) => {
  await loginAs('support');
  for (const path of ['/warehouses', '/warehouses/add', '/warehouse/1/edit']) expect((await page.goto(path))?.status(), path).toBe(403);
});
