/**
 * Product images over real HTTP: upload (types read from the bytes, the size and count limits),
 * reorder, alt text, the option value tie, delete (files too), vendor isolation, staff, CSRF.
 * Fixture images are drawn with sharp here; no binary files.
 */
import { existsSync } from 'node:fs';
import { join } from 'node:path';
import sharp from 'sharp';
import { beforeAll, describe, expect, it } from 'vitest';
import { useServer } from '../helpers/vitest-server.ts';
import type { HttpClient } from '../helpers/http.ts';
import { expectErrorShape } from '../helpers/assertions.ts';

const app = useServer();
let admin: HttpClient;
let vendor: HttpClient;
let support: HttpClient;
/** Products by SKU (the demo catalogue: DFH-* are the signed-in vendor's, KVH-* another vendor's). */
const ids: Record<string, number> = {};
let red: number;
let blue: number;

interface Image {
  id: number;
  position: number;
  alt: string;
  option_value_id: number | null;
  path: string;
  width: number;
  height: number;
  bytes: number;
  thumbnail_url: string;
}

const png = (width: number, height: number, colour = { r: 10, g: 120, b: 200 }) =>
  sharp({ create: { width, height, channels: 3, background: colour } })
    .png()
    .toBuffer();

function form(...files: { bytes: Uint8Array | Buffer; name: string; type?: string }[]): FormData {
  const body = new FormData();
  for (const f of files) body.append('images', new Blob([new Uint8Array(f.bytes)], { type: f.type ?? 'image/png' }), f.name);
  return body;
}

const upload = (client: HttpClient, productId: number, body: FormData, csrf?: boolean) =>
  client.post(`/api/products/${productId}/images`, { multipart: body, headers: { accept: 'application/json' }, ...(csrf === false ? { csrf: false } : {}) });

const imagesOf = async (client: HttpClient, productId: number) => {
  const { status, body } = await client.getJson<{ data: Image[]; meta: { version: number } }>(`/api/products/${productId}/images`);
  expect(status).toBe(200);
  return body;
};

const fileOf = (image: Image, width: number) => join(app.server.dataDir, 'uploads', `${image.path}-${width}.webp`);

beforeAll(async () => {
  // Option groups for one product: it uses Red (Colour) and M (Size); Blue exists but is not its value.
  await app.server.withDatabase(async (query) => {
    const [colour] = await query(`insert into product_matrix_groups (name, kind) values ('Image test colour', 'colour') returning id`);
    const [size] = await query(`insert into product_matrix_groups (name) values ('Image test size') returning id`);
    const values = await query(
      `insert into product_matrix_values (group_id, value, position) values ($1, 'Red', 0), ($1, 'Blue', 1), ($2, 'M', 0) returning id, value`,
      [colour!.id, size!.id],
    );
    const byName = Object.fromEntries(values.map((v) => [v.value as string, Number(v.id)]));
    red = byName.Red!;
    blue = byName.Blue!;
    const [product] = await query(`select product_id from product_variants where sku = 'DFH-SHI-002'`);
    await query(`insert into product_options (product_id, group_id, position, value_ids) values ($1, $2, 0, $3), ($1, $4, 1, $5)`, [
      product!.product_id,
      colour!.id,
      [red],
      size!.id,
      [byName.M],
    ]);
  });
  admin = await app.as('admin');
  vendor = await app.as('vendor');
  support = await app.as('support');
  const all = (await admin.getJson('/api/products?per_page=100')).body.data as { id: number; sku_list: string[] }[];
  for (const p of all) for (const sku of p.sku_list) ids[sku] = p.id;
  expect(Object.keys(ids)).toEqual(expect.arrayContaining(['DFH-KUR-001', 'DFH-SHI-002', 'DFH-DUP-003', 'KVH-SAR-001', 'KVH-TOW-002']));
});

