/**
 * Accessibility with axe (decision 027): every page of the route registry, opened by the
 * administrator (and the pages whose content depends on the account by that account), in the light
 * and the dark scheme, and the shell in every menu mode × menu theme ×
 * scheme. Serious and critical violations fail. Each account walks its pages in one browser page;
 * pages still planned (501) are skipped and listed in the test's annotations.
 */
import { test, expect, type DemoAccount } from './fixtures.ts';
import type { Page } from '@playwright/test';
import { routes, samplePath } from '../../src/app/routes/registry.ts';
import { AREAS } from '../../src/app/areas/areas.ts';
import { MENU_MODES, MENU_THEMES } from '../../src/lib/theme/theme-options.ts';
import type { CompiledRoute } from '../../src/lib/routes/route.ts';
import { VIEWPORTS, expectNoSeriousViolations, seriousViolations, showMenuMode, useTheme } from './shell-helpers.ts';

const signedInPages = routes.filter((r) => r.kind === 'page' && r.methods.includes('GET') && r.access.kind !== 'public' && r.access.kind !== 'guest');

// The walks are the longest tests of the suite (axe takes seconds a page on a busy machine): they
// run on every worker at once, and the administrator's (every page) is cut in halves, so no single
// worker carries them all while the others wait (CI time).
test.describe.configure({ mode: 'parallel' });
const WALKS: { account: DemoAccount; part: number; parts: number }[] = [
  { account: 'admin', part: 0, parts: 2 },
  { account: 'admin', part: 1, parts: 2 },
  { account: 'vendor', part: 0, parts: 1 },
  { account: 'support', part: 0, parts: 1 },
];

/** An address for the route: a record the account can see for `:id` pages of an area, else the registry's sample. */
async function addressFor(page: Page, route: CompiledRoute): Promise<string | undefined> {
  if (!route.pattern.includes(':')) return route.pattern;
  const area = AREAS.find((a) => a.paths.edit === route.pattern || a.details?.path === route.pattern);
  if (!area) return samplePath(route);
  const response = await page.request.get(`/api/${area.key}?per_page=10`);
  if (!response.ok()) return undefined;
  const { data } = (await response.json()) as { data: { id: number }[] };
  return data[0] ? route.pattern.replace(':id', String(data[0].id)) : undefined;
}

/**
 * The page as it is now, in the dark scheme too: switched as a person does (the top bar's Dark
 * mode button, no reload), contrast audited, and switched back, so one visit serves both schemes.
 */
async function darkContrastViolations(page: Page): Promise<string[]> {
  const toggle = page.getByRole('button', { name: 'Dark mode' });
  if ((await toggle.count()) === 0) return [];
  await toggle.click();
  await expect(page.locator('html')).toHaveClass(/\bdark\b/);
  const found = await seriousViolations(page, ['main'], ['color-contrast']);
  await toggle.click();
  await expect(page.locator('html')).not.toHaveClass(/\bdark\b/);
  return found.map((f) => `dark scheme: ${f}`);
}

/**
 * The pages whose content depends on who opens them: the vendor's own pages and the dashboard.
 * Every other page is the same template with the same parts for every account (a vendor's list
 * only leaves a staff column out), and is audited as the administrator, who can open them all.
 */
const ownContent = (route: CompiledRoute) => route.access.kind === 'vendor' || route.pattern === '/dashboard';

