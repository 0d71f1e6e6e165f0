/**
 * Issue 13 in the browser, on a desktop and on a 360×740 phone: a brand edit is in the activity
 * log as "Brand <name>" with the form's field labels in its diff; the Type filter hides sign-ins;
 * and a time reads the same way (IST, "12 Jan 2026, 3:04 pm IST") in the brands list,
 * the notifications, the activity log and the right panel, as the server rendered it.
 */
import type { Locator, Page } from '@playwright/test';
import { test, expect } from './fixtures.ts';
import { createBrand, expectEveryRowToContain, uniqueTag, AFTER_SAVE } from './area-helpers.ts';

/** The product's one time format. */
const IST_TIME = /^\d{1,2} (Jan|Feb|Mar|Apr|May|Jun|Jul|Aug|Sep|Oct|Nov|Dec) \d{4}, (1[0-2]|[1-9]):[0-5]\d (am|pm) IST$/;

const entriesUrl = (recordId: number) =>
  `/activity-logs?${new URLSearchParams({
    filters: JSON.stringify({
      area: { operator: 'and', constraints: [{ matchMode: 'equals', value: 'brands' }] },
      record_id: { operator: 'and', constraints: [{ matchMode: 'equals', value: String(recordId) }] },
    }),
  })}`;

/** The text of `column`'s cell in `row` (by the header's position). */
async function cellOf(page: Page, row: Locator, column: string): Promise<Locator> {
  const headers = await page.locator('thead th').allInnerTexts();
  // Headers are upper-cased by CSS on wide screens; "Record" is not "Record ID".
  const index = headers.findIndex((h) => h.trim().toLowerCase() === column.toLowerCase());
  expect(index, `a "${column}" column in ${headers.join(' | ')}`).toBeGreaterThanOrEqual(0);
  return row.locator('td').nth(index);
}

/** The cell's time is the product's format, and the server's HTML had the same text before hydration. */
async function expectServerRenderedTime(page: Page, cell: Locator): Promise<void> {
  await expect(cell).toHaveText(IST_TIME);
  const text = (await cell.innerText()).trim();
  const html = await (await page.request.get(page.url())).text();
  // The page's text as the server wrote it: a cell may split a time into parts that wrap apart.
  const serverText = html
    .replace(/<!--[\s\S]*?-->/g, '')
    .replace(/<[^>]+>/g, '')
    .replace(/\s+/g, ' ');
  expect(serverText, 'the server rendered the same time text').toContain(text.replace(/\s+/g, ' '));
}

const VIEWPORTS = [
  { name: 'desktop', viewport: { width: 1280, height: 800 } },
  { name: 'phone', viewport: { width: 360, height: 740 } },
];

for (const { name, viewport } of VIEWPORTS) {
  test.describe(`on a ${name}`, () => {
    test.use({ viewport });

    test('a brand edit is in the activity log as "Brand <name>", its diff labelled as the form labels it', async ({ page, loginAs }) => {
      test.slow(); // several page loads on a shared two-core machine
      await loginAs('admin');
      const tag = uniqueTag();
      const brand = await createBrand(page, `Ledger ${tag}`);
      await page.goto(`/brands/${brand.id}/edit`);
      await page.getByLabel('Name').fill(`Ledger Renamed ${tag}`);
      await page.getByLabel('Description').fill('Hand-woven.');
      await page.getByRole('button', { name: 'Save' }).click();
      await expect(page).toHaveURL(/\/brands\/listing$/, AFTER_SAVE);

      await page.goto(entriesUrl(brand.id));
      const rows = page.locator('tbody tr');
      await expect(rows).toHaveCount(2);
      // Each entry names the record as it was then; not "brands 12".
      await expect(await cellOf(page, rows.nth(0), 'Record')).toHaveText(`Brand Ledger Renamed ${tag}`);
      await expect(await cellOf(page, rows.nth(1), 'Record')).toHaveText(`Brand Ledger ${tag}`);

      await rows
        .nth(0)
        .getByRole('button', { name: /^View entry/ })
        .click();
      const dialog = page.getByRole('dialog');
      await expect(dialog.getByRole('heading', { name: `Brand Ledger Renamed ${tag}: update` })).toBeVisible();
      const changes = dialog.getByRole('table');
      await expect(changes.getByRole('rowheader')).toHaveText(['Name', 'Description']);
      await expect(changes.getByRole('row', { name: /^Name/ })).toContainText(`Ledger ${tag}`);
      await expect(changes.getByRole('row', { name: /^Name/ })).toContainText(`Ledger Renamed ${tag}`);
      await expect(changes.getByRole('row', { name: /^Description/ })).toContainText('Hand-woven.');
      await expect(dialog.getByText(IST_TIME)).toBeVisible();
      await page.keyboard.press('Escape');
      await expect(dialog).toHaveCount(0);
    });

    test('the Type filter hides sign-ins and sign-outs', async ({ page, loginAs }) => {
      await loginAs('admin');
      const actionCells = page.locator('tbody td').filter({ hasText: /^(login|login-failed|logout)$/ });
      // Only sign-ins first: there is at least the one this worker made.
      await page.goto('/activity-logs');
      await page.getByRole('button', { name: /^Filter Type/ }).click();
      await page.getByLabel('Type value').selectOption({ label: 'Sign-in or sign-out' });
      await page.getByRole('button', { name: 'Apply' }).click();
      const rows = page.locator('tbody tr');
      await expectEveryRowToContain(rows, 'Sign-in or sign-out');
      await expect(actionCells.first()).toBeVisible();

      // Then everything else: no sign-in is left.
      await page.getByRole('button', { name: /^Filter Type/ }).click();
      await page.getByLabel('Type value').selectOption({ label: 'Other activity' });
      await page.getByRole('button', { name: 'Apply' }).click();
      await expectEveryRowToContain(rows, 'Other activity');
      await expect(actionCells).toHaveCount(0);
      // The filter is in the URL: a reload keeps sign-ins hidden (the server filtered them).
      await page.reload();
      await expectEveryRowToContain(rows, 'Other activity');
      await expect(actionCells).toHaveCount(0);
    });

    test('a time reads the same way in the brands list, the notifications, the activity log and the right panel', async ({ page, loginAs }) => {
      test.slow();
      await loginAs('admin');
      const brand = await createBrand(page, `Clock ${uniqueTag()}`);

      await page.goto(`/brands/listing?${new URLSearchParams({ q: brand.name })}`);
      const brandRow = page.locator('tbody tr');
      await expect(brandRow).toHaveCount(1);
      await expectServerRenderedTime(page, await cellOf(page, brandRow, 'Updated'));

      await page.goto('/notifications');
      await expectServerRenderedTime(page, await cellOf(page, page.locator('tbody tr').first(), 'When'));

      await page.goto(entriesUrl(brand.id));
      await expectServerRenderedTime(page, await cellOf(page, page.locator('tbody tr').first(), 'When'));

      await page.getByRole('button', { name: 'Menu: recent activity' }).click();
      const panel = page.locator('#right-panel');
      await expect(panel.getByText(`Create · Brand ${brand.name}`)).toBeVisible();
      await expect(panel.locator('time').first()).toHaveText(IST_TIME);
    });
  });
}
