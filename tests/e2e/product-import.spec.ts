/**
 * Issue 16's journey in Chromium: a vendor downloads the template, uploads a 500-row file with 3 bad
 * rows, sees the dry run and its errors, downloads the error file, fixes it, imports, and finds the
 * products in the list. Its own server (a copy of the seeded template): the products it adds would
 * change other specs' lists.
 */
import { readFileSync } from 'node:fs';
import type { Page } from '@playwright/test';
import { test as base, expect, ACCOUNTS } from './fixtures.ts';
import { startServer, type TestServer } from '../helpers/server.ts';
import { pageScriptsGzip } from './area-helpers.ts';

const test = base.extend<object, { importServer: TestServer }>({
  importServer: [
    async ({}, use) => {
      const server = await startServer({ driver: 'pglite', template: process.env.BO_PGLITE_TEMPLATE });
      await use(server);
      await server.dispose();
    },
    { scope: 'worker', timeout: 180_000 },
  ],
  baseURL: async ({ importServer }, use) => {
    await use(importServer.url);
  },
});

/** A minimal CSV reader for the test's own files (quoted cells with commas; no newlines in these). */
function csvRows(text: string): string[][] {
  return text
    .replace(/^\uFEFF/, '')
    .split(/\r?\n/)
    .filter(Boolean)
    .map((line) => [...line.matchAll(/("(?:[^"]|"")*"|[^,]*)(,|$)/g)].slice(0, -1).map((m) => m[1]!.replace(/^"|"$/g, '').replace(/""/g, '"')));
}
const csvLine = (cells: string[]) => cells.map((c) => (/[",]/.test(c) ? `"${c.replace(/"/g, '""')}"` : c)).join(',');

async function download(page: Page, name: RegExp): Promise<string> {
  const [file] = await Promise.all([page.waitForEvent('download'), page.getByRole('link', { name }).click()]);
  return readFileSync((await file.path())!, 'utf8');
}

async function uploadFile(page: Page, name: string, text: string) {
  await page.getByLabel('2. Upload the file').setInputFiles({ name, mimeType: 'text/csv', buffer: Buffer.from(text) });
  await page.getByRole('button', { name: 'Upload and check' }).click();
}

test('a vendor imports 500 products: template, dry run with 3 bad rows, error file, fix, import', async ({ page }) => {
  test.slow();
  await page.goto('/auth/login');
  await page.getByLabel('Email').fill(ACCOUNTS.vendor.email);
  await page.getByLabel('Password', { exact: true }).fill(ACCOUNTS.vendor.password);
  await page.getByRole('button', { name: 'Sign in' }).click();
  await expect(page).toHaveURL(/\/dashboard/);

  await page.goto('/products/bulk-upload');
  await expect(page.getByRole('heading', { name: 'Bulk upload' })).toBeVisible();
  const template = csvRows(await download(page, /Download template \(CSV\)/));
  const header = template[0]!;
  expect(header).toContain('stock:DFH-BLR');
  const example = Object.fromEntries(header.map((key, i) => [key, template[1]![i] ?? '']));

  // 500 products of one variant each, from the template's first example; rows 11, 201 and 451 are bad.
  const rows = Array.from({ length: 500 }, (_, k) => {
    const i = k + 1;
    const cells: Record<string, string> = {
      ...example,
      handle: `e2e-kurta-${i}`,
      name: `E2E Kurta ${i}`,
      sku: `E2E-${i}`,
      mrp: '999.00',
      price: '799.00',
      'stock:DFH-BLR': '3',
    };
    if (i === 10) cells.price = '1099.00';
    if (i === 200) cells.tax = 'No such tax';
    if (i === 450) cells.barcode = '12345';
    return header.map((key) => cells[key] ?? '');
  });
  await uploadFile(page, 'catalogue.csv', `${csvLine(header)}\r\n${rows.map(csvLine).join('\r\n')}\r\n`);

  const job = page.getByTestId('import-job');
  await expect(job).toHaveAttribute('data-status', 'done', { timeout: 60_000 });
  await expect(job).toHaveAttribute('data-phase', 'dry_run');
  await expect(page).toHaveURL(/[?&]job=\d+/);
  await expect(page.getByTestId('count-created')).toHaveText('497');
  await expect(page.getByTestId('count-errors')).toHaveText('3');
  const table = page.getByTestId('import-errors');
  await expect(table.getByRole('row')).toHaveCount(4);
  await expect(table).toContainText('1,099.00 is above the MRP 999.00.');
  await expect(table).toContainText('There is no tax with the name or HSN code “No such tax”.');

  // The dry run survives a reload (the job is in the URL).
  await page.reload();
  await expect(page.getByTestId('count-errors')).toHaveText('3');

  const errorFile = csvRows(await download(page, /Download the file with an errors column/));
  const errorsAt = errorFile[0]!.indexOf('errors');
  expect(errorsAt).toBe(header.length);
  const flagged = errorFile.slice(1).filter((r) => r[errorsAt]);
  expect(flagged.map((r) => r[header.indexOf('sku')])).toEqual(['E2E-10', 'E2E-200', 'E2E-450']);

  // Fix the three rows in the error file itself and upload it again (its errors column is read past).
  const fixed = errorFile.map((r, i) => {
    if (i === 0) return r;
    const out = [...r];
    out[header.indexOf('price')] = '799.00';
    out[header.indexOf('tax')] = example.tax!;
    out[header.indexOf('barcode')] = '';
    out[errorsAt] = '';
    return out;
  });
  await page.getByRole('button', { name: 'Upload another file' }).click();
  await uploadFile(page, 'catalogue-fixed.csv', `${fixed.map(csvLine).join('\r\n')}\r\n`);
  await expect(job).toHaveAttribute('data-status', 'done', { timeout: 60_000 });
  await expect(page.getByTestId('count-created')).toHaveText('500');
  await expect(page.getByTestId('count-errors')).toHaveText('0');

  await page.getByRole('button', { name: 'Import 500 rows' }).click();
  await expect(job).toHaveAttribute('data-phase', 'import');
  await expect(job).toHaveAttribute('data-status', 'done', { timeout: 120_000 });
  await expect(page.getByTestId('count-created')).toHaveText('500');
  // Per row: what each came to, a page at a time.
  await expect(page.getByLabel('Show rows')).toHaveValue('created');
  const created = page.getByTestId('import-rows');
  await expect(created.getByRole('row')).toHaveCount(26);
  await expect(created.getByRole('row').nth(1)).toContainText('E2E-1');
  await expect(created.getByRole('row').nth(1)).toContainText('Created');
  await page.getByRole('button', { name: 'Next' }).click();
  await expect(page.getByText('Page 2 of 20 · 500 rows')).toBeVisible();
  await page.getByRole('link', { name: 'See the products' }).click();
  await expect(page).toHaveURL(/\/products\/listing/);
  await page.goto('/products/listing?q=E2E-450');
  await expect(page.getByRole('cell', { name: 'E2E Kurta 450', exact: true })).toBeVisible();
});

test('the bulk upload page stays within the 100 KiB JavaScript budget', async ({ page }) => {
  await page.goto('/auth/login');
  await page.getByLabel('Email').fill(ACCOUNTS.vendor.email);
  await page.getByLabel('Password', { exact: true }).fill(ACCOUNTS.vendor.password);
  await page.getByRole('button', { name: 'Sign in' }).click();
  await expect(page).toHaveURL(/\/dashboard/);
  const { bytes } = await pageScriptsGzip(page, '/products/bulk-upload');
  expect(bytes).toBeGreaterThan(0);
  expect(bytes, `${(bytes / 1024).toFixed(1)} KiB gzipped`).toBeLessThanOrEqual(100 * 1024);
});
