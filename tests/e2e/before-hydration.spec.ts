/**
 * A click right after load works (issue 13, decision 029). List islands hydrate on intent
 * (client:intent): until a person reaches for the table it is server HTML only, and the first tap
 * both wakes it and is replayed on the same control once it is ready. Each case opens a list
 * without waiting for anything but the first bytes, checks the island has not hydrated (so the
 * click really lands before hydration), then acts at once as a person would, on the desktop and
 * on a 360×740 phone, on brands, warehouses and pincodes (one shared kit).
 */
import type { Page } from '@playwright/test';
import { test, expect } from './fixtures.ts';

const LISTS = [
  { label: 'brands', path: '/brands/listing', column: 'Name' },
  { label: 'warehouses', path: '/warehouses', column: 'Name' },
  { label: 'pincodes', path: '/pincodes/listing', column: 'Pincode' },
] as const;

const VIEWPORTS = [
  { name: 'desktop', viewport: { width: 1280, height: 800 } },
  { name: 'phone 360×740', viewport: { width: 360, height: 740 } },
] as const;

/** Opens a list as soon as it starts arriving; the table island is still server HTML. */
async function openUnhydrated(page: Page, path: string): Promise<void> {
  await page.goto(path, { waitUntil: 'commit' });
  await expect(page.locator('tbody tr').first()).toBeVisible();
  await expect(page.locator('astro-island[client="intent"][ssr]'), 'the list has not hydrated before the click').toHaveCount(1);
}

for (const { name, viewport } of VIEWPORTS) {
  test.describe(`before hydration, ${name}`, () => {
    test.use({ viewport });

    for (const list of LISTS) {
      test(`${list.label}: ticking the first row at once selects it`, async ({ page, loginAs }) => {
        await loginAs('admin');
        await openUnhydrated(page, list.path);
        const first = page.locator('tbody tr').first().getByRole('checkbox');
        await first.click();
        await expect(page.getByText(/^1 selected$/)).toBeVisible();
        // Replayed once, not twice: the box stays ticked and the table is now hydrated.
        await expect(first).toBeChecked();
        await expect(page.locator('[data-ready]')).toHaveCount(1);
      });

      test(`${list.label}: opening a column filter at once shows it`, async ({ page, loginAs }) => {
        await loginAs('admin');
        await openUnhydrated(page, list.path);
        await page.getByRole('button', { name: new RegExp(`^Filter ${list.column}`) }).click();
        await expect(page.getByRole('dialog', { name: `Filter ${list.column}` })).toBeVisible();
      });

      test(`${list.label}: sorting at once sorts`, async ({ page, loginAs }) => {
        await loginAs('admin');
        await openUnhydrated(page, list.path);
        const header = page.getByRole('columnheader', { name: list.column });
        const before = await header.getAttribute('aria-sort');
        // The header's sort control: a link once the server draws one, a button the island handles.
        await header.locator('a, button').first().click();
        await expect(header).toHaveAttribute('aria-sort', before === 'ascending' ? 'descending' : 'ascending');
        await expect(page).toHaveURL(/sort=/);
      });
    }
  });
}

/**
 * The narrowest moments: React has started hydrating the list (its listeners are on the island) but
 * the list has not yet said it is ready. The first tick then makes React hydrate the table at once
 * (a click needs it); a second tick right after lands on a hydrated table that is still not ready.
 * Both are seen by the directive and must not also be handled by React, or the tick handed over on
 * release toggles the box a second time (seen in CI under load: "Select all" came back unticked).
 */
test('ticks while the list is hydrating are each handled once', async ({ page, loginAs }) => {
  await loginAs('admin');
  await page.addInitScript(() => {
    document.addEventListener(
      'astro:hydrate',
      (event) => {
        const island = event.target as HTMLElement;
        if (island.getAttribute('client') !== 'intent' || island.querySelector('[data-ready]')) return;
        const boxes = [...island.querySelectorAll<HTMLInputElement>('tbody input[type="checkbox"]')];
        boxes[0]?.click();
        boxes[1]?.click();
      },
      { capture: true },
    );
  });
  await openUnhydrated(page, '/brands/listing');
  await page.locator('tbody tr').first().hover();
  await expect(page.locator('[data-ready]')).toHaveCount(1);
  await expect(page.getByRole('region', { name: 'Bulk actions' })).toContainText('2 selected');
  const boxes = page.locator('tbody tr').getByRole('checkbox');
  await expect(boxes.nth(0)).toBeChecked();
  await expect(boxes.nth(1)).toBeChecked();
  await expect(boxes.nth(2)).not.toBeChecked();
});
