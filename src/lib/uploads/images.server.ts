/**
 * The photo pipeline (decision 035): an upload's bytes are checked (size, then the type from the
 * bytes: JPEG, PNG, WebP or AVIF), decoded by sharp with a pixel limit (a small file that
 * decompresses into gigabytes is refused before it is), turned upright, and written as WebP copies
 * 160, 480 and 1200 px wide, never wider than the original. Nothing else survives: no EXIF, no GPS,
 * no colour profile beyond sRGB, no original. Each copy is written to a temporary name and renamed,
 * so a reader never sees half a file.
 */
import { mkdir, readFile, rename, rm, unlink, writeFile } from 'node:fs/promises';
import { randomUUID } from 'node:crypto';
import { dirname, join, resolve, sep } from 'node:path';
import sharp from 'sharp';
import { config } from '@/lib/config.server.ts';
import { invalid } from '@/lib/http/errors.ts';
import { detectPhotoType, type PhotoType } from './image-type.ts';
import { notAPhotoMessage, photoTooLargeMessage, PHOTO_MAX_BYTES } from './image-rules.ts';
import { IMAGE_WIDTHS, type ImageWidth } from './image-srcset.ts';

// The server has few cores and many requests: one image at a time per worker, no decoded cache.
sharp.cache(false);
sharp.concurrency(1);

/** 40 megapixels: every phone camera's photo, and far below what would exhaust memory (about 160 MB decoded). */
export const MAX_INPUT_PIXELS = 40_000_000;
/** WebP quality: visually the same as the upload at a third of a JPEG's bytes. */
const WEBP_QUALITY = 80;

export interface ProcessedImage {
  /** The original's size, upright. */
  width: number;
  height: number;
  copies: { width: ImageWidth; bytes: Uint8Array }[];
  /** The copies' bytes together: what the image takes on disk. */
  bytes: number;
  type: PhotoType;
}

/**
 * Checks an uploaded file and makes its WebP copies, in memory; throws 422 on `field` with the
 * rule's words when it is too large, not an image, or not decodable within the pixel limit.
 */
export async function processPhoto(field: string, file: Blob, maxBytes = PHOTO_MAX_BYTES): Promise<ProcessedImage> {
  if (file.size === 0) throw invalid({ [field]: [notAPhotoMessage(maxBytes)] });
  if (file.size > maxBytes) throw invalid({ [field]: [photoTooLargeMessage(maxBytes)] });
  const input = new Uint8Array(await file.arrayBuffer());
  const type = detectPhotoType(input);
  if (!type) throw invalid({ [field]: [notAPhotoMessage(maxBytes)] });
  const decode = () => sharp(input, { limitInputPixels: MAX_INPUT_PIXELS, failOn: 'error', animated: false }).autoOrient();
  let width: number;
  let height: number;
  try {
    const meta = await decode().metadata();
    width = meta.autoOrient?.width ?? meta.width;
    height = meta.autoOrient?.height ?? meta.height;
    if (!width || !height) throw new Error('no dimensions');
    if (width * height > MAX_INPUT_PIXELS) throw new Error('Input image exceeds pixel limit');
  } catch (error) {
    throw invalid({ [field]: [decodeProblem(error, maxBytes)] });
  }
  const copies: ProcessedImage['copies'] = [];
  try {
    for (const w of IMAGE_WIDTHS) {
      // No keepMetadata/withMetadata: sharp writes none of the input's EXIF, XMP or ICC data.
      const out = await decode().resize({ width: w, withoutEnlargement: true }).webp({ quality: WEBP_QUALITY }).toBuffer();
      copies.push({ width: w, bytes: new Uint8Array(out) });
    }
  } catch (error) {
    throw invalid({ [field]: [decodeProblem(error, maxBytes)] });
  }
  return { width, height, copies, bytes: copies.reduce((sum, c) => sum + c.bytes.byteLength, 0), type };
}

function decodeProblem(error: unknown, maxBytes: number): string {
  const message = error instanceof Error ? error.message : '';
  if (/pixel limit/i.test(message)) {
    return `This image has too many pixels (at most ${MAX_INPUT_PIXELS / 1_000_000} megapixels). Resize it and upload it again.`;
  }
  return `This image could not be read: the file is damaged or not what it claims to be. ${notAPhotoMessage(maxBytes).split('. ').slice(1).join('. ')}`;
}

/** The uploads folder (served by /uploads/...). */
export const uploadsDir = (): string => join(config().dataDir, 'uploads');

/** A new image's path under the uploads folder, without the size suffix: `products/7/<uuid>`. */
export const newImagePath = (folder: string): string => `${folder}/${randomUUID()}`;

/** The file of one copy, refusing any path that would leave the uploads folder. */
function fileOf(path: string, width: ImageWidth): string {
  const root = uploadsDir();
  const file = resolve(root, `${path}-${width}.webp`);
  if (!file.startsWith(root + sep)) throw new Error(`Image path outside the uploads folder: ${path}`);
  return file;
}

/** Writes every copy (temporary name, then rename); on failure removes what it wrote. */
export async function writeImageCopies(path: string, image: ProcessedImage): Promise<void> {
  const written: string[] = [];
  try {
    for (const copy of image.copies) {
      const file = fileOf(path, copy.width);
      await mkdir(dirname(file), { recursive: true });
      const tmp = join(dirname(file), `.${randomUUID()}.tmp`);
      try {
        await writeFile(tmp, copy.bytes, { flag: 'wx' });
        await rename(tmp, file);
      } finally {
        await rm(tmp, { force: true });
      }
      written.push(file);
    }
  } catch (error) {
    await Promise.all(written.map((f) => unlink(f).catch(() => {})));
    throw error;
  }
}

/** Removes every copy of an image (missing files are fine: the goal is that none is left). */
export async function deleteImageCopies(path: string): Promise<void> {
  await Promise.all(IMAGE_WIDTHS.map((w) => unlink(fileOf(path, w)).catch(() => {})));
}

/** The copy at `/uploads/<path>-<w>.webp`, for serving; null when the name is not one we write. */
export function imageCopyFile(path: string, width: number): string | null {
  if (!(IMAGE_WIDTHS as readonly number[]).includes(width)) return null;
  try {
    return fileOf(path, width as ImageWidth);
  } catch {
    return null;
  }
}

/** An image copy's name in a URL: `<uuid>-<width>.webp`. */
export const IMAGE_COPY_NAME = /^([0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12})-(\d{3,4})\.webp$/;

/**
 * A copy served as every upload is (its real type, nosniff, sandboxed); null when the file is not
 * there. `cache` says who may keep it: `public` for what anyone may see, else the browser only.
 */
export async function imageCopyResponse(file: string, cache: 'public' | 'private'): Promise<Response | null> {
  let bytes: Uint8Array;
  try {
    bytes = await readFile(file);
  } catch {
    return null;
  }
  return new Response(bytes as Uint8Array<ArrayBuffer>, {
    headers: {
      'content-type': 'image/webp',
      'content-length': String(bytes.byteLength),
      'x-content-type-options': 'nosniff',
      'content-security-policy': "default-src 'none'; sandbox",
      'cache-control': cache === 'public' ? 'public, max-age=86400' : 'private, max-age=31536000, immutable',
      'content-disposition': 'inline',
    },
  });
}
