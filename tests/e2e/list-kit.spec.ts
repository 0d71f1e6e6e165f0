/**
 * The shared list kit (DataTable), on a desktop and on a phone, on brands, pincodes and
 * warehouses: a bulk status change asks first, naming the count; "Select all N matching" changes
 * rows beyond the first page; the bulk actions take the header row's place without moving the
 * table; deleting a record in use says so before asking to type its name, and a refusal from the
 * server shows once; on a phone rows are cards; and the server's HTML works before (and without)
 * JavaScript: sorting, paging and searching are links and GET forms.
 */
import type { Browser, Locator, Page } from '@playwright/test';
import { expect, expectToast, test } from './fixtures.ts';
import { createBrand, createBrands, createRecord, freePincodes, listingUrl, uniqueTag, unsafeHeaders } from './area-helpers.ts';

const VIEWPORTS = [
  { name: 'desktop', viewport: { width: 1280, height: 800 } },
  { name: 'phone', viewport: { width: 360, height: 740 } },
] as const;

const rows = (page: Page) => page.locator('tbody tr');
const headerRow = (page: Page) => page.locator('thead tr');

/** The whole set a list URL would show, read from the API (beyond the page on screen). */
async function apiList(page: Page, path: string, params: Record<string, unknown>) {
  const qs = listingUrl({ per_page: 100, ...params }, path).split('?')[1];
  const response = await page.request.get(`${path}?${qs}`);
  expect(response.status()).toBe(200);
  return (await response.json()) as { data: Record<string, unknown>[]; meta: { total: number } };
}

/** The texts this page has announced (toasts, alerts) since it loaded: see fixtures.ts. */
const announced = (page: Page) => page.evaluate(() => (window as unknown as { __shownToasts?: string[] }).__shownToasts ?? []);

/** A page in a browser with JavaScript off, signed in as the test's page is. */
async function withoutJavaScript(browser: Browser, page: Page, viewport: { width: number; height: number }) {
  const context = await browser.newContext({
    javaScriptEnabled: false,
    viewport,
    storageState: await page.context().storageState(),
    baseURL: process.env.E2E_BASE_URL,
  });
  return { plain: await context.newPage(), close: () => context.close() };
}

async function box(locator: Locator) {
  const b = await locator.boundingBox();
  expect(b).not.toBeNull();
  return b!;
}

