/**
 * Theme configuration (spec §3, §9). Kept in the `theme` cookie so the server renders
 * the right palette and dark class on the first byte: no flash, no inline script.
 * The options and rules live in theme-options.ts (no zod, so browser code can use them);
 * this module adds the cookie's schema.
 */
import { z } from 'zod';
import {
  CARD_STYLES,
  DEFAULT_THEME,
  MENU_MODES,
  MENU_THEMES,
  PRESETS,
  PRIMARY_COLORS,
  SURFACE_COLORS,
  normaliseTheme,
  type ThemeConfig,
} from './theme-options.ts';

export * from './theme-options.ts';

export const themeSchema = z.object({
  preset: z.enum(PRESETS).catch('Aura'),
  primary: z.enum(PRIMARY_COLORS).catch('noir'),
  /** null: the default highlight, zinc in dark mode and slate in light mode. */
  surface: z.enum(SURFACE_COLORS).nullable().catch(null),
  darkTheme: z.boolean().catch(true),
  menuMode: z.enum(MENU_MODES).catch('static'),
  menuTheme: z.enum(MENU_THEMES).catch('dark'),
  cardStyle: z.enum(CARD_STYLES).catch('filled'),
}) satisfies z.ZodType<ThemeConfig>;

export function parseThemeCookie(raw: string | undefined): ThemeConfig {
  if (!raw) return DEFAULT_THEME;
  try {
    return normaliseTheme(themeSchema.parse({ ...DEFAULT_THEME, ...JSON.parse(decodeURIComponent(raw)) }));
  } catch {
    return DEFAULT_THEME;
  }
}
