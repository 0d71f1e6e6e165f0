/**
 * Delivery partners and zones in the browser: a partner added, edited and deleted; its details
 * page with its zones; a zone whose pasted pincodes are refused line by line, then filled with a
 * whole city's pincodes, edited and deleted; support refused.
 */
import { test, expect } from './fixtures.ts';
import { AFTER_SAVE, addEditDelete, createRecord, uniqueTag, pickOption } from './area-helpers.ts';

test('adds, edits and deletes a delivery partner through the screens', async ({ page, loginAs }) => {
  test.slow(); // many page loads: Chromium without a GPU takes 1–2 s each
  await loginAs('admin');
  const tag = uniqueTag();
  await addEditDelete(page, {
    listPath: '/delivery-partners/listing',
    singular: 'Delivery partner',
    label: 'Delivery Partners',
    title: `Courier ${tag}`,
    fillAdd: async (p) => {
      await p.getByLabel('Courier name').fill(`Courier ${tag}`);
      await p.getByLabel('Tracking URL template').fill('https://track.example/awb');
      await p.getByLabel('Payment on delivery').selectOption('true');
      await p.getByRole('button', { name: 'Add delivery partner' }).click();
      // The form says what is wrong before anything is sent.
      await expect(p.getByText('Put {tracking_number} where the tracking number goes.')).toBeVisible();
      await p.getByLabel('Tracking URL template').fill('https://track.example/awb/{tracking_number}');
    },
    fillEdit: async (p) => {
      await expect(p.getByLabel('Tracking URL template')).toHaveValue('https://track.example/awb/{tracking_number}');
      await p.getByLabel('Status').selectOption('inactive');
    },
    afterEdit: async (row) => {
      await expect(row).toContainText('Cash on delivery');
      await expect(row).toContainText('Inactive');
    },
  });
});

test('a partner’s details page shows it and its zones, and adds a zone for it', async ({ page, loginAs }) => {
  await loginAs('admin');
  await page.goto('/delivery-partners/listing');
  await page.getByRole('link', { name: 'View Swift Express' }).click();
  await expect(page).toHaveURL(/\/delivery-partners\/\d+\/details$/);
  await expect(page.getByRole('heading', { level: 1, name: 'Swift Express' })).toBeVisible();
  await expect(page.getByText('https://track.swiftexpress.example/awb/{tracking_number}')).toBeVisible();
  const zones = page.getByRole('region', { name: 'Delivery zones' });
  await expect(zones.locator('tbody tr')).toHaveCount(2);
  await expect(zones.locator('tbody')).toContainText('Bengaluru city');
  await expect(zones.locator('tbody')).toContainText('All of Goa');
  await zones.getByRole('link', { name: 'Add delivery zone' }).click();
  await expect(page.getByRole('combobox', { name: 'Delivery partner' })).toHaveValue('Swift Express');
});

test('adds a zone from a pasted list (bad lines named) and a whole city, edits and deletes it', async ({ page, loginAs }) => {
  test.slow();
  await loginAs('admin');
  const tag = uniqueTag();
  const partner = await createRecord(page, 'delivery-partners', { name: `Zone courier ${tag}` });
  await addEditDelete(page, {
    listPath: '/delivery-zones/listing',
    singular: 'Delivery zone',
    label: 'Delivery Zones',
    title: `Mysuru ${tag}`,
    fillAdd: async (p) => {
      await p.getByLabel('Name').fill(`Mysuru ${tag}`);
      await pickOption(p, 'Delivery partner', `Zone courier ${tag}`, `Zone courier ${tag}`);
      await p.getByLabel('Delivery charge (₹)').fill('35');
      await p.getByLabel('Delivered in, fewest days').fill('2');
      await p.getByLabel('Delivered in, most days').fill('4');
      const pincodes = p.getByRole('textbox', { name: 'Pincodes' });
      await pincodes.fill('570001\n5700\n999999');
      await p.getByRole('button', { name: 'Add delivery zone' }).click();
      await expect(p.getByRole('listitem').filter({ hasText: 'Line 2: “5700” is not a pincode (six digits, not starting with 0).' })).toBeVisible();
      // Fixed in the browser, the unknown one is the server's to find.
      await pincodes.fill('570001\n999999');
      await p.getByRole('button', { name: 'Add delivery zone' }).click();
      await expect(p.getByRole('listitem').filter({ hasText: 'Line 2: 999999 is not a pincode of India (not in the Pincodes list).' })).toBeVisible(AFTER_SAVE);
      await pincodes.fill('570001');
      await pickOption(p, 'State', 'karna', 'Karnataka');
      await pickOption(p, 'City (optional)', 'mysur', 'Mysuru');
      await p.getByRole('button', { name: 'Add pincodes' }).click();
      await expect(p.getByText(/^Added \d+ pincodes \(1 already in the list\)\.$/)).toBeVisible();
      await expect(p.getByText(/^\d+ pincodes/)).not.toHaveText(/^1 pincode/);
    },
    fillEdit: async (p) => {
      await expect(p.getByRole('combobox', { name: 'Delivery partner' })).toHaveValue(`Zone courier ${tag}`);
      await expect(p.getByRole('textbox', { name: 'Pincodes' })).toHaveValue(/^570001\n/);
      await p.getByRole('textbox', { name: 'Pincodes' }).fill('570001\n570002');
      await expect(p.getByText('2 pincodes')).toBeVisible();
    },
    afterEdit: async (row) => {
      await expect(row).toContainText(`Zone courier ${tag}`);
      await expect(row).toContainText('2–4 days');
      await expect(row.locator('td').filter({ hasText: /^2$/ })).toHaveCount(1);
    },
  });
  expect(partner.id).toBeGreaterThan(0);
});

test('support is refused the delivery pages', async ({ page, loginAs }) => {
  await loginAs('support');
  for (const path of [
    '/delivery-partners/listing',
    '/delivery-partners/add',
    '/delivery-partners/1/details',
    '/delivery-zones/listing',
    '/delivery-zones/add',
  ]) {
    expect((await page.goto(path))?.status(), path).toBe(403);
  }
});
