/**
 * A session that ends while its page is open (spec §2, §8): the next call an island makes
 * answers 401, and the browser goes to /auth/login. The session is ended from outside the page,
 * as it happens for real: signed out from another device, or by a logout sent with its cookies.
 */
import { request as playwrightRequest } from '@playwright/test';
import { test, expect, loginAs } from './fixtures.ts';
import { csrfCookie, pageFetch } from './foundation-helpers.ts';

test('signed out from another device: the global search sends the browser to sign in', async ({ page, loginAs: signIn, browser }) => {
  await signIn('support');
  const sessions = await pageFetch(page, 'GET', '/api/user/sessions');
  expect(sessions.status).toBe(200);
  const mine = (sessions.body!.data as { id: string; current: boolean }[]).find((s) => s.current);
  expect(mine, 'the page knows its own session').toBeTruthy();

  // The same person on a second device signs this one out.
  const otherDevice = await browser.newContext({ baseURL: process.env.E2E_BASE_URL });
  try {
    const other = await otherDevice.newPage();
    await loginAs(other, 'support');
    const revoked = await pageFetch(other, 'DELETE', `/api/user/sessions/${encodeURIComponent(mine!.id)}`);
    expect(revoked.status, JSON.stringify(revoked.body)).toBe(200);
  } finally {
    await otherDevice.close();
  }

  // Back on the first page, nothing has changed yet; the search's first call answers 401.
  await expect(page).toHaveURL(/\/dashboard$/);
  const unauthenticated = page.waitForResponse((r) => new URL(r.url()).pathname === '/api/search');
  await page.keyboard.press('Control+k');
  await page.keyboard.type('orders');
  expect((await unauthenticated).status()).toBe(401);
  await expect(page).toHaveURL(/\/auth\/login$/);
  await expect(page.getByRole('heading', { name: 'Sign in' })).toBeVisible();
});

test('logged out with its cookies from elsewhere: opening the activity panel sends the browser to sign in', async ({ page, loginAs: signIn, context }) => {
  await signIn('vendor');
  // A separate client holding a copy of this browser's cookies ends the session on the server.
  const outside = await playwrightRequest.newContext({ baseURL: process.env.E2E_BASE_URL, storageState: await context.storageState() });
  try {
    const loggedOut = await outside.post('/logout', {
      headers: { 'x-xsrf-token': await csrfCookie(page), origin: new URL(process.env.E2E_BASE_URL!).origin, accept: 'application/json' },
      data: {},
    });
    expect(loggedOut.status(), await loggedOut.text()).toBe(200);
  } finally {
    await outside.dispose();
  }

  // The browser still holds its (now dead) cookie; the panel's call gets 401.
  const unauthenticated = page.waitForResponse((r) => new URL(r.url()).pathname === '/api/activity/mine');
  await page.getByRole('button', { name: 'Menu: recent activity' }).click();
  expect((await unauthenticated).status()).toBe(401);
  await expect(page).toHaveURL(/\/auth\/login$/);
  // Signing in again works normally.
  await signIn('vendor');
  await expect(page).toHaveURL(/\/dashboard$/);
});
