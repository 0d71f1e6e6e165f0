/**
 * Upload storage behind a small interface. Local disk (DATA_DIR/uploads) is the default;
 * an object-storage implementation can be added for deployments with several app servers
 * (see docs/decisions/005-upload-storage.md).
 */
import { mkdir, readFile, rename, unlink, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { randomBytes } from 'node:crypto';
import { config } from '../config.server.ts';
import { invalid } from '../http/errors.ts';
import { detectImageType, type ImageType } from './image-type.ts';
import { imageTooLargeMessage, notAnImageMessage } from './image-rules.ts';

export interface StoredFile {
  /** The generated name, e.g. `ab12….png`; never the client's file name. */
  key: string;
  mime: string;
  size: number;
}

export interface UploadStorage {
  put(bytes: Uint8Array, ext: string, mime: string): Promise<StoredFile>;
  get(key: string): Promise<{ bytes: Uint8Array; mime: string } | null>;
  delete(key: string): Promise<void>;
}

const KEY_PATTERN = /^[a-f0-9]{32}\.(png|jpg|webp|csv)$/;
const MIME_BY_EXT: Record<string, string> = { png: 'image/png', jpg: 'image/jpeg', webp: 'image/webp', csv: 'text/csv' };

export function isValidKey(key: string): boolean {
  return KEY_PATTERN.test(key);
}

class LocalDiskStorage implements UploadStorage {
  private dir = join(config().dataDir, 'uploads');
  async put(bytes: Uint8Array, ext: string): Promise<StoredFile> {
    await mkdir(this.dir, { recursive: true });
    const key = `${randomBytes(16).toString('hex')}.${ext}`;
    // Write to a temporary name, then rename: a crash never leaves a half-written file under a real key.
    const tmp = join(this.dir, `.${key}.tmp`);
    await writeFile(tmp, bytes, { flag: 'wx' });
    await rename(tmp, join(this.dir, key));
    return { key, mime: MIME_BY_EXT[ext]!, size: bytes.byteLength };
  }
  async get(key: string) {
    if (!isValidKey(key)) return null;
    try {
      const bytes = await readFile(join(this.dir, key));
      return { bytes, mime: MIME_BY_EXT[key.split('.').pop()!]! };
    } catch {
      return null;
    }
  }
  async delete(key: string): Promise<void> {
    if (!isValidKey(key)) return;
    await unlink(join(this.dir, key)).catch(() => {});
  }
}

let storage: UploadStorage | undefined;
export function uploads(): UploadStorage {
  storage ??= new LocalDiskStorage();
  return storage;
}

/** Checks an uploaded image (size, then type from the bytes; the browser says the same first: image-rules.ts) and returns its bytes; throws 422 on the named field. */
export async function readImageUpload(field: string, value: unknown): Promise<{ bytes: Uint8Array; type: ImageType } | null> {
  if (value === undefined || value === null || value === '') return null;
  if (!(value instanceof File)) throw invalid({ [field]: ['Choose an image file.'] });
  if (value.size === 0) return null;
  if (value.size > config().MAX_UPLOAD_BYTES) throw invalid({ [field]: [imageTooLargeMessage(config().MAX_UPLOAD_BYTES)] });
  const bytes = new Uint8Array(await value.arrayBuffer());
  const type = detectImageType(bytes);
  if (!type) throw invalid({ [field]: [notAnImageMessage(config().MAX_UPLOAD_BYTES)] });
  return { bytes, type };
}
