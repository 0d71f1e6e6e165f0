/**
 * Bulk import of products with their photos (issue 16 §1), through the real server: a ZIP holding the
 * sheet and photos named by file name, and photos named by URL on a local image host (allowed by
 * IMPORT_IMAGE_ALLOWED_IPS; the refusal of non-public addresses is the unit tests'). The dry run
 * fetches nothing and names a missing file; the import writes the photos through the photo pipeline;
 * the export names them as the file did, so export → import changes nothing; a new list reorders,
 * drops and adds; a URL that fails leaves its product as it was.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import sharp from 'sharp';
import { useServer } from '../helpers/vitest-server.ts';
import type { HttpClient } from '../helpers/http.ts';
import { zipOf } from '../helpers/zip.ts';
import type { ImportJobJson } from '../../src/features/products/product-import-format.ts';

const app = useServer({ env: { IMPORT_IMAGE_ALLOWED_IPS: '127.0.0.1' } });

const photo = (colour: string) =>
  sharp({ create: { width: 64, height: 48, channels: 3, background: colour } })
    .png()
    .toBuffer();

let imageHost: Server;
let host = '';
let requests: string[] = [];
beforeAll(async () => {
  const blue = await photo('#2255cc');
  imageHost = createServer((req, res) => {
    requests.push(req.url ?? '');
    if (req.url === '/blue.png') return res.writeHead(200, { 'content-type': 'image/png' }).end(blue);
    if (req.url === '/not-a-photo.png') return res.writeHead(200, { 'content-type': 'image/png' }).end('<html>hello</html>');
    res.writeHead(404).end();
  });
  await new Promise<void>((r) => imageHost.listen(0, '127.0.0.1', r));
  host = `http://127.0.0.1:${(imageHost.address() as AddressInfo).port}`;
});
afterAll(() => new Promise<void>((r) => imageHost.close(() => r())));

const HEADER = 'handle,name,category,sub_category,tax,sku,mrp,price,images';
const row = (handle: string, sku: string, images: string) =>
  [handle, `Lamp ${handle}`, 'Clothing', 'Kurtas & Kurtis', '6204', sku, '1299.00', '999.00', `"${images}"`].join(',');
const csv = (rows: string[]) => `${HEADER}\r\n${rows.join('\r\n')}\r\n`;

async function uploadJob(c: HttpClient, body: Uint8Array | string, name: string, type: string): Promise<ImportJobJson> {
  const res = await c.request('POST', `/api/products/imports?file_name=${name}`, { body: body as BodyInit, headers: { 'content-type': type } });
  const json = (await res.json()) as { data: ImportJobJson };
  expect(res.status, JSON.stringify(json)).toBe(201);
  return json.data;
}
async function settled(c: HttpClient, id: number, phase: string): Promise<ImportJobJson> {
  const until = Date.now() + 60_000;
  for (;;) {
    const { body } = await c.getJson<{ data: ImportJobJson }>(`/api/products/imports/${id}`);
    if (body.data.phase === phase && body.data.status !== 'queued' && body.data.status !== 'running') return body.data;
    if (Date.now() > until) throw new Error(`import ${id} did not finish its ${phase}: ${JSON.stringify(body)}`);
    await new Promise((r) => setTimeout(r, 150));
  }
}
const errorsOf = async (c: HttpClient, id: number) =>
  (await c.getJson<{ data: { row: number; column: string; message: string }[] }>(`/api/products/imports/${id}/errors?per_page=50`)).body.data;
async function importFile(c: HttpClient, body: Uint8Array | string, name: string, type: string) {
  const job = await uploadJob(c, body, name, type);
  const dry = await settled(c, job.id, 'dry_run');
  const dryErrors = await errorsOf(c, job.id);
  expect(dry.status, JSON.stringify(dry)).toBe('done');
  const confirmed = await c.post(`/api/products/imports/${job.id}/confirm`, { json: { confirm_duplicate: true } });
  expect(confirmed.status, await confirmed.clone().text()).toBe(202);
  const done = await settled(c, job.id, 'import');
  return { job, dry, dryErrors, done, errors: await errorsOf(c, job.id) };
}
async function imagesOf(c: HttpClient, sku: string) {
  const { body } = await c.getJson<{ data: { id: number }[] }>(`/api/products?q=${sku}`);
  const id = body.data[0]!.id;
  const images = await c.getJson<{ data: { id: number; path: string; thumbnail_url: string; width: number }[] }>(`/api/products/${id}/images`);
  return images.body.data;
}

describe('photos in a ZIP and by URL', () => {
  it('imports them, names them as the file did in the export, reorders, drops and adds, and keeps a product whose photo fails as it was', async () => {
    const vendor = await app.as('vendor');
    const red = await photo('#cc2222');
    const green = await photo('#22aa44');
    const sheet = csv([
      row('zip-lamp', 'ZIPL-1', `photos/red.png, ${host}/blue.png`),
      row('zip-lamp-2', 'ZIPL-2', 'green.png'),
      row('zip-lamp-3', 'ZIPL-3', 'missing.png'),
    ]);
    const bundle = zipOf([
      { name: 'catalogue.csv', data: Buffer.from(sheet) },
      { name: 'photos/red.png', data: red },
      { name: 'photos/green.png', data: green },
    ]);
    requests = [];
    const first = await importFile(vendor, bundle, 'catalogue.zip', 'application/zip');
    expect(first.job).toMatchObject({ file_kind: 'csv', image_files: 2 });
    // The dry run checks the ZIP's names and fetches nothing.
    expect(first.dry).toMatchObject({ rows_valid: 2, rows_error: 1, created: 2 });
    expect(first.dryErrors).toEqual([{ row: 4, column: 'images', message: 'Image 1 (missing.png): missing.png is not in the ZIP uploaded with the sheet.' }]);
    expect(first.done).toMatchObject({ status: 'done', created: 2, rows_error: 1, differences: null });
    expect(requests).toEqual(['/blue.png']);

    const lamp = await imagesOf(vendor, 'ZIPL-1');
    expect(lamp).toHaveLength(2);
    expect(lamp[0]!.width).toBe(64);
    for (const image of lamp) expect((await vendor.get(image.thumbnail_url)).status).toBe(200);
    expect(await imagesOf(vendor, 'ZIPL-2')).toHaveLength(1);

    // The export names each photo as the file did; imported again, without the ZIP, nothing changes.
    const exported = await (await vendor.get('/api/products/export?format=csv')).text();
    expect(exported).toContain(`"photos/red.png, ${host}/blue.png"`);
    requests = [];
    const again = await uploadJob(vendor, exported, 'export.csv', 'text/csv');
    const dry = await settled(vendor, again.id, 'dry_run');
    expect(await errorsOf(vendor, again.id)).toEqual([]);
    expect(dry).toMatchObject({ created: 0, updated: 0, rows_error: 0 });
    expect(requests).toEqual([]);

    // A new list: the URL first, the ZIP's red dropped, and a photo that is not one.
    const second = await importFile(
      vendor,
      csv([row('zip-lamp', 'ZIPL-1', `${host}/blue.png`), row('zip-lamp-2', 'ZIPL-2', `green.png, ${host}/not-a-photo.png`)]),
      'second.csv',
      'text/csv',
    );
    expect(second.done).toMatchObject({ updated: 1, rows_error: 1 });
    expect(second.errors).toEqual([
      { row: 3, column: 'images', message: expect.stringMatching(/^Image 2 \(http:\/\/127\.0\.0\.1:\d+\/not-a-photo\.png\): .*not an image/) },
    ]);
    const after = await imagesOf(vendor, 'ZIPL-1');
    expect(after.map((i) => i.id)).toEqual([lamp[1]!.id]);
    // The dropped photo's files are gone; the product whose photo failed kept its own.
    expect((await vendor.get(lamp[0]!.thumbnail_url)).status).toBe(404);
    expect(await imagesOf(vendor, 'ZIPL-2')).toHaveLength(1);

    // A file name without a ZIP is named as such.
    const alone = await uploadJob(vendor, csv([row('zip-lamp-4', 'ZIPL-4', 'red.png')]), 'alone.csv', 'text/csv');
    await settled(vendor, alone.id, 'dry_run');
    expect((await errorsOf(vendor, alone.id))[0]!.message).toMatch(/uploaded without a ZIP of photos/);
  });
});
