/**
 * Sign-in rate limits, with a short window so the test can wait it out:
 * past the limit → 429 with Retry-After (even for the right password); after the window the real
 * user signs in again.
 */
import { describe, expect, it } from 'vitest';
import { useServer } from '../helpers/vitest-server.ts';
import { DEMO_CREDENTIALS } from '../helpers/http.ts';

const WINDOW = 4;
const app = useServer({ env: { LOGIN_WINDOW_SECONDS: String(WINDOW), LOGIN_MAX_ATTEMPTS_PER_ACCOUNT: '3', LOGIN_MAX_ATTEMPTS_PER_IP: '6' } });

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

async function attempt(email: string, password: string) {
  const client = app.client();
  const response = await client.submitLogin(email, password);
  const html = await response.text();
  return { status: response.status, retryAfter: response.headers.get('retry-after'), html, signedIn: Boolean(client.sessionToken) };
}

/**
 * Makes the failed attempts, then `check`. The limits count within one window: when the attempts
 * took longer than that (a very busy machine), the window is waited out and the whole is tried again.
 */
async function withinOneWindow<T>(failures: () => Promise<unknown>, check: () => Promise<T>): Promise<T> {
  for (let round = 1; ; round++) {
    const started = Date.now();
    await failures();
    const result = await check();
    if (Date.now() - started < (WINDOW - 1) * 1000 || round === 3) return result;
    await sleep(WINDOW * 1000 + 300);
  }
}

const wrong = (email: string, n: number) => Promise.all(Array.from({ length: n }, (_, i) => attempt(email, `wrong-${i}`)));

describe('POST /auth/login rate limit', () => {
  it('blocks an account after LOGIN_MAX_ATTEMPTS_PER_ACCOUNT failures, then lets the real user in after the window', async () => {
    const { email, password } = DEMO_CREDENTIALS.admin;
    const blocked = await withinOneWindow(
      async () => {
        for (const r of await wrong(email, 3)) expect(r.status).toBe(422);
      },
      () => attempt(email, password),
    );
    expect(blocked.status).toBe(429);
    expect(blocked.signedIn).toBe(false);
    const retryAfter = Number(blocked.retryAfter);
    expect(Number.isInteger(retryAfter)).toBe(true);
    expect(retryAfter).toBeGreaterThanOrEqual(1);
    expect(retryAfter).toBeLessThanOrEqual(WINDOW);
    expect(blocked.html).toContain('Too many sign-in attempts');

    // Other accounts are not locked out by someone guessing this one.
    expect((await attempt(DEMO_CREDENTIALS.support.email, DEMO_CREDENTIALS.support.password)).status).toBe(303);

    await sleep(retryAfter * 1000 + 500);
    const after = await attempt(email, password);
    expect(after.status).toBe(303);
    expect(after.signedIn).toBe(true);
  });

  it('counts the email in any letter case as the same account', async () => {
    const { email, password } = DEMO_CREDENTIALS.vendor;
    const blocked = await withinOneWindow(
      () => Promise.all([attempt(email.toUpperCase(), 'wrong-a'), attempt(email, 'wrong-b'), attempt(`  ${email}`, 'wrong-c')]),
      () => attempt(email, password),
    );
    expect(blocked.status).toBe(429);
    await sleep(Number(blocked.retryAfter) * 1000 + 500);
    expect((await attempt(email, password)).status).toBe(303);
  });

  it('a successful sign-in clears the account counter', async () => {
    const { email, password } = DEMO_CREDENTIALS.newvendor;
    await sleep(WINDOW * 1000 + 300); // a fresh window for the IP counter too
    await wrong(email, 2);
    expect((await attempt(email, password)).status).toBe(303);
    await wrong(email, 2);
    expect((await attempt(email, password)).status).toBe(303);
  });

  it('blocks an address after LOGIN_MAX_ATTEMPTS_PER_IP failures across accounts', async () => {
    await sleep(WINDOW * 1000 + 300);
    const blocked = await withinOneWindow(
      () => Promise.all(Array.from({ length: 6 }, (_, i) => attempt(`nobody-${i}@example.com`, 'Wrong@12345'))),
      () => attempt(DEMO_CREDENTIALS.support.email, DEMO_CREDENTIALS.support.password),
    );
    expect(blocked.status).toBe(429);
    expect(Number(blocked.retryAfter)).toBeGreaterThanOrEqual(1);
    await sleep(Number(blocked.retryAfter) * 1000 + 500);
    expect((await attempt(DEMO_CREDENTIALS.support.email, DEMO_CREDENTIALS.support.password)).status).toBe(303);
  });
});
