import { test, expect } from './fixtures.ts';
import { useTheme } from './shell-helpers.ts';
const dir = '/work/shots/shell';
test('shots', async ({ page, loginAs }) => {
  test.setTimeout(120_000);
  await loginAs('support');
  for (const [name, size] of [['desktop', { width: 1280, height: 800 }], ['phone', { width: 360, height: 740 }]] as const) {
    await page.setViewportSize(size);
    await page.goto('/brands/listing');
    await page.screenshot({ path: `${dir}/403-${name}.png` });
    if (name === 'phone') {
      await page.locator('label.topbar-menu-button').click();
      await page.screenshot({ path: `${dir}/403-phone-menu.png` });
    }
  }
  await page.context().clearCookies();
  await loginAs('admin');
  await page.setViewportSize({ width: 1280, height: 800 });
  await useTheme(page, { darkTheme: false, menuTheme: 'light', menuMode: 'horizontal' });
  await page.goto('/global-settings');
  await page.screenshot({ path: `${dir}/horizontal-light-desktop.png` });
  await page.getByRole('button', { name: 'Catalogue' }).hover();
  await page.screenshot({ path: `${dir}/horizontal-light-desktop-open.png` });
  await useTheme(page, { darkTheme: false, menuTheme: 'light', menuMode: 'horizontal', preset: 'Nora', primary: 'emerald' });
  await page.goto('/global-settings');
  await page.screenshot({ path: `${dir}/horizontal-light-nora-emerald.png` });
  await useTheme(page, { darkTheme: true, menuTheme: 'dark', menuMode: 'static' });
  await page.setViewportSize({ width: 360, height: 740 });
  await page.goto('/dashboard');
  await page.getByRole('button', { name: 'Search' }).click();
  await page.getByRole('combobox', { name: 'Search' }).fill('bra');
  await expect(page.getByRole('option').first()).toBeVisible();
  await page.screenshot({ path: `${dir}/search-phone.png` });
  await page.keyboard.press('Escape');
  await useTheme(page, { darkTheme: false, menuTheme: 'dark', menuMode: 'static' });
  await page.goto('/dashboard');
  await page.getByRole('button', { name: 'Search' }).click();
  await page.screenshot({ path: `${dir}/search-phone-light-empty.png` });
  await page.setViewportSize({ width: 1280, height: 800 });
  const { data } = (await (await page.request.get('/api/brands?per_page=10')).json()) as { data: { id: number }[] };
  await page.goto(`/brands/${data[0]!.id}/edit`);
  await page.screenshot({ path: `${dir}/breadcrumb-desktop.png` });
});
