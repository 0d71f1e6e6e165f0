/**
 * The theme in the browser: one atom shared by the top bar's dark/light toggle (vanilla
 * script) and the settings panel (React island). Every change is applied to the DOM at once
 * and written to the `theme` cookie, so the next server render already matches (no flash).
 * The first value comes from the server: AppLayout renders it on <html data-theme-config>.
 */
import { atom } from 'nanostores';
import { DEFAULT_THEME, THEME_COOKIE, effectiveSurface, normaliseTheme, serialiseTheme, withColorScheme, type ThemeConfig } from '@/lib/theme/theme-options.ts';
import { setLayoutFlags } from './layout.ts';

const ONE_YEAR_SECONDS = 60 * 60 * 24 * 365;

function initialTheme(): ThemeConfig {
  if (typeof document === 'undefined') return DEFAULT_THEME;
  try {
    const raw = document.documentElement.dataset.themeConfig;
    return raw ? { ...DEFAULT_THEME, ...(JSON.parse(raw) as Partial<ThemeConfig>) } : DEFAULT_THEME;
  } catch {
    return DEFAULT_THEME;
  }
}

export const $theme = atom<ThemeConfig>(initialTheme());

/** The DOM side of a theme: what the server renders, redone in the browser. */
export function applyThemeToDocument(t: ThemeConfig): void {
  const html = document.documentElement;
  html.classList.toggle('dark', t.darkTheme);
  html.dataset.primary = t.primary;
  html.dataset.surface = effectiveSurface(t);
  html.dataset.preset = t.preset;
  html.dataset.card = t.cardStyle;
  html.dataset.themeConfig = JSON.stringify(t);
  document.querySelector('meta[name="color-scheme"]')?.setAttribute('content', t.darkTheme ? 'dark' : 'light');
  const layout = document.querySelector<HTMLElement>('[data-layout]');
  if (layout) {
    layout.dataset.menuMode = t.menuMode;
    layout.dataset.menuTheme = t.menuTheme;
  }
}

function writeCookie(t: ThemeConfig): void {
  const secure = location.protocol === 'https:' ? '; secure' : '';
  document.cookie = `${THEME_COOKIE}=${serialiseTheme(t)}; path=/; max-age=${ONE_YEAR_SECONDS}; samesite=lax${secure}`;
}

/** Sets the theme: keeps the spec's rules (normaliseTheme), repaints, remembers. */
export function updateTheme(patch: Partial<ThemeConfig>): ThemeConfig {
  return commit(normaliseTheme({ ...$theme.get(), ...patch }));
}

function commit(next: ThemeConfig): ThemeConfig {
  $theme.set(next);
  applyThemeToDocument(next);
  writeCookie(next);
  return next;
}

export const setPrimary = (primary: ThemeConfig['primary']) => updateTheme({ primary });
export const setSurface = (surface: ThemeConfig['surface']) => updateTheme({ surface });
/** A preset keeps the current palettes (spec §4): only the shape tokens change. */
export const setPreset = (preset: ThemeConfig['preset']) => updateTheme({ preset });
export const setCardStyle = (cardStyle: ThemeConfig['cardStyle']) => updateTheme({ cardStyle });
export const setMenuTheme = (menuTheme: ThemeConfig['menuTheme']) => updateTheme({ menuTheme });

export function setMenuMode(menuMode: ThemeConfig['menuMode']): void {
  updateTheme({ menuMode });
  // Spec §4: choosing the static mode makes the desktop static menu active again.
  if (menuMode === 'static') setLayoutFlags({ staticMenuDesktopInactive: false });
  setLayoutFlags({ overlayMenuActive: false, sidebarActive: false });
}

/** Spec §2: when the scheme becomes light, the menu theme is forced to dark. */
export function setDarkTheme(darkTheme: boolean): ThemeConfig {
  return commit(withColorScheme($theme.get(), darkTheme));
}

/** The top bar's toggle: flips the scheme inside a view transition where the browser has them. */
export function toggleDarkTheme(): void {
  const flip = () => setDarkTheme(!$theme.get().darkTheme);
  const doc = document as Document & { startViewTransition?: (cb: () => void) => unknown };
  if (typeof doc.startViewTransition === 'function' && !matchMedia('(prefers-reduced-motion: reduce)').matches) {
    doc.startViewTransition(flip);
  } else {
    flip();
  }
}
