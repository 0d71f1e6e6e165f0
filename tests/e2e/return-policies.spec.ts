/**
 * Return policies in the browser: add, edit and delete a policy any brand may use; the rule
 * between "returns accepted" and the return window, beside the field; a brand's own page (reached
 * from the brand's edit page, a fixed brand filter, Add pre-selecting the brand and coming back);
 * an unknown brand's page is a 404; support refused.
 */
import { test, expect, expectToast } from './fixtures.ts';
import { addEditDelete, AFTER_SAVE, createBrand, uniqueTag } from './area-helpers.ts';

test('adds, edits and deletes a return policy through the screens', async ({ page, loginAs }) => {
  test.slow(); // many page loads: Chromium without a GPU takes 1–2 s each
  await loginAs('admin');
  const tag = uniqueTag();
  await addEditDelete(page, {
    listPath: '/return-policies/listing',
    singular: 'Return policy',
    label: 'Return Policies',
    title: `10-day returns ${tag}`,
    fillAdd: async (p) => {
      await p.getByLabel('Title').fill(`10-day returns ${tag}`);
      await p.getByLabel('Return window (days)').fill('10');
      await p.getByLabel('Conditions').fill('Unused, with the tags on.');
    },
    fillEdit: async (p) => {
      await expect(p.getByLabel('Return window (days)')).toHaveValue('10');
      await p.getByLabel('Returns').selectOption('false');
      await p.getByLabel('Return window (days)').fill('');
    },
    afterEdit: async (row) => {
      await expect(row).toContainText('No returns');
      await expect(row).toContainText('Any brand');
    },
  });
});

test('asks for a return window only when returns are accepted, beside the field', async ({ page, loginAs }) => {
  await loginAs('admin');
  await page.goto('/return-policies/add');
  await page.getByLabel('Title').fill(`Window ${uniqueTag()}`);
  await page.getByRole('button', { name: 'Add return policy' }).click();
  await expect(page.getByText('Enter how many days after delivery a return may be asked for: 1 to 365.')).toBeVisible();
  await expect(page.getByLabel('Return window (days)')).toBeFocused();

  await page.getByLabel('Returns').selectOption('false');
  await page.getByLabel('Return window (days)').fill('7');
  await page.getByRole('button', { name: 'Add return policy' }).click();
  await expect(page.getByText('A policy without returns has no return window: leave it blank.')).toBeVisible();
  await expect(page).toHaveURL(/\/return-policies\/add$/);
});

test('a brand’s own page: reached from the brand, only its policies, Add pre-selects it and comes back', async ({ page, loginAs }) => {
  test.slow(); // many page loads: Chromium without a GPU takes 1–2 s each
  await loginAs('admin');
  const tag = uniqueTag();
  const brand = await createBrand(page, `Zari Works ${tag}`);

  await page.goto(`/brands/${brand.id}/edit`);
  await page.getByRole('navigation', { name: 'More about this brand' }).getByRole('link', { name: 'Return policies' }).click();
  await expect(page).toHaveURL(new RegExp(`/brand/${brand.id}/return-policies/listing$`));
  await expect(page.getByRole('heading', { level: 1 })).toHaveText(`Return policies of Zari Works ${tag}`);
  await expect(page.getByText('No return policies yet.')).toBeVisible();
  // The brand filter is fixed: the Brand column offers none to remove it.
  await expect(page.getByRole('columnheader', { name: 'Brand' })).toBeVisible();
  await expect(page.getByRole('button', { name: /^Filter Brand/ })).toHaveCount(0);

  await page.getByRole('link', { name: 'Add return policy' }).click();
  await expect(page.getByRole('combobox', { name: 'Brand' })).toHaveValue(`Zari Works ${tag}`);
  await page.getByLabel('Title').fill(`Zari Works ${tag} exchange`);
  await page.getByLabel('Return window (days)').fill('14');
  await page.getByRole('button', { name: 'Add return policy' }).click();

  await expect(page).toHaveURL(new RegExp(`/brand/${brand.id}/return-policies/listing$`), AFTER_SAVE);
  await expectToast(page, 'Return policy created.');
  const rows = page.locator('tbody tr');
  await expect(rows).toHaveCount(1);
  await expect(rows.first()).toContainText(`Zari Works ${tag} exchange`);
  await expect(rows.first()).toContainText('14');

  // The general list has it too, beside the policies any brand may use.
  await page.goto('/return-policies/listing');
  await expect(page.locator('tbody tr').filter({ hasText: `Zari Works ${tag} exchange` })).toContainText(`Zari Works ${tag}`);
  await expect(page.locator('tbody tr').filter({ hasText: '7-day easy returns' })).toContainText('Any brand');

  // Editing from the brand's page comes back to it.
  await page.goto(`/brand/${brand.id}/return-policies/listing`);
  await rows
    .first()
    .getByRole('link', { name: `Edit Zari Works ${tag} exchange` })
    .click();
  await page.getByLabel('Return window (days)').fill('21');
  await page.getByRole('button', { name: 'Save' }).click();
  await expect(page).toHaveURL(new RegExp(`/brand/${brand.id}/return-policies/listing$`), AFTER_SAVE);
  await expect(rows.first()).toContainText('21');
});

test('an unknown brand’s return policies page is a 404', async ({ page, loginAs }) => {
  await loginAs('admin');
  const response = await page.goto('/brand/999999/return-policies/listing');
  expect(response?.status()).toBe(404);
  await expect(page.getByRole('heading', { name: 'Brand not found' })).toBeVisible();
});

test('support is refused the return policy pages', async ({ page, loginAs }) => {
  await loginAs('support');
  for (const path of ['/return-policies/listing', '/return-policies/add', '/brand/1/return-policies/listing']) {
    expect((await page.goto(path))?.status(), path).toBe(403);
  }
});
