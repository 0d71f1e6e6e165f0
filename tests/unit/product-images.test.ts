/**
 * The photo pipeline (src/lib/uploads/images.server.ts) and the srcset helper: types read from the
 * bytes, metadata stripped, the three WebP widths without upscaling, upright output, the pixel limit.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { detectImageType, detectPhotoType } from '@/lib/uploads/image-type.ts';
import { photoFileProblem, PHOTO_MAX_BYTES } from '@/lib/uploads/image-rules.ts';
import { imageSrcset, IMAGE_WIDTHS } from '@/lib/uploads/image-srcset.ts';
import { productThumbnailPath } from '@/features/products/product-images.ts';
import { productImagesPatchSchema } from '@/features/products/product-images.schema.ts';

const dataDir = mkdtempSync(join(tmpdir(), 'bo-images-'));
let pipeline: typeof import('@/lib/uploads/images.server.ts');

beforeAll(async () => {
  process.env.DATA_DIR = dataDir;
  pipeline = await import('@/lib/uploads/images.server.ts');
});
afterAll(() => rmSync(dataDir, { recursive: true, force: true }));

const photo = (width: number, height: number) => sharp({ create: { width, height, channels: 3, background: { r: 200, g: 30, b: 30 } } });
const blob = (bytes: Uint8Array | Buffer, name = 'photo.bin') => new File([new Uint8Array(bytes)], name);

/** A JPEG with EXIF (camera, GPS-like comment, orientation 6: the pixels are stored sideways). */
async function jpegWithExif(width: number, height: number, orientation = 6) {
  return photo(width, height)
    .withExif({ IFD0: { Make: 'SecretCam', Model: 'Spy 3000', Copyright: 'GPS 12.9716N 77.5946E' } })
    .withMetadata({ orientation })
    .jpeg()
    .toBuffer();
}

describe('types from the bytes', () => {
  it('knows JPEG, PNG, WebP and AVIF, whatever the name', async () => {
    expect(detectPhotoType(await photo(4, 4).jpeg().toBuffer())?.mime).toBe('image/jpeg');
    expect(detectPhotoType(await photo(4, 4).png().toBuffer())?.mime).toBe('image/png');
    expect(detectPhotoType(await photo(4, 4).webp().toBuffer())?.mime).toBe('image/webp');
    const avif = await photo(4, 4).avif().toBuffer();
    expect(detectPhotoType(avif)?.mime).toBe('image/avif');
    // The logo rules (decision 005) stay as they were: no AVIF there.
    expect(detectImageType(avif)).toBeNull();
  });

  it('refuses SVG, GIF, HTML and a renamed program', async () => {
    const enc = new TextEncoder();
    expect(detectPhotoType(enc.encode('<svg xmlns="http://www.w3.org/2000/svg"><script>alert(1)</script></svg>'))).toBeNull();
    expect(detectPhotoType(await photo(4, 4).gif().toBuffer())).toBeNull();
    expect(detectPhotoType(enc.encode('<!doctype html><p>hi'))).toBeNull();
    expect(detectPhotoType(Uint8Array.from([0x4d, 0x5a, 0x90, 0x00, 0x03, 0x00, 0x00, 0x00, 0x04, 0x00, 0x00, 0x00, 0xff, 0xff]))).toBeNull();
    // An ISO-BMFF file of another brand (an MP4) is not an AVIF.
    expect(detectPhotoType(Uint8Array.from([0, 0, 0, 0x18, ...enc.encode('ftypisom'), 0, 0, 2, 0, ...enc.encode('isomiso2')]))).toBeNull();
  });

  it('says the same in the browser: too large, then not an image', async () => {
    expect(await photoFileProblem(blob(await photo(4, 4).png().toBuffer()))).toBeNull();
    expect(await photoFileProblem(blob(new TextEncoder().encode('<svg/>')))).toMatch(/not an image/);
    expect(await photoFileProblem({ size: PHOTO_MAX_BYTES + 1, slice: () => new Blob() })).toMatch(/too large.*10 MB/);
  });
});