for (const { name, viewport } of VIEWPORTS) {
  test.describe(`list kit on a ${name}`, () => {
    test.use({ viewport });

    test('a bulk status change asks first, naming the count and the status (brands, pincodes)', async ({ page, loginAs }) => {
      await loginAs('admin');
      const tag = uniqueTag();
      await createBrands(page, [`Confirm ${tag} A`, `Confirm ${tag} B`, `Confirm ${tag} C`]);
      await page.goto(listingUrl({ q: `Confirm ${tag}` }));
      await expect(rows(page)).toHaveCount(3);
      await page.getByLabel('Select all rows on this page').check();
      await page.getByLabel('Set status of the selected brands').selectOption('inactive');
      const dialog = page.getByRole('dialog', { name: 'Set 3 brands to Inactive?' });
      await expect(dialog).toContainText('The 3 selected brands will be set to Inactive.');
      // Cancel changes nothing.
      await dialog.getByRole('button', { name: 'Cancel' }).click();
      await expect(dialog).toHaveCount(0);
      expect((await apiList(page, '/api/brands', { q: `Confirm ${tag}` })).data.map((b) => b.status)).toEqual(['active', 'active', 'active']);

      await page.getByLabel('Set status of the selected brands').selectOption('inactive');
      await page.getByRole('dialog').getByRole('button', { name: 'Set to Inactive' }).click();
      await expectToast(page, '3 brands updated.');
      await expect(rows(page).filter({ hasText: 'Inactive' })).toHaveCount(3);

      // Pincodes: the "status" is serviceability, and the question names it.
      const state = (await apiList(page, '/api/states', { q: 'Goa' })).data[0]!;
      const city = await createRecord(page, 'cities', { name: `Askpur ${tag}`, state_id: String(state.id) });
      for (const code of await freePincodes(page, 2))
        await createRecord(page, 'pincodes', { pincode: code, city_id: String(city.id), post_offices: `Ask ${tag}` });
      await page.goto(listingUrl({ q: `Ask ${tag}` }, '/pincodes/listing'));
      await expect(rows(page)).toHaveCount(2);
      await page.getByLabel('Select all rows on this page').check();
      await page.getByLabel('Set serviceability of the selected pincodes').selectOption('false');
      await page.getByRole('dialog', { name: 'Set 2 pincodes to Not serviceable?' }).getByRole('button', { name: 'Set to Not serviceable' }).click();
      await expectToast(page, '2 pincodes updated.');
      expect((await apiList(page, '/api/pincodes', { q: `Ask ${tag}` })).data.map((p) => p.is_serviceable)).toEqual([false, false]);
    });

    test('"Select all N matching" changes the rows beyond the first page, and nothing else', async ({ page, loginAs }) => {
      test.slow(); // twelve records made through the API first
      await loginAs('admin');
      const tag = uniqueTag();
      await createBrands(
        page,
        Array.from({ length: 12 }, (_, i) => `Every ${tag} ${String(i + 1).padStart(2, '0')}`),
      );
      const bystander = await createBrand(page, `Bystander ${tag}`);
      await page.goto(listingUrl({ q: `Every ${tag}`, per_page: 10 }));
      await expect(rows(page)).toHaveCount(10);

      await page.getByLabel('Select all rows on this page').check();
      const bar = page.getByRole('region', { name: 'Bulk actions' });
      await expect(bar).toContainText('10 selected');
      await bar.getByRole('button', { name: 'Select all 12 matching' }).click();
      await expect(bar).toContainText('All 12 matching selected');

      await page.getByLabel('Set status of the selected brands').selectOption('inactive');
      const dialog = page.getByRole('dialog', { name: 'Set 12 brands to Inactive?' });
      await expect(dialog).toContainText('on every page');
      await dialog.getByRole('button', { name: 'Set to Inactive' }).click();
      await expectToast(page, '12 brands updated.');

      const after = await apiList(page, '/api/brands', { q: `Every ${tag}` });
      expect(after.meta.total).toBe(12);
      expect(new Set(after.data.map((b) => b.status))).toEqual(new Set(['inactive']));
      expect((await apiList(page, '/api/brands', { q: `Bystander ${tag}` })).data[0]!.status).toBe('active');
      expect(bystander.id).toBeGreaterThan(0);

      // Export of "all matching" is the filter too: all 12, not the 10 on screen.
      await page.getByLabel('Select all rows on this page').check();
      await bar.getByRole('button', { name: 'Select all 12 matching' }).click();
      await page.getByRole('button', { name: 'Export' }).click();
      await expect(page.getByRole('link', { name: 'Selected rows (12)' })).toHaveAttribute('href', /\/api\/brands\/export\?(?!.*ids=)/);
    });

    test('the selection bar takes the header row’s place: same row, same height, nothing moves', async ({ page, loginAs }) => {
      await loginAs('admin');
      for (const path of ['/brands/listing', '/pincodes/listing', '/warehouses']) {
        await page.goto(path);
        const header = headerRow(page);
        const headerBefore = await box(header);
        const firstRowBefore = await box(rows(page).first());

        await rows(page).first().getByRole('checkbox').check();
        const bar = page.getByRole('region', { name: 'Bulk actions' });
        await expect(bar).toContainText('1 selected');
        const barBox = await box(bar);
        const headerAfter = await box(header);
        expect(headerAfter, path).toEqual(headerBefore);
        expect(await box(rows(page).first()), path).toEqual(firstRowBefore);
        // The bar sits inside the header row's band.
        expect(barBox.y).toBeGreaterThanOrEqual(headerBefore.y - 1);
        expect(barBox.y + barBox.height).toBeLessThanOrEqual(headerBefore.y + headerBefore.height + 1);
        // The column headers give way to it; the select-all box stays and clears the selection.
        await expect(page.getByRole('link', { name: /^(Name|Pincode|Code)$/ }).first()).toBeHidden();
        const selectAll = page.getByLabel('Select all rows on this page');
        await expect(selectAll).toBeVisible();
        await selectAll.check();
        await selectAll.uncheck();
        await expect(bar).toHaveCount(0);
        expect(await box(header)).toEqual(headerBefore);
      }
    });

    test('deleting a record in use says so before asking for its name (brands, pincodes); an unused one asks (warehouses)', async ({ page, loginAs }) => {
      await loginAs('admin');
      await page.goto(listingUrl({ q: 'Indigo Loom' }));
      await page.getByRole('button', { name: 'Delete Indigo Loom' }).click();
      let dialog = page.getByRole('dialog');
      await expect(dialog).toContainText(/Brand "Indigo Loom" can't be deleted: it is used by \d+ products?\./);
      await expect(dialog.getByPlaceholder('Please type the name')).toHaveCount(0);
      await expect(dialog.getByRole('button')).toHaveText(['Close']);
      await dialog.getByRole('button', { name: 'Close' }).click();
      await expect(dialog).toHaveCount(0);
      await expect(page.getByRole('button', { name: 'Delete Indigo Loom' })).toBeFocused();

      await page.goto(listingUrl({ q: '560004' }, '/pincodes/listing'));
      await page.getByRole('button', { name: 'Delete 560004' }).click();
      dialog = page.getByRole('dialog');
      await expect(dialog).toContainText(/Pincode "560004" can't be deleted: it is in \d+ delivery zones?\./);
      await expect(dialog.getByPlaceholder('Please type the name')).toHaveCount(0);
      await dialog.getByRole('button', { name: 'Close' }).click();

      await page.goto('/warehouses');
      const first = rows(page).first();
      const code = await first.getByRole('link').first().innerText();
      await first.getByRole('button', { name: /^Delete / }).click();
      dialog = page.getByRole('dialog');
      await expect(dialog.getByPlaceholder('Please type the name')).toBeFocused();
      await expect(dialog.getByRole('button', { name: 'Delete', exact: true })).toBeDisabled();
      await dialog.getByRole('button', { name: 'Cancel' }).click();
      await expect(rows(page).filter({ hasText: code })).toHaveCount(1);
    });

    test('a refusal from the server is shown once, in the dialog: not also as a toast or a banner', async ({ page, loginAs }) => {
      await loginAs('admin');
      const tag = uniqueTag();
      const brand = await createBrand(page, `Raced ${tag}`);
      await page.goto(listingUrl({ q: brand.name }));
      await page.getByRole('button', { name: `Delete ${brand.name}` }).click();
      const dialog = page.getByRole('dialog');
      const input = dialog.getByPlaceholder('Please type the name');
      await expect(input).toBeFocused();
      // Meanwhile someone gives the brand a return policy: the delete now meets a record in use.
      const policy = await page.request.post('/api/return-policies', {
        headers: await unsafeHeaders(page),
        multipart: { title: `Policy ${tag}`, brand_id: String(brand.id), is_returnable: 'true', return_window_days: '7', status: 'active' },
      });
      expect(policy.status(), await policy.text()).toBe(201);
      await input.fill(brand.name);
      await dialog.getByRole('button', { name: 'Delete', exact: true }).click();

      const message = `Brand "${brand.name}" can't be deleted: it has 1 return policy.`;
      await expect(dialog).toContainText(message);
      await expect(dialog.getByRole('button')).toHaveText(['Close']);
      await expect(page.getByText(message)).toHaveCount(1);
      expect((await announced(page)).filter((t) => t.includes("can't be deleted"))).toEqual([]);
      await dialog.getByRole('button', { name: 'Close' }).click();
      await expect(page.locator('.card [role=alert]')).toHaveCount(0);
      await expect(rows(page).filter({ hasText: brand.name })).toHaveCount(1);

      // Several at once: the refusal names the one in use, once.
      await page.goto(listingUrl({ q: `Raced ${tag}` }));
      await page.getByLabel('Select all rows on this page').check();
      await page.getByRole('button', { name: 'Delete selected' }).click();
      await page.getByRole('dialog').getByRole('button', { name: 'Delete', exact: true }).click();
      await expect(page.getByRole('dialog', { name: 'Nothing was deleted' })).toContainText(`${brand.name}: it has 1 return policy.`);
      await expect(page.getByText(`${brand.name}: it has 1 return policy.`)).toHaveCount(1);
      expect((await announced(page)).filter((t) => t.includes('Nothing was deleted'))).toEqual([]);
    });

    test(name === 'phone' ? 'rows are cards that fit the screen, title first' : 'rows stay table rows', async ({ page, loginAs }) => {
      await loginAs('admin');
      for (const path of ['/brands/listing', '/pincodes/listing', '/warehouses']) {
        await page.goto(path);
        const row = rows(page).first();
        const display = await row.evaluate((el) => getComputedStyle(el).display);
        if (name === 'phone') {
          expect(display, path).toBe('flex');
          const card = await box(row);
          expect(card.x, path).toBeGreaterThanOrEqual(0);
          expect(card.x + card.width, path).toBeLessThanOrEqual(viewport.width);
          // The title is the card's first line, and the key columns carry their headers as labels.
          const title = row
            .locator('td:not([data-label])')
            .filter({ has: page.getByRole('link') })
            .first();
          await expect(title).toBeVisible();
          const labelled = row.locator('td[data-label]:not(.hidden)').first();
          await expect(labelled).toBeVisible();
          expect((await box(title)).y).toBeLessThan((await box(labelled)).y);
          expect(await labelled.evaluate((el) => getComputedStyle(el, '::before').content)).toBe(`"${await labelled.getAttribute('data-label')}"`);
        } else {
          expect(display, path).toBe('table-row');
        }
      }
    });

    test('before and without JavaScript the table works as HTML: sort and page links, the search form', async ({ page, loginAs, browser }) => {
      await loginAs('admin');
      const { plain, close } = await withoutJavaScript(browser, page, viewport);
      try {
        await plain.goto('/brands/listing');
        // The controls are enabled in the server's HTML (no disabled fieldset).
        await expect(plain.locator('fieldset[disabled]')).toHaveCount(0);
        await expect(plain.locator('.card[data-ready]')).toHaveCount(0);
        await expect(plain.getByRole('columnheader', { name: 'Name' })).toHaveAttribute('aria-sort', 'ascending');
        await plain.getByRole('link', { name: 'Name', exact: true }).click();
        await expect(plain).toHaveURL(/\?sort=name&order=desc$/);
        await expect(plain.getByRole('columnheader', { name: 'Name' })).toHaveAttribute('aria-sort', 'descending');
        const last = (await apiList(page, '/api/brands', { sort: 'name', order: 'desc' })).data[0]!.name as string;
        await expect(rows(plain).first()).toContainText(last);

        await plain.getByRole('searchbox', { name: 'Search brands' }).fill('loom');
        await plain.getByRole('searchbox', { name: 'Search brands' }).press('Enter');
        await expect(plain).toHaveURL(/sort=name&order=desc.*q=loom|q=loom.*sort=name/);
        await expect(rows(plain).filter({ hasText: 'Indigo Loom' })).toHaveCount(1);

        await plain.goto('/pincodes/listing');
        await plain.getByRole('link', { name: 'Next page' }).click();
        await expect(plain).toHaveURL(/\?page=2$/);
        await expect(plain.getByText(/^Showing 26 to 50 of/)).toBeVisible();
        await plain.getByLabel('Rows per page').selectOption('10');
        await plain.getByRole('button', { name: 'Show' }).click();
        await expect(plain.getByText(/^Showing 1 to 10 of/)).toBeVisible();
      } finally {
        await close();
      }

      // Hydrated, the same links navigate in place (no page load) and keep the URL in step. The
      // table hydrates when a person reaches for it (client:intent): the pointer entering it.
      await page.goto('/brands/listing');
      await page.getByRole('table').hover();
      await expect(page.locator('.card[data-ready]')).toHaveCount(1);
      await page.evaluate(() => ((window as unknown as { stayed: boolean }).stayed = true));
      await page.getByRole('link', { name: 'Name', exact: true }).click();
      await expect(page.getByRole('columnheader', { name: 'Name' })).toHaveAttribute('aria-sort', 'descending');
      await expect(page).toHaveURL(/\?sort=name&order=desc$/);
      expect(await page.evaluate(() => (window as unknown as { stayed?: boolean }).stayed)).toBe(true);
    });
  });
}
