/**
 * Issue 15's journey, end to end in Chromium, on a desktop and on a 360-px phone: a vendor adds a
 * product through the four steps (basic information; two images; delivery details; Size × Colour
 * with four variants at two prices and opening stock) and submits it; an admin, on a desktop,
 * approves it from the review queue; the vendor receives more stock of one variant; the products
 * list shows the product active with its price range and the stock available.
 *
 * This file runs its own server (a copy of the seeded template): the products it submits change
 * the review queue's count, which other specs' pages show.
 */
import sharp from 'sharp';
import type { Page } from '@playwright/test';
import { expect, signedInPage, testWithOwnServer } from './fixtures.ts';
import { pickOption as pick } from './area-helpers.ts';

const test = testWithOwnServer();

const DESKTOP = { width: 1280, height: 900 };
const PHONE = { width: 360, height: 740 };

const photo = async (name: string, background: string) => ({
  name,
  mimeType: 'image/png',
  buffer: await sharp({ create: { width: 800, height: 1000, channels: 3, background } })
    .png()
    .toBuffer(),
});

/** Nothing on the page is wider than the phone (a table may scroll inside its own box). */
const fitsThePhone = (page: Page) => page.evaluate(() => document.documentElement.scrollWidth);

const VARIANTS = [
  { row: 'S / Indigo', mrp: '1,199', price: '899', opening: '3' },
  { row: 'S / White', mrp: '1,199', price: '899', opening: '2' },
  { row: 'M / Indigo', mrp: '1,199', price: '949', opening: '2' },
  { row: 'M / White', mrp: '1,199', price: '949', opening: '2' },
];