describe('POST /api/products/:id/images', () => {
  it('stores each upload as WebP copies 160/480/1200 wide (no upscaling) and bumps the version', async () => {
    const id = ids['DFH-KUR-001']!;
    const before = await imagesOf(vendor, id);
    const jpeg = await sharp({ create: { width: 1600, height: 900, channels: 3, background: 'red' } })
      .withExif({ IFD0: { Make: 'SecretCam' } })
      .jpeg()
      .toBuffer();
    const response = await upload(vendor, id, form({ bytes: jpeg, name: 'front.jpg', type: 'image/jpeg' }, { bytes: await png(300, 400), name: 'back.png' }));
    expect(response.status).toBe(201);
    const body = (await response.json()) as { data: Image[]; added: Image[]; meta: { version: number } };
    expect(body.added).toHaveLength(2);
    expect(body.meta.version).toBe(before.meta.version + 1);
    const [front, back] = body.added as [Image, Image];
    expect(front).toMatchObject({ width: 1600, height: 900, position: 0, alt: '', option_value_id: null });
    expect(front.path).toMatch(new RegExp(`^products/${id}/[0-9a-f-]{36}$`));
    expect(front.thumbnail_url).toBe(`/uploads/${front.path}-160.webp`);
    expect(back).toMatchObject({ width: 300, height: 400, position: 1 });
    for (const w of [160, 480, 1200]) expect(existsSync(fileOf(front, w))).toBe(true);

    // Served to the vendor as WebP, without the camera's EXIF; the small original is not enlarged.
    const copy = await vendor.get(`/uploads/${back.path}-1200.webp`);
    expect(copy.status).toBe(200);
    expect(copy.headers.get('content-type')).toBe('image/webp');
    expect(copy.headers.get('x-content-type-options')).toBe('nosniff');
    expect((await sharp(Buffer.from(await copy.arrayBuffer())).metadata()).width).toBe(300);
    const frontCopy = Buffer.from(await (await vendor.get(`/uploads/${front.path}-480.webp`)).arrayBuffer());
    expect(frontCopy.includes('SecretCam')).toBe(false);
    expect((await sharp(frontCopy).metadata()).width).toBe(480);
  });

  it('refuses SVG, HTML, a renamed program and GIF by their bytes (422), storing nothing', async () => {
    const id = ids['DFH-DUP-003']!;
    const enc = new TextEncoder();
    const bad = [
      { bytes: enc.encode('<svg xmlns="http://www.w3.org/2000/svg"><script>alert(1)</script></svg>'), name: 'logo.svg', type: 'image/svg+xml' },
      { bytes: enc.encode('<!doctype html><script>alert(1)</script>'), name: 'photo.png', type: 'image/png' },
      { bytes: Uint8Array.from([0x4d, 0x5a, 0x90, 0, 3, 0, 0, 0, 4, 0, 0, 0, 0xff, 0xff, 0, 0]), name: 'photo.jpg', type: 'image/jpeg' },
      {
        bytes: await sharp({ create: { width: 4, height: 4, channels: 3, background: 'red' } })
          .gif()
          .toBuffer(),
        name: 'anim.gif',
        type: 'image/gif',
      },
    ];
    for (const file of bad) {
      const body = await expectErrorShape(await upload(vendor, id, form(file)), 422);
      expect(body.errors?.images?.[0], file.name).toMatch(/not an image \(JPEG, PNG, WebP or AVIF\)/);
    }
    // One bad file among good ones refuses the whole upload: nothing half-added.
    const mixed = await expectErrorShape(await upload(vendor, id, form({ bytes: await png(50, 50), name: 'ok.png' }, bad[0]!)), 422);
    expect(mixed.errors?.['images.1']?.[0]).toMatch(/^logo\.svg: /);
    expect((await imagesOf(vendor, id)).data).toEqual([]);
  });

  it('refuses a file over 10 MB (422) and an empty upload (422)', async () => {
    const id = ids['DFH-DUP-003']!;
    const big = new Uint8Array(10 * 1_048_576 + 1);
    big.set(await png(2, 2));
    const tooLarge = await expectErrorShape(await upload(vendor, id, form({ bytes: big, name: 'huge.png' })), 422);
    expect(tooLarge.errors?.images?.[0]).toMatch(/too large.*at most 10 MB/);
    const none = await expectErrorShape(await upload(vendor, id, new FormData()), 422);
    expect(none.errors?.images?.[0]).toMatch(/Choose at least one image/);
  });

  it('keeps at most 10 images per product, naming the limit', async () => {
    const id = ids['KVH-TOW-002']!;
    const nine = await Promise.all(Array.from({ length: 9 }, (_, i) => png(20, 20, { r: i * 20, g: 0, b: 0 })));
    expect((await upload(admin, id, form(...nine.map((bytes, i) => ({ bytes, name: `p${i}.png` }))))).status).toBe(201);
    const twoMore = await expectErrorShape(await upload(admin, id, form({ bytes: nine[0]!, name: 'a.png' }, { bytes: nine[1]!, name: 'b.png' })), 422);
    expect(twoMore.errors?.images?.[0]).toBe('A product has at most 10 images; this one has 9, so add at most 1 more.');
    expect((await upload(admin, id, form({ bytes: nine[0]!, name: 'tenth.png' }))).status).toBe(201);
    const eleventh = await expectErrorShape(await upload(admin, id, form({ bytes: nine[0]!, name: 'eleventh.png' })), 422);
    expect(eleventh.errors?.images?.[0]).toMatch(/at most 10 images, and this one has 10/);
    expect((await imagesOf(admin, id)).data).toHaveLength(10);
  });

  it('needs the CSRF token', async () => {
    const response = await upload(vendor, ids['DFH-KUR-001']!, form({ bytes: await png(10, 10), name: 'x.png' }), false);
    expect([403, 419]).toContain(response.status);
    await expectErrorShape(response, response.status);
  });
});

