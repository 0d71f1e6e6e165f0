/**
 * What an image upload may be, and what is said when it isn't: one module for the server (which
 * decides, from the file's bytes) and the browser (which says the same thing as soon as a file is
 * chosen, so nobody waits for a large upload to be refused). No server imports: islands load it.
 */
import { detectImageType } from './image-type.ts';

/** The types the server keeps (raster only: an SVG can carry script). */
export const IMAGE_TYPES = ['image/png', 'image/jpeg', 'image/webp'] as const;
/** The file input's `accept`: the picker offers images first; the checks below still decide. */
export const IMAGE_ACCEPT = IMAGE_TYPES.join(',');

/** 2097152 → "2 MB", 1572864 → "1.5 MB", 524288 → "512 KB": the limit as the messages say it. */
export function sizeText(bytes: number): string {
  if (bytes >= 1_048_576) return `${Number((bytes / 1_048_576).toFixed(1))} MB`;
  return `${Math.max(1, Math.round(bytes / 1024))} KB`;
}

/** The rule shown under every image input, and repeated in every refusal. */
export const imageRules = (maxBytes: number) => `PNG, JPEG or WebP, at most ${sizeText(maxBytes)}.`;
export const imageTooLargeMessage = (maxBytes: number) => `The file is too large. ${imageRules(maxBytes)}`;
export const notAnImageMessage = (maxBytes: number) => `This file is not a PNG, JPEG or WebP image. ${imageRules(maxBytes)}`;

/** Enough of the file's start for detectImageType (WebP's RIFF header is the longest). */
const SIGNATURE_BYTES = 12;

/**
 * The server's verdict on a chosen file, reached in the browser: the size, then the type read from
 * the first bytes (never the name or the type the system claims), in the server's order and words
 * (readImageUpload). An empty file is no upload there, so nothing is said here either.
 */
export async function imageFileProblem(file: Pick<Blob, 'size' | 'slice'>, maxBytes: number): Promise<string | null> {
  if (file.size === 0) return null;
  if (file.size > maxBytes) return imageTooLargeMessage(maxBytes);
  const start = new Uint8Array(await file.slice(0, SIGNATURE_BYTES).arrayBuffer());
  return detectImageType(start) ? null : notAnImageMessage(maxBytes);
}
