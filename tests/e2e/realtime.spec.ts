/**
 * Live updates in the browser (decision 038): the admin's page keeps one event stream open, and
 * when a vendor submits a product for review the bell's unread count and the Products badge rise
 * on the admin's page without a reload; on /notifications the list shows it too. The sign-in page
 * opens no stream (it loads no script).
 *
 * Its own server: submitting changes the review queue's count, which other specs' pages show.
 */
import { expect, loginAs, testWithOwnServer } from './fixtures.ts';
import { gzipSync } from 'node:zlib';
import { unsafeHeaders } from './area-helpers.ts';

const test = testWithOwnServer({
  // A draft the demo vendor can submit (a priced variant).
  prepare: (server) =>
    server.withDatabase(async (q) => {
      const [u] = await q(`select vendor_id from users where email = 'vendor@example.com'`);
      const [p] = await q(`insert into products (vendor_id, name, slug) values ($1, 'Live Stole', 'live-stole') returning id`, [u!.vendor_id]);
      await q(`insert into product_variants (product_id, vendor_id, sku, mrp_paise, price_paise) values ($1, $2, 'LIVE-1', 49900, 49900)`, [
        p!.id,
        u!.vendor_id,
      ]);
      return Number(p!.id);
    }),
});

const unreadOf = async (label: string | null) => Number(/(\d+) unread/.exec(label ?? '')?.[1] ?? 0);

test('the admin’s bell and queue badge rise without a reload when a vendor submits a product', async ({ browser, baseURL, ownServer }) => {
  const desk = await browser.newContext({ baseURL, viewport: { width: 1280, height: 900 } });
  const admin = await desk.newPage();
  const streams: string[] = [];
  admin.on('request', (r) => {
    if (new URL(r.url()).pathname === '/api/events') streams.push(r.url());
  });
  const opened = admin.waitForResponse((r) => new URL(r.url()).pathname === '/api/events' && r.status() === 200);
  await loginAs(admin, 'admin');
  await opened;
  // The page is the same page throughout: nothing reloads it.
  await admin.evaluate(() => ((window as unknown as { keptAcrossUpdates: boolean }).keptAcrossUpdates = true));

  const bell = admin.locator('[data-bell]');
  const before = await unreadOf(await bell.getAttribute('aria-label'));
  const nav = admin.getByRole('navigation', { name: 'Main' });
  const badge = nav.locator('#menu-badge-products');
  const queued = Number(((await badge.textContent()) ?? '0').match(/\d+/)?.[0] ?? 0);

  // The vendor, elsewhere, submits the draft.
  const phone = await browser.newContext({ baseURL, viewport: { width: 360, height: 740 }, isMobile: true, hasTouch: true });
  const vendor = await phone.newPage();
  await loginAs(vendor, 'vendor');
  const submitted = await vendor.request.post(`/api/products/${ownServer.prepared}/submit`, { data: { version: 1 }, headers: await unsafeHeaders(vendor) });
  expect(submitted.status(), await submitted.text()).toBe(200);

  // On the admin's page, live: the bell counts the new notification, the badge the longer queue.
  await expect(bell).toHaveAttribute('aria-label', `Notifications, ${before + 1} unread`);
  await expect(bell.locator('[data-unread-badge]')).toHaveText(String(before + 1));
  await expect(badge).toHaveText(new RegExp(`^${queued + 1}`));
  expect(await admin.evaluate(() => (window as unknown as { keptAcrossUpdates?: boolean }).keptAcrossUpdates)).toBe(true);
  // One stream for the tab.
  expect(streams).toHaveLength(1);
  await desk.close();
  await phone.close();
});

test('the sign-in page opens no event stream', async ({ page }) => {
  const streams: string[] = [];
  page.on('request', (r) => {
    if (new URL(r.url()).pathname === '/api/events') streams.push(r.url());
  });
  await page.goto('/auth/login');
  await expect(page.locator('script')).toHaveCount(0);
  expect(streams).toEqual([]);
});

