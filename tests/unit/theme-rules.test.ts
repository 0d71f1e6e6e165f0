import { describe, it, expect } from 'vitest';
import { DEFAULT_THEME, normaliseTheme, parseThemeCookie, serialiseTheme, withColorScheme, type ThemeConfig } from '../../src/lib/theme/theme.ts';
import { CLOSED_LAYOUT, DESKTOP_BREAKPOINT, parseLayoutCookie, toggledMenuFlags } from '../../src/lib/stores/layout.ts';

const light = (patch: Partial<ThemeConfig> = {}): ThemeConfig => ({ ...DEFAULT_THEME, darkTheme: false, ...patch });

describe('theme rules (spec §2)', () => {
  it('defaults to Aura, dark, noir, static menu, filled cards', () => {
    expect(DEFAULT_THEME).toMatchObject({ preset: 'Aura', darkTheme: true, primary: 'noir', menuMode: 'static', cardStyle: 'filled' });
  });

  it('allows only dark and primary menu themes while the dark scheme is on', () => {
    expect(normaliseTheme({ ...DEFAULT_THEME, menuTheme: 'light' }).menuTheme).toBe('dark');
    expect(normaliseTheme({ ...DEFAULT_THEME, menuTheme: 'primary' }).menuTheme).toBe('primary');
  });

  it('allows every menu theme in the light scheme', () => {
    for (const menuTheme of ['light', 'dark', 'primary'] as const) expect(normaliseTheme(light({ menuTheme })).menuTheme).toBe(menuTheme);
  });

  it('forces the menu theme to dark when the scheme becomes light', () => {
    expect(withColorScheme({ ...DEFAULT_THEME, menuTheme: 'primary' }, false)).toMatchObject({ darkTheme: false, menuTheme: 'dark' });
  });

  it('keeps the menu theme when the scheme does not change, or becomes dark', () => {
    expect(withColorScheme(light({ menuTheme: 'primary' }), false).menuTheme).toBe('primary');
    expect(withColorScheme(light({ menuTheme: 'primary' }), true)).toMatchObject({ darkTheme: true, menuTheme: 'primary' });
    expect(withColorScheme(light({ menuTheme: 'light' }), true).menuTheme).toBe('dark');
  });

  it('round-trips through the cookie, and survives garbage', () => {
    const t = light({ primary: 'blue', surface: 'ocean', preset: 'Nora', menuMode: 'horizontal', menuTheme: 'light', cardStyle: 'transparent' });
    expect(parseThemeCookie(serialiseTheme(t))).toEqual(t);
    expect(parseThemeCookie('%7B%22primary%22%3A%22chartreuse%22%7D').primary).toBe('noir');
    expect(parseThemeCookie('not json')).toEqual(DEFAULT_THEME);
  });
});

describe('menu button (spec §4)', () => {
  it('flips the overlay in overlay mode, whatever the width', () => {
    expect(toggledMenuFlags(CLOSED_LAYOUT, 'overlay', 1400)).toEqual({ overlayMenuActive: true });
    expect(toggledMenuFlags({ ...CLOSED_LAYOUT, overlayMenuActive: true }, 'overlay', 400)).toEqual({ overlayMenuActive: false });
  });

  it('flips the desktop static menu above 991px', () => {
    expect(toggledMenuFlags(CLOSED_LAYOUT, 'static', DESKTOP_BREAKPOINT + 1)).toEqual({ staticMenuDesktopInactive: true });
  });

  it('flips the mobile menu at 991px and below', () => {
    expect(toggledMenuFlags(CLOSED_LAYOUT, 'static', DESKTOP_BREAKPOINT)).toEqual({ staticMenuMobileActive: true });
    expect(toggledMenuFlags(CLOSED_LAYOUT, 'slim', 390)).toEqual({ staticMenuMobileActive: true });
  });

  it('reads the layout cookie defensively', () => {
    expect(parseLayoutCookie(encodeURIComponent(JSON.stringify({ anchored: true, staticMenuDesktopInactive: 'yes' })))).toEqual({
      anchored: true,
      staticMenuDesktopInactive: false,
    });
    expect(parseLayoutCookie('%%%')).toEqual({ anchored: false, staticMenuDesktopInactive: false });
    expect(parseLayoutCookie(undefined)).toEqual({ anchored: false, staticMenuDesktopInactive: false });
  });
});