describe('PATCH /api/products/:id/images', () => {
  let id: number;
  let images: Image[];
  beforeAll(async () => {
    id = ids['DFH-SHI-002']!;
    const response = await upload(
      vendor,
      id,
      form({ bytes: await png(100, 100), name: 'a.png' }, { bytes: await png(120, 100), name: 'b.png' }, { bytes: await png(140, 100), name: 'c.png' }),
    );
    expect(response.status).toBe(201);
    images = ((await response.json()) as { data: Image[] }).data;
  });

  it('reorders, and refuses an order that is not every image once', async () => {
    const [a, b, c] = images as [Image, Image, Image];
    const response = await vendor.patch(`/api/products/${id}/images`, { json: { order: [c.id, a.id, b.id] } });
    expect(response.status).toBe(200);
    const body = (await response.json()) as { data: Image[] };
    expect(body.data.map((i) => i.id)).toEqual([c.id, a.id, b.id]);
    expect(body.data.map((i) => i.position)).toEqual([0, 1, 2]);
    expect((await imagesOf(vendor, id)).data.map((i) => i.id)).toEqual([c.id, a.id, b.id]);
    for (const order of [
      [c.id, a.id],
      [c.id, a.id, a.id],
      [c.id, a.id, 999999],
    ]) {
      const refused = await expectErrorShape(await vendor.patch(`/api/products/${id}/images`, { json: { order } }), 422);
      expect(refused.errors?.order?.[0]).toMatch(/every image of this product once/);
    }
  });

  it('sets alt text and ties an image to one of the product’s option values', async () => {
    const [a] = images as [Image];
    const { meta } = await imagesOf(vendor, id);
    const response = await vendor.patch(`/api/products/${id}/images`, {
      json: { images: [{ id: a.id, alt: '  Front view, red shirt ', option_value_id: red }] },
    });
    expect(response.status).toBe(200);
    const body = (await response.json()) as { data: Image[]; meta: { version: number } };
    expect(body.data.find((i) => i.id === a.id)).toMatchObject({ alt: 'Front view, red shirt', option_value_id: red });
    expect(body.meta.version).toBe(meta.version + 1);
    // Back to every variant.
    const cleared = (await (await vendor.patch(`/api/products/${id}/images`, { json: { images: [{ id: a.id, option_value_id: null }] } })).json()) as {
      data: Image[];
    };
    expect(cleared.data.find((i) => i.id === a.id)?.option_value_id).toBeNull();
  });

  it('refuses a value the product does not use, another product’s image, a stale version, bad input', async () => {
    const [a] = images as [Image];
    const foreign = await expectErrorShape(await vendor.patch(`/api/products/${id}/images`, { json: { images: [{ id: a.id, option_value_id: blue }] } }), 422);
    expect(foreign.errors?.['images.0.option_value_id']?.[0]).toMatch(/value of one of this product's options/);
    const kurta = (await imagesOf(vendor, ids['DFH-KUR-001']!)).data[0]!;
    const other = await expectErrorShape(await vendor.patch(`/api/products/${id}/images`, { json: { images: [{ id: kurta.id, alt: 'x' }] } }), 422);
    expect(other.errors?.['images.0.id']?.[0]).toMatch(/not an image of this product/);
    await expectErrorShape(await vendor.patch(`/api/products/${id}/images`, { json: { images: [{ id: a.id, alt: 'x' }], version: 1 } }), 409);
    await expectErrorShape(await vendor.patch(`/api/products/${id}/images`, { json: {} }), 422);
    await expectErrorShape(await vendor.patch(`/api/products/${id}/images`, { json: { images: [{ id: a.id, alt: 'x'.repeat(251) }] } }), 422);
    await expectErrorShape(await vendor.patch(`/api/products/${id}/images`, { json: { order: [2 ** 31] } }), 422);
  });

  it('writes the activity log', async () => {
    const { status, body } = await admin.getJson(`/api/activity-logs?per_page=100`);
    expect(status).toBe(200);
    const actions = (body.data as { action: string; record_id?: string; recordId?: string }[]).map((e) => e.action);
    expect(actions).toEqual(expect.arrayContaining(['images-added', 'images-updated']));
  });
});

describe('DELETE /api/products/:id/images/:imageId', () => {
  it('removes the row and every file, and closes up the order', async () => {
    const id = ids['DFH-KUR-001']!;
    const [first, second] = (await imagesOf(vendor, id)).data as [Image, Image];
    for (const w of [160, 480, 1200]) expect(existsSync(fileOf(first, w))).toBe(true);
    const response = await vendor.delete(`/api/products/${id}/images/${first.id}`);
    expect(response.status).toBe(200);
    const body = (await response.json()) as { data: Image[] };
    expect(body.data.map((i) => [i.id, i.position])).toEqual([[second.id, 0]]);
    for (const w of [160, 480, 1200]) expect(existsSync(fileOf(first, w))).toBe(false);
    await expectErrorShape(await vendor.get(`/uploads/${first.path}-160.webp`), 404);
    await expectErrorShape(await vendor.delete(`/api/products/${id}/images/${first.id}`), 404);
  });
});

describe('who may', () => {
  it("answers 404 to a vendor for another vendor's product, its images and their files", async () => {
    const other = ids['KVH-TOW-002']!;
    const image = (await imagesOf(admin, other)).data[0]!;
    await expectErrorShape(await vendor.get(`/api/products/${other}/images`), 404);
    await expectErrorShape(await upload(vendor, other, form({ bytes: await png(10, 10), name: 'x.png' })), 404);
    await expectErrorShape(await vendor.patch(`/api/products/${other}/images`, { json: { images: [{ id: image.id, alt: 'mine now' }] } }), 404);
    await expectErrorShape(await vendor.delete(`/api/products/${other}/images/${image.id}`), 404);
    await expectErrorShape(await vendor.get(`/uploads/${image.path}-160.webp`), 404);
    expect(existsSync(fileOf(image, 160))).toBe(true);
    expect((await admin.get(`/uploads/${image.path}-160.webp`)).status).toBe(200);
  });

  it('lets staff with products:update manage any vendor’s images', async () => {
    const other = ids['KVH-SAR-001']!;
    const response = await upload(admin, other, form({ bytes: await png(64, 64), name: 'saree.png' }));
    expect(response.status).toBe(201);
    const [image] = ((await response.json()) as { data: Image[] }).data as [Image];
    expect((await admin.patch(`/api/products/${other}/images`, { json: { images: [{ id: image.id, alt: 'Gold saree' }] } })).status).toBe(200);
    expect((await admin.delete(`/api/products/${other}/images/${image.id}`)).status).toBe(200);
  });

  it('refuses support (no products:update) with 403 and a guest with 401', async () => {
    const id = ids['DFH-KUR-001']!;
    await expectErrorShape(await upload(support, id, form({ bytes: await png(10, 10), name: 'x.png' })), 403);
    await expectErrorShape(await support.patch(`/api/products/${id}/images`, { json: { order: [] } }), 403);
    await expectErrorShape(await app.client().get(`/api/products/${id}/images`), 401);
  });

  it('answers 404 for malformed ids and file names', async () => {
    for (const bad of ['abc', '0', '99999999999']) await expectErrorShape(await vendor.get(`/api/products/${bad}/images`), 404);
    await expectErrorShape(await vendor.delete(`/api/products/${ids['DFH-KUR-001']}/images/abc`), 404);
    for (const name of ['..%2F..%2Fpglite-160.webp', 'x-160.webp', '00000000-0000-0000-0000-000000000000-999.webp']) {
      await expectErrorShape(await vendor.get(`/uploads/products/${ids['DFH-KUR-001']}/${name}`), 404);
    }
  });
});

describe('the no-JavaScript upload form', () => {
  it('stores the files posted to the page and shows it again', async () => {
    const id = ids['DFH-DUP-003']!;
    const body = form({ bytes: await png(200, 100), name: 'plain.png' });
    body.append('_token', vendor.csrfToken!);
    const response = await vendor.post(`/products/add-images/${id}`, { multipart: body, csrf: false });
    expect(response.status).toBe(303);
    expect(response.headers.get('location')).toBe(`/products/add-images/${id}?added=1`);
    const page = await vendor.get(`/products/add-images/${id}?added=1`);
    expect(page.status).toBe(200);
    const html = await page.text();
    expect(html).toContain('Image uploaded.');
    expect((await imagesOf(vendor, id)).data).toHaveLength(1);
  });
});
