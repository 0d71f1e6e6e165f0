/**
 * The bulk import's photos (issue 16 §1: "image URLs or file names in an uploaded ZIP"): the images
 * cell's entries and their checks, a ZIP bundle of a sheet and its photos (one sheet, found by name,
 * photos found by path or by file name), and the URL fetcher's refusals: addresses that are not
 * public (SSRF), redirects to them, sizes past the limit, errors from the far server.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { existsSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { zipOf } from '../helpers/zip.ts';
import { imageEntries, validateProductRows, type ImportLookups } from '../../src/features/products/product-import-rows.ts';
import { openImageArchive, unpackUploadedZip } from '../../src/features/products/product-import-archive.server.ts';
import { ImportFileError } from '../../src/features/products/product-import-format.ts';
import { imageUrlProblem, looksLikeUrl } from '../../src/lib/uploads/image-url.ts';
import { fetchRemoteImage, RemoteImageError } from '../../src/lib/uploads/remote-image.server.ts';
import { isSavedImagePath, namesSavedImage } from '../../src/features/products/product-import-images.server.ts';

const dir = mkdtempSync(join(tmpdir(), 'import-images-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));
let n = 0;
const file = (content: Uint8Array) => {
  const path = join(dir, `z${++n}.zip`);
  writeFileSync(path, content);
  return path;
};

describe('the images cell', () => {
  it('splits on commas and line breaks, blank is null (images left as they are)', () => {
    expect(imageEntries('')).toBeNull();
    expect(imageEntries(' , ')).toBeNull();
    expect(imageEntries('front.jpg, https://cdn.example.com/a.jpg\nback.png')).toEqual(['front.jpg', 'https://cdn.example.com/a.jpg', 'back.png']);
  });

  it('checks URLs before anything is fetched', () => {
    expect(looksLikeUrl('https://x.test/a.jpg')).toBe(true);
    expect(looksLikeUrl('photos/a.jpg')).toBe(false);
    expect(imageUrlProblem('https://cdn.example.com/a.jpg')).toBeNull();
    expect(imageUrlProblem('ftp://cdn.example.com/a.jpg')).toBe('only http and https URLs are fetched');
    expect(imageUrlProblem('https://user:pw@cdn.example.com/a.jpg')).toMatch(/user name or password/);
    expect(imageUrlProblem(`https://x.test/${'a'.repeat(2_000)}`)).toMatch(/longer than 2,000/);
    expect(imageUrlProblem('https://')).toBe('it is not a valid URL');
  });

  it('knows a saved image by its path or by where it was imported from', () => {
    const saved = { path: 'products/12/0f8fad5b-d9cb-469f-a165-70867728950e', source: 'Front.JPG' };
    expect(isSavedImagePath(saved.path)).toBe(true);
    expect(isSavedImagePath('products/12/front.jpg')).toBe(false);
    expect(namesSavedImage(saved.path, saved)).toBe(true);
    expect(namesSavedImage('front.jpg', saved)).toBe(true); // file names: any letter case
    expect(namesSavedImage('back.jpg', saved)).toBe(false);
    const fromUrl = { path: saved.path, source: 'https://cdn.example.com/A.jpg' };
    expect(namesSavedImage('https://cdn.example.com/A.jpg', fromUrl)).toBe(true);
    expect(namesSavedImage('https://cdn.example.com/a.jpg', fromUrl)).toBe(false); // a URL's path is case-sensitive
  });

  it('refuses more than ten images, the same one twice and a URL that is not fetched, on the product’s first row', () => {
    const lookups = {
      brands: new Map(),
      categories: new Map([['home', { id: 1, name: 'Home' }]]),
      subCategories: new Map(),
      tags: new Map(),
      taxes: new Map([['gst 5%', { id: 2, name: 'GST 5%' }]]),
      returnPolicies: new Map(),
      sizeCharts: new Map(),
      optionGroups: new Map(),
      warehouses: new Map(),
      staff: false,
    } as ImportLookups;
    const row = (images: string) => ({
      row: 2,
      cells: { handle: 'lamp', name: 'Lamp', category: 'Home', tax: 'GST 5%', sku: 'L-1', mrp: '10.00', price: '9.00', images },
    });
    const columns = new Set(['handle', 'name', 'category', 'tax', 'sku', 'mrp', 'price', 'images']);
    const ok = validateProductRows([row('a.jpg, https://cdn.example.com/b.jpg')], lookups, columns);
    expect(ok.errors).toEqual([]);
    expect(ok.product!.images).toEqual(['a.jpg', 'https://cdn.example.com/b.jpg']);
    expect(validateProductRows([row('')], lookups, columns).product!.images).toBeNull();
    const eleven = Array.from({ length: 11 }, (_, i) => `p${i}.jpg`).join(',');
    expect(validateProductRows([row(eleven)], lookups, columns).errors).toEqual([
      { row: 2, column: 'images', message: '11 images are listed; a product has at most 10.' },
    ]);
    expect(validateProductRows([row('a.jpg, A.JPG, ftp://x.test/c.jpg')], lookups, columns).errors.map((e) => e.message)).toEqual([
      'A.JPG is listed twice.',
      'Image 3 (ftp://x.test/c.jpg): only http and https URLs are fetched.',
    ]);
  });
});

describe('a ZIP of a sheet and its photos', () => {
  const png = Buffer.from('89504e470d0a1a0a', 'hex');

  it('unpacks the one sheet and counts the photos; a workbook is left for the XLSX checks', async () => {
    const zip = file(
      zipOf([
        { name: 'catalogue/products.csv', data: Buffer.from('handle,name\r\n') },
        { name: 'catalogue/photos/front.png', data: png },
        { name: 'catalogue/photos/back.jpg', data: png },
        { name: '__MACOSX/catalogue/._front.png', data: png },
        { name: 'catalogue/.DS_Store', data: png },
      ]),
    );
    const sheet = join(dir, 'sheet');
    const result = await unpackUploadedZip(zip, (kind) => `${sheet}.${kind}`, 1_000_000);
    expect(result).toEqual({ kind: 'bundle', sheetKind: 'csv', sheetName: 'products.csv', imageFiles: 2 });
    expect(readFileSync(`${sheet}.csv`, 'utf8')).toBe('handle,name\r\n');

    const workbook = file(
      zipOf([
        { name: '[Content_Types].xml', data: Buffer.from('<x/>') },
        { name: 'xl/workbook.xml', data: Buffer.from('<x/>') },
      ]),
    );
    expect(await unpackUploadedZip(workbook, (kind) => join(dir, `never.${kind}`), 1_000_000)).toEqual({ kind: 'workbook' });
    expect(existsSync(join(dir, 'never.csv'))).toBe(false);
  });

  it('refuses a ZIP without a sheet, with two, and a sheet that inflates past the limit', async () => {
    const refusal = async (entries: Parameters<typeof zipOf>[0], max = 1_000_000) => {
      try {
        await unpackUploadedZip(file(zipOf(entries)), (kind) => join(dir, `r${n}.${kind}`), max);
      } catch (error) {
        expect(error).toBeInstanceOf(ImportFileError);
        return (error as Error).message;
      }
      throw new Error('expected a refusal');
    };
    expect(await refusal([{ name: 'a.png', data: png }])).toMatch(/no \.csv or \.xlsx sheet/);
    expect(
      await refusal([
        { name: 'a.csv', data: Buffer.from('x') },
        { name: 'b.xlsx', data: Buffer.from('x') },
      ]),
    ).toMatch(/2 sheets \(a\.csv, b\.xlsx\)/);
    // 8 MB of zeros claiming to be 10 bytes: counted as it inflates, refused.
    expect(await refusal([{ name: 'a.csv', data: Buffer.alloc(8 * 1024 * 1024), claimedSize: 10 }])).toMatch(/ZIP bomb|larger than/);
    expect(await refusal([{ name: 'a.csv', data: Buffer.alloc(2_000_000) }])).toMatch(/larger than/);
  });

  it('finds a photo by its path in the ZIP or by its file name alone, and says why not', async () => {
    const archive = await openImageArchive(
      file(
        zipOf([
          { name: 'photos/Front.PNG', data: png },
          { name: 'a/side.jpg', data: png },
          { name: 'b/side.jpg', data: png },
          { name: 'notes.txt', data: Buffer.from('x') },
        ]),
      ),
    );
    try {
      const found = archive.find('front.png');
      expect('entry' in found && found.entry.fileName).toBe('photos/Front.PNG');
      expect('entry' in archive.find('photos/front.png')).toBe(true);
      expect('entry' in archive.find('a/side.jpg')).toBe(true);
      expect(archive.find('side.jpg')).toEqual({ problem: 'side.jpg is in the ZIP 2 times (a/side.jpg, b/side.jpg): write its folder too' });
      expect(archive.find('back.png')).toEqual({ problem: 'back.png is not in the ZIP uploaded with the sheet' });
      expect(archive.find('notes.txt')).toEqual({ problem: 'notes.txt is not a photo file (.jpg, .png, .webp or .avif) nor an http(s) URL' });
      const bytes = await archive.read((found as { entry: Parameters<typeof archive.read>[0] }).entry, 1_000);
      expect(bytes.equals(png)).toBe(true);
      await expect(archive.read((found as { entry: Parameters<typeof archive.read>[0] }).entry, 4)).rejects.toThrow(/larger than/);
    } finally {
      archive.close();
    }
  });
});

describe('fetching a photo by URL', () => {
  let server: Server;
  let base: string;
  beforeAll(async () => {
    server = createServer((req, res) => {
      if (req.url === '/photo.png') return res.writeHead(200, { 'content-type': 'image/png' }).end(Buffer.alloc(2_000, 1));
      if (req.url === '/huge.png') return res.writeHead(200, { 'content-type': 'image/png', 'content-length': '50000000' }).end();
      if (req.url === '/chunked.png') {
        res.writeHead(200, { 'content-type': 'image/png' });
        for (let i = 0; i < 5; i++) res.write(Buffer.alloc(1_000));
        return res.end();
      }
      if (req.url === '/moved') return res.writeHead(302, { location: '/photo.png' }).end();
      if (req.url === '/to-metadata') return res.writeHead(302, { location: 'http://169.254.169.254/latest/meta-data/' }).end();
      res.writeHead(404).end('no');
    });
    await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
    base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  });
  afterAll(() => new Promise<void>((r) => server.close(() => r())));
  const allowed = { maxBytes: 3_000, timeoutMs: 5_000, allowedIps: ['127.0.0.1'] };

  it('refuses addresses that are not public: the server’s own, private networks, cloud metadata', async () => {
    const refused = (url: string) => fetchRemoteImage(url, { ...allowed, allowedIps: [] });
    await expect(refused(`${base}/photo.png`)).rejects.toThrow('the address is not a public internet address, so it is not fetched');
    await expect(refused('http://169.254.169.254/latest/meta-data/')).rejects.toThrow(/not a public internet address/);
    await expect(refused('http://10.1.2.3/a.png')).rejects.toThrow(/not a public internet address/);
    await expect(refused('http://[::1]/a.png')).rejects.toThrow(/not a public internet address/);
    await expect(refused('file:///etc/passwd')).rejects.toThrow('only http and https URLs are fetched');
  });

  it('fetches from an allowed address, follows a redirect, and re-checks where it leads', async () => {
    expect((await fetchRemoteImage(`${base}/photo.png`, allowed)).byteLength).toBe(2_000);
    expect((await fetchRemoteImage(`${base}/moved`, allowed)).byteLength).toBe(2_000);
    await expect(fetchRemoteImage(`${base}/to-metadata`, allowed)).rejects.toThrow(/not a public internet address/);
  });

  it('stops at the size limit (declared or counted) and reports the far server’s answer', async () => {
    await expect(fetchRemoteImage(`${base}/huge.png`, allowed)).rejects.toThrow(RemoteImageError);
    await expect(fetchRemoteImage(`${base}/chunked.png`, allowed)).rejects.toThrow(/larger than/);
    await expect(fetchRemoteImage(`${base}/gone.png`, allowed)).rejects.toThrow('the server answered 404 instead of the image');
  });
});
