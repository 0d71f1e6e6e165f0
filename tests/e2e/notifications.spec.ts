/**
 * Notifications and global settings in the browser: saving the settings (a secret stays masked)
 * notifies the Super Admin, the bell shows the unread count, and marking read on /notifications
 * updates the bell at once. Support has neither page's permission… but does have notifications.
 */
import { test, expect, expectToast } from './fixtures.ts';
import { uniqueTag } from './area-helpers.ts';
import type { Page } from '@playwright/test';

const bell = (page: Page) => page.locator('a[data-bell]');

async function unreadInBell(page: Page): Promise<number> {
  const label = (await bell(page).getAttribute('aria-label')) ?? '';
  return Number(/(\d+) unread/.exec(label)?.[1] ?? 0);
}

test('saving the global settings keeps a secret masked and notifies the admin; marking it read updates the bell', async ({ page, loginAs }) => {
  test.slow(); // several page loads and saves on a shared two-core machine
  await loginAs('admin');
  const tag = uniqueTag();
  await page.goto('/global-settings');
  await expect(page.getByRole('heading', { name: 'Global Settings' })).toBeVisible();
  await expect(page.getByRole('button', { name: 'Save' })).toBeEnabled();
  const before = await unreadInBell(page);

  await page.getByLabel('Store name').fill(`Bazaar ${tag}`);
  // Twilio's fields appear only once it is chosen.
  await expect(page.getByLabel('Twilio Account SID')).toHaveCount(0);
  await page.getByLabel('SMS provider').selectOption('twilio');
  await page.getByLabel('Twilio Account SID').fill(`AC${'0123456789abcdef'.repeat(2)}`);
  await page.getByRole('textbox', { name: 'Twilio auth token' }).fill(`secret-${tag}`);
  await page.getByLabel('Send from (number)').fill('+919876543210');
  await page.getByRole('button', { name: 'Save' }).click();
  await expectToast(page, 'Settings saved.');

  // After a reload the token is not in the page: the field only says one is saved.
  await page.reload();
  await expect(page.getByLabel('Store name')).toHaveValue(`Bazaar ${tag}`);
  await expect(page.getByRole('textbox', { name: 'Twilio auth token' })).toHaveValue('');
  await expect(page.getByRole('textbox', { name: 'Twilio auth token' })).toHaveAttribute('placeholder', 'Saved. Leave blank to keep it.');
  expect(await page.content()).not.toContain(`secret-${tag}`);
  await expect(bell(page)).toHaveAttribute('aria-label', `Notifications, ${before + 1} unread`);

  // Put the SMS provider back for other specs (they share the server).
  await page.getByLabel('SMS provider').selectOption('default');
  await page.getByRole('button', { name: 'Save' }).click();
  await expectToast(page, 'Settings saved.');

  await bell(page).click();
  await expect(page).toHaveURL(/\/notifications$/);
  // Newest first: the change back to the default provider, then the first save.
  const changes = page.locator('tbody tr').filter({ hasText: 'Global settings were changed' });
  await expect(changes.nth(0)).toContainText('Changed: sms provider.');
  await expect(changes.nth(1)).toContainText('Changed: store name, sms provider, twilio account sid, twilio from, twilio auth token.');
  const row = changes.nth(0);
  const count = await unreadInBell(page);
  await row.getByRole('button', { name: 'Mark “Global settings were changed” as read' }).click();
  await expect(row.getByRole('button', { name: 'Mark “Global settings were changed” as unread' })).toBeVisible();
  await expect(bell(page)).toHaveAttribute('aria-label', count - 1 > 0 ? `Notifications, ${count - 1} unread` : 'Notifications');

  await page.getByRole('button', { name: 'Mark all read' }).click();
  await expectToast(page, /marked as read|Nothing to mark/);
  await expect(bell(page)).toHaveAttribute('aria-label', 'Notifications');
  await page.reload();
  await expect(bell(page)).toHaveAttribute('aria-label', 'Notifications');
});

test('a bad value is refused beside its field and nothing is saved', async ({ page, loginAs }) => {
  await loginAs('admin');
  await page.goto('/global-settings');
  await expect(page.getByRole('button', { name: 'Save' })).toBeEnabled();
  await page.getByLabel('Default commission %').fill('150');
  await page.getByRole('button', { name: 'Save' }).click();
  await expect(page.getByText('At most 100.')).toBeVisible();
  await expect(page.getByLabel('Default commission %')).toBeFocused();
  await page.reload();
  await expect(page.getByLabel('Default commission %')).not.toHaveValue('150');
});

test('support sees its notifications but not the global settings', async ({ page, loginAs }) => {
  await loginAs('support');
  const settings = await page.goto('/global-settings');
  expect(settings?.status()).toBe(403);
  const notifications = await page.goto('/notifications');
  expect(notifications?.status()).toBe(200);
  await expect(page.getByRole('heading', { name: 'Notifications' })).toBeVisible();
});
