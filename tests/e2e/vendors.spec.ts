/**
 * A new vendor's onboarding ends in a decision, in the browser: the vendor (on a 360×740 phone)
 * fills the business and bank step, uploads the three documents (with progress), submits for
 * approval and sees the status page; the admin (desktop) opens the "Waiting for approval" view
 * from the sidebar badge's list, reviews the vendor and approves it; the vendor sees the change.
 *
 * This file runs its own server (a copy of the seeded template) so it can add a vendor account to
 * the database before the server starts, and so the approval queue's count is its own.
 */
import { expect, ACCOUNTS, testWithOwnServer } from './fixtures.ts';

const EMAIL = 'meera.e2e@example.com';
const PASSWORD = ACCOUNTS.newvendor.password; // the row copies newvendor's hash
const STORE = 'Meera Weaves';

const test = testWithOwnServer({
  // A vendor whose store is set up and phone verified: the KYC step is what is left.
  prepare: async (server) => {
    await server.withDatabase(async (q) => {
      const [hash] = await q(`select password_hash from users where email = 'newvendor@example.com'`);
      const [v] = await q(
        `insert into vendors (store_name, slug, gstin, pan, phone, address_line, city, state, pincode, status, store_setup_completed_at)
         values ($1, 'meera-weaves', '29ABCPE1234F1Z7', 'ABCPE1234F', '+919845012345', '12 MG Road', 'Bengaluru', 'Karnataka', '560001', 'draft', now()) returning id`,
        [STORE],
      );
      const [u] = await q(
        `insert into users (name, email, password_hash, user_type, vendor_id, phone, phone_verified_at) values ('Meera Rao', $1, $2, 'vendor', $3, '+919845012345', now()) returning id`,
        [EMAIL, hash!.password_hash, v!.id],
      );
      await q(`insert into user_roles (user_id, role_id) select $1, id from roles where name = 'Vendor'`, [u!.id]);
    });
  },
});

const PDF = Buffer.from('%PDF-1.4\n1 0 obj<<>>endobj\ntrailer<<>>\n%%EOF\n');
const PNG = Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 0, 0, 0, 13, 73, 72, 68, 82]);

