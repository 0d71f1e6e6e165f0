/**
 * Issue 14's journey across people and access, in Chromium: an admin creates a role, gives it
 * three permissions through the matrix, invites a user holding that role; the user accepts the
 * invitation from the mail, signs in, and sees exactly the menu those three permissions open —
 * and is refused a page they don't.
 */
import { test, expect, expectToast } from './fixtures.ts';
import { AFTER_SAVE, uniqueTag } from './area-helpers.ts';
import { drawnMenu, expectedMenu } from './foundation-helpers.ts';
import { invitationLink } from './outbox.ts';

const GRANTS = ['dashboard: view', 'brands: list', 'tags: list'];

test('a role with three permissions, an invited user holding it, and exactly that menu', async ({ page, loginAs, browser }) => {
  test.slow(); // two browsers and a dozen page loads on a shared two-core machine
  const tag = uniqueTag();
  const role = `Brand desk ${tag}`;
  const email = `brand.desk.${tag.toLowerCase()}@example.com`;
  await loginAs('admin');

  // The role, and its three permissions through the matrix.
  await page.goto('/roles/add');
  await expect(page.getByRole('button', { name: 'Add role' })).toBeEnabled();
  await page.getByLabel('Name').fill(role);
  await page.getByRole('button', { name: 'Add role' }).click();
  await expect(page).toHaveURL(/\/roles(\?|$)/, AFTER_SAVE);
  await page.getByRole('searchbox', { name: 'Search roles' }).fill(role);
  await page
    .locator('tbody tr')
    .filter({ hasText: role })
    .getByRole('link', { name: `Permissions of ${role}` })
    .click();
  await expect(page.locator('form[data-ready]')).toBeVisible();
  for (const grant of GRANTS) await page.getByRole('checkbox', { name: grant, exact: true }).check();
  await expect(page.getByText('3 to grant, 0 to revoke')).toBeVisible();
  await page.getByRole('button', { name: 'Save permissions' }).click();
  await expectToast(page, new RegExp(`granted .* to ${role}`));

  // The invitation, with that role.
  await page.goto('/users/add');
  await page.getByLabel('Name').fill(`Desk ${tag}`);
  await page.getByLabel('Email').fill(email);
  await page.getByRole('checkbox', { name: role }).check();
  await page.getByRole('button', { name: 'Add user' }).click();
  await expect(page).toHaveURL(/\/users\/list$/, AFTER_SAVE);
  await expect.poll(() => invitationLink(email), { timeout: 15_000 }).toBeTruthy();
  const link = new URL(invitationLink(email)!);

  // The invitee, in a browser of their own: sets a password, signs in.
  const context = await browser.newContext({ baseURL: process.env.E2E_BASE_URL });
  const invitee = await context.newPage();
  await invitee.goto(`${link.pathname}${link.search}`);
  await invitee.getByLabel('Password', { exact: true }).fill('Desk@2026wide');
  await invitee.getByLabel('Confirm password').fill('Desk@2026wide');
  await invitee.getByRole('button', { name: 'Set password' }).click();
  await expect(invitee).toHaveURL(/\/auth\/login\?invited=1$/);
  await invitee.getByLabel('Email').fill(email);
  await invitee.getByLabel('Password', { exact: true }).fill('Desk@2026wide');
  await invitee.getByRole('button', { name: 'Sign in' }).click();
  await expect(invitee).toHaveURL(/\/dashboard$/);

  // Exactly the menu of those three permissions: Dashboard, Brands, Product Tags.
  const expected = expectedMenu(['dashboard:view', 'brands:list', 'tags:list']);
  expect([...expected.items].sort()).toEqual(['Brands', 'Dashboard', 'Product Tags']);
  expect(await drawnMenu(invitee)).toEqual(expected);
  // What the role doesn't give is refused, whatever the address bar says.
  const refused = await invitee.goto('/users/list');
  expect(refused?.status()).toBe(403);
  const added = await invitee.goto('/brands/add');
  expect(added?.status()).toBe(403);
  await context.close();
});
