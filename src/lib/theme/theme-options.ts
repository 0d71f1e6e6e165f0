/**
 * Theme options and rules without zod, so browser code (the theme store, the settings
 * panel) can import them without shipping the validation library: theme.ts keeps the
 * cookie schema and re-exports all of this.
 */
export const PRESETS = ['Aura', 'Lara', 'Nora'] as const;
export const PRIMARY_COLORS = [
  'noir',
  'emerald',
  'green',
  'lime',
  'orange',
  'amber',
  'yellow',
  'teal',
  'cyan',
  'sky',
  'blue',
  'indigo',
  'violet',
  'purple',
  'fuchsia',
  'pink',
  'rose',
] as const;
export const SURFACE_COLORS = ['slate', 'gray', 'zinc', 'neutral', 'stone', 'soho', 'viva', 'ocean'] as const;
export const MENU_MODES = ['static', 'overlay', 'slim', 'compact', 'reveal', 'drawer', 'horizontal'] as const;
export const MENU_THEMES = ['light', 'dark', 'primary'] as const;
export const CARD_STYLES = ['transparent', 'filled'] as const;

export type Preset = (typeof PRESETS)[number];
export type PrimaryColor = (typeof PRIMARY_COLORS)[number];
export type SurfaceColor = (typeof SURFACE_COLORS)[number];
export type MenuMode = (typeof MENU_MODES)[number];
export type MenuTheme = (typeof MENU_THEMES)[number];
export type CardStyle = (typeof CARD_STYLES)[number];

export interface ThemeConfig {
  preset: Preset;
  primary: PrimaryColor;
  /** null: the default highlight, zinc in dark mode and slate in light mode. */
  surface: SurfaceColor | null;
  darkTheme: boolean;
  menuMode: MenuMode;
  menuTheme: MenuTheme;
  cardStyle: CardStyle;
}

export const DEFAULT_THEME: ThemeConfig = {
  preset: 'Aura',
  primary: 'noir',
  surface: null,
  darkTheme: true,
  menuMode: 'static',
  menuTheme: 'dark',
  cardStyle: 'filled',
};

export const THEME_COOKIE = 'theme';

export function effectiveSurface(t: ThemeConfig): SurfaceColor {
  return t.surface ?? (t.darkTheme ? 'zinc' : 'slate');
}

/** The rule that always holds (spec §2): while the dark scheme is on, the menu theme is dark or primary. */
export function normaliseTheme(t: ThemeConfig): ThemeConfig {
  const out = { ...t };
  if (out.darkTheme && out.menuTheme === 'light') out.menuTheme = 'dark';
  return out;
}

/**
 * Changing the colour scheme (spec §2): when it becomes light, the menu theme is forced to
 * dark. Afterwards, in the light scheme, any menu theme may be chosen again.
 */
export function withColorScheme(t: ThemeConfig, darkTheme: boolean): ThemeConfig {
  if (t.darkTheme === darkTheme) return normaliseTheme(t);
  return normaliseTheme({ ...t, darkTheme, menuTheme: darkTheme ? t.menuTheme : 'dark' });
}

export function serialiseTheme(t: ThemeConfig): string {
  return encodeURIComponent(JSON.stringify(t));
}
