/**
 * Users in the browser: an admin invites a user from /users/list, the user opens the link from
 * the mail in the outbox, sets a password and signs in (desktop); the list on a 360×740 phone.
 */
import { test, expect, expectToast } from './fixtures.ts';
import { uniqueTag, AFTER_SAVE } from './area-helpers.ts';
import { expectNoSeriousViolations } from './shell-helpers.ts';
import { invitationLink } from './outbox.ts';

test('an admin invites a user; the user accepts from the mail, sets a password and signs in', async ({ page, loginAs, browser }) => {
  test.slow(); // several page loads on a shared two-core machine
  const tag = uniqueTag().toLowerCase();
  const email = `invitee.${tag}@example.com`;
  await loginAs('admin');
  await page.goto('/users/list');
  await page.getByRole('link', { name: 'Add user' }).click();
  await expect(page).toHaveURL(/\/users\/add$/);
  await page.getByLabel('Name').fill(`Invitee ${tag}`);
  await page.getByLabel('Email').fill(email);
  await page.getByLabel('Mobile').fill('98450 12345');
  await page.getByRole('checkbox', { name: 'Support' }).check();
  await page.getByRole('button', { name: 'Add user' }).click();
  await expect(page).toHaveURL(/\/users\/list$/, AFTER_SAVE);
  await expectToast(page, /User created/);
  await page.getByRole('searchbox', { name: 'Search users' }).fill(email);
  const row = page.locator('tbody tr').filter({ hasText: email });
  await expect(row).toHaveCount(1);
  await expect(row).toContainText('Support');
  await expect(row).toContainText('Invited');

  await expect.poll(() => invitationLink(email), { timeout: 15_000 }).toBeTruthy();
  const link = new URL(invitationLink(email)!);

  // The invitee, in a browser of their own.
  const context = await browser.newContext();
  const invitee = await context.newPage();
  await invitee.goto(`${link.pathname}${link.search}`);
  await expect(invitee.getByRole('heading', { name: 'Welcome' })).toBeVisible();
  await invitee.getByLabel('Password', { exact: true }).fill('Welcome@2026');
  await invitee.getByLabel('Confirm password').fill('Welcome@2026');
  await invitee.getByRole('button', { name: 'Set password' }).click();
  await expect(invitee).toHaveURL(/\/auth\/login\?invited=1$/);
  await expect(invitee.getByText('Your password is set. Sign in to start.')).toBeVisible();
  await invitee.getByLabel('Email').fill(email);
  await invitee.getByLabel('Password', { exact: true }).fill('Welcome@2026');
  await invitee.getByRole('button', { name: 'Sign in' }).click();
  await expect(invitee).toHaveURL(/\/dashboard$/);

  // The admin deactivates them from the edit page: their open page is signed out at once.
  await page.goto(`/users/list?q=${encodeURIComponent(email)}`);
  await page.getByRole('link', { name: `Edit Invitee ${tag}` }).click();
  await expect(page).toHaveURL(/\/users\/\d+\/edit$/);
  await expect(page.getByLabel('Email')).toHaveAttribute('readonly', '');
  await expect(page.getByLabel('Email')).toHaveValue(email);
  await page.getByLabel('Status').selectOption('disabled');
  await page.getByRole('button', { name: 'Save' }).click();
  await expect(page).toHaveURL(/\/users\/list/, AFTER_SAVE);
  await invitee.reload();
  await expect(invitee).toHaveURL(/\/auth\/login/);
  await context.close();

  // The link worked once (a signed-in browser would be sent to the dashboard: a guest's).
  const again = await browser.newContext();
  const guest = await again.newPage();
  await guest.goto(`${link.pathname}${link.search}`);
  await expect(guest.getByText('This invitation link is invalid, used or expired.')).toBeVisible();
  await expect(guest.getByRole('button', { name: 'Set password' })).toHaveCount(0);
  await again.close();
});

test.describe('on a 360×740 phone', () => {
  test.use({ viewport: { width: 360, height: 740 } });

  test('the users list reads as cards, with the row actions, and nothing scrolls sideways', async ({ page, loginAs }) => {
    await loginAs('admin');
    await page.goto('/users/list');
    await expect(page.getByRole('heading', { name: 'Users', level: 1 })).toBeVisible();
    const row = page.locator('tbody tr').filter({ hasText: 'support@example.com' });
    await expect(row).toBeVisible();
    await expect(row).toContainText('Sunil Support');
    await expect(row).toContainText('Active');
    await row.hover();
    await expect(row.getByRole('button', { name: 'Sign out everywhere: Sunil Support' })).toBeVisible();
    const overflow = await page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth);
    expect(overflow).toBeLessThanOrEqual(0);
  });
});

test('the users pages and the invitation page have no serious axe violation', async ({ page, loginAs, browser }) => {
  test.slow(); // axe takes seconds per page on a busy machine
  await loginAs('admin');
  for (const path of ['/users/list', '/users/add', '/users/1/edit']) {
    await page.goto(path);
    if (path !== '/users/list') await expect(page.getByRole('checkbox', { name: 'Super Admin' })).toBeVisible();
    else await page.locator('tbody tr').first().hover();
    await expectNoSeriousViolations(page, path);
  }
  const context = await browser.newContext();
  const guest = await context.newPage();
  await guest.goto('/auth/invitation?token=not-a-live-token');
  await expect(guest.getByText('This invitation link is invalid, used or expired.')).toBeVisible();
  await expectNoSeriousViolations(guest, '/auth/invitation');
  await context.close();
});
