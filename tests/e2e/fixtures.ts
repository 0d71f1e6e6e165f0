/**
 * Playwright fixtures for every spec: `import { test, expect, loginAs } from './fixtures.ts'`.
 * `loginAs` signs in through the real login form (CSRF token, origin check and all).
 */
import { test as base, expect, type Page } from '@playwright/test';

export type DemoAccount = 'admin' | 'vendor' | 'newvendor' | 'support';

export const ACCOUNTS: Record<DemoAccount, { email: string; password: string; name: string; landing: string }> = {
  admin: { email: 'admin@example.com', password: 'Admin@12345', name: 'Asha Admin', landing: '/dashboard' },
  vendor: { email: 'vendor@example.com', password: 'Vendor@12345', name: 'Vikram Vendor', landing: '/dashboard' },
  // Store setup is not finished: every navigation goes there.
  newvendor: { email: 'newvendor@example.com', password: 'Vendor@12345', name: 'Neha Newvendor', landing: '/vendor/store-setup' },
  support: { email: 'support@example.com', password: 'Support@12345', name: 'Sunil Support', landing: '/dashboard' },
};

/** Signs in through the login form and waits for the account's landing page. */
export async function loginAs(page: Page, account: DemoAccount): Promise<void> {
  const { email, password, landing } = ACCOUNTS[account];
  await page.goto('/auth/login');
  await page.getByLabel('Email').fill(email);
  await page.getByLabel('Password', { exact: true }).fill(password);
  await Promise.all([page.waitForURL((url) => url.pathname !== '/auth/login'), page.getByRole('button', { name: 'Sign in' }).click()]);
  await expect(page).toHaveURL(new RegExp(`${landing.replace(/\//g, '\\/')}(\\?|$)`));
}

export const test = base.extend<{ loginAs: (account: DemoAccount) => Promise<void> }>({
  // Set by the global setup in the runner process; read here so every worker follows it.
  baseURL: async ({}, use) => {
    await use(process.env.E2E_BASE_URL);
  },
  loginAs: async ({ page }, use) => {
    await use((account) => loginAs(page, account));
  },
});

export { expect };
