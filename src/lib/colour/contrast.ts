/**
 * Colours as a swatch is shown: a `#rrggbb` value and the text colour that stays readable on it.
 * WCAG 2's relative luminance and contrast ratio: the label over a swatch is black or white,
 * whichever contrasts more (a Gold chip gets black text, a Maroon one white). No server imports.
 */

/** `#rrggbb`, six hex digits: what a colour input gives and what a swatch stores. */
export const HEX_COLOUR = /^#[0-9a-fA-F]{6}$/;

export const isHexColour = (value: unknown): value is string => typeof value === 'string' && HEX_COLOUR.test(value);

/** WCAG relative luminance of `#rrggbb` (0 black … 1 white). */
export function relativeLuminance(hex: string): number {
  const channel = (i: number) => {
    const c = parseInt(hex.slice(i, i + 2), 16) / 255;
    return c <= 0.04045 ? c / 12.92 : ((c + 0.055) / 1.055) ** 2.4;
  };
  return 0.2126 * channel(1) + 0.7152 * channel(3) + 0.0722 * channel(5);
}

/** WCAG contrast ratio of two colours (1 … 21). */
export function contrastRatio(a: string, b: string): number {
  const [hi, lo] = [relativeLuminance(a), relativeLuminance(b)].sort((x, y) => y - x) as [number, number];
  return (hi + 0.05) / (lo + 0.05);
}

/** The text colour (black or white) readable on `hex`: the one with the higher contrast ratio. */
export function readableTextOn(hex: string): '#000000' | '#ffffff' {
  return contrastRatio(hex, '#000000') >= contrastRatio(hex, '#ffffff') ? '#000000' : '#ffffff';
}

/** A swatch so light it vanishes on a white page (ratio below 1.5 against white) needs an outline. */
export const needsOutline = (hex: string): boolean => contrastRatio(hex, '#ffffff') < 1.5;
