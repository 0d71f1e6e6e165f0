/**
 * A ZIP upload of the bulk import (decision 036): either an XLSX (a workbook is a ZIP), or a bundle of
 * one sheet (.csv or .xlsx) and the photos its images column names by file name. yauzl reads the ZIP's
 * central directory first, so the entries' names, count and declared sizes are checked before a byte
 * is inflated, and each entry's real size is checked against its header as it streams: a ZIP bomb is
 * refused, never expanded.
 *
 * The bundle's sheet is unpacked beside the job (the rows are read from it as from any upload); the
 * ZIP is kept, and a photo is inflated only when the import writes the product that names it.
 */
import { createWriteStream } from 'node:fs';
import { rm } from 'node:fs/promises';
import { posix } from 'node:path';
import { pipeline } from 'node:stream/promises';
import { Transform } from 'node:stream';
import yauzl from 'yauzl';
import { ImportFileError, formatCount } from './product-import-format.ts';
import type { ImportFileKind } from './product-import-file.server.ts';

/** The photos a bundle may hold: what the photo pipeline reads (its check of the bytes decides). */
export const ARCHIVE_IMAGE_EXTENSIONS = ['.jpg', '.jpeg', '.png', '.webp', '.avif'] as const;
/** A catalogue of 2 lakh rows with a few photos per product, and room to spare. */
export const ARCHIVE_MAX_ENTRIES = 200_000;

const openZip = (path: string) =>
  new Promise<yauzl.ZipFile>((resolve, reject) =>
    yauzl.open(path, { lazyEntries: true, autoClose: false, validateEntrySizes: true, strictFileNames: false }, (err, zip) =>
      err ? reject(new ImportFileError('The file can’t be read as an XLSX workbook or a ZIP: it is damaged. Save it again, or upload a CSV.')) : resolve(zip!),
    ),
  );

/** Every entry of the central directory (nothing inflated). */
async function entriesOf(zip: yauzl.ZipFile, maxEntries: number): Promise<yauzl.Entry[]> {
  if (zip.entryCount > maxEntries)
    throw new ImportFileError(
      `The ZIP holds ${formatCount(zip.entryCount)} files; at most ${formatCount(maxEntries)} are read. Split it into smaller uploads.`,
    );
  const entries: yauzl.Entry[] = [];
  await new Promise<void>((resolve, reject) => {
    zip.on('entry', (entry: yauzl.Entry) => {
      entries.push(entry);
      zip.readEntry();
    });
    zip.on('end', () => resolve());
    zip.on('error', () => reject(new ImportFileError('The ZIP can’t be read: its list of files is damaged.')));
    zip.readEntry();
  });
  return entries;
}

/** Folders, macOS's resource forks and hidden files are not part of what a person zipped. */
const isClutter = (name: string) => name.endsWith('/') || name.startsWith('__MACOSX/') || posix.basename(name).startsWith('.');
const extensionOf = (name: string) => posix.extname(name).toLowerCase();
const isImageName = (name: string) => (ARCHIVE_IMAGE_EXTENSIONS as readonly string[]).includes(extensionOf(name));

/** An entry's bytes as they inflate, at most `maxBytes` whatever its header says. */
function readEntry(zip: yauzl.ZipFile, entry: yauzl.Entry, maxBytes: number, tooLarge: () => Error): Promise<NodeJS.ReadableStream> {
  if (entry.uncompressedSize > maxBytes) return Promise.reject(tooLarge());
  return new Promise((resolve, reject) =>
    zip.openReadStream(entry, (err, stream) =>
      err || !stream ? reject(new ImportFileError(`${entry.fileName} in the ZIP can’t be read: it is damaged.`)) : resolve(stream),
    ),
  );
}

/** A byte counter that stops a stream past its limit. */
const capped = (maxBytes: number, tooLarge: () => Error) => {
  let seen = 0;
  return new Transform({
    transform(chunk: Buffer, _enc, done) {
      seen += chunk.byteLength;
      done(seen > maxBytes ? tooLarge() : null, chunk);
    },
  });
};

export type UploadedZip = { kind: 'workbook' } | { kind: 'bundle'; sheetKind: ImportFileKind; sheetName: string; imageFiles: number };

/**
 * What a ZIP upload is. A workbook (its `xl/workbook.xml`) is left for the XLSX checks. A bundle must
 * hold exactly one sheet, which is unpacked to `sheetPath(kind)` (at most `maxSheetBytes`); its photos
 * are counted, not read.
 */
