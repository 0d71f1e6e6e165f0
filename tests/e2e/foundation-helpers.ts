/**
 * Small helpers for the foundation's specs (auth, guards, menu, theme, impersonation, sessions,
 * CSRF, rate limit). Everything goes through the real browser: calls are made with the page's
 * own fetch, so they carry its cookies, its Origin and the token the islands would send.
 */
import { expect, type Page } from '@playwright/test';
import { visibleMenu } from '../../src/lib/navigation/menu.ts';
import type { Permission } from '../../src/lib/permissions/catalogue.ts';

export interface PageResponse {
  status: number;
  body: { message?: string; errors?: Record<string, string[]>; [key: string]: unknown } | null;
}

/**
 * A fetch made by the page itself. `csrf`: 'cookie' sends the page's XSRF-TOKEN cookie as the
 * islands' client does, a string sends that value, null sends no X-XSRF-TOKEN header at all.
 */
export async function pageFetch(
  page: Page,
  method: string,
  path: string,
  options: { json?: unknown; csrf?: 'cookie' | string | null } = {},
): Promise<PageResponse> {
  return page.evaluate(
    async ({ method, path, json, csrf }) => {
      const headers: Record<string, string> = { Accept: 'application/json', 'X-Requested-With': 'XMLHttpRequest' };
      if (json !== undefined) headers['Content-Type'] = 'application/json';
      const cookie = document.cookie
        .split('; ')
        .find((c) => c.startsWith('XSRF-TOKEN='))
        ?.slice('XSRF-TOKEN='.length);
      const token = csrf === 'cookie' ? (cookie ? decodeURIComponent(cookie) : undefined) : csrf;
      if (token) headers['X-XSRF-TOKEN'] = token;
      const response = await fetch(path, { method, headers, body: json === undefined ? undefined : JSON.stringify(json), credentials: 'include' });
      const text = await response.text();
      let body = null;
      try {
        body = text ? JSON.parse(text) : null;
      } catch {
        body = null;
      }
      return { status: response.status, body };
    },
    { method, path, json: options.json, csrf: options.csrf === undefined ? 'cookie' : options.csrf },
  );
}

/** The page's XSRF-TOKEN cookie, as the browser holds it. */
export async function csrfCookie(page: Page): Promise<string> {
  const token = (await page.context().cookies()).find((c) => c.name === 'XSRF-TOKEN')?.value;
  expect(token, 'the page holds an XSRF-TOKEN cookie').toBeTruthy();
  return decodeURIComponent(token!);
}

/** The signed-in user as the server describes it (GET /api/user), fetched by the page. */
export async function currentUser(page: Page): Promise<{
  id: number;
  name: string;
  email: string;
  user_type: 'staff' | 'vendor';
  abilities: Permission[];
  impersonator: { id: number; name: string; email: string } | null;
}> {
  const response = await pageFetch(page, 'GET', '/api/user');
  expect(response.status, JSON.stringify(response.body)).toBe(200);
  return response.body as never;
}

/** The sidebar a user with these abilities must see, computed from the menu definition. */
export function expectedMenu(abilities: readonly string[], userType: 'staff' | 'vendor' = 'staff'): { groups: string[]; items: string[] } {
  const held = new Set(abilities);
  const menu = visibleMenu((p) => held.has(p), userType);
  return { groups: menu.map((g) => g.label), items: menu.flatMap((g) => g.items.map((i) => i.label)) };
}

/** The sidebar as drawn: its group headings and its item labels, in order. */
export async function drawnMenu(page: Page): Promise<{ groups: string[]; items: string[] }> {
  const nav = page.getByRole('navigation', { name: 'Main' });
  await expect(nav).toBeVisible();
  const items = (await nav.getByRole('link').filter({ visible: true }).allInnerTexts()).map((t) => t.trim());
  const groups = (await nav.locator('.menu-group-label').allTextContents()).map((t) => t.trim());
  return { groups, items };
}
