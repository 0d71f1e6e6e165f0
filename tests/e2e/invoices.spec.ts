/**
 * Invoices and labels in the browser (issue 17 §3–§4): staff open a shipped demo order, find its
 * tax invoice in "Invoices and credit notes" and download it (the browser's download, read back by
 * PDF.js: the invoice's number and the rupee sign are on it), and print invoices and labels in
 * bulk from Shipped Orders (select the page's rows → "Print invoices and labels" → one PDF with
 * A4 invoices and 4 × 6 in labels, and a toast saying how many were printed).
 */
import { readFile } from 'node:fs/promises';
import { test, expect, expectToast } from './fixtures.ts';
import { expectNoSeriousViolations } from './shell-helpers.ts';
import { isPdf, readPdf } from '../helpers/pdf.ts';

test('staff download a shipped demo order’s tax invoice from its details page', async ({ page, loginAs }) => {
  test.setTimeout(120_000);
  await loginAs('admin');
  await page.goto('/shipped-orders/listing?q=SWX100000001');
  // Demo order 1: Demo Fashion House's kurta shipped with AWB SWX100000001.
  await page
    .locator('table')
    .first()
    .getByRole('link', { name: /^OD-\d{4}-000001-1$/ })
    .click();
  const card = page.getByRole('region', { name: 'Invoices and credit notes' });
  const link = card.getByRole('link', { name: /^Download PDF of tax invoice DFH\/\d{4}\/\d{6}$/ });
  await expect(link).toBeVisible();
  const number = (await link.textContent())!.match(/DFH\/\d{4}\/\d{6}/)![0];
  await expectNoSeriousViolations(page, 'an order’s details with its invoice');

  const [download] = await Promise.all([page.waitForEvent('download'), link.click()]);
  expect(download.suggestedFilename()).toBe(`${number.replaceAll('/', '-')}.pdf`);
  const bytes = await readFile((await download.path())!);
  expect(isPdf(bytes)).toBe(true);
  const [first] = await readPdf(bytes);
  expect(first!.text).toContain('TAX INVOICE');
  expect(first!.text).toContain(number);
  expect(first!.text).toMatch(/Invoice total ₹ [\d,]+\.\d\d/);

  // The parcel's label is a link beside its shipment.
  const [label] = await Promise.all([page.waitForEvent('download'), page.getByRole('link', { name: 'Shipping label (PDF)' }).first().click()]);
  const labelPages = await readPdf(await readFile((await label.path())!));
  expect(labelPages[0]!.text).toContain('AWB SWX100000001');
});

test('staff print the invoices and labels of the shipped orders in bulk', async ({ page, loginAs }) => {
  test.setTimeout(120_000);
  await loginAs('admin');
  await page.goto('/shipped-orders/listing');
  await expect(page.getByRole('heading', { level: 1, name: 'Shipped Orders' })).toBeVisible();
  const rows = page.locator('table').first().locator('tbody tr');
  await expect(rows.first()).toBeVisible();
  const count = await rows.count();
  await page.getByLabel('Select all rows on this page').check();
  const bar = page.getByRole('region', { name: 'Bulk actions' });
  await expect(bar).toContainText(`${count} selected`);
  const [download] = await Promise.all([page.waitForEvent('download'), bar.getByRole('button', { name: 'Print invoices and labels' }).click()]);
  expect(download.suggestedFilename()).toMatch(/^invoices-and-labels-[\d-]+\.pdf$/);
  await expectToast(page, `${count} ${count === 1 ? 'order' : 'orders'} printed.`);
  const pages = await readPdf(await readFile((await download.path())!));
  const sizes = pages.map((p) => `${p.width}x${p.height}`);
  // Every shipped parcel: its A4 invoice, then its 4 × 6 in label.
  expect(sizes.filter((s) => s === '288x432')).toHaveLength(count);
  expect(sizes.filter((s) => s === '595x842').length).toBeGreaterThanOrEqual(count);
  expect(pages.map((p) => p.text).join('\n')).toContain('AWB SWX100000001');
});
