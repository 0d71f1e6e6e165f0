/**
 * Shared by the area specs. Set-up calls create records through the real API with the page's
 * session (cookies, X-XSRF-TOKEN, Origin), so a spec spends its time on the screens; and
 * `addEditDelete` walks the one journey every area has, through the screens, as a person would.
 */
import { crc32, deflateSync, gzipSync } from 'node:zlib';
import { expect, type Locator, type Page } from '@playwright/test';
import { inSentence } from '../../src/lib/areas/area.ts';
import { expectToast } from './fixtures.ts';

/** A real 32×32 PNG, built here so the specs carry no binary fixture. */
export function pngFixture(rgb: [number, number, number] = [200, 60, 40]): Buffer {
  const row = Buffer.concat([Buffer.from([0]), Buffer.from(Array.from({ length: 32 }, () => rgb).flat())]);
  const chunk = (type: string, data: Buffer) => {
    const len = Buffer.alloc(4);
    len.writeUInt32BE(data.length);
    const crc = Buffer.alloc(4);
    crc.writeUInt32BE(crc32(Buffer.concat([Buffer.from(type), data])) >>> 0);
    return Buffer.concat([len, Buffer.from(type), data, crc]);
  };
  const ihdr = Buffer.alloc(13);
  ihdr.writeUInt32BE(32, 0);
  ihdr.writeUInt32BE(32, 4);
  ihdr.set([8, 2, 0, 0, 0], 8);
  return Buffer.concat([
    Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
    chunk('IHDR', ihdr),
    chunk('IDAT', deflateSync(Buffer.concat(Array.from({ length: 32 }, () => row)))),
    chunk('IEND', Buffer.alloc(0)),
  ]);
}

/** A short random tag, so parallel runs and reruns never see each other's brands. */
export const uniqueTag = () => Math.random().toString(36).slice(2, 8).toUpperCase();

export async function unsafeHeaders(page: Page): Promise<Record<string, string>> {
  const base = new URL(page.url() === 'about:blank' ? process.env.E2E_BASE_URL! : page.url()).origin;
  const token = (await page.context().cookies(base)).find((c) => c.name === 'XSRF-TOKEN')?.value;
  expect(token, 'signed in with an XSRF-TOKEN cookie').toBeTruthy();
  return { origin: base, 'x-xsrf-token': decodeURIComponent(token!), accept: 'application/json' };
}

export interface BrandRecord {
  id: number;
  name: string;
  slug: string;
  version: number;
}

/**
 * Pincodes no record has yet, consecutive from a random start in the Army Postal Service's 98xxxx
 * block (the seed loads no pincode there), checked against the API: a rerun on the same database, or
 * a long run, never collides with an earlier test's codes.
 */
export async function freePincodes(page: Page, count: number): Promise<string[]> {
  for (;;) {
    const start = 980_000 + Math.floor(Math.random() * (10_000 - count));
    const codes = Array.from({ length: count }, (_, i) => String(start + i));
    const taken = await Promise.all(
      codes.map(async (code) => {
        const response = await page.request.get(`/api/pincodes?q=${code}`, { headers: { accept: 'application/json' } });
        expect(response.status()).toBe(200);
        return ((await response.json()).data as { pincode: string }[]).some((p) => p.pincode === code);
      }),
    );
    if (!taken.includes(true)) return codes;
  }
}

/** Creates a record of any area through its API (`POST /api/<key>`, multipart like the form kit). */
export async function createRecord<T = Record<string, unknown> & { id: number; version: number }>(
  page: Page,
  areaKey: string,
  fields: Record<string, string>,
): Promise<T> {
  const response = await page.request.post(`/api/${areaKey}`, { headers: await unsafeHeaders(page), multipart: fields });
  expect(response.status(), await response.text()).toBe(201);
  return (await response.json()).data as T;
}

export async function createBrand(page: Page, name: string, extra: Record<string, string> = {}): Promise<BrandRecord> {
  return createRecord<BrandRecord>(page, 'brands', { name, status: 'active', ...extra });
}

export async function createBrands(page: Page, names: string[]): Promise<BrandRecord[]> {
  const out: BrandRecord[] = [];
  for (const name of names) out.push(await createBrand(page, name));
  return out;
}

/** A list page URL for a table state, written as the table writes it (`listPath` defaults to brands). */
export function listingUrl(params: Record<string, unknown>, listPath = '/brands/listing'): string {
  const qs = new URLSearchParams(Object.entries(params).map(([k, v]) => [k, typeof v === 'string' ? v : JSON.stringify(v)]));
  return `${listPath}?${qs}`;
}

/**
 * Waits until the table shows rows and every one of them contains `text`. The table refetches
 * after a bulk action or a filter, so a one-time read of the rows can still see the old page;
 * this retries until the new rows are drawn, or fails naming what it saw.
 */
export async function expectEveryRowToContain(rows: Locator, text: string, options: { timeout?: number } = {}): Promise<void> {
  await expect(rows.first()).toBeVisible(options);
  await expect(rows.filter({ hasNotText: text }), `rows without "${text}"`).toHaveCount(0, options);
}

