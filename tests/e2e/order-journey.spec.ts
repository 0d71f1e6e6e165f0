/**
 * An order's whole journey in Chromium (issue 17 §7): a storefront (the simulator's own client,
 * scripts/storefront-client.ts, with a key made by the admin) places one cash-on-delivery order with
 * a line from each of two vendors; each vendor signs in and confirms, packs and ships their parcel on
 * the order's details page; the admin, watching the same page, sees "Partially shipped" after the
 * first and "Shipped" after the second, and downloads the tax invoice (a PDF). Then the parcel is
 * delivered, the storefront asks to return it, the admin approves, receives and refunds it, and the
 * vendor's inventory shows the unit on hand again.
 *
 * Its own server (a copy of the seeded template) with one more account: a user of Kaveri Handlooms,
 * the second demo vendor, which has none among the demo accounts.
 */
import { readFile } from 'node:fs/promises';
import { expect, ISLANDS_HYDRATING_BY_THEMSELVES, loginAs, testWithOwnServer } from './fixtures.ts';
import type { Locator, Page } from '@playwright/test';
import { orderRequest, randomCustomer, storefront } from '../../scripts/storefront-client.ts';
import { hashPassword } from '../../src/lib/auth/password.server.ts';
import { pageFetch } from './foundation-helpers.ts';

const KAVERI = { email: 'kaveri.e2e@example.com', password: 'Kaveri@12345' };
const DFH_SKU = 'DFH-SHI-002';
const KVH_SKU = 'KVH-TOW-002';

const test = testWithOwnServer({
  prepare: async (server) => {
    const hash = await hashPassword(KAVERI.password);
    await server.withDatabase(async (q) => {
      const [user] = await q(
        `insert into users (name, email, password_hash, user_type, vendor_id, phone, phone_verified_at, vendor_onboarding_completed_at)
         select 'Kamala Kaveri', $1, $2, 'vendor', id, '+919812345678', now(), now() from vendors where store_name = 'Kaveri Handlooms'
         returning id`,
        [KAVERI.email, hash],
      );
      await q(`insert into user_roles (user_id, role_id) select $1, id from roles where name = 'Vendor'`, [user!.id]);
    });
  },
});

/** Signs in through the login form as someone who is not a demo account. */
async function signIn(page: Page, email: string, password: string) {
  await page.goto('/auth/login');
  await page.getByLabel('Email').fill(email);
  await page.getByLabel('Password', { exact: true }).fill(password);
  await Promise.all([page.waitForURL((url) => url.pathname !== '/auth/login'), page.getByRole('button', { name: 'Sign in' }).click()]);
  await expect(page).toHaveURL(/\/dashboard(\?|$)/);
}

/**
 * Takes one move on a parcel through its button and the dialog it opens; the page reloads after it,
 * and the parcel shows `reached` once its buttons are ready again.
 */
async function move(page: Page, subNumber: string, label: string, reached: string, fill?: (dialog: Locator) => Promise<void>) {
  await page.getByTestId(`actions-${subNumber}`).getByRole('button', { name: label, exact: true }).click();
  const dialog = page.getByRole('dialog', { name: `${label}: ${subNumber}` });
  if (fill) await fill(dialog);
  await dialog.getByRole('button', { name: label, exact: true }).click();
  await expect(page.getByTestId(`status-${subNumber}`)).toHaveText(reached);
  await page.waitForFunction((selector) => document.querySelector(selector) === null, ISLANDS_HYDRATING_BY_THEMSELVES);
}

/** The parcel's way to shipped, as its vendor takes it on the details page. */
async function confirmPackShip(page: Page, subNumber: string, awb: string) {
  await move(page, subNumber, 'Confirm', 'Confirmed');
  await move(page, subNumber, 'Mark packed', 'Packed');
  await move(page, subNumber, 'Ship', 'Shipped', async (dialog) => {
    await dialog.getByRole('combobox', { name: /Delivery partner/ }).selectOption({ label: 'Swift Express' });
    await dialog.getByRole('textbox', { name: /AWB/ }).fill(awb);
  });
}

/** A vendor finds their parcel in Pending Orders by the order's number and opens the order. */
async function openFromPending(page: Page, subNumber: string) {
  await page.goto(`/pending-orders/listing?q=${encodeURIComponent(subNumber.replace(/-\d+$/, ''))}`);
  await page.locator('table').first().getByRole('link', { name: subNumber, exact: true }).click();
  await expect(page.getByTestId(`status-${subNumber}`)).toHaveText('Placed');
  await page.waitForFunction((selector) => document.querySelector(selector) === null, ISLANDS_HYDRATING_BY_THEMSELVES);
}

/** A SKU's units on hand, as the Inventories list shows them. */
async function onHand(page: Page, sku: string): Promise<number> {
  await page.goto(`/inventories/listing?q=${encodeURIComponent(sku)}`);
  const table = page.locator('table').first();
  const row = table.locator('tbody tr').filter({ hasText: sku }).first();
  await expect(row).toBeVisible();
  const headers = (await table.locator('thead tr').first().locator('th').allInnerTexts()).map((h) => h.trim());
  const column = headers.findIndex((h) => h.toLowerCase().startsWith('on hand'));
  expect(column, `an "On hand" column among ${headers.join(' | ')}`).toBeGreaterThanOrEqual(0);
  return Number((await row.locator('th, td').nth(column).innerText()).replace(/[^\d]/g, ''));
}