export async function unpackUploadedZip(path: string, sheetPath: (kind: ImportFileKind) => string, maxSheetBytes: number): Promise<UploadedZip> {
  const zip = await openZip(path);
  try {
    const entries = await entriesOf(zip, ARCHIVE_MAX_ENTRIES);
    if (entries.some((e) => e.fileName === 'xl/workbook.xml')) return { kind: 'workbook' };
    const files = entries.filter((e) => !isClutter(e.fileName));
    const sheets = files.filter((e) => ['.csv', '.xlsx'].includes(extensionOf(e.fileName)));
    if (sheets.length === 0) throw new ImportFileError('The ZIP holds no .csv or .xlsx sheet. Put the filled-in template in the ZIP with the images it names.');
    if (sheets.length > 1)
      throw new ImportFileError(
        `The ZIP holds ${sheets.length} sheets (${sheets
          .slice(0, 3)
          .map((s) => s.fileName)
          .join(', ')}${sheets.length > 3 ? ', …' : ''}); keep the one to import.`,
      );
    const sheet = sheets[0]!;
    const sheetKind: ImportFileKind = extensionOf(sheet.fileName) === '.csv' ? 'csv' : 'xlsx';
    const tooLarge = () =>
      new ImportFileError(`The sheet in the ZIP is larger than ${formatCount(Math.floor(maxSheetBytes / 1_048_576))} MB, the import limit.`);
    const target = sheetPath(sheetKind);
    try {
      await pipeline(await readEntry(zip, sheet, maxSheetBytes, tooLarge), capped(maxSheetBytes, tooLarge), createWriteStream(target));
    } catch (error) {
      await rm(target, { force: true });
      if (error instanceof ImportFileError) throw error;
      throw new ImportFileError(`${sheet.fileName} in the ZIP can’t be read: it is damaged, or it expands far beyond its size (a ZIP bomb?).`);
    }
    return { kind: 'bundle', sheetKind, sheetName: posix.basename(sheet.fileName), imageFiles: files.filter((e) => isImageName(e.fileName)).length };
  } finally {
    zip.close();
  }
}

/** Finding a file name of the images column in the bundle: the entry, or why not. */
export type ArchiveLookup = { entry: yauzl.Entry } | { problem: string };

/** A bundle's photos, opened for one phase of a job. */
export interface ImageArchive {
  find(name: string): ArchiveLookup;
  read(entry: yauzl.Entry, maxBytes: number): Promise<Buffer>;
  close(): void;
}

/**
 * The photos of a bundle, by name: a cell's text matches an entry's path in the ZIP (any letter case),
 * or its file name alone when only one entry has it (photos zipped in a folder).
 */
export async function openImageArchive(path: string): Promise<ImageArchive> {
  const zip = await openZip(path);
  const entries = (await entriesOf(zip, ARCHIVE_MAX_ENTRIES)).filter((e) => !isClutter(e.fileName) && isImageName(e.fileName));
  const byPath = new Map(entries.map((e) => [e.fileName.toLowerCase(), e]));
  const byName = new Map<string, yauzl.Entry[]>();
  for (const e of entries) {
    const key = posix.basename(e.fileName).toLowerCase();
    byName.set(key, [...(byName.get(key) ?? []), e]);
  }
  return {
    find(name) {
      const key = name
        .replace(/\\/g, '/')
        .replace(/^\.?\//, '')
        .toLowerCase();
      const exact = byPath.get(key);
      if (exact) return { entry: exact };
      const same = byName.get(posix.basename(key)) ?? [];
      if (same.length === 1 && !key.includes('/')) return { entry: same[0]! };
      if (same.length > 1)
        return {
          problem: `${name} is in the ZIP ${same.length} times (${same
            .slice(0, 2)
            .map((e) => e.fileName)
            .join(', ')}): write its folder too`,
        };
      if (!isImageName(key)) return { problem: `${name} is not a photo file (.jpg, .png, .webp or .avif) nor an http(s) URL` };
      return { problem: `${name} is not in the ZIP uploaded with the sheet` };
    },
    async read(entry, maxBytes) {
      const tooLarge = () => new ImportFileError(`it is larger than ${Math.round(maxBytes / 1_048_576)} MB`);
      const chunks: Buffer[] = [];
      let bytes = 0;
      try {
        for await (const chunk of (await readEntry(zip, entry, maxBytes, tooLarge)) as AsyncIterable<Buffer>) {
          bytes += chunk.byteLength;
          if (bytes > maxBytes) throw tooLarge();
          chunks.push(chunk);
        }
      } catch (error) {
        if (error instanceof ImportFileError) throw error;
        throw new ImportFileError('it is damaged in the ZIP');
      }
      return Buffer.concat(chunks, bytes);
    },
    close: () => zip.close(),
  };
}