/** Saving uploads, answers, then loads the list: slow when two browsers share two CPUs. */
export const AFTER_SAVE = { timeout: 15_000 };

export interface CrudJourney {
  /** The area's list page (`/tags/listing`). */
  listPath: string;
  /** The declaration's `singular` (`Tag`): the "Add tag" link and button, the toasts. */
  singular: string;
  /** The declaration's `label` (`Tags`): the search box is "Search tags". */
  label: string;
  /** Fills the add form; the record's title (its `titleField`) must become `title`. */
  fillAdd: (page: Page) => Promise<void>;
  title: string;
  /** Changes the record on its edit page; its title becomes `editedTitle` (default: unchanged). */
  fillEdit: (page: Page) => Promise<void>;
  editedTitle?: string;
  /** Checks on the list row after the edit (a changed column shows). */
  afterEdit?: (row: Locator) => Promise<void>;
}

/**
 * The journey every area shares, through the screens: Add from the list, save (toast, back on the
 * list), find it with the search box, Edit from its row, save, then Delete from its row after
 * typing its title. Each step checks what a person would see.
 */
export async function addEditDelete(page: Page, j: CrudJourney): Promise<void> {
  const one = inSentence(j.singular);
  const rowOf = (title: string) => page.locator('tbody tr').filter({ hasText: title });
  const search = async (text: string) => {
    await page.getByRole('searchbox', { name: `Search ${inSentence(j.label)}` }).fill(text);
    await expect(page).toHaveURL(new RegExp(`q=${encodeURIComponent(text).replace(/%20/g, '(\\+|%20)')}`));
  };

  await page.goto(j.listPath);
  await page.getByRole('link', { name: `Add ${one}` }).click();
  await j.fillAdd(page);
  await page.getByRole('button', { name: `Add ${one}` }).click();
  await expect(page).toHaveURL(new RegExp(`${j.listPath}(\\?|$)`), AFTER_SAVE);
  await expectToast(page, `${j.singular} created.`);
  await search(j.title);
  await expect(rowOf(j.title)).toBeVisible();

  await rowOf(j.title)
    .getByRole('link', { name: `Edit ${j.title}` })
    .click();
  await expect(page.getByRole('button', { name: 'Save' })).toBeEnabled();
  await j.fillEdit(page);
  await page.getByRole('button', { name: 'Save' }).click();
  await expect(page).toHaveURL(new RegExp(`${j.listPath}(\\?|$)`), AFTER_SAVE);
  await expectToast(page, `${j.singular} saved.`);
  const title = j.editedTitle ?? j.title;
  await search(title);
  await expect(rowOf(title)).toBeVisible();
  await j.afterEdit?.(rowOf(title));

  await rowOf(title)
    .getByRole('button', { name: `Delete ${title}` })
    .click();
  const confirm = page.getByRole('button', { name: 'Delete', exact: true });
  await expect(confirm).toBeDisabled();
  await page.getByPlaceholder('Please type the name').fill(title);
  await confirm.click();
  await expectToast(page, `${j.singular} deleted.`);
  await expect(rowOf(title)).toHaveCount(0);
}

/**
 * Every script the page at `path` loads once all its islands have hydrated (their code is then
 * loaded, `client:idle` ones included), gzipped as a server would send it: the page-weight budget
 * (100 KiB with React, docs/decisions/010). Read from the page's own resource timing, so nothing
 * the previous page was still fetching is counted, and nothing waits for a quiet network. Answers
 * the scripts' URLs too.
 */
export async function pageScriptsGzip(page: Page, path: string): Promise<{ scripts: string[]; bytes: number }> {
  // The fixture's goto waits for the islands that hydrate by themselves: what the page loads before
  // a person touches it (list islands on client:intent load theirs when reached for, decision 029).
  await page.goto(path);
  const scripts = await page.evaluate(() => [
    ...new Set(
      performance
        .getEntriesByType('resource')
        .map((entry) => entry.name)
        .filter((url) => /\.m?js(\?|$)/.test(new URL(url).pathname + new URL(url).search)),
    ),
  ]);
  let bytes = 0;
  for (const url of scripts) bytes += gzipSync(await (await page.request.get(url)).body()).length;
  return { scripts, bytes };
}

/** Types into a relation picker and chooses the option, as a person does: the field then shows the choice. */
export async function pickOption(page: Page, label: string, typed: string, option: string | RegExp) {
  const box = page.getByRole('combobox', { name: label, exact: true });
  const choice = page.getByRole('listbox').getByRole('option', { name: option, ...(typeof option === 'string' ? { exact: true } : {}) });
  // The picker's code loads on first touch (decision 029): on a loaded CI machine a click landing
  // while it takes the field over was lost once (the field left empty). A person sees the field
  // still empty and picks again; so does this, until the field shows the choice.
  await expect(async () => {
    await box.fill(typed);
    await choice.first().click({ timeout: 5_000 });
    await expect(box).toHaveValue(option, { timeout: 2_000 });
  }).toPass({ timeout: 30_000 });
}
