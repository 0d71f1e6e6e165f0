/**
 * The bulk import's photos (decision 036): the images column names each photo by an http(s) URL or by
 * a file name in the ZIP the sheet was uploaded in. A photo is fetched (SSRF-safe, size- and
 * time-limited: src/lib/uploads/remote-image.server.ts) or read from the ZIP, then goes through the
 * one photo pipeline (checked from its bytes, resized to WebP, metadata stripped) and is written under
 * the product's folder *before* the batch's transaction, as the images page does; what the
 * transaction doesn't use, or a transaction that fails, has its files removed.
 *
 * A new product's folder needs its id before its row exists: the id is taken from the products'
 * sequence first and given to the INSERT.
 */
import { sql } from 'drizzle-orm';
import { rowsOf, type DbOrTx } from '@/lib/db/client.server.ts';
import { deleteImageCopies, newImagePath, processPhoto, writeImageCopies } from '@/lib/uploads/images.server.ts';
import { PHOTO_MAX_BYTES } from '@/lib/uploads/image-rules.ts';
import { fetchRemoteImage, RemoteImageError } from '@/lib/uploads/remote-image.server.ts';
import { looksLikeUrl } from '@/lib/uploads/image-url.ts';
import { ImportFileError } from './product-import-format.ts';
import type { ImageArchive } from './product-import-archive.server.ts';

/** A photo written for a product of the batch, ready to be its image row; or why it can't be. */
export type PreparedImage = { productId: number; path: string; width: number; height: number; bytes: number; source: string } | { error: string };

/** A stored image's path (`products/12/<uuid>`), as the export writes it when the image has no source. */
const SAVED_PATH = /^products\/\d+\/[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/;
export const isSavedImagePath = (text: string) => SAVED_PATH.test(text);

/** A saved image is the one a cell entry names: by its path, or by the URL / file name it was imported from. */
export const namesSavedImage = (text: string, saved: { path: string; source: string | null }) =>
  saved.path === text || (saved.source !== null && (looksLikeUrl(text) ? saved.source === text : saved.source.toLowerCase() === text.toLowerCase()));

/** What the import's images need from the server: the ZIP, the fetcher, the pipeline, the products' ids. */
export interface ImportImages {
  /** Whether the ZIP has this file name; why not otherwise. */
  find(name: string): { problem?: string };
  /** Fetches or unpacks one photo and writes its copies under the product's folder. */
  prepare(entry: string, productId: number): Promise<PreparedImage>;
  /** An id for a product the batch will create with photos. */
  reserveProductId(db: DbOrTx): Promise<number>;
  /** Removes a written photo's copies. */
  discard(path: string): Promise<void>;
  close(): void;
}

export interface ImportImagesOptions {
  archive: ImageArchive | null;
  allowedIps: readonly string[];
  timeoutMs?: number;
}

const pipelineMessage = (error: unknown): string => {
  const e = error as { status?: number; errors?: Record<string, string[]> };
  const message = e.status === 422 ? Object.values(e.errors ?? {})[0]?.[0] : undefined;
  return message ? message.replace(/\.$/, '') : 'it could not be read as a photo';
};

export function importImages(options: ImportImagesOptions): ImportImages {
  const { archive } = options;
  return {
    find(name) {
      if (!archive)
        return {
          problem: `${name} is a file name, and the sheet was uploaded without a ZIP of photos: upload a ZIP holding the sheet and its photos, or give the photo’s URL`,
        };
      const found = archive.find(name);
      return 'problem' in found ? { problem: found.problem } : {};
    },
    async prepare(entry, productId) {
      let bytes: Buffer;
      try {
        if (looksLikeUrl(entry))
          bytes = await fetchRemoteImage(entry, { maxBytes: PHOTO_MAX_BYTES, timeoutMs: options.timeoutMs ?? 20_000, allowedIps: options.allowedIps });
        else {
          const found = archive?.find(entry);
          if (!found || 'problem' in found) return { error: found && 'problem' in found ? found.problem : `${entry} is not in the ZIP` };
          bytes = await archive!.read(found.entry, PHOTO_MAX_BYTES);
        }
      } catch (error) {
        if (error instanceof RemoteImageError || error instanceof ImportFileError) return { error: error.message };
        throw error;
      }
      try {
        const image = await processPhoto('image', new Blob([new Uint8Array(bytes)]));
        const path = newImagePath(`products/${productId}`);
        await writeImageCopies(path, image);
        return { productId, path, width: image.width, height: image.height, bytes: image.bytes, source: entry };
      } catch (error) {
        return { error: pipelineMessage(error) };
      }
    },
    async reserveProductId(db) {
      const [row] = rowsOf<{ id: number }>(await db.execute(sql`select nextval(pg_get_serial_sequence('products', 'id'))::int as id`));
      return Number(row!.id);
    },
    discard: deleteImageCopies,
    close: () => archive?.close(),
  };
}
