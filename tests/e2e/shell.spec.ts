/**
 * The shell as a person meets it, on a desktop and on a 360×740 phone (decision 027):
 * - the focus goes back to the control that opened a dialog (delete confirmation, search,
 *   activity diff), the first time on the page too;
 * - a tap on Search opens it with the field focused (phones show the keyboard only then);
 * - Settings and Log out work when pressed before the shell script has run;
 * - the 403 page keeps the top bar and the menu (with no JavaScript) and names the page;
 * - every crumb but the last is a link to a page the account can open.
 */
import { test, expect, expectToast, ACCOUNTS, type DemoAccount } from './fixtures.ts';
import type { Page } from '@playwright/test';
import { routes } from '../../src/app/routes/registry.ts';
import { VIEWPORTS } from './shell-helpers.ts';
import { createBrand, listingUrl, uniqueTag } from './area-helpers.ts';

/**
 * Opens a page without waiting for anything but the answer (not the fixture's wait for
 * hydration): what a person sees the moment the page appears. The page's scripts are held back
 * until `release()` while `holdScripts` is set, so "before the shell script ran" is certain.
 */
async function openAtOnce(page: Page, path: string, { holdScripts = false } = {}): Promise<() => void> {
  let release = () => {};
  if (holdScripts) {
    const held = new Promise<void>((resolve) => (release = resolve));
    await page.route(/\/_astro\/.+\.js$/, async (route) => {
      await held;
      await route.continue();
    });
  }
  await page.mainFrame().goto(path, { waitUntil: 'commit' });
  return release;
}

/** The breadcrumb links of a page's HTML, as the server sends it. */
function crumbLinks(html: string): string[] {
  const nav = /<nav aria-label="Breadcrumb"[^>]*>([\s\S]*?)<\/nav>/.exec(html)?.[1] ?? '';
  return [...nav.matchAll(/<a href="([^"]+)"/g)].map((m) => m[1]!);
}