test('on /notifications the list shows a new notification as it arrives, within the page-weight budget', async ({ browser, baseURL }) => {
  const desk = await browser.newContext({ baseURL, viewport: { width: 1280, height: 900 } });
  const admin = await desk.newPage();
  await loginAs(admin, 'admin');
  await admin.goto('/notifications');
  // The list hydrates when the browser is idle (client:idle), so it can follow the stream by itself.
  await expect(admin.locator('[data-ready]').first()).toBeAttached();
  const scripts = await admin.evaluate(() => [
    ...new Set(
      performance
        .getEntriesByType('resource')
        .map((entry) => entry.name)
        .filter((url) => /\.m?js(\?|$)/.test(new URL(url).pathname)),
    ),
  ]);
  let bytes = 0;
  for (const url of scripts) bytes += gzipSync(await (await admin.request.get(url)).body()).length;
  console.log(`/notifications, hydrated: ${scripts.length} scripts, ${(bytes / 1024).toFixed(1)} KiB gzipped`);
  expect(bytes).toBeLessThanOrEqual(100 * 1024);
  await expect(admin.getByText('Firefox on Windows')).toHaveCount(0);
  // A sign-in to the admin's account from another browser notifies the admin: the list shows it.
  const other = await browser.newContext({ baseURL, userAgent: 'Mozilla/5.0 (Windows NT 10.0; Win64; x64) Firefox/140.0 live-list' });
  const elsewhere = await other.newPage();
  await loginAs(elsewhere, 'admin');
  // No reload: the island reads the list again when the stream says a notification came.
  await expect(admin.getByText('Firefox on Windows').first()).toBeVisible();
  await expect(admin.getByRole('link', { name: 'New sign-in to your account' }).first()).toBeVisible();
  await desk.close();
  await other.close();
});

test('an order placed through the storefront API: the admin’s bell rises and the vendor’s list says so, without a reload; the search finds it', async ({
  browser,
  baseURL,
}) => {
  const desk = await browser.newContext({ baseURL, viewport: { width: 1280, height: 900 } });
  const admin = await desk.newPage();
  const adminStream = admin.waitForResponse((r) => new URL(r.url()).pathname === '/api/events' && r.status() === 200);
  await loginAs(admin, 'admin');
  await adminStream;
  const bell = admin.locator('[data-bell]');
  const before = await unreadOf(await bell.getAttribute('aria-label'));

  // The vendor, on a phone, has their Orders list open (with its event stream).
  const phone = await browser.newContext({ baseURL, viewport: { width: 360, height: 740 }, isMobile: true, hasTouch: true });
  const vendor = await phone.newPage();
  await loginAs(vendor, 'vendor');
  const vendorStream = vendor.waitForResponse((r) => new URL(r.url()).pathname === '/api/events' && r.status() === 200);
  await vendor.goto('/orders/listing');
  await vendorStream;
  const notice = vendor.getByRole('status').filter({ hasText: 'has arrived' });
  await expect(notice).toBeHidden();

  // A storefront, with a key the admin made, places an order for one of the vendor's products.
  const made = await admin.request.post('/api/storefront-api-keys', {
    data: { name: 'Live shop', scopes: ['read-catalogue', 'write-orders'] },
    headers: await unsafeHeaders(admin),
  });
  expect(made.status(), await made.text()).toBe(201);
  const key = ((await made.json()) as { data: { secret: string } }).data.secret;
  const placed = await fetch(new URL('/api/storefront/v1/orders', baseURL), {
    method: 'POST',
    headers: { authorization: `Bearer ${key}`, 'content-type': 'application/json', 'idempotency-key': `live-${Date.now()}`, accept: 'application/json' },
    body: JSON.stringify({
      customer: { name: 'Live Buyer', email: 'live.buyer@example.com', phone: '9876512345' },
      shipping_address: { name: 'Live Buyer', phone: '9876512345', line1: '2 MG Road', pincode: '560001' },
      lines: [{ sku: 'DFH-KUR-001', quantity: 1 }],
      payment_method: 'cod',
    }),
  });
  const body = (await placed.json()) as { data: { number: string } };
  expect(placed.status, JSON.stringify(body)).toBe(201);
  const number = body.data.number;

  // Live, on both pages: the admin's bell counts the new order, the vendor's list announces it.
  await expect(bell).toHaveAttribute('aria-label', `Notifications, ${before + 1} unread`);
  await expect(notice).toBeVisible();
  await expect(notice).toContainText(`New order ${number}`);

  // The admin's search finds it by its number and opens it.
  await admin.keyboard.press('Control+k');
  const field = admin.getByRole('combobox', { name: 'Search' });
  await expect(field).toBeFocused();
  await field.fill(number);
  await admin.getByRole('option', { name: new RegExp(`^${number}-1`) }).click();
  await expect(admin.getByRole('heading', { level: 1, name: `Order ${number}` })).toBeVisible();

  // The vendor's dashboard counts it among today's orders.
  await vendor.goto('/dashboard?range=today');
  await expect(vendor.locator('[data-kpi="orders"]')).toContainText(/[1-9]/);
  await desk.close();
  await phone.close();
});
