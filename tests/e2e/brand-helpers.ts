/**
 * Set-up calls for the brand and activity-log specs: create records through the real API with the
 * page's session (cookies, X-XSRF-TOKEN, Origin), so a spec spends its time on the screens.
 */
import { crc32, deflateSync } from 'node:zlib';
import { expect, type Page } from '@playwright/test';

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

async function unsafeHeaders(page: Page): Promise<Record<string, string>> {
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

export async function createBrand(page: Page, name: string, extra: Record<string, string> = {}): Promise<BrandRecord> {
  const response = await page.request.post('/api/brands', { headers: await unsafeHeaders(page), multipart: { name, status: 'active', ...extra } });
  expect(response.status(), await response.text()).toBe(201);
  return (await response.json()).data as BrandRecord;
}

export async function createBrands(page: Page, names: string[]): Promise<BrandRecord[]> {
  const out: BrandRecord[] = [];
  for (const name of names) out.push(await createBrand(page, name));
  return out;
}

/** The list page URL for a state, written as the table writes it. */
export function listingUrl(params: Record<string, unknown>): string {
  const qs = new URLSearchParams(Object.entries(params).map(([k, v]) => [k, typeof v === 'string' ? v : JSON.stringify(v)]));
  return `/brands/listing?${qs}`;
}
