/**
 * The theme as a person sets it (spec §2, §4): choices made in the Settings panel and with the
 * top bar's dark/light toggle apply at once and survive a reload, because the server renders
 * them from the theme cookie (no flash, no script needed for the first paint).
 */
import { test, expect } from './fixtures.ts';
import type { Page } from '@playwright/test';

/** The Settings panel; Headless UI's role=dialog wrapper has no size, so wait on its title. */
async function openSettings(page: Page) {
  await page.getByRole('button', { name: 'Settings' }).click();
  const panel = page.getByRole('dialog', { name: 'Settings' });
  await expect(panel.getByRole('heading', { name: 'Settings' })).toBeVisible();
  return panel;
}

/** Clicks the visible swatch or segment of a radio (the radio itself is visually hidden). */
async function choose(page: Page, panel: ReturnType<Page['getByRole']>, section: string, option: string) {
  const group = panel.getByRole('group', { name: section });
  const radio = group.getByRole('radio', { name: option, exact: true });
  await group
    .locator('label')
    .filter({ has: page.getByRole('radio', { name: option, exact: true }) })
    .click();
  await expect(radio).toBeChecked();
}

async function expectLightEmeraldOceanLaraSlim(page: Page) {
  const html = page.locator('html');
  await expect(html).not.toHaveClass(/\bdark\b/);
  await expect(html).toHaveAttribute('data-primary', 'emerald');
  await expect(html).toHaveAttribute('data-surface', 'ocean');
  await expect(html).toHaveAttribute('data-preset', 'Lara');
  await expect(page.locator('meta[name="color-scheme"]')).toHaveAttribute('content', 'light');
  const layout = page.locator('[data-layout]');
  await expect(layout).toHaveAttribute('data-menu-mode', 'slim');
  // Spec §2: when the scheme becomes light, the menu theme is forced to dark.
  await expect(layout).toHaveAttribute('data-menu-theme', 'dark');
}

test('choices in the Settings panel apply at once and survive a reload', async ({ page, loginAs }) => {
  await loginAs('support');
  const html = page.locator('html');
  // The defaults: dark scheme, noir primary.
  await expect(html).toHaveClass(/\bdark\b/);
  await expect(html).toHaveAttribute('data-primary', 'noir');
  await expect(page.locator('[data-layout]')).toHaveAttribute('data-menu-mode', 'static');

  const panel = await openSettings(page);
  await choose(page, panel, 'Primary', 'Emerald');
  await expect(html).toHaveAttribute('data-primary', 'emerald');
  await choose(page, panel, 'Surface', 'Ocean');
  await choose(page, panel, 'Presets', 'Lara');
  await choose(page, panel, 'Color Scheme', 'Light');
  await choose(page, panel, 'Menu Type', 'Slim');
  await expectLightEmeraldOceanLaraSlim(page);
  await page.keyboard.press('Escape');
  await expect(panel).toHaveCount(0);

  await page.reload();
  await expectLightEmeraldOceanLaraSlim(page);
  // The panel shows the same choice.
  const again = await openSettings(page);
  for (const [section, option] of [
    ['Primary', 'Emerald'],
    ['Surface', 'Ocean'],
    ['Presets', 'Lara'],
    ['Color Scheme', 'Light'],
    ['Menu Theme', 'Dark'],
    ['Menu Type', 'Slim'],
  ]) {
    await expect(again.getByRole('group', { name: section }).getByRole('radio', { name: option, exact: true }), `${section}: ${option}`).toBeChecked();
  }
  // Another page of the app is drawn the same way.
  await page.keyboard.press('Escape');
  await page.goto('/profile');
  await expectLightEmeraldOceanLaraSlim(page);
});

test('the top bar’s dark/light toggle survives a reload', async ({ page, loginAs }) => {
  await loginAs('vendor');
  const html = page.locator('html');
  const toggle = page.getByRole('button', { name: 'Dark mode' });
  await expect(html).toHaveClass(/\bdark\b/);
  await expect(toggle).toHaveAttribute('aria-pressed', 'true');

  await toggle.click();
  await expect(html).not.toHaveClass(/\bdark\b/);
  await expect(toggle).toHaveAttribute('aria-pressed', 'false');
  // The default highlight follows the scheme: slate in light mode.
  await expect(html).toHaveAttribute('data-surface', 'slate');
  await page.reload();
  await expect(html).not.toHaveClass(/\bdark\b/);
  await expect(html).toHaveAttribute('data-surface', 'slate');
  await expect(toggle).toHaveAttribute('aria-pressed', 'false');

  await toggle.click();
  await expect(html).toHaveClass(/\bdark\b/);
  await expect(toggle).toHaveAttribute('aria-pressed', 'true');
  await page.reload();
  await expect(html).toHaveClass(/\bdark\b/);
  await expect(html).toHaveAttribute('data-surface', 'zinc');
  await expect(toggle).toHaveAttribute('aria-pressed', 'true');
  // The panel agrees with the toggle.
  const panel = await openSettings(page);
  await expect(panel.getByRole('group', { name: 'Color Scheme' }).getByRole('radio', { name: 'Dark', exact: true })).toBeChecked();
});
