/**
 * Customers in the browser. Support, on a desktop and on a 360×740 phone, sees the customer list
 * and a customer's details with phones and emails masked and no way to reveal them; the Super
 * Admin reveals one customer's (logged) and blocks the customer with a reason, which the details
 * page and the list then show, and adds an address from the details page starting with its pincode.
 */
import { test, expect, expectToast } from './fixtures.ts';
import { createRecord, uniqueTag } from './area-helpers.ts';

/** An Indian mobile number or an email address written in full. */
const FULL_PHONE = /(\+91[\s-]?)?[6-9]\d{4}\s?\d{5}/;
const MASKED_PHONE = /\+91 ••••• •\d{4}/;

const VIEWPORTS = [
  { name: 'desktop', viewport: { width: 1280, height: 800 } },
  { name: 'phone', viewport: { width: 360, height: 740 } },
];

for (const { name, viewport } of VIEWPORTS) {
  test.describe(`on a ${name}`, () => {
    test.use({ viewport });

    test('support sees customers with masked phones and emails, and no Reveal', async ({ page, loginAs }) => {
      test.slow();
      await loginAs('support');
      await page.goto('/customers/list');
      await expect(page.getByRole('heading', { name: 'Customers', level: 1 })).toBeVisible();
      const rows = page.locator('tbody tr');
      await expect(rows).toHaveCount(25);
      const table = page.locator('table');
      await expect(table).toContainText(MASKED_PHONE);
      const text = await table.innerText();
      expect(text).not.toMatch(FULL_PHONE);
      expect(text).toMatch(/[a-z]{1,2}••••@example\./);
      // Support may view but not add, edit or delete.
      await expect(page.getByRole('link', { name: /^Add customer/ })).toHaveCount(0);

      await rows.first().getByRole('link', { name: /^View/ }).click();
      await expect(page).toHaveURL(/\/customer\/\d+\/details$/);
      const contact = page.getByRole('region', { name: 'Status and contact' });
      await expect(contact.getByTestId('customer-phone')).toHaveText(MASKED_PHONE);
      await expect(contact.getByRole('button', { name: 'Reveal email and phone' })).toHaveCount(0);
      await expect(page.getByRole('button', { name: /Block customer/ })).toHaveCount(0);
      expect(await page.locator('main').innerText()).not.toMatch(FULL_PHONE);
      for (const section of ['Orders', 'Reviews', 'Wishlist'])
        await expect(page.getByRole('region', { name: section })).toContainText(`No ${section.toLowerCase()} yet`);
    });
  });
}

test('the Super Admin reveals a customer’s phone and blocks the customer with a reason', async ({ page, loginAs }) => {
  test.slow();
  await loginAs('admin');
  await page.goto('/customers/list');
  const tag = uniqueTag();
  const digits = `6${String(Math.floor(Math.random() * 1e9)).padStart(9, '0')}`;
  const customer = await createRecord(page, 'customers', { name: `Kiran Joshi ${tag}`, email: `kiran.${tag.toLowerCase()}@example.com`, phone: digits });

  await page.goto(`/customer/${customer.id}/details`);
  const contact = page.getByRole('region', { name: 'Status and contact' });
  await expect(contact.getByTestId('customer-phone')).toHaveText(`+91 ••••• •${digits.slice(-4)}`);
  await contact.getByRole('button', { name: 'Reveal email and phone' }).click();
  await expect(contact.getByTestId('customer-phone')).toHaveText(`+91 ${digits.slice(0, 5)} ${digits.slice(5)}`);
  await expect(contact.getByTestId('customer-email')).toHaveText(`kiran.${tag.toLowerCase()}@example.com`);

  await contact.getByRole('button', { name: 'Block customer' }).click();
  const dialog = page.getByRole('dialog', { name: `Block Kiran Joshi ${tag}?` });
  await dialog.getByRole('button', { name: 'Block', exact: true }).click();
  await expect(dialog.getByText('Enter the reason.')).toBeVisible();
  await dialog.getByLabel('Reason').fill('Refused three cash-on-delivery orders');
  await dialog.getByRole('button', { name: 'Block', exact: true }).click();
  await expectToast(page, 'Customer blocked.');
  await expect(page.getByRole('region', { name: 'Status and contact' })).toContainText('Reason: Refused three cash-on-delivery orders');
  // Masked again after the reload: a reveal lasts only while the page is open.
  await expect(page.getByTestId('customer-phone')).toHaveText(`+91 ••••• •${digits.slice(-4)}`);

  await page.goto(`/customers/list?q=${tag}`);
  await expect(page.locator('tbody tr')).toHaveCount(1);
  await expect(page.locator('tbody tr').first()).toContainText('Blocked');

  // Both are in the activity log.
  const log = await page.request.get(
    `/api/activity-logs?${new URLSearchParams({
      filters: JSON.stringify({
        area: { constraints: [{ matchMode: 'equals', value: 'customers' }] },
        record_id: { constraints: [{ matchMode: 'equals', value: String(customer.id) }] },
      }),
      sort: 'at',
      order: 'desc',
    })}`,
    { headers: { accept: 'application/json' } },
  );
  expect(((await log.json()).data as { action: string }[]).map((e) => e.action)).toEqual(['block', 'reveal', 'create']);
});

test('the Super Admin adds an address from the details page, starting with its pincode', async ({ page, loginAs }) => {
  test.slow();
  await loginAs('admin');
  await page.goto('/customers/list');
  const tag = uniqueTag();
  const digits = `7${String(Math.floor(Math.random() * 1e9)).padStart(9, '0')}`;
  const customer = await createRecord(page, 'customers', { name: `Anu Varghese ${tag}`, email: `anu.${tag.toLowerCase()}@example.com`, phone: digits });
  await page.goto(`/customer/${customer.id}/details`);
  const addresses = page.getByRole('region', { name: 'Addresses' });
  await expect(addresses).toContainText('No customer addresses yet.');
  await addresses.getByRole('link', { name: /Add address/ }).click();
  await expect(page).toHaveURL(/\/customer-addresses\/add\?/);
  await expect(page.getByRole('combobox', { name: 'Customer' })).toHaveValue(`Anu Varghese ${tag}`);
  await page.getByLabel('Label').fill('Home');
  await page.getByLabel('Address line 1').fill('22 Marine Drive');
  await page.getByRole('textbox', { name: 'Pincode' }).fill('682001');
  await expect(page.getByRole('combobox', { name: 'State' })).toHaveValue('Kerala');
  await expect(page.getByRole('combobox', { name: 'City' })).not.toHaveValue('');
  await page.getByLabel('Default address').selectOption('true');
  await page.getByRole('button', { name: 'Add address' }).click();
  await expect(page).toHaveURL(new RegExp(`/customer/${customer.id}/details`), { timeout: 15_000 });
  const row = page.getByRole('region', { name: 'Addresses' }).locator('tbody tr');
  await expect(row).toHaveCount(1);
  await expect(row.first()).toContainText('22 Marine Drive');
  await expect(row.first()).toContainText('Kerala');
  await expect(row.first()).toContainText('682001');
});
