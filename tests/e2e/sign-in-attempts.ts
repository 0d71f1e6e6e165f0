/**
 * Sign-in attempts as the rate-limit specs make them: through the form, from an address of the test's
 * choosing (the servers of those specs believe one proxy hop, TRUST_PROXY, so X-Forwarded-For is
 * the client's address, as a proxy in front would write it).
 */
import type { Page } from '@playwright/test';

/** Every request of this page comes from `ip`, as the proxy in front of the server tells it. */
export const fromAddress = (page: Page, ip: string) => page.setExtraHTTPHeaders({ 'x-forwarded-for': ip });

/** Submits the sign-in form and answers the status of the POST and its Retry-After. */
export async function signIn(page: Page, email: string, password: string): Promise<{ status: number; retryAfter: string | null }> {
  await page.getByLabel('Email').fill(email);
  await page.getByLabel('Password', { exact: true }).fill(password);
  const [response] = await Promise.all([
    page.waitForResponse((r) => r.request().method() === 'POST' && new URL(r.url()).pathname === '/auth/login'),
    page.getByRole('button', { name: 'Sign in' }).click(),
  ]);
  await page.waitForLoadState();
  return { status: response.status(), retryAfter: await response.headerValue('retry-after') };
}
