/**
 * Payouts in the browser (issue 18 §3, §7): the vendor sees their payable balance and asks for it
 * with Quick Withdraw; an administrator approves the payout, downloads the bank file, and imports
 * the bank's answer; the vendor then sees it paid with the UTR. Its own server: the Quick Withdraw
 * empties the demo vendor's payable balance, which the earnings spec on the shared server shows.
 */
import { readFile, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { testWithOwnServer, expect, signedInPage } from './fixtures.ts';
import { expectNoSeriousViolations } from './shell-helpers.ts';

const test = testWithOwnServer();

test('a vendor requests a payout; staff approve it, send the bank file and import the answer; the vendor sees it paid', async ({
  page,
  loginAs,
  browser,
  baseURL,
}) => {
  test.setTimeout(300_000);
  await loginAs('vendor');
  await page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Payouts', exact: true }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Payouts' })).toBeVisible();
  const payable = (await page.getByTestId('payable').textContent())!.trim();
  expect(payable).toMatch(/^₹ [\d,]+\.\d{2}$/);
  await expect(page.getByTestId('quick-withdraw')).toContainText('at least ₹ 500.00');
  await expectNoSeriousViolations(page, 'Payouts');
  await page.getByRole('link', { name: 'Quick Withdraw' }).click();
  await expect(page.getByTestId('withdraw-amount')).toHaveText(payable);
  await page.getByRole('button', { name: `Confirm withdrawal of ${payable}` }).click();
  await expect(page).toHaveURL(/\/payouts\/\d+\/details/);
  await expect(page.getByTestId('payout-status')).toContainText(`Requested · ${payable}`);
  const number = (await page.getByRole('heading', { level: 1 }).textContent())!.replace('Payout ', '').trim();
  expect(number).toMatch(/^PO-\d{6}$/);
  // A vendor never approves or pays: no buttons.
  await expect(page.getByRole('button', { name: 'Approve' })).toHaveCount(0);
  const detailsUrl = page.url();

  // The administrator approves it, sends the bank file and imports the bank's answer.
  const staff = await signedInPage(browser, baseURL, 'admin', { width: 1280, height: 900 });
  await staff.goto('/payouts/listing');
  await staff.locator('table').first().getByRole('link', { name: number }).click();
  await expect(staff.getByTestId('payout-status')).toContainText('Requested');
  await expectNoSeriousViolations(staff, 'Payout details');
  await staff.getByRole('button', { name: 'Approve' }).click();
  await expect(staff.getByTestId('payout-status')).toContainText('Approved');
  await expect(staff.getByTestId('payout-timeline')).toContainText('Approved');

  await staff.goto('/payouts/bank-file');
  await expect(staff.getByTestId('ready-count')).toContainText('1 approved payout');
  await expectNoSeriousViolations(staff, 'Bank file');
  const download = staff.waitForEvent('download');
  await staff.getByRole('button', { name: 'Download bank file' }).click();
  const file = await download;
  expect(file.suggestedFilename()).toMatch(/^BANK-\d{8}-[0-9A-F]{6}\.csv$/);
  const csv = await readFile((await file.path())!, 'utf8');
  expect(csv).toContain('Beneficiary Name,Account Number,IFSC,Amount,Reference');
  expect(csv).toContain(`Demo Fashion House Pvt Ltd,918020034567812,UTIB0000009,${payable.replace(/[₹ ,]/g, '')},${number}`);

  const answer = join(tmpdir(), `bank-answer-${Date.now()}.csv`);
  await writeFile(answer, `reference,status,utr,date,reason\n${number},paid,UTIBN52026112899001,2026-11-27,\n`);
  await staff.reload();
  await staff.getByLabel('Result file (CSV)').setInputFiles(answer);
  await staff.getByRole('button', { name: 'Import result' }).click();
  await expect(staff.getByTestId('import-report')).toContainText('1 rows: 1 paid, 0 failed, 0 unchanged, 0 with errors.');
  await staff.context().close();

  // The vendor sees it paid, with the bank's reference, and was told.
  await page.goto(detailsUrl);
  await expect(page.getByTestId('payout-status')).toContainText(`Paid · ${payable} · UTR UTIBN52026112899001`);
  await expect(page.getByTestId('payout-timeline')).toContainText('UTR UTIBN52026112899001, paid on 2026-11-27.');
  await page.goto('/notifications');
  await expect(page.getByText(`Payout ${number} paid: ${payable}`).first()).toBeVisible();
});
