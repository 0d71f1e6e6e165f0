/**
 * CSRF protection as seen from a signed-in page: an unsafe call passes only with the
 * X-XSRF-TOKEN of this very session (double submit + a token bound to the session, rotated at
 * sign-in). Every refusal is 419 in the one error shape; the real token passes CSRF and reaches
 * validation (422 for the empty body). CSRF stays on: these are the browser's own requests.
 */
import { test, expect, loginAs } from './fixtures.ts';
import { csrfCookie, pageFetch } from './foundation-helpers.ts';

const MISMATCH = 'CSRF token mismatch. Reload the page and try again.';

test('POST /api/user-password passes CSRF only with this session’s token', async ({ page, browser }) => {
  // The token a guest gets on the sign-in page, before signing in.
  await page.goto('/auth/login');
  const guestToken = await csrfCookie(page);
  await loginAs(page, 'support');
  const realToken = await csrfCookie(page);
  expect(realToken, 'the token rotates at sign-in').not.toBe(guestToken);

  // Another person's session, in a second browser.
  const second = await browser.newContext({ baseURL: process.env.E2E_BASE_URL });
  let otherToken: string;
  try {
    const other = await second.newPage();
    await loginAs(other, 'vendor');
    otherToken = await csrfCookie(other);
  } finally {
    await second.close();
  }
  expect(otherToken).not.toBe(realToken);

  const refusals: [string, string | null][] = [
    ['no X-XSRF-TOKEN header', null],
    ['a made-up token', 'not-a-real-token'],
    ['the real token with its last character changed', `${realToken.slice(0, -1)}${realToken.endsWith('A') ? 'B' : 'A'}`],
    ['the token from before sign-in', guestToken],
    ['another session’s token', otherToken],
  ];
  for (const [what, token] of refusals) {
    const response = await pageFetch(page, 'POST', '/api/user-password', { json: {}, csrf: token });
    expect(response.status, what).toBe(419);
    expect(response.body, what).toEqual({ message: MISMATCH });
  }

  // Even with the cookie set to match: another session's token is bound to that session.
  const planted = await page.evaluate(async (token) => {
    const original = document.cookie.split('; ').find((c) => c.startsWith('XSRF-TOKEN='))!;
    document.cookie = `XSRF-TOKEN=${encodeURIComponent(token)}; path=/`;
    const response = await fetch('/api/user-password', {
      method: 'POST',
      headers: { 'Content-Type': 'application/json', Accept: 'application/json', 'X-XSRF-TOKEN': token },
      body: '{}',
    });
    document.cookie = `${original}; path=/`;
    return { status: response.status, body: await response.json() };
  }, otherToken);
  expect(planted).toEqual({ status: 419, body: { message: MISMATCH } });

  // The real token passes CSRF: validation answers for the empty body.
  const passed = await pageFetch(page, 'POST', '/api/user-password', { json: {} });
  expect(passed.status).toBe(422);
  expect(Object.keys(passed.body?.errors ?? {})).toEqual(expect.arrayContaining(['current_password', 'password']));
  // And the session is untouched by all of this.
  expect((await pageFetch(page, 'GET', '/api/user')).status).toBe(200);
});

test('the islands’ client sends the token by itself, so a real form works', async ({ page, loginAs: signIn }) => {
  await signIn('support');
  await page.goto('/profile/update-password');
  // Before hydration the form posts to the page itself (no JavaScript needed); wait for the island.
  await expect(page.locator('astro-island[ssr]')).toHaveCount(0);
  // Input the form's schema accepts (it checks before sending), refused only by the server.
  await page.getByLabel('Current password').fill('Not-the-password-1');
  await page.getByRole('textbox', { name: 'New password', exact: true }).fill('Another-pass-2');
  await page.getByLabel('Confirm the new password').fill('Another-pass-2');
  const [response] = await Promise.all([
    page.waitForResponse((r) => new URL(r.url()).pathname === '/api/user-password'),
    page.getByRole('button', { name: 'Update Password' }).click(),
  ]);
  // Not 419: the server checked the password, and its refusal is shown beside the field.
  expect(response.status()).toBe(422);
  await expect(page.getByText('The current password is not correct.')).toBeVisible();
});