describe('processPhoto', () => {
  it('strips EXIF and turns the photo upright', async () => {
    const input = await jpegWithExif(300, 200);
    expect((await sharp(input).metadata()).exif).toBeDefined();
    const out = await pipeline.processPhoto('images', blob(input));
    // Orientation 6: the stored 300×200 pixels are shown 200×300.
    expect({ width: out.width, height: out.height }).toEqual({ width: 200, height: 300 });
    for (const copy of out.copies) {
      const meta = await sharp(copy.bytes).metadata();
      expect(meta.format).toBe('webp');
      expect(meta.exif).toBeUndefined();
      expect(meta.xmp).toBeUndefined();
      expect(meta.orientation ?? 1).toBe(1);
      expect(Buffer.from(copy.bytes).includes('SecretCam')).toBe(false);
      expect(meta.height! / meta.width!).toBeCloseTo(1.5, 1);
    }
  });

  it('writes 160, 480 and 1200 wide from a large photo', async () => {
    const out = await pipeline.processPhoto('images', blob(await photo(2000, 1000).png().toBuffer()));
    const widths = await Promise.all(out.copies.map(async (c) => (await sharp(c.bytes).metadata()).width));
    expect(out.copies.map((c) => c.width)).toEqual([...IMAGE_WIDTHS]);
    expect(widths).toEqual([160, 480, 1200]);
    expect(out.bytes).toBe(out.copies.reduce((s, c) => s + c.bytes.byteLength, 0));
  });

  it('never upscales a small photo', async () => {
    const out = await pipeline.processPhoto('images', blob(await photo(300, 300).webp().toBuffer()));
    const widths = await Promise.all(out.copies.map(async (c) => (await sharp(c.bytes).metadata()).width));
    expect(widths).toEqual([160, 300, 300]);
  });

  it('reads AVIF', async () => {
    const out = await pipeline.processPhoto('images', blob(await photo(500, 250).avif().toBuffer()));
    expect({ width: out.width, height: out.height }).toEqual({ width: 500, height: 250 });
  });

  it('refuses what is not a photo, too large, or too many pixels (422 on the field)', async () => {
    const refusal = async (file: Blob) => {
      try {
        await pipeline.processPhoto('images', file);
      } catch (e) {
        return e as { status: number; errors: Record<string, string[]> };
      }
      throw new Error('accepted');
    };
    const svg = await refusal(blob(new TextEncoder().encode('<svg xmlns="http://www.w3.org/2000/svg"/>'), 'x.png'));
    expect(svg.status).toBe(422);
    expect(svg.errors.images![0]).toMatch(/not an image/);
    const big = await refusal({ size: PHOTO_MAX_BYTES + 1 } as Blob);
    expect(big.errors.images![0]).toMatch(/too large/);
    // A decompression bomb: a tiny PNG of 8000×8000 pixels (64 MP) of one colour.
    const bomb = await photo(8000, 8000).png({ compressionLevel: 9 }).toBuffer();
    expect(bomb.byteLength).toBeLessThan(PHOTO_MAX_BYTES);
    expect((await refusal(blob(bomb))).errors.images![0]).toMatch(/too many pixels/);
    // Right signature, damaged body.
    const damaged = (await photo(100, 100).jpeg().toBuffer()).subarray(0, 40);
    expect((await refusal(blob(damaged))).errors.images![0]).toMatch(/could not be read/);
  });

  it('writes the copies under the uploads folder and deletes them', async () => {
    const { existsSync } = await import('node:fs');
    const out = await pipeline.processPhoto('images', blob(await photo(600, 400).jpeg().toBuffer()));
    const path = pipeline.newImagePath('products/7');
    await pipeline.writeImageCopies(path, out);
    const files = IMAGE_WIDTHS.map((w) => join(dataDir, 'uploads', `${path}-${w}.webp`));
    expect(files.every((f) => existsSync(f))).toBe(true);
    await pipeline.deleteImageCopies(path);
    expect(files.some((f) => existsSync(f))).toBe(false);
    expect(pipeline.imageCopyFile('../../etc/passwd', 160)).toBeNull();
    expect(pipeline.imageCopyFile(path, 999)).toBeNull();
  });
});

describe('imageSrcset', () => {
  it('lists each distinct width once, with width/height of the largest copy, lazy and async', () => {
    const a = imageSrcset({ path: 'products/1/u', width: 2000, height: 1000 }, { sizes: '(min-width: 640px) 480px, 100vw', alt: 'Kurta' });
    expect(a.srcset).toBe('/uploads/products/1/u-160.webp 160w, /uploads/products/1/u-480.webp 480w, /uploads/products/1/u-1200.webp 1200w');
    expect(a).toMatchObject({ width: 1200, height: 600, loading: 'lazy', decoding: 'async', alt: 'Kurta', src: '/uploads/products/1/u-480.webp' });
    const small = imageSrcset({ path: 'p', width: 300, height: 600 }, { sizes: '100vw' });
    expect(small.srcset).toBe('/uploads/p-160.webp 160w, /uploads/p-480.webp 300w');
    expect(small).toMatchObject({ width: 300, height: 600 });
    expect(productThumbnailPath('products/3/abc')).toBe('/uploads/products/3/abc-160.webp');
  });
});

describe('the PATCH body', () => {
  it('takes order and per-image changes, refuses unknown fields and text ids', () => {
    expect(productImagesPatchSchema.safeParse({ order: [3, 1, 2] }).success).toBe(true);
    expect(productImagesPatchSchema.safeParse({ images: [{ id: 1, alt: 'Front', option_value_id: null }] }).success).toBe(true);
    expect(productImagesPatchSchema.safeParse({}).success).toBe(false);
    expect(productImagesPatchSchema.safeParse({ order: ['1'] }).success).toBe(false);
    expect(productImagesPatchSchema.safeParse({ images: [{ id: 1, path: '/etc' }] }).success).toBe(false);
    expect(productImagesPatchSchema.safeParse({ images: [{ id: 1, alt: 'x'.repeat(251) }] }).success).toBe(false);
  });
});
