/**
 * Roles and grants in the browser: an admin adds a role (requiring two-factor sign-in), gives it
 * three permissions through the matrix using its search box, and finds them saved; a user's matrix
 * shows the cells their role gives ticked and read-only, naming the role, and a direct grant as a
 * toggle; the matrix works at 360×740 (the table scrolls sideways, the area column stays).
 */
import { test, expect, expectToast, loginAs } from './fixtures.ts';
import { AFTER_SAVE, pageScriptsGzip, uniqueTag } from './area-helpers.ts';
import { seriousViolations } from './shell-helpers.ts';
import type { Page } from '@playwright/test';

const cell = (page: Page, name: string | RegExp) => page.getByRole('checkbox', { name, exact: typeof name === 'string' });
const ready = (page: Page) => expect(page.locator('form[data-ready]')).toBeVisible();

async function supportUserId(page: Page): Promise<number> {
  const other = await page.context().browser()!.newContext({ baseURL: process.env.E2E_BASE_URL });
  const supportPage = await other.newPage();
  await loginAs(supportPage, 'support');
  const me = (await (await supportPage.request.get('/api/user')).json()) as { id: number };
  await other.close();
  return me.id;
}

test.describe('roles and grants', () => {
  test('an admin creates a role and gives it three permissions through the matrix', async ({ page, loginAs: signIn }) => {
    test.slow();
    await signIn('admin');
    const name = `Catalogue editors ${uniqueTag()}`;

    await page.goto('/roles');
    await expect(page.locator('tbody tr').filter({ hasText: 'Super Admin' })).toBeVisible();
    await page.getByRole('link', { name: 'Add role' }).click();
    await expect(page.getByRole('button', { name: 'Add role' })).toBeEnabled();
    await page.getByLabel('Name').fill(name);
    await page.getByLabel('Description').fill('Brands and tags');
    await page.getByLabel('Require two-factor sign-in').check();
    await page.getByRole('button', { name: 'Add role' }).click();
    await expect(page).toHaveURL(/\/roles(\?|$)/, AFTER_SAVE);
    await expectToast(page, 'Role created.');

    await page.getByRole('searchbox', { name: 'Search roles' }).fill(name);
    const row = page.locator('tbody tr').filter({ hasText: name });
    await expect(row).toBeVisible();
    await expect(row).toContainText('Required');
    await row.getByRole('link', { name: `Permissions of ${name}` }).click();
    await expect(page.getByRole('heading', { name: `Permissions of ${name}` })).toBeVisible();
    await ready(page);

    const search = page.getByRole('searchbox', { name: 'Search areas' });
    await search.fill('brands');
    await expect(page.locator('tbody tr[data-area]')).toHaveCount(1);
    await expect(cell(page, 'tags: list')).toHaveCount(0);
    await cell(page, 'brands: list').check();
    await cell(page, 'brands: create').check();
    await search.fill('tags');
    await cell(page, 'tags: list').check();
    // An area without an action has no checkbox for it.
    await expect(cell(page, 'tags: view')).toHaveCount(0);
    await expect(page.getByText('3 to grant, 0 to revoke')).toBeVisible();
    await page.getByRole('button', { name: 'Save permissions' }).click();
    await expectToast(page, new RegExp(`granted brands:create, brands:list, tags:list to ${name}`));
    await expect(page.getByText('No unsaved changes')).toBeVisible();

    // Saved: a fresh load shows exactly those three.
    await page.reload();
    await ready(page);
    const ticked = await page
      .locator('tbody input[type="checkbox"][aria-label*=": "]:checked')
      .evaluateAll((els) => els.map((e) => e.getAttribute('aria-label')));
    expect(ticked.sort()).toEqual(['brands: create', 'brands: list', 'tags: list']);

    // "All of this area" ticks the rest of the row; Undo puts it back.
    await search.fill('brands');
    await page.getByRole('checkbox', { name: 'All of this area: brands' }).check();
    await expect(cell(page, 'brands: delete')).toBeChecked();
    await expect(page.getByText('2 to grant, 0 to revoke')).toBeVisible();
    await page.getByRole('button', { name: 'Undo changes' }).click();
    await expect(cell(page, 'brands: delete')).not.toBeChecked();
  });

  test('a user’s matrix shows role-derived cells read-only and direct grants as toggles', async ({ page, loginAs: signIn }) => {
    test.slow();
    await signIn('admin');
    const id = await supportUserId(page);
    await page.goto(`/user/permissions/${id}`);
    await expect(page.getByRole('heading', { name: 'Permissions of Sunil Support' })).toBeVisible();
    const fromRole = cell(page, 'orders: list (from role Support)');
    await expect(fromRole).toBeChecked();
    await expect(fromRole).toBeDisabled();
    await expect(fromRole).toHaveAttribute('title', 'From role Support');

    await page.getByRole('searchbox', { name: 'Search areas' }).fill('faqs');
    const direct = cell(page, 'faqs: list');
    await expect(direct).toBeEnabled();
    await direct.check();
    await page.getByRole('button', { name: 'Save permissions' }).click();
    await expectToast(page, /granted faqs:list to Sunil Support/);
    await page.reload();
    await expect(cell(page, 'faqs: list')).toBeChecked();
    await expect(cell(page, 'faqs: list')).toHaveAttribute('data-source', 'direct');
    // Back as it was, for the other specs.
    await cell(page, 'faqs: list').uncheck();
    await page.getByRole('button', { name: 'Save permissions' }).click();
    await expectToast(page, /revoked faqs:list from Sunil Support/);
  });

  test('the Super Admin role’s matrix is read-only', async ({ page, loginAs: signIn }) => {
    await signIn('admin');
    await page.goto('/roles');
    await page.locator('tbody tr').filter({ hasText: 'Super Admin' }).getByRole('link', { name: 'Permissions of Super Admin' }).click();
    await expect(page.getByText(/always holds every permission/)).toBeVisible();
    await expect(cell(page, 'brands: delete')).toBeChecked();
    await expect(cell(page, 'brands: delete')).toBeDisabled();
    await expect(page.getByRole('button', { name: 'Save permissions' })).toHaveCount(0);
  });
});

