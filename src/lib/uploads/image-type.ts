/**
 * The type of an upload is read from its first bytes, never from the name or the declared type.
 * Only raster formats a browser can't be tricked into running: SVG (script) is refused.
 */
export type ImageType = { mime: 'image/png' | 'image/jpeg' | 'image/webp'; ext: 'png' | 'jpg' | 'webp' };
/** What a photo upload may be (product images): the above, and AVIF, which phones now save. */
export type PhotoType = ImageType | { mime: 'image/avif'; ext: 'avif' };

const ascii = (b: Uint8Array, from: number, to: number) => String.fromCharCode(...b.slice(from, to));

export function detectImageType(bytes: Uint8Array): ImageType | null {
  const b = bytes;
  if (b.length >= 8 && b[0] === 0x89 && b[1] === 0x50 && b[2] === 0x4e && b[3] === 0x47 && b[4] === 0x0d && b[5] === 0x0a && b[6] === 0x1a && b[7] === 0x0a) {
    return { mime: 'image/png', ext: 'png' };
  }
  if (b.length >= 3 && b[0] === 0xff && b[1] === 0xd8 && b[2] === 0xff) return { mime: 'image/jpeg', ext: 'jpg' };
  if (b.length >= 12 && ascii(b, 0, 4) === 'RIFF' && ascii(b, 8, 12) === 'WEBP') {
    return { mime: 'image/webp', ext: 'webp' };
  }
  return null;
}

const AVIF_BRANDS = new Set(['avif', 'avis']);

/**
 * AVIF is an ISO-BMFF file: a `ftyp` box first (size, 'ftyp', major brand, minor version, then
 * compatible brands). It is AVIF when the major brand or one of the compatible brands (within the
 * box, and the bytes given) says so: some encoders write `mif1` as the major brand.
 */
function isAvif(b: Uint8Array): boolean {
  if (b.length < 16 || ascii(b, 4, 8) !== 'ftyp') return false;
  if (AVIF_BRANDS.has(ascii(b, 8, 12))) return true;
  const boxSize = ((b[0]! << 24) | (b[1]! << 16) | (b[2]! << 8) | b[3]!) >>> 0;
  const end = Math.min(boxSize, b.length);
  for (let at = 16; at + 4 <= end; at += 4) if (AVIF_BRANDS.has(ascii(b, at, at + 4))) return true;
  return false;
}

/** A photo's type from its first bytes (PHOTO_SIGNATURE_BYTES of them are enough), or null. */
export function detectPhotoType(bytes: Uint8Array): PhotoType | null {
  return detectImageType(bytes) ?? (isAvif(bytes) ? { mime: 'image/avif', ext: 'avif' } : null);
}

/** Enough of a file's start for detectPhotoType: an AVIF `ftyp` box lists its brands within these. */
export const PHOTO_SIGNATURE_BYTES = 64;
