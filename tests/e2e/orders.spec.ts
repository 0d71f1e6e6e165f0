/**
 * Orders in the browser (issue 17): the vendor finds a demo order in Pending Orders, opens it,
 * packs and ships their part (a partner serving the pincode and an AWB), and sees the tracking
 * link; staff see the lists and an order split over two vendors as "Partially shipped". axe finds
 * nothing serious on the list and details pages. The demo orders were placed through the
 * storefront's own code path (src/app/orders/orders.demo.server.ts).
 */
import { test, expect, loginAs as signIn } from './fixtures.ts';
import { expectNoSeriousViolations } from './shell-helpers.ts';

test('a vendor packs and ships their part of an order from its details page; staff watching it see it change', async ({ page, loginAs, browser, baseURL }) => {
  test.setTimeout(240_000);
  await loginAs('vendor');
  await page.goto('/pending-orders/listing');
  await expect(page.getByRole('heading', { level: 1, name: 'Pending Orders' })).toBeVisible();
  await expectNoSeriousViolations(page, 'Pending Orders');
  // Demo order 2: one confirmed shirt (DFH-SHI-002), prepaid.
  const link = page
    .locator('table')
    .first()
    .getByRole('link', { name: /^OD-\d{4}-000002-1$/ });
  await expect(link).toBeVisible();
  const number = (await link.innerText()).trim();
  await link.click();
  await expect(page.getByRole('heading', { level: 1, name: `Order ${number.replace(/-1$/, '')}` })).toBeVisible();
  await expect(page.getByTestId(`status-${number}`)).toHaveText('Confirmed');
  await expectNoSeriousViolations(page, 'an order’s details');

  // Meanwhile an admin has the same order open, in another browser, with its event stream.
  const desk = await browser.newContext({ baseURL, viewport: { width: 1280, height: 900 } });
  const staff = await desk.newPage();
  await signIn(staff, 'admin');
  const streamOpen = staff.waitForResponse((r) => new URL(r.url()).pathname === '/api/events' && r.status() === 200);
  await staff.goto(page.url());
  await streamOpen;
  const notice = staff.getByRole('status').filter({ hasText: 'has changed since the page was opened' });
  await expect(notice).toBeHidden();

  const actions = page.getByTestId(`actions-${number}`);
  await actions.getByRole('button', { name: 'Mark packed' }).click();
  const dialog = page.getByRole('dialog');
  await dialog.getByRole('button', { name: 'Mark packed' }).click();
  await expect(page.getByTestId(`status-${number}`)).toHaveText('Packed');
  // The admin's page says so, live, and the reload shows the new state.
  await expect(notice).toBeVisible();
  await expect(notice).toContainText(`Order ${number.replace(/-1$/, '')} has changed since the page was opened`);
  await notice.getByRole('link', { name: 'Reload to see it' }).click();
  await expect(staff.getByTestId(`status-${number}`)).toHaveText('Packed');
  await expect(notice).toBeHidden();
  await desk.close();

  await actions.getByRole('button', { name: 'Ship' }).click();
  // Without a partner and an AWB the dialog says what is missing, beside the fields.
  await dialog.getByRole('button', { name: 'Ship' }).click();
  await expect(dialog.getByRole('textbox', { name: /AWB/ })).toHaveAttribute('aria-invalid', 'true');
  await dialog.getByRole('combobox', { name: /Delivery partner/ }).selectOption({ label: 'Swift Express' });
  await dialog.getByRole('textbox', { name: /AWB/ }).fill('SWXE2E0002');
  await dialog.getByRole('button', { name: 'Ship' }).click();
  await expect(page.getByTestId(`status-${number}`)).toHaveText('Shipped');
  await expect(page.getByRole('link', { name: 'SWXE2E0002' })).toHaveAttribute('href', 'https://track.swiftexpress.example/awb/SWXE2E0002');
  await expect(page.getByTestId('timeline')).toContainText('Packed → Shipped');
});

test('staff see every list, and an order split over two vendors as partially shipped', async ({ page, loginAs }) => {
  test.setTimeout(240_000);
  await loginAs('admin');
  await page.goto('/orders/listing');
  await expect(page.getByRole('navigation', { name: 'Order lists' }).getByRole('link', { name: 'Orders', exact: true })).toHaveAttribute(
    'aria-current',
    'page',
  );
  await expectNoSeriousViolations(page, 'Orders');
  // Demo order 1: the kurta shipped, the saree still to confirm.
  await page
    .locator('table')
    .first()
    .getByRole('link', { name: /^OD-\d{4}-000001-1$/ })
    .click();
  await expect(page.getByTestId('order-status')).toHaveText('Partially shipped');
  await expect(page.getByRole('link', { name: 'SWX100000001' })).toBeVisible();
  const number = (await page.getByRole('heading', { level: 1 }).innerText()).replace(/^Order /, '');
  await page.goto('/cancelled-orders/listing');
  await expect(page.locator('table').first().getByText('Cancelled', { exact: true }).first()).toBeVisible();
  // The global search (Ctrl+K) finds the order by its number and opens it.
  await page.keyboard.press('Control+k');
  const field = page.getByRole('combobox', { name: 'Search' });
  await expect(field).toBeFocused();
  await field.fill(number);
  await page
    .getByRole('option', { name: new RegExp(`^${number}-1`) })
    .first()
    .click();
  await expect(page).toHaveURL(/\/orders\/\d+\/details$/);
  await expect(page.getByRole('heading', { level: 1, name: `Order ${number}` })).toBeVisible();
});