test('a two-vendor order from a storefront: each vendor ships their part, the admin sees it shipped, a return brings the stock back', async ({
  page,
  browser,
  baseURL,
}) => {
  test.slow(); // three people's browsers and a dozen moves on a shared two-core machine
  // The admin makes the storefront's key (shown once).
  await loginAs(page, 'admin');
  const made = await pageFetch(page, 'POST', '/api/storefront-api-keys', {
    json: { name: 'Journey shop', scopes: ['read-catalogue', 'write-orders'], rate_limit_per_minute: 600 },
  });
  expect(made.status, JSON.stringify(made.body)).toBe(201);
  const shop = storefront({ baseUrl: baseURL!, key: (made.body!.data as { secret: string }).secret });

  // Demo Fashion House's person, in a browser of their own: their stock before.
  const dfhContext = await browser.newContext({ baseURL });
  const dfh = await dfhContext.newPage();
  await loginAs(dfh, 'vendor');
  const shirtsBefore = await onHand(dfh, DFH_SKU);

  // The storefront places one order with a line of each vendor.
  const placed = await shop.placeOrder(
    orderRequest(
      randomCustomer(),
      [
        { sku: DFH_SKU, quantity: 1 },
        { sku: KVH_SKU, quantity: 1 },
      ],
      'cod',
    ),
  );
  expect(placed.status, JSON.stringify(placed.body)).toBe(201);
  const number = placed.body.data.number as string;
  // Sub-orders are numbered by vendor: Demo Fashion House's first.
  const [dfhParcel, kvhParcel] = [`${number}-1`, `${number}-2`];

  // The first vendor ships their part.
  await openFromPending(dfh, dfhParcel);
  await expect(dfh.getByTestId(`status-${kvhParcel}`)).toHaveCount(0); // the other vendor's parcel is not theirs to see
  await confirmPackShip(dfh, dfhParcel, `SWXJ${Date.now() % 1_000_000}`);
  const details = dfh.url();

  // The admin opens the order: partially shipped.
  await page.goto(new URL(details).pathname);
  await expect(page.getByRole('heading', { level: 1, name: `Order ${number}` })).toBeVisible();
  await expect(page.getByTestId('order-status')).toHaveText('Partially shipped');

  // Kaveri Handlooms' person ships theirs.
  const kvhContext = await browser.newContext({ baseURL });
  const kvh = await kvhContext.newPage();
  await signIn(kvh, KAVERI.email, KAVERI.password);
  await openFromPending(kvh, kvhParcel);
  await confirmPackShip(kvh, kvhParcel, `SWXK${Date.now() % 1_000_000}`);
  await kvhContext.close();

  // The admin's page says the order changed; reloaded, it is shipped.
  const notice = page.getByRole('status').filter({ hasText: 'has changed since the page was opened' });
  await expect(notice).toBeVisible();
  await notice.getByRole('link', { name: 'Reload to see it' }).click();
  await expect(page.getByTestId('order-status')).toHaveText('Shipped');

  // The first parcel's tax invoice downloads as a PDF.
  const invoice = page
    .getByRole('region', { name: 'Invoices and credit notes' })
    .getByRole('link', { name: /^Download PDF of tax invoice DFH\/\d{4}\/\d{6}$/ });
  const invoiceNumber = (await invoice.textContent())!.match(/DFH\/\d{4}\/\d{6}/)![0];
  const [download] = await Promise.all([page.waitForEvent('download'), invoice.click()]);
  expect(download.suggestedFilename()).toBe(`${invoiceNumber.replaceAll('/', '-')}.pdf`);
  const bytes = await readFile((await download.path())!);
  expect(bytes.subarray(0, 5).toString('latin1')).toBe('%PDF-');

  // Delivered; the customer asks to return it through the storefront; the admin takes it back.
  await move(page, dfhParcel, 'Mark delivered', 'Delivered');
  const asked = await shop.requestReturn(number, 'The shirt is too small');
  expect(asked.status, JSON.stringify(asked.body)).toBe(200);
  await page.reload();
  await expect(page.getByTestId(`status-${dfhParcel}`)).toHaveText('Return requested');
  await page.waitForFunction((selector) => document.querySelector(selector) === null, ISLANDS_HYDRATING_BY_THEMSELVES);
  await move(page, dfhParcel, 'Approve return', 'Return approved');
  await move(page, dfhParcel, 'Return received', 'Return received');
  await move(page, dfhParcel, 'Refund', 'Refunded');
  await expect(page.getByRole('table', { name: 'Payments and refunds' })).toContainText('Refund');
  await expect(page.getByRole('region', { name: 'Invoices and credit notes' })).toContainText('Credit note');

  // The shirt is back on the vendor's shelf: shipped (−1), returned (+1).
  expect(await onHand(dfh, DFH_SKU)).toBe(shirtsBefore);
  await dfhContext.close();
});