for (const { account, part, parts } of WALKS) {
  // Every `parts`-th page from `part`: the halves get pages of every kind (lists, forms, details).
  const pages = signedInPages.filter((route, i) => i % parts === part && (account === 'admin' || ownContent(route)));
  const which = parts > 1 ? ` (part ${part + 1} of ${parts})` : '';
  test(`${account}: every page the account can open${which}, in the light and the dark scheme, has no serious axe violation`, async ({
    page,
    loginAs,
  }, testInfo) => {
    // About 40 pages for the administrator, axe taking seconds on each on a busy machine.
    test.setTimeout(600_000);
    await loginAs(account);
    await useTheme(page, { darkTheme: false });
    const audited: string[] = [];
    const planned: string[] = [];
    const failures: string[] = [];
    for (const route of pages) {
      const address = await addressFor(page, route);
      if (!address) continue;
      // One visit per page: a page that redirects (or is planned, 501) is not audited here.
      const response = await page.goto(address);
      const status = response?.request().redirectedFrom() ? 302 : (response?.status() ?? 0);
      if (status === 501) planned.push(address);
      if (status !== 200) continue;
      // The shell is checked in every mode and theme below; here the page's own content. Only
      // colours change with the scheme: the dark pass checks contrast alone.
      const found = [...(await seriousViolations(page, ['main'])), ...(await darkContrastViolations(page))];
      failures.push(...found.map((f) => `${address}: ${f}`));
      audited.push(address);
    }
    // The refused and the not-yet-built pages have templates of their own: checked whole, shell included.
    for (const address of account === 'support' && part === 0 ? ['/brands/listing', '/orders/listing'] : []) {
      await page.goto(address);
      failures.push(...(await seriousViolations(page)).map((f) => `${address} (403 or 501 page): ${f}`));
    }
    testInfo.annotations.push({ type: 'audited', description: audited.join(' ') }, { type: 'skipped: planned (501)', description: planned.join(' ') });
    expect(audited.length, 'pages audited').toBeGreaterThan(account === 'admin' ? 30 / parts : 0);
    expect(failures).toEqual([]);
  });
}

/** The shell's own parts: the page content is audited page by page above. */
const SHELL = ['#layout-sidebar', '.layout-topbar', 'nav[aria-label="Breadcrumb"]'];
/** A page of a group with several items (Settings), so the horizontal bar has a current group. */
const SHELL_PAGE = '/global-settings';

test.describe('the shell in every menu mode, menu theme and scheme', () => {
  for (const { name, size } of VIEWPORTS) {
    test(`${name}: no serious axe violation`, async ({ page, loginAs }) => {
      // Up to 32 axe runs (4 modes × 4 menu themes × 2 schemes) on a machine shared with the other worker.
      test.setTimeout(300_000);
      await page.setViewportSize(size);
      await loginAs('admin');
      for (const darkTheme of [false, true]) {
        for (const menuTheme of MENU_THEMES) {
          if (darkTheme && menuTheme === 'light') continue; // spec §2: not offered while dark
          // Rendered by the server from the cookie once per theme; the modes are then switched as the theme store does.
          const theme = await useTheme(page, { darkTheme, menuTheme });
          await page.goto(SHELL_PAGE);
          await expect(page.locator('[data-layout]')).toHaveAttribute('data-menu-theme', theme.menuTheme);
          if (name === 'phone') {
            // Below 992px every mode is the same off-canvas menu.
            await page.getByRole('button', { name: 'Toggle menu' }).click();
            await expect(page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Dashboard' })).toBeInViewport();
            await expectNoSeriousViolations(page, `the open phone menu, ${menuTheme} menu, ${darkTheme ? 'dark' : 'light'} scheme`, SHELL);
            continue;
          }
          for (const menuMode of MENU_MODES) {
            await showMenuMode(page, menuMode);
            await expectNoSeriousViolations(page, `${menuMode} mode, ${menuTheme} menu, ${darkTheme ? 'dark' : 'light'} scheme`, SHELL);
          }
        }
      }
    });
  }

  // The current group's label was white on white in the light menu theme (noir's and Nora's white highlight text).
  test('desktop: the horizontal menu shows the current group in every theme and preset', async ({ page, loginAs }) => {
    test.setTimeout(120_000);
    await page.setViewportSize({ width: 1280, height: 800 });
    await loginAs('admin');
    // Noir's highlight text is white in every preset, Nora's in every colour.
    for (const [preset, primary] of [
      ['Aura', 'noir'],
      ['Nora', 'emerald'],
      ['Lara', 'indigo'],
    ] as const) {
      {
        for (const darkTheme of [false, true]) {
          for (const menuTheme of MENU_THEMES) {
            if (darkTheme && menuTheme === 'light') continue;
            await useTheme(page, { preset, primary, darkTheme, menuTheme, menuMode: 'horizontal' });
            await page.goto(SHELL_PAGE);
            await expect(page.getByRole('button', { name: 'Settings', exact: true }).and(page.locator('[data-active]'))).toBeVisible();
            await expectNoSeriousViolations(page, `${preset} ${primary}, ${menuTheme} menu, ${darkTheme ? 'dark' : 'light'} scheme`, ['#layout-sidebar']);
          }
        }
      }
    }
  });
});