test('a new vendor submits onboarding, the admin approves it from the queue, the vendor sees the change', async ({ browser, baseURL }) => {
  test.slow();
  const phone = await browser.newContext({ baseURL, viewport: { width: 360, height: 740 }, isMobile: true, hasTouch: true });
  const vendor = await phone.newPage();

  // Signing in leads back to the first unfinished step.
  await vendor.goto('/auth/login');
  await vendor.getByLabel('Email').fill(EMAIL);
  await vendor.getByLabel('Password', { exact: true }).fill(PASSWORD);
  await vendor.getByRole('button', { name: 'Sign in' }).click();
  await expect(vendor).toHaveURL(/\/vendor\/onboarding$/);
  await expect(vendor.getByRole('heading', { name: 'Almost there' })).toBeVisible();
  await expect(vendor.getByRole('button', { name: 'Submit for approval' })).toBeDisabled();

  // A typo is caught and named beside its field.
  await vendor.getByLabel('Legal name of the business').fill('Meera Weaves LLP');
  await vendor.getByLabel('Type of business').selectOption('llp');
  await vendor.getByRole('textbox', { name: 'PAN', exact: true }).fill('abcpe1234f');
  await vendor.getByLabel('GSTIN (if registered)').fill('29ABCPE1234F1Z7');
  await vendor.getByLabel('Account holder’s name').fill('Meera Weaves LLP');
  await vendor.getByRole('textbox', { name: 'Bank account number', exact: true }).fill('50100123456789');
  await vendor.getByLabel('Bank account number again').fill('50100123456780');
  await vendor.getByRole('textbox', { name: 'IFSC', exact: true }).fill('hdfc0000240');
  await vendor.getByRole('button', { name: 'Save business and bank details' }).click();
  await expect(vendor.getByText('The two account numbers are not the same. Type it again.')).toBeVisible();
  // The account number is never sent back into the page.
  await expect(vendor.getByRole('textbox', { name: 'Bank account number', exact: true })).toHaveValue('');
  await vendor.getByRole('textbox', { name: 'Bank account number', exact: true }).fill('50100123456789');
  await vendor.getByLabel('Bank account number again').fill('50100123456789');
  await vendor.getByRole('button', { name: 'Save business and bank details' }).click();
  await expect(vendor.getByText('Business and bank details saved.')).toBeVisible();
  await expect(vendor.getByText('•••• •••• 6789').first()).toBeVisible();

  // Documents: a file that is not a PDF, JPEG or PNG is refused by its bytes; the right ones upload with progress.
  await vendor.getByLabel('PAN card', { exact: true }).setInputFiles({ name: 'pan.pdf', mimeType: 'application/pdf', buffer: Buffer.from('just text') });
  await vendor.getByRole('button', { name: 'Upload PAN card' }).click();
  await expect(vendor.getByRole('alert').filter({ hasText: 'not a PDF, JPEG or PNG' })).toBeVisible();
  for (const [label, file] of [
    ['PAN card', { name: 'pan.pdf', mimeType: 'application/pdf', buffer: PDF }],
    ['Cancelled cheque', { name: 'cheque.png', mimeType: 'image/png', buffer: PNG }],
    ['GST certificate', { name: 'gst.pdf', mimeType: 'application/pdf', buffer: PDF }],
  ] as const) {
    await vendor.getByLabel(label, { exact: true }).setInputFiles(file);
    await vendor.getByRole('button', { name: `Upload ${label}` }).click();
    await expect(vendor.getByRole('button', { name: `Replace ${label}` })).toBeVisible();
  }
  await vendor.getByRole('button', { name: 'Submit for approval' }).click();
  await expect(vendor.getByRole('heading', { name: 'Waiting for approval' })).toBeVisible();
  await expect(vendor.getByText('What happens next')).toBeVisible();
  // Nothing overflows the phone's width.
  expect(await vendor.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(360);

  // The admin, on a desktop: the sidebar badge counts the queue; the view lists the vendor.
  const desk = await browser.newContext({ baseURL });
  const admin = await desk.newPage();
  await admin.goto('/auth/login');
  await admin.getByLabel('Email').fill(ACCOUNTS.admin.email);
  await admin.getByLabel('Password', { exact: true }).fill(ACCOUNTS.admin.password);
  await admin.getByRole('button', { name: 'Sign in' }).click();
  await expect(admin).toHaveURL(/\/dashboard/);
  const nav = admin.getByRole('navigation', { name: 'Main' });
  // The Vendors item's own badge (the Products item has one for products waiting for review); the
  // demo data's Lotus Crafts Jaipur waits too.
  await expect(nav.locator('#menu-badge-vendors')).toHaveText(/^2/);
  await nav.getByRole('link', { name: 'Vendors' }).click();
  await admin.getByRole('link', { name: /Waiting for approval/ }).click();
  const row = admin.locator('tbody tr').filter({ hasText: STORE });
  await expect(row).toBeVisible();
  await expect(admin.locator('tbody tr')).toHaveCount(2);
  await expect(admin.locator('tbody tr').filter({ hasText: 'Lotus Crafts Jaipur' })).toBeVisible();
  await row.hover();
  await row.getByRole('link', { name: `Edit ${STORE}` }).click();
  await expect(admin.getByRole('heading', { name: STORE, level: 1 })).toBeVisible();
  await expect(admin.getByTestId('vendor-status')).toHaveText('Waiting for approval');
  await expect(admin.getByTestId('bank-account')).toHaveText('50100123456789');
  // The document opens through its signed link.
  const [doc] = await Promise.all([
    admin.waitForEvent('response', (r) => r.url().includes('/documents/')),
    admin.getByRole('link', { name: 'PAN card' }).evaluate((a) => fetch((a as HTMLAnchorElement).href)),
  ]);
  expect(doc.status()).toBe(200);
  await admin.getByRole('button', { name: 'Approve' }).click();
  await expect(admin.getByText('Approved. The vendor has been told.')).toBeVisible();
  await expect(admin.getByTestId('vendor-status')).toHaveText('Active');
  await expect(nav.locator('#menu-badge-vendors')).toHaveText(/^1/);

  // The vendor sees the decision.
  await vendor.reload();
  await expect(vendor.getByRole('heading', { name: 'Your store is approved' })).toBeVisible();
  await vendor.goto('/notifications');
  await expect(vendor.getByText('Your store is approved').first()).toBeVisible();

  await phone.close();
  await desk.close();
});
