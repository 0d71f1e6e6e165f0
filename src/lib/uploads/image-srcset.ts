/**
 * How a page shows a stored image: its resized WebP copies (images.server.ts) as `srcset`, so a
 * phone downloads the 480-px copy and a list the 160-px one. No server imports: islands use it.
 *
 * Every stored image has a copy for each of IMAGE_WIDTHS, named `<path>-<w>.webp`; a copy is never
 * wider than the original (no upscaling), so for a 300-px original the 480 and 1200 copies are both
 * 300 px wide and srcset names only one of them.
 */
export const IMAGE_WIDTHS = [160, 480, 1200] as const;
export type ImageWidth = (typeof IMAGE_WIDTHS)[number];

/** The URL of one stored copy: `/uploads/products/7/<uuid>-160.webp`. */
export const imageUrl = (path: string, width: ImageWidth): string => `/uploads/${path}-${width}.webp`;

export interface StoredImage {
  /** Under the uploads folder, without the size suffix. */
  path: string;
  /** The original's size, upright (after auto-orientation). */
  width: number;
  height: number;
}

export interface ImgAttributes {
  src: string;
  srcset: string;
  sizes: string;
  width: number;
  height: number;
  alt: string;
  loading: 'lazy' | 'eager';
  decoding: 'async';
}

/**
 * The attributes of an `<img>` for a stored image: `src` (the smallest copy at least `sizes`'s
 * likely width, for browsers without srcset), `srcset` with each distinct copy's real width,
 * `sizes`, and `width`/`height` (the largest copy's, so the browser reserves the right box before
 * it loads). Lazy by default: pass `eager` for the one image above the fold.
 */
export function imageSrcset(image: StoredImage, options: { sizes: string; alt?: string; widths?: readonly ImageWidth[]; eager?: boolean }): ImgAttributes {
  const widths = options.widths ?? IMAGE_WIDTHS;
  const candidates: { url: string; width: number }[] = [];
  for (const w of widths) {
    const real = Math.min(w, image.width);
    if (!candidates.some((c) => c.width === real)) candidates.push({ url: imageUrl(image.path, w), width: real });
  }
  const largest = candidates.reduce((a, b) => (b.width > a.width ? b : a), candidates[0]!);
  const height = Math.max(1, Math.round((image.height * largest.width) / Math.max(1, image.width)));
  return {
    src: candidates[Math.min(1, candidates.length - 1)]!.url,
    srcset: candidates.map((c) => `${c.url} ${c.width}w`).join(', '),
    sizes: options.sizes,
    width: largest.width,
    height,
    alt: options.alt ?? '',
    loading: options.eager ? 'eager' : 'lazy',
    decoding: 'async',
  };
}