for (const { name, size } of VIEWPORTS) {
  test.describe(`${name} (${size.width}×${size.height})`, () => {
    test.use({ viewport: size });

    test('the focus returns to the control that opened the delete confirmation', async ({ page, loginAs }) => {
      await loginAs('admin');
      // A brand of its own, in use by nothing, so the confirmation asks (the demo's first brand may be in use).
      const tag = uniqueTag();
      await createBrand(page, `Focus ${tag}`);
      await page.goto(listingUrl({ q: `Focus ${tag}` }));
      const deleteButton = page.getByRole('button', { name: /^Delete / }).first();
      await deleteButton.click();
      const dialog = page.getByRole('dialog');
      await expect(dialog.getByRole('heading', { name: /^Delete brand/ })).toBeVisible();
      await dialog.getByRole('button', { name: 'Cancel' }).click();
      await expect(dialog).toHaveCount(0);
      await expect(deleteButton).toBeFocused();
      // And with the keyboard: Escape closes it, the focus is back on the button.
      await deleteButton.press('Enter');
      await expect(dialog.getByRole('heading', { name: /^Delete brand/ })).toBeVisible();
      await page.keyboard.press('Escape');
      await expect(dialog).toHaveCount(0);
      await expect(deleteButton).toBeFocused();
    });

    test('the focus returns to the control that opened the search', async ({ page, loginAs }) => {
      await loginAs('admin');
      const opener = page.getByRole('button', { name: 'Search' });
      await opener.click();
      const field = page.getByRole('combobox', { name: 'Search' });
      await expect(field).toBeFocused();
      await field.fill('Brands');
      await expect(page.getByRole('option', { name: /Brands/ }).first()).toBeVisible();
      await page.keyboard.press('Escape');
      await expect(page.getByRole('dialog', { name: 'Search' })).toBeHidden();
      await expect(opener).toBeFocused();
      // Opened again, it starts empty; the × closes it and gives the focus back as well.
      await opener.click();
      await expect(field).toBeFocused();
      await expect(field).toHaveValue('');
      await page.getByRole('dialog', { name: 'Search' }).getByRole('button', { name: 'Close' }).click();
      await expect(opener).toBeFocused();
    });

    test('the focus returns to the control that opened an activity diff', async ({ page, loginAs }) => {
      await loginAs('admin');
      await page.goto('/activity-logs');
      const view = page.getByRole('button', { name: /^View entry/ }).first();
      await view.click();
      const dialog = page.getByRole('dialog');
      await expect(dialog.getByRole('heading').first()).toBeVisible();
      await page.keyboard.press('Escape');
      await expect(dialog).toHaveCount(0);
      await expect(view).toBeFocused();
    });

    test.describe('on a touch screen', () => {
      test.use({ hasTouch: true });

      test('a tap on Search opens it with the field focused, even before the shell script has run', async ({ page, loginAs }) => {
        await loginAs('support');
        const release = await openAtOnce(page, '/dashboard', { holdScripts: true });
        await page.getByRole('button', { name: 'Search' }).tap();
        const field = page.getByRole('combobox', { name: 'Search' });
        await expect(page.getByRole('dialog', { name: 'Search' })).toBeVisible();
        await expect(field).toBeFocused();
        // Typed before the results island exists: it is searched when the island arrives.
        await field.pressSequentially('Dash');
        release();
        await expect(page.getByRole('option', { name: /Dashboard/ }).first()).toBeVisible();
        await expect(field).toHaveValue('Dash');
      });
    });

    test('Settings pressed before the shell script has run opens the panel', async ({ page, loginAs }) => {
      await loginAs('support');
      const release = await openAtOnce(page, '/dashboard', { holdScripts: true });
      const settings = page.getByRole('button', { name: 'Settings' });
      await settings.click();
      release();
      await expect(page.getByRole('dialog', { name: 'Settings' }).getByRole('heading', { name: 'Settings' })).toBeVisible();
      await page.keyboard.press('Escape');
      await expect(settings).toBeFocused();
    });

    test('Settings pressed right after the page appears opens the panel', async ({ page, loginAs }) => {
      await loginAs('support');
      await openAtOnce(page, '/profile');
      await page.getByRole('button', { name: 'Settings' }).click();
      await expect(page.getByRole('dialog', { name: 'Settings' }).getByRole('heading', { name: 'Settings' })).toBeVisible();
    });

    test('Log out pressed before the shell script has run signs out (a plain form)', async ({ page, loginAs }) => {
      await loginAs('support');
      await openAtOnce(page, '/dashboard', { holdScripts: true });
      await page.locator('[data-user-menu] > summary').click();
      await page.getByRole('button', { name: 'Log out' }).click();
      await expect(page).toHaveURL(/\/auth\/login\?logged_out=1$/);
      await expectToast(page, 'Logged out successfully');
      expect((await page.request.get('/api/user')).status()).toBe(401);
    });

    test('Log out pressed right after the page appears signs out, asking first once the shell is there', async ({ page, loginAs }) => {
      await loginAs('support');
      await openAtOnce(page, '/dashboard');
      await page.locator('[data-user-menu] > summary').click();
      await page.getByRole('button', { name: 'Log out' }).click();
      // Whichever came first: the shell's confirmation (spec §2), or the form itself.
      const confirm = page.getByRole('dialog').getByRole('heading', { name: 'Logout' });
      await expect(confirm.or(page.getByRole('heading', { name: 'Sign in' }))).toBeVisible();
      if (await confirm.isVisible()) await page.getByRole('button', { name: 'Yes' }).click();
      await expect(page).toHaveURL(/\/auth\/login\?logged_out=1$/);
      await expectToast(page, 'Logged out successfully');
    });

    test('the 403 page keeps the top bar and the menu, names the page, and ships no JavaScript', async ({ page, loginAs }) => {
      await loginAs('support');
      const response = await page.goto('/brands/listing');
      expect(response?.status()).toBe(403);
      await expect(page.getByRole('heading', { name: 'Access denied' })).toBeVisible();
      await expect(page.getByText('Your account does not have permission to open Brands.')).toBeVisible();
      await expect(page).toHaveTitle(/Access denied: Brands/);
      await expect(page.locator('script')).toHaveCount(0);
      await expect(page.getByRole('banner')).toBeVisible();
      const menuLink = page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Dashboard' });
      if (name === 'phone') {
        await expect(menuLink).not.toBeInViewport();
        await page.locator('label.topbar-menu-button').click(); // the CSS-only toggle's button
        await expect(menuLink).toBeInViewport();
      }
      await menuLink.click();
      await expect(page).toHaveURL(/\/dashboard$/);
    });

    test('the 403 page lets a person sign out with no JavaScript', async ({ page, loginAs }) => {
      await loginAs('support');
      await page.goto('/brands/listing');
      await page.locator('[data-user-menu] > summary').click();
      await page.getByRole('button', { name: 'Log out' }).click();
      await expect(page).toHaveURL(/\/auth\/login\?logged_out=1$/);
    });

    test('a crumb leads up to the page above', async ({ page, loginAs }) => {
      await loginAs('admin');
      const { data } = (await (await page.request.get('/api/brands?per_page=10')).json()) as { data: { id: number }[] };
      await page.goto(`/brands/${data[0]!.id}/edit`);
      const trail = page.getByRole('navigation', { name: 'Breadcrumb' });
      await expect(trail.getByRole('listitem')).toHaveText(['Brands', '/Edit brand']);
      await expect(trail.locator('[aria-current="page"]')).toHaveText('Edit brand');
      await trail.getByRole('link', { name: 'Brands' }).click();
      await expect(page).toHaveURL(/\/brands\/listing$/);
      await expect(trail.getByRole('link')).toHaveCount(0);
    });
  });
}

test('every crumb but the last links to a page the account can open, on every page it can open', async ({ page, loginAs }) => {
  test.setTimeout(120_000);
  const pages = routes.filter((r) => r.kind === 'page' && r.access.kind !== 'public' && r.access.kind !== 'guest' && r.methods.includes('GET'));
  for (const account of ['admin', 'vendor', 'support'] as DemoAccount[]) {
    await page.context().clearCookies();
    await loginAs(account);
    let walked = 0;
    for (const route of pages) {
      const address = route.pattern.replace(/:(\w+)/g, (_, param: string) => route.sample?.[param] ?? '1');
      const response = await page.request.get(address, { maxRedirects: 0 });
      if (response.status() !== 200 && response.status() !== 501) continue;
      const html = await response.text();
      const links = crumbLinks(html);
      const crumbs = /<nav aria-label="Breadcrumb"[^>]*>([\s\S]*?)<\/nav>/.exec(html)?.[1]?.match(/<li/g)?.length ?? 0;
      if (crumbs === 0) continue; // the onboarding steps' own layout has no breadcrumb
      expect(links.length, `${ACCOUNTS[account].email} ${address}: every crumb but the last is a link`).toBe(crumbs - 1);
      for (const link of links) expect((await page.request.get(link, { maxRedirects: 0 })).status(), `${address} → ${link}`).toBe(200);
      walked++;
    }
    expect(walked, `pages walked as ${account}`).toBeGreaterThan(2);
  }
});
