/**
 * Where an icon's symbol is: the sprite is a fingerprinted file of the build (cached for good by the
 * browser, fetched once for every page), never inlined (astro.config.mjs: a <use> needs a URL).
 */
import spriteUrl from './icons.svg?url';

export const iconHref = (id: string): string => `${spriteUrl}#${id}`;
