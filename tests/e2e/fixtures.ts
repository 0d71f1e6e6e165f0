/**
 * Playwright fixtures for every spec: `import { test, expect, loginAs } from './fixtures.ts'`.
 * `loginAs` signs in through the real login form (CSRF token, origin check and all).
 */
import { test as base, expect, type Browser, type Cookie, type Page } from '@playwright/test';
import { startServer, type TestServer } from '../helpers/server.ts';

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

/**
 * This worker's signed-in sessions, one per account: a test that only needs to be signed in reuses
 * the session an earlier test of the worker made through the form, after the server confirms it
 * still belongs to that account (a test may have logged it out, or be impersonating with it).
 * Signing in through the form every time cost about a second per test; the form's own behaviour is
 * tested by the specs that call `loginAs(page, …)` directly (smoke, auth, csrf, rate limits).
 */
const sessions = new Map<DemoAccount, Cookie[]>();

async function signedIn(page: Page, account: DemoAccount): Promise<void> {
  const kept = sessions.get(account);
  if (kept) {
    await page.context().addCookies(kept);
    const me = await page.request.get('/api/user');
    const user = me.ok() ? ((await me.json()) as { email?: string; impersonator?: unknown }) : undefined;
    if (user?.email === ACCOUNTS[account].email && !user.impersonator) {
      await page.goto(ACCOUNTS[account].landing);
      return;
    }
    await page.context().clearCookies();
  }
  await loginAs(page, account);
  sessions.set(account, await page.context().cookies());
}

/**
 * Runs in every page before its own scripts: notes the text of each status message and alert
 * (toasts, the server-drawn one after log out included) the moment it is put on the page. A toast
 * lives 3 s; on a loaded machine a check that polls for it can start after it has gone, so the
 * specs ask "was it shown?" (`expectToast`) instead of racing its timer.
 */
function noteAnnouncements(): void {
  const shown: string[] = [];
  const noted = new WeakMap<Element, string>();
  (window as unknown as { __shownToasts: string[] }).__shownToasts = shown;
  const note = () => {
    for (const element of document.querySelectorAll('[role="status"], [role="alert"]')) {
      const text = element.textContent?.trim();
      if (!text || noted.get(element) === text) continue;
      noted.set(element, text);
      shown.push(text);
    }
  };
  new MutationObserver(note).observe(document, { childList: true, subtree: true, characterData: true });
}

/**
 * Waits until this page has shown a status message or alert containing `text` (since it was
 * loaded, and since the last one this matched), and answers its whole text. Each call takes the
 * message it matched, so the same text expected twice must have been shown twice.
 */
export async function expectToast(page: Page, text: string | RegExp, options: { timeout?: number } = {}): Promise<string> {
  const matches = (shown: string) => (typeof text === 'string' ? shown.includes(text) : text.test(shown));
  let found: string | undefined;
  await expect
    .poll(
      async () => {
        const shown = await page.evaluate(() => (window as unknown as { __shownToasts?: string[] }).__shownToasts ?? []).catch(() => [] as string[]);
        const index = shown.findIndex(matches);
        if (index < 0) return shown;
        found = shown[index];
        // Taken: a later call needs a message shown again.
        await page.evaluate((i) => (window as unknown as { __shownToasts: string[] }).__shownToasts.splice(i, 1), index).catch(() => undefined);
        return 'shown';
      },
      { message: `a status message or alert with "${text}" on the page`, timeout: options.timeout ?? 15_000 },
    )
    .toBe('shown');
  return found!;
}

/** Islands not yet hydrated that will hydrate without a person touching them. */
export const ISLANDS_HYDRATING_BY_THEMSELVES = 'astro-island[ssr]:not([client="intent"])';

export const test = base.extend<{ loginAs: (account: DemoAccount) => Promise<void> }>({
  // Set by the global setup in the runner process; read here so every worker follows it.
  baseURL: async ({}, use) => {
    await use(process.env.E2E_BASE_URL);
  },
  context: async ({ context }, use) => {
    await context.addInitScript(noteAnnouncements);
    await use(context);
  },
  // A person reads a page before clicking; a test clicks at once. Islands that hydrate at load or
  // when the browser is idle (forms, the shell's) can miss a click that lands while they hydrate, so
  // every goto waits until those have hydrated (pages without such islands return at once). Islands
  // on client:intent (lists, decision 029) hydrate only when reached for and replay what was done
  // meanwhile, so a click at once is exactly what they are built for: nothing waits for them.
  page: async ({ page }, use) => {
    const goto = page.goto.bind(page);
    page.goto = async (url, options) => {
      const response = await goto(url, options);
      await page.waitForFunction((selector) => document.querySelector(selector) === null, ISLANDS_HYDRATING_BY_THEMSELVES);
      return response;
    };
    await use(page);
  },
  loginAs: async ({ page }, use) => {
    await use((account) => signedIn(page, account));
  },
});

export { expect };

/**
 * The `test` of a file that runs its own server, a copy of the seeded template: a file whose writes
 * other files' pages would show (the review queue's count on the sidebar badge), whose accounts
 * change in ways the shared server's other files can't live with (two-factor on a demo account), or
 * that needs the server started with other settings (`env`) or given records before its first
 * request (`prepare`, whose answer the tests read as `ownServer.prepared`).
 */
export function testWithOwnServer<T = undefined>(options: { env?: Record<string, string>; prepare?: (server: TestServer) => Promise<T> } = {}) {
  return test.extend<object, { ownServer: { server: TestServer; prepared: T } }>({
    ownServer: [
      async ({}, use) => {
        const server = await startServer({ driver: 'pglite', template: process.env.BO_PGLITE_TEMPLATE, env: options.env });
        try {
          const prepared = (options.prepare ? await options.prepare(server) : undefined) as T;
          await use({ server, prepared });
        } finally {
          await server.dispose();
        }
      },
      { scope: 'worker', timeout: 180_000 },
    ],
    baseURL: async ({ ownServer }, use) => {
      await use(ownServer.server.url);
    },
  });
}

/** A browser context of its own (a second person, or another screen size) signed in as `account` through the form. */
export async function signedInPage(
  browser: Browser,
  baseURL: string | undefined,
  account: DemoAccount,
  viewport: { width: number; height: number },
): Promise<Page> {
  const context = await browser.newContext({ baseURL, viewport, ...(viewport.width < 400 ? { isMobile: true, hasTouch: true } : {}) });
  await context.addInitScript(noteAnnouncements);
  const page = await context.newPage();
  await loginAs(page, account);
  return page;
}
