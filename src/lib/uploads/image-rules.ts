/**
 * What an image upload may be, and what is said when it isn't: one module for the server (which
 * decides, from the file's bytes) and the browser (which says the same thing as soon as a file is
 * chosen, so nobody waits for a large upload to be refused). No server imports: islands load it.
 */
import { detectImageType, detectPhotoType, PHOTO_SIGNATURE_BYTES } from './image-type.ts';

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

/**
 * Product photos: larger (a phone's camera) and AVIF too, since the server re-encodes every one
 * (images.server.ts) and keeps only its WebP copies. The same words in the browser and the API.
 */
export const PHOTO_TYPES = ['image/jpeg', 'image/png', 'image/webp', 'image/avif'] as const;
export const PHOTO_ACCEPT = PHOTO_TYPES.join(',');
/** 10 MB: a full-resolution phone photo fits; the server keeps at most 1200 px of it. */
export const PHOTO_MAX_BYTES = 10 * 1_048_576;
export const photoRules = (maxBytes = PHOTO_MAX_BYTES) => `JPEG, PNG, WebP or AVIF, at most ${sizeText(maxBytes)}.`;
export const photoTooLargeMessage = (maxBytes = PHOTO_MAX_BYTES) => `The file is too large. ${photoRules(maxBytes)}`;
export const notAPhotoMessage = (maxBytes = PHOTO_MAX_BYTES) => `This file is not an image (JPEG, PNG, WebP or AVIF). ${photoRules(maxBytes)}`;

/** The server's verdict on a chosen photo, reached in the browser (size, then the type from the bytes). */
export async function photoFileProblem(file: Pick<Blob, 'size' | 'slice'>, maxBytes = PHOTO_MAX_BYTES): Promise<string | null> {
  if (file.size === 0) return notAPhotoMessage(maxBytes);
  if (file.size > maxBytes) return photoTooLargeMessage(maxBytes);
  const start = new Uint8Array(await file.slice(0, PHOTO_SIGNATURE_BYTES).arrayBuffer());
  return detectPhotoType(start) ? null : notAPhotoMessage(maxBytes);
}
