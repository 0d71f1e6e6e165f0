/**
 * Product matrix groups, matrices and wishlists in the browser: a colour group added with three
 * swatches (typed and picked), its values reordered with the arrows and saved in that order, on a
 * desktop and on a 360-px phone; a product matrix picking a group's values; a bad swatch refused
 * on its row; and the wishlists list opening one wishlist's products.
 */
import { test, expect, expectToast } from './fixtures.ts';
import { AFTER_SAVE, uniqueTag } from './area-helpers.ts';

const SCREENS = [
  { name: 'desktop', viewport: { width: 1280, height: 900 } },
  { name: '360-px phone', viewport: { width: 360, height: 780 } },
];

for (const screen of SCREENS) {
  test.describe(`product matrix groups on a ${screen.name}`, () => {
    test.use({ viewport: screen.viewport });

    test('adds a colour group with three swatches, reorders the values and saves them in order', async ({ page, loginAs }) => {
      test.slow(); // several page loads
      await loginAs('admin');
      const name = `Saree shade ${uniqueTag()}`;
      await page.goto('/product-matrix-groups/add');
      await page.getByRole('textbox', { name: 'Name', exact: true }).fill(name);
      await page.getByLabel('Kind').selectOption('colour');

      // A new group starts with one blank value.
      await page.getByRole('textbox', { name: 'Value of Value 1', exact: true }).fill('Peacock');
      await page.getByRole('textbox', { name: 'Swatch of Peacock', exact: true }).fill('#0f7b8a');
      await page.getByRole('button', { name: 'Add value' }).click();
      await expect(page.getByRole('textbox', { name: 'Value of Value 2', exact: true })).toBeFocused();
      await page.keyboard.type('Ivory');
      await page.getByRole('textbox', { name: 'Swatch of Ivory', exact: true }).fill('#fffff0');
      await page.getByRole('button', { name: 'Add value' }).click();
      await page.keyboard.type('Rani pink');
      await page.getByRole('textbox', { name: 'Swatch of Rani pink', exact: true }).fill('#e0115f');

      // The preview reads: white text on the dark pink, black on ivory.
      const previews = page.getByTestId('swatch-preview');
      await expect(previews).toHaveText(['Peacock', 'Ivory', 'Rani pink']);
      await expect(previews.nth(2)).toHaveCSS('color', 'rgb(255, 255, 255)');
      await expect(previews.nth(1)).toHaveCSS('color', 'rgb(0, 0, 0)');
      await page.screenshot({ path: `test-results/matrix-group-${screen.viewport.width}.png`, fullPage: true });

      // Rani pink to the top with the keyboard, Peacock to the end.
      await page.getByRole('button', { name: 'Move Rani pink up' }).click();
      await expect(page.getByRole('button', { name: 'Move Rani pink up' })).toBeFocused();
      await page.keyboard.press('Enter');
      await page.getByRole('button', { name: 'Move Peacock down' }).click();
      await expect(previews).toHaveText(['Rani pink', 'Ivory', 'Peacock']);

      await page.getByRole('button', { name: 'Add matrix group' }).click();
      await expect(page).toHaveURL(/\/product-matrix-groups\/listing(\?|$)/, AFTER_SAVE);
      await expectToast(page, 'Matrix group created.');

      const saved = await page.evaluate(async (n) => {
        const res = await fetch(
          `/api/product-matrix-groups?filters=${encodeURIComponent(JSON.stringify({ name: { constraints: [{ matchMode: 'equals', value: n }] } }))}`,
        );
        return ((await res.json()) as { data: { values: { value: string; swatch: string }[] }[] }).data[0]!.values;
      }, name);
      expect(saved.map((v) => [v.value, v.swatch])).toEqual([
        ['Rani pink', '#e0115f'],
        ['Ivory', '#fffff0'],
        ['Peacock', '#0f7b8a'],
      ]);
      await page.getByRole('searchbox').fill(name);
      await expect(page.getByText('Rani pink, Ivory, Peacock').first()).toBeVisible();
    });
  });
}

test('refuses a bad swatch on its row and keeps what was typed', async ({ page, loginAs }) => {
  await loginAs('admin');
  await page.goto('/product-matrix-groups/add');
  await page.getByRole('textbox', { name: 'Name', exact: true }).fill(`Bad shade ${uniqueTag()}`);
  await page.getByLabel('Kind').selectOption('colour');
  await page.getByRole('textbox', { name: 'Value of Value 1', exact: true }).fill('Sky');
  await page.getByRole('textbox', { name: 'Swatch of Sky', exact: true }).fill('blue');
  await page.getByRole('button', { name: 'Add matrix group' }).click();
  const swatch = page.getByRole('textbox', { name: 'Swatch of Sky', exact: true });
  await expect(swatch).toHaveAttribute('aria-invalid', 'true');
  await expect(page.getByText('Choose a swatch colour: # and six hex digits, e.g. #d00000.')).toBeVisible();
  await expect(swatch).toHaveValue('blue');
  await expect(page).toHaveURL(/\/product-matrix-groups\/add/);
});

test('adds a product matrix from a group’s values', async ({ page, loginAs }) => {
  test.slow();
  await loginAs('admin');
  const name = `Plus sizes ${uniqueTag()}`;
  await page.goto('/product-matrices/add');
  await page.getByRole('textbox', { name: 'Name', exact: true }).fill(name);
  await page.getByRole('combobox', { name: 'Group' }).click();
  await page.getByRole('option', { name: 'Size' }).click();
  await page.getByRole('checkbox', { name: 'XL', exact: true }).check();
  await page.getByRole('checkbox', { name: 'XXL', exact: true }).check();
  await page.getByRole('button', { name: 'Add product matrix' }).click();
  await expect(page).toHaveURL(/\/product-matrices\/listing(\?|$)/, AFTER_SAVE);
  await expectToast(page, 'Product matrix created.');
  await page.getByRole('searchbox').fill(name);
  await expect(page.getByText('XL, XXL').first()).toBeVisible();
});

test('opens one wishlist from the wishlists list', async ({ page, loginAs }) => {
  await loginAs('admin');
  await page.goto('/wishlists/listing');
  await expect(page.getByRole('heading', { name: 'Wishlists', level: 1 })).toBeVisible();
  const view = page.getByRole('link', { name: /^View / }).first();
  await view.click();
  await expect(page).toHaveURL(/\/wishlists\/\d+$/);
  await expect(page.getByRole('heading', { level: 1 })).toContainText('’s wishlist');
  const items = page.getByTestId('wishlist-item');
  expect(await items.count()).toBeGreaterThan(0);
  await expect(items.first().getByRole('link')).toHaveAttribute('href', /^\/products\/\d+\/details$/);
  await expect(items.first()).toContainText('₹');
  await page.screenshot({ path: 'test-results/wishlist.png', fullPage: true });
});
