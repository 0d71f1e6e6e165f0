/**
 * Layout state flags (spec §3): which menu is open, which side panels are visible.
 * The vanilla shell script mirrors them onto the layout root; islands read them to open
 * the settings panel and the search dialog. Two of them outlive a page load (the anchor
 * and the desktop-inactive static menu) through the `layout` cookie the server reads, so
 * a navigation does not make the menu jump.
 */
import { map } from 'nanostores';
import type { ThemeConfig } from '@/lib/theme/theme-options.ts';

type MenuMode = ThemeConfig['menuMode'];

/** Spec §9: above this width the desktop menu rules apply. */
export const DESKTOP_BREAKPOINT = 991;
/** Spec §2: the sidebar closes this long after the pointer leaves it. */
export const SIDEBAR_HIDE_DELAY_MS = 300;
export const LAYOUT_COOKIE = 'layout';

export interface LayoutFlags {
  staticMenuDesktopInactive: boolean;
  overlayMenuActive: boolean;
  staticMenuMobileActive: boolean;
  /** Opened by hovering (reveal, drawer). */
  sidebarActive: boolean;
  /** Pinned open by the anchor button. */
  anchored: boolean;
  configSidebarVisible: boolean;
  rightMenuVisible: boolean;
  searchVisible: boolean;
}

export const CLOSED_LAYOUT: LayoutFlags = {
  staticMenuDesktopInactive: false,
  overlayMenuActive: false,
  staticMenuMobileActive: false,
  sidebarActive: false,
  anchored: false,
  configSidebarVisible: false,
  rightMenuVisible: false,
  searchVisible: false,
};

/** The part of the flags kept across page loads. */
export interface PersistedLayout {
  anchored: boolean;
  staticMenuDesktopInactive: boolean;
}

export function parseLayoutCookie(raw: string | undefined): PersistedLayout {
  const out = { anchored: false, staticMenuDesktopInactive: false };
  if (!raw) return out;
  try {
    const v = JSON.parse(decodeURIComponent(raw)) as Partial<PersistedLayout>;
    return { anchored: v.anchored === true, staticMenuDesktopInactive: v.staticMenuDesktopInactive === true };
  } catch {
    return out;
  }
}

/** Spec §4: what the menu button does, given the mode and the window width. */
export function toggledMenuFlags(flags: LayoutFlags, mode: MenuMode, width: number): Partial<LayoutFlags> {
  if (mode === 'overlay') return { overlayMenuActive: !flags.overlayMenuActive };
  if (width > DESKTOP_BREAKPOINT) return { staticMenuDesktopInactive: !flags.staticMenuDesktopInactive };
  return { staticMenuMobileActive: !flags.staticMenuMobileActive };
}

function initialFlags(): LayoutFlags {
  if (typeof document === 'undefined') return CLOSED_LAYOUT;
  const root = document.querySelector<HTMLElement>('[data-layout]');
  return { ...CLOSED_LAYOUT, anchored: root?.dataset.anchored === 'true', staticMenuDesktopInactive: root?.dataset.staticInactive === 'true' };
}

export const $layout = map<LayoutFlags>(initialFlags());

export function setLayoutFlags(patch: Partial<LayoutFlags>): void {
  const before = $layout.get();
  const next = { ...before, ...patch };
  $layout.set(next);
  if (typeof document !== 'undefined' && (before.anchored !== next.anchored || before.staticMenuDesktopInactive !== next.staticMenuDesktopInactive)) {
    const value: PersistedLayout = { anchored: next.anchored, staticMenuDesktopInactive: next.staticMenuDesktopInactive };
    document.cookie = `${LAYOUT_COOKIE}=${encodeURIComponent(JSON.stringify(value))}; path=/; max-age=31536000; samesite=lax`;
  }
}

export function toggleMenu(mode: MenuMode, width = window.innerWidth): void {
  setLayoutFlags(toggledMenuFlags($layout.get(), mode, width));
}

export const openSettings = () => setLayoutFlags({ configSidebarVisible: true });
export const closeSettings = () => setLayoutFlags({ configSidebarVisible: false });
export const openSearch = () => setLayoutFlags({ searchVisible: true });
export const closeSearch = () => setLayoutFlags({ searchVisible: false });