// Each its own name: the SKUs proposed from it must differ (a vendor's SKUs are unique).
for (const [name, viewport, title] of [
  ['desktop', DESKTOP, 'Journey Cotton Kurta'],
  ['phone', PHONE, 'Pocket Linen Kurta'],
] as const) {
  test(`${name}: a vendor adds a product in four steps and submits it; the admin approves it; the vendor receives stock; the list shows it`, async ({
    browser,
    baseURL,
  }) => {
    test.setTimeout(300_000); // four steps with uploads, two sign-ins and the list, on a shared two-core machine
    const vendor = await signedInPage(browser, baseURL, 'vendor', viewport);

    // Step 1: basic information, saved as a draft.
    await vendor.goto('/products/add');
    await vendor.getByLabel('Product name').fill(title);
    await pick(vendor, 'Brand', 'indigo', 'Indigo Loom');
    await pick(vendor, 'Category', 'cloth', 'Clothing');
    await pick(vendor, 'Sub-category', 'kurt', /^Kurtas & Kurtis/);
    await vendor.getByLabel('Description').fill('Mul cotton, **straight fit**.');
    await pick(vendor, 'GST rate', 'apparel up', /^Apparel up to ₹2,500/);
    await vendor.getByRole('button', { name: 'Save and continue' }).click();
    await expect(vendor).toHaveURL(/\/products\/add-images\/\d+$/, { timeout: 30_000 });
    const id = /\/products\/add-images\/(\d+)$/.exec(vendor.url())![1];
    const steps = vendor.getByRole('navigation', { name: 'Steps of adding a product' });
    await expect(steps.locator('[aria-current="step"]')).toContainText('Images');
    await expect(steps.getByRole('link', { name: /Basic information \(complete\)/ })).toBeVisible();

    // Step 2: two images, each with a progress bar while it uploads, then alt text.
    await vendor.getByLabel('Add images').setInputFiles([await photo('front.png', '#3f51b5'), await photo('back.png', '#f5f5f5')]);
    const images = vendor.getByRole('list', { name: 'Images, in the order shoppers see them' });
    await expect(images.getByRole('listitem')).toHaveCount(2, { timeout: 30_000 });
    await images.getByLabel('Alt text').first().fill('Indigo kurta, front');
    await images.getByLabel('Alt text').first().press('Tab');
    await expect(images.getByRole('listitem').first().getByText('Saved')).toBeVisible();
    expect(await fitsThePhone(vendor)).toBeLessThanOrEqual(viewport.width);
    await vendor.getByRole('link', { name: 'Continue' }).click();

    // Step 3: delivery details.
    await expect(vendor).toHaveURL(new RegExp(`/products/add-delivery-details/${id}$`));
    await vendor.getByLabel('Packed weight (g)').fill('350');
    await vendor.getByLabel('Length (mm)').fill('320');
    await vendor.getByLabel('Width (mm)').fill('260');
    await vendor.getByLabel('Height (mm)').fill('30');
    await vendor.getByLabel('Handling time (days)').fill('2');
    await vendor.getByRole('checkbox', { name: /DFH-BLR/ }).check();
    expect(await fitsThePhone(vendor)).toBeLessThanOrEqual(viewport.width);
    await vendor.getByRole('button', { name: 'Save and continue' }).click();

    // Step 4: two option groups, four variants at two prices, opening stock; submitted for review.
    await expect(vendor).toHaveURL(new RegExp(`/products/add-pricing-details/${id}\\?saved=delivery$`));
    await vendor.getByRole('button', { name: 'Add an option group' }).click();
    await vendor.getByLabel('Option group 1').selectOption({ label: 'Size' });
    await vendor.getByRole('group', { name: 'Size values' }).getByRole('checkbox', { name: 'S', exact: true }).check();
    await vendor.getByRole('group', { name: 'Size values' }).getByRole('checkbox', { name: 'M', exact: true }).check();
    await vendor.getByRole('button', { name: 'Add an option group' }).click();
    await vendor.getByLabel('Option group 2').selectOption({ label: 'Colour' });
    await vendor.getByRole('group', { name: 'Colour values' }).getByRole('checkbox', { name: 'Indigo', exact: true }).check();
    await vendor.getByRole('group', { name: 'Colour values' }).getByRole('checkbox', { name: 'White', exact: true }).check();
    await expect(vendor.getByRole('heading', { name: 'Variants (4)' })).toBeVisible();
    for (const v of VARIANTS) {
      await vendor.getByLabel(`${v.row}, MRP`).fill(v.mrp);
      await vendor.getByLabel(`${v.row}, Price`).fill(v.price);
      await vendor.getByLabel(`${v.row}, Opening stock, DFH-BLR`).fill(v.opening);
    }
    const sku = await vendor.getByLabel('S / Indigo, SKU').inputValue();
    expect(sku).toMatch(/^[A-Z0-9][A-Z0-9._-]*-S-INDIGO$/);
    expect(await fitsThePhone(vendor)).toBeLessThanOrEqual(viewport.width);
    await vendor.getByRole('button', { name: 'Submit for review' }).click();
    await expect(vendor).toHaveURL(new RegExp(`/products/${id}/details$`), { timeout: 30_000 });
    await expect(vendor.getByTestId('product-status')).toHaveText('Waiting for review');

    // The admin approves it from the queue.
    const admin = await signedInPage(browser, baseURL, 'admin', DESKTOP);
    await admin.goto('/products/listing');
    await admin.getByTestId('review-tab').click();
    const queued = admin.locator('tbody tr').filter({ hasText: title });
    await expect(queued).toBeVisible();
    await queued.getByRole('link', { name: `View ${title}` }).click();
    await expect(admin.getByRole('heading', { name: title, level: 1 })).toBeVisible();
    await admin.getByRole('button', { name: 'Approve', exact: true }).click();
    await expect(admin.getByTestId('product-status')).toHaveText('Active');
    await admin.context().close();

    // The vendor receives 5 more of one variant.
    await vendor.goto('/inventories/listing');
    await vendor.getByRole('searchbox').fill(sku);
    const level = vendor.locator('tbody tr').filter({ hasText: sku });
    await expect(level).toHaveCount(1, { timeout: 15_000 });
    await level.getByRole('link', { name: sku, exact: true }).click();
    await expect(vendor.getByRole('heading', { level: 1, name: sku })).toBeVisible();
    await expect(vendor.getByTestId('available')).toHaveText('3');
    await vendor.getByRole('combobox', { name: /Reason/ }).selectOption('received');
    await vendor.getByRole('textbox', { name: /Quantity/ }).fill('5');
    await vendor.getByRole('button', { name: 'Save adjustment' }).click();
    await expect(vendor.getByTestId('available')).toHaveText('8');

    // The list: active, the price range of its variants, the stock available in all (8 + 2 + 2 + 2).
    await vendor.goto('/products/listing');
    await vendor.getByRole('searchbox').fill(title);
    const row = vendor.locator('tbody tr').filter({ hasText: title });
    await expect(row).toBeVisible({ timeout: 15_000 });
    await expect(row).toContainText('Active');
    await expect(row).toContainText('₹ 899.00 – ₹ 949.00');
    await expect(row).toContainText('14');
    await vendor.context().close();
  });
}
