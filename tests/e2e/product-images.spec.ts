/**
 * Add step 2 in Chromium, as a vendor: upload two images, give them alt text, reorder them (the
 * keyboard's Up/Down and dragging), on a desktop and on a 360-px phone where one upload fails and
 * is retried; the order and the alt text survive a reload; axe finds nothing serious; the page's
 * JavaScript stays within the 100 KiB budget.
 */
import sharp from 'sharp';
import type { Page } from '@playwright/test';
import { test, expect } from './fixtures.ts';
import { pageScriptsGzip, unsafeHeaders } from './area-helpers.ts';
import { expectNoSeriousViolations } from './shell-helpers.ts';

const photo = async (name: string, width: number, height: number, background: string) => ({
  name,
  mimeType: 'image/png',
  buffer: await sharp({ create: { width, height, channels: 3, background } })
    .png()
    .toBuffer(),
});

/** The vendor's demo product with this SKU, its images removed (the run's server is shared by the specs). */
async function cleanProduct(page: Page, sku: string): Promise<number> {
  const list = (await (await page.request.get(`/api/products?q=${sku}`)).json()) as { data: { id: number }[] };
  const id = list.data[0]!.id;
  const images = (await (await page.request.get(`/api/products/${id}/images`)).json()) as { data: { id: number }[] };
  const headers = await unsafeHeaders(page);
  for (const image of images.data) expect((await page.request.delete(`/api/products/${id}/images/${image.id}`, { headers })).status()).toBe(200);
  return id;
}

const imageList = (page: Page) => page.getByRole('list', { name: 'Images, in the order shoppers see them' });
const altInputs = (page: Page) => imageList(page).getByLabel('Alt text');

async function uploadTwo(page: Page) {
  await page.getByLabel('Add images').setInputFiles([await photo('front.png', 900, 600, '#b91c1c'), await photo('back.png', 400, 600, '#1d4ed8')]);
  await expect(imageList(page).getByRole('listitem')).toHaveCount(2, { timeout: 20_000 });
  await expect(page.getByRole('list', { name: 'Uploads' })).toHaveCount(0);
}

async function setAlt(page: Page, index: number, text: string) {
  const input = altInputs(page).nth(index);
  await input.fill(text);
  await input.press('Tab');
  await expect(imageList(page).getByRole('listitem').nth(index).getByText('Saved')).toBeVisible();
}

test('a vendor uploads, describes and reorders images on a desktop', async ({ page, loginAs }) => {
  test.slow(); // uploads resized on the server, two reloads, an axe run
  await loginAs('vendor');
  const id = await cleanProduct(page, 'DFH-KUR-001');
  await page.goto(`/products/add-images/${id}`);
  await expect(page.getByRole('heading', { level: 1, name: 'Product images' })).toBeVisible();
  await uploadTwo(page);

  // The thumbnails come from the resized WebP copies, with srcset, their size and lazy loading.
  // Still without alt text, so the image is presentational: found by its tag, not its role.
  const first = imageList(page).locator('img').first();
  await expect(first).toHaveAttribute('srcset', /-160\.webp 160w, .*-480\.webp 480w/);
  await expect(first).toHaveAttribute('loading', 'lazy');
  await expect(first).toHaveAttribute('width', '900');
  await expect.poll(() => first.evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth > 0)).toBe(true);

  await setAlt(page, 0, 'Front view, indigo kurta');
  await setAlt(page, 1, 'Back view');

  // Keyboard: "Move image 1 down" — the focus follows the image to its new place.
  await imageList(page).getByRole('button', { name: 'Move image 1 down' }).focus();
  await page.keyboard.press('Enter');
  await expect(altInputs(page).first()).toHaveValue('Back view');
  await expect(imageList(page).getByRole('button', { name: 'Move image 2 up' })).toBeFocused();
  await expect(page.getByRole('status').filter({ hasText: 'moved to position 2' })).toBeAttached();

  // Drag: the second image back onto the first place.
  await imageList(page).getByRole('listitem').nth(1).dragTo(imageList(page).getByRole('listitem').nth(0));
  await expect(altInputs(page).first()).toHaveValue('Front view, indigo kurta');

  await page.reload();
  await expect(altInputs(page)).toHaveCount(2);
  await expect(altInputs(page).nth(0)).toHaveValue('Front view, indigo kurta');
  await expect(altInputs(page).nth(1)).toHaveValue('Back view');
  await expect(imageList(page).getByRole('img').first()).toHaveAttribute('alt', 'Front view, indigo kurta');

  await expectNoSeriousViolations(page, 'the product images page');
  await page.screenshot({ path: '.tmp/screens/product-images-desktop.png', fullPage: true });

  // Delete, with a confirmation.
  await imageList(page).getByRole('button', { name: 'Delete image 2' }).click();
  await page.getByRole('dialog').getByRole('button', { name: 'Delete' }).click();
  await expect(altInputs(page)).toHaveCount(1);

  await expect(page.getByRole('link', { name: 'Continue' })).toHaveAttribute('href', `/products/add-delivery-details/${id}`);
  await expect(page.getByRole('link', { name: 'Back', exact: true })).toHaveAttribute('href', `/products/edit/${id}`);

  const { bytes } = await pageScriptsGzip(page, `/products/add-images/${id}`);
  expect(bytes, 'the page’s JavaScript, gzipped').toBeLessThanOrEqual(100 * 1024);
});

test('on a 360-px phone a failed upload shows, is retried, and the images reorder', async ({ page, loginAs }) => {
  test.slow(); // uploads resized on the server, a reload, an axe run
  await page.setViewportSize({ width: 360, height: 740 });
  await loginAs('vendor');
  const id = await cleanProduct(page, 'DFH-SHI-002');
  await page.goto(`/products/add-images/${id}`);

  // The first upload's connection drops; the second file still goes.
  let dropped = false;
  await page.route(`**/api/products/${id}/images`, async (route) => {
    if (route.request().method() === 'POST' && !dropped) {
      dropped = true;
      return route.abort('connectionreset');
    }
    return route.continue();
  });
  await page.getByLabel('Add images').setInputFiles([await photo('front.png', 900, 600, '#b91c1c'), await photo('back.png', 400, 600, '#1d4ed8')]);
  const uploads = page.getByRole('list', { name: 'Uploads' });
  await expect(uploads.getByText('The network is unreachable')).toBeVisible();
  await expect(imageList(page).getByRole('listitem')).toHaveCount(1, { timeout: 20_000 });
  await page.screenshot({ path: '.tmp/screens/product-images-phone-failed.png', fullPage: true });
  await uploads.getByRole('button', { name: 'Retry front.png' }).click();
  await expect(imageList(page).getByRole('listitem')).toHaveCount(2, { timeout: 20_000 });
  await expect(uploads).toHaveCount(0);

  await setAlt(page, 0, 'Back of the shirt');
  await setAlt(page, 1, 'Front of the shirt');
  await imageList(page).getByRole('button', { name: 'Move image 2 up' }).click();
  await expect(altInputs(page).first()).toHaveValue('Front of the shirt');

  // Nothing wider than the phone.
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(360);
  await page.reload();
  await expect(altInputs(page).first()).toHaveValue('Front of the shirt');
  await expectNoSeriousViolations(page, 'the product images page at 360 px');
  await page.screenshot({ path: '.tmp/screens/product-images-phone.png', fullPage: true });
});
