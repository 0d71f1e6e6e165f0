/**
 * Products in the browser, on a desktop and on a 360×740 phone: a vendor adds a product through
 * step 1 (basic information) with the step indicator, goes on to the images step with the draft
 * saved, and finds it on the list (by name, with its status); the edit page shows what was saved.
 */
import { test, expect } from './fixtures.ts';
import { pickOption as pick, uniqueTag } from './area-helpers.ts';

const VIEWPORTS = [
  { name: 'desktop', viewport: { width: 1280, height: 800 } },
  { name: 'phone', viewport: { width: 360, height: 740 } },
];

for (const { name, viewport } of VIEWPORTS) {
  test.describe(`on a ${name}`, () => {
    test.use({ viewport });

    test('a vendor adds a product through step 1 and finds the draft on the list', async ({ page, loginAs }) => {
      test.slow(); // several page loads on a shared two-core machine
      await loginAs('vendor');
      const title = `Ikat Cotton Kurta ${uniqueTag()}`;
      await page.goto('/products/add');
      const steps = page.getByRole('navigation', { name: 'Steps of adding a product' });
      await expect(steps.locator('[aria-current="step"]')).toContainText('Basic information');
      await expect(steps.getByRole('link')).toHaveCount(0); // nothing saved yet: no step to go to
      // A vendor's product is their own: no vendor to choose.
      await expect(page.getByRole('combobox', { name: 'Vendor' })).toHaveCount(0);

      await page.getByLabel('Product name').fill(title);
      await pick(page, 'Category', 'cloth', 'Clothing');
      await pick(page, 'Sub-category', 'kurt', /^Kurtas & Kurtis/);
      await page.getByRole('checkbox', { name: 'Handloom' }).check();
      await page.getByLabel('Description').fill('Double ikat from **Pochampally**.');
      await pick(page, 'GST rate', 'apparel up', /^Apparel up to ₹2,500/);
      await page.getByRole('button', { name: 'Save and continue' }).click();

      // Saved as a draft; the flow goes on to the images step of the new product.
      await expect(page).toHaveURL(/\/products\/add-images\/\d+$/, { timeout: 30_000 });
      const id = /\/products\/add-images\/(\d+)$/.exec(page.url())![1];

      await page.goto('/products/listing');
      await page.getByRole('searchbox').fill(title);
      const row = page.locator('tbody tr').filter({ hasText: title });
      await expect(row).toBeVisible({ timeout: 15_000 });
      await expect(row).toContainText('Draft');
      await expect(row).toContainText('Clothing');

      await page.goto(`/products/edit/${id}`);
      await expect(page.getByLabel('Product name')).toHaveValue(title);
      await expect(page.getByRole('combobox', { name: 'Sub-category', exact: true })).toHaveValue(/Kurtas & Kurtis/);
      await expect(page.getByRole('checkbox', { name: 'Handloom' })).toBeChecked();
      const editSteps = page.getByRole('navigation', { name: 'Steps of adding a product' });
      await expect(editSteps.getByRole('link', { name: /Images/ })).toHaveAttribute('href', `/products/add-images/${id}`);
      await expect(editSteps.locator('[aria-current="step"]')).toContainText('(complete)');
    });
  });
}

test('staff must choose the vendor: the server’s refusal shows beside the field', async ({ page, loginAs }) => {
  test.slow();
  await loginAs('admin');
  await page.goto('/products/add');
  await expect(page.getByRole('combobox', { name: 'Vendor' })).toBeVisible();
  await page.getByLabel('Product name').fill(`Staff-made stole ${uniqueTag()}`);
  await pick(page, 'Category', 'cloth', 'Clothing');
  await pick(page, 'GST rate', 'apparel up', /^Apparel up to ₹2,500/);
  await page.getByRole('button', { name: 'Save and continue' }).click();
  await expect(page.getByText('Choose the vendor this product belongs to.')).toBeVisible();
  await expect(page).toHaveURL(/\/products\/add$/);
});
