/**
 * Shared by the shell's e2e specs: the theme cookie (set as the Settings panel writes it), and axe
 * run the way decision 027 says (serious and critical violations fail, each named with its nodes).
 */
import AxeBuilder from '@axe-core/playwright';
import { expect, type Page } from '@playwright/test';
import { DEFAULT_THEME, THEME_COOKIE, normaliseTheme, serialiseTheme, type ThemeConfig } from '../../src/lib/theme/theme-options.ts';

export const VIEWPORTS = [
  { name: 'desktop', size: { width: 1280, height: 800 } },
  { name: 'phone', size: { width: 360, height: 740 } },
] as const;

/** Sets the theme cookie for the next page load (the server renders the theme from it). */
export async function useTheme(page: Page, patch: Partial<ThemeConfig>): Promise<ThemeConfig> {
  const theme = normaliseTheme({ ...DEFAULT_THEME, ...patch });
  const url = new URL(page.url().startsWith('http') ? page.url() : process.env.E2E_BASE_URL!);
  await page.context().addCookies([{ name: THEME_COOKIE, value: serialiseTheme(theme), domain: url.hostname, path: '/', sameSite: 'Lax' }]);
  return theme;
}

/**
 * The serious and critical axe violations on the page as it is now, one line each (rule, impact,
 * where). Text with a 1:1 contrast is counted too: axe files it under "incomplete" (it could be
 * text hidden on purpose), but in the shell it is text a person cannot see — the horizontal
 * menu's current group was white on white.
 */
export async function seriousViolations(page: Page, only: string[] = [], rules?: string[]): Promise<string[]> {
  // Colours read in the middle of a fade are neither the start's nor the end's: wait for the finite animations to end.
  await page.waitForFunction(() => document.getAnimations().every((a) => a.playState !== 'running' || a.effect?.getComputedTiming().iterations === Infinity));
  // Legacy mode: axe runs in the page itself, without opening a blank page per run to gather the
  // results of frames (the app has none). Only violations and incomplete checks are wanted: passes
  // are left at one node each, which halves a long list's run. Both cut the walks' CI time.
  const builder = new AxeBuilder({ page }).setLegacyMode(true).options({ resultTypes: ['violations', 'incomplete'] });
  for (const selector of only) builder.include(selector);
  if (rules) builder.withRules(rules);
  const { violations, incomplete } = await builder.analyze();
  const invisible = incomplete
    .filter((v) => v.id === 'color-contrast')
    .flatMap((v) => v.nodes.filter((n) => n.any.some((check) => /\b1:1 contrast/.test(check.message))))
    .map((n) => `color-contrast (invisible text): ${n.target.join(' ')} [${n.any.map((check) => check.message).join(' ')}]`);
  return [
    ...violations
      .filter((v) => v.impact === 'serious' || v.impact === 'critical')
      .map(
        (v) =>
          `${v.id} (${v.impact}): ${v.help} — ${v.nodes.map((n) => `${n.target.join(' ')}${n.failureSummary ? ` [${n.failureSummary.replace(/\s+/g, ' ')}]` : ''}`).join('; ')}`,
      ),
    ...invisible,
  ];
}

/** Switches the menu mode as the theme store does (the layout root's attribute), and waits for the sidebar to settle. */
export async function showMenuMode(page: Page, mode: string): Promise<void> {
  await page.locator('[data-layout]').evaluate((layout, m) => ((layout as HTMLElement).dataset.menuMode = m), mode);
  await page.waitForFunction(() => document.getAnimations().every((a) => a.playState !== 'running'));
}

export async function expectNoSeriousViolations(page: Page, where: string, only: string[] = []): Promise<void> {
  expect(await seriousViolations(page, only), `axe on ${where}`).toEqual([]);
}