test('the matrix pages pass axe and stay within the JavaScript budget (100 KiB gzipped)', async ({ page, loginAs: signIn }) => {
  test.slow();
  await signIn('admin');
  const id = await supportUserId(page);
  for (const path of ['/permissions/2', `/user/permissions/${id}`]) {
    const { bytes } = await pageScriptsGzip(page, path);
    expect(bytes, `${path} JavaScript, gzipped`).toBeLessThanOrEqual(100 * 1024);
    await ready(page);
    expect(await seriousViolations(page, ['main']), `axe on ${path}`).toEqual([]);
  }
});

test.describe('on a phone', () => {
  test.use({ viewport: { width: 360, height: 740 } });

  test('the matrix scrolls sideways with the area column kept in view', async ({ page, loginAs: signIn }) => {
    await signIn('admin');
    await page.goto('/roles');
    await page.locator('tbody tr').filter({ hasText: 'Support' }).first().hover();
    await page.getByRole('link', { name: 'Permissions of Support' }).click();
    await ready(page);
    // The page itself does not scroll sideways; the table's box does.
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(360);
    const box = page.locator('form[data-ready] .overflow-x-auto');
    expect(await box.evaluate((el) => el.scrollWidth > el.clientWidth)).toBe(true);
    await page.getByRole('searchbox', { name: 'Search areas' }).fill('brands');
    const areaToggle = page.getByRole('checkbox', { name: 'All of this area: brands' });
    await box.evaluate((el) => el.scrollTo({ left: el.scrollWidth }));
    await expect(areaToggle).toBeInViewport();
    // A far-right cell is reachable and works.
    await expect(cell(page, 'brands: delete')).toBeVisible();
    await cell(page, 'brands: delete').check();
    await expect(page.getByText('1 to grant, 0 to revoke')).toBeVisible();
  });
});
