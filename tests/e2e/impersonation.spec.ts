/**
 * Impersonation, start to finish (spec §2, §4, §8): an administrator picks a user on the
 * dashboard, sees the back-office as that user (banner, their menu), may not change their
 * password, leaves with Reverse Impersonation, and the activity log names both people.
 */
import { test, expect } from './fixtures.ts';
import { currentUser, drawnMenu, expectedMenu, pageFetch } from './foundation-helpers.ts';

const activityUrl = (recordId: number) =>
  `/activity-logs?${new URLSearchParams({
    filters: JSON.stringify({
      area: { operator: 'and', constraints: [{ matchMode: 'equals', value: 'users' }] },
      record_id: { operator: 'and', constraints: [{ matchMode: 'equals', value: String(recordId) }] },
    }),
  })}`;

test('admin impersonates the vendor, is refused a password change, and reverses it', async ({ page, loginAs }) => {
  test.setTimeout(60_000);
  await loginAs('admin');
  const admin = await currentUser(page);

  // The dashboard lists the users admin may act as; the vendor is one of them.
  const card = page.getByRole('region', { name: 'Impersonate a user' });
  await expect(card).toBeVisible();
  // Everyone else (admin holds every permission), never admin themself.
  const offered = await card.getByRole('button', { name: /^Impersonate / }).evaluateAll((buttons) => buttons.map((b) => b.getAttribute('aria-label')));
  expect(offered).toEqual([
    'Impersonate Neha Newvendor (newvendor@example.com)',
    'Impersonate Pooja Pendingvendor (pendingvendor@example.com)',
    'Impersonate Sunil Support (support@example.com)',
    'Impersonate Vikram Vendor (vendor@example.com)',
  ]);
  await card.getByRole('button', { name: 'Impersonate Vikram Vendor (vendor@example.com)' }).click();

  // Spec §2: the browser goes to the dashboard, now as the vendor, under the banner.
  const banner = page.locator('[data-impersonation-banner]');
  await expect(banner).toBeVisible({ timeout: 10_000 });
  await expect(page).toHaveURL(/\/dashboard$/);
  await expect(banner).toContainText('You are impersonating Vikram Vendor (vendor@example.com)');
  await expect(banner.getByRole('button', { name: 'Reverse Impersonation' })).toBeVisible();
  await expect(page.getByRole('heading', { name: 'Welcome back, Vikram' })).toBeVisible();
  await expect(page.getByText('Acting as vendor@example.com')).toBeVisible();
  await expect(card).toHaveCount(0);

  // The menu is the vendor's: what their abilities allow, nothing of admin's.
  const acting = await currentUser(page);
  expect(acting.email).toBe('vendor@example.com');
  expect(acting.impersonator).toEqual({ id: admin.id, name: admin.name, email: admin.email });
  const menu = await drawnMenu(page);
  expect(menu.items).toEqual(expectedMenu(acting.abilities, acting.user_type).items);
  expect(menu.items).not.toContain('Users');
  expect(menu.items).not.toContain('Activity Logs');

  // A reload keeps it: the check call succeeds, so the banner stays.
  const [check] = await Promise.all([page.waitForResponse((r) => new URL(r.url()).pathname === '/api/impersonate-check'), page.reload()]);
  expect(check.status()).toBe(200);
  await expect(banner).toContainText('Vikram Vendor');
  await expect(banner).toBeVisible();

  // The vendor's password cannot be changed from here.
  await page.goto('/profile/update-password');
  await expect(page.getByText('The password cannot be changed while impersonating.')).toBeVisible();
  await expect(page.getByLabel('Current password')).toHaveCount(0);
  // Nor by calling the API directly (a wrong current password: were the block missing, this would be 422, never a change).
  const refused = await pageFetch(page, 'POST', '/api/user-password', {
    json: { current_password: 'Wrong@12345', password: 'Another@12345', password_confirmation: 'Another@12345' },
  });
  expect(refused.status).toBe(403);
  expect(refused.body?.message).toBe('Changing the email or password is not allowed while impersonating.');

  // Reverse Impersonation: back to admin on the dashboard, no banner.
  await banner.getByRole('button', { name: 'Reverse Impersonation' }).click();
  await expect(page).toHaveURL(/\/dashboard$/);
  await expect(page.getByRole('heading', { name: 'Welcome back, Asha' })).toBeVisible();
  await expect(banner).toHaveCount(0);
  await expect(card).toBeVisible();
  expect((await currentUser(page)).impersonator).toBeNull();
  expect(await drawnMenu(page)).toEqual(expectedMenu(admin.abilities));

  // Admin's own recent activity (the right panel) has both steps, on the vendor's record.
  await page.getByRole('button', { name: 'Menu: recent activity' }).click();
  const panel = page.locator('#right-panel');
  await expect(panel.getByRole('heading', { name: 'Menu' })).toBeVisible();
  await expect(panel.getByText(`Impersonate leave · User ${acting.name}`).first()).toBeVisible();
  await expect(panel.getByText(`Impersonate start · User ${acting.name}`).first()).toBeVisible();
  await panel.getByRole('button', { name: 'Close the Menu panel' }).click();

  // The activity log names both people on each entry.
  await page.goto(activityUrl(acting.id));
  const rows = page.locator('tbody tr');
  await expect(rows.first()).toContainText('impersonate-leave');
  await expect(rows.nth(1)).toContainText('impersonate-start');
  for (const row of [rows.first(), rows.nth(1)]) {
    await expect(row).toContainText('Asha Admin');
    await expect(row).toContainText('as Vikram Vendor');
  }
});

test('the impersonation card is only for users who hold users:impersonate', async ({ page, loginAs }) => {
  await loginAs('support');
  const support = await currentUser(page);
  expect(support.abilities).not.toContain('users:impersonate');
  await expect(page.getByRole('heading', { name: /Welcome back/ })).toBeVisible();
  await expect(page.getByRole('region', { name: 'Impersonate a user' })).toHaveCount(0);
  // The server refuses the call too, whatever the page shows.
  const refused = await pageFetch(page, 'POST', '/api/impersonate/1', { json: {} });
  expect(refused.status).toBe(403);
  await page.reload();
  await expect(page.locator('[data-impersonation-banner]')).toHaveCount(0);
});
