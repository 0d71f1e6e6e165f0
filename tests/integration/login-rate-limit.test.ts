/**
 * Sign-in rate limits, with a short window so the test can wait it out:
 * past the limit → 429 with Retry-After (even for the right password); after the window the real
 * user signs in again.
 *
 * TRUST_PROXY lets each case come from an address of its own (X-Forwarded-For), so no case has to
 * wait for another's per-address window to end. Waiting for a window to pass is done by trying the
 * right password again until it is let in (each try is a real attempt, counted like any other:
 * a window never grows, so the first try after it has ended signs in), never by sleeping.
 */
import { describe, expect, it } from 'vitest';
import { useServer } from '../helpers/vitest-server.ts';
import { DEMO_CREDENTIALS } from '../helpers/http.ts';

const WINDOW = 5;
const PER_ACCOUNT = 3;
const PER_IP = 6;
const app = useServer({
  env: {
    LOGIN_WINDOW_SECONDS: String(WINDOW),
    LOGIN_MAX_ATTEMPTS_PER_ACCOUNT: String(PER_ACCOUNT),
    LOGIN_MAX_ATTEMPTS_PER_IP: String(PER_IP),
    TRUST_PROXY: 'true',
  },
});

/** The real sign-in form (its page, then the POST with `_token`), from the address `ip`. */
async function attempt(email: string, password: string, ip: string) {
  const client = app.client();
  const headers = { 'x-forwarded-for': ip };
  await (await client.get('/auth/login', { headers })).arrayBuffer();
  const response = await client.post('/auth/login', { form: { _token: client.csrfToken!, email, password }, csrf: false, headers });
  const html = await response.text();
  return { status: response.status, retryAfter: response.headers.get('retry-after'), html, signedIn: Boolean(client.sessionToken) };
}

/**
 * Makes the failed attempts, then `check`, until `check` is refused (at most 3 rounds). The limits
 * count inside one fixed window: on a very busy machine the attempts can straddle its end, and then
 * the check is let in, which also starts the count afresh. A limit that never refuses fails all 3.
 */
async function untilRefused(failures: () => Promise<unknown>, check: () => Promise<Awaited<ReturnType<typeof attempt>>>) {
  let result!: Awaited<ReturnType<typeof attempt>>;
  for (let round = 1; round <= 3; round++) {
    await failures();
    result = await check();
    if (result.status !== 303) break;
  }
  return result;
}

/** Tries the right password every second until it signs in: the window has passed. */
async function signsInAfterTheWindow(email: string, password: string, ip: string): Promise<void> {
  await expect
    .poll(async () => (await attempt(email, password, ip)).status, {
      interval: 1_000,
      timeout: (3 * WINDOW + 30) * 1_000,
      message: `${email} signs in once the window has passed`,
    })
    .toBe(303);
}

const wrong = (email: string, n: number, ip: string) => Promise.all(Array.from({ length: n }, (_, i) => attempt(email, `wrong-${i}`, ip)));

describe('POST /auth/login rate limit', () => {
  it('blocks an account after LOGIN_MAX_ATTEMPTS_PER_ACCOUNT failures, then lets the real user in after the window', async () => {
    const ip = '203.0.113.1';
    const { email, password } = DEMO_CREDENTIALS.admin;
    const blocked = await untilRefused(
      async () => {
        for (const r of await wrong(email, PER_ACCOUNT, ip)) expect(r.status).toBe(422);
      },
      () => attempt(email, password, ip),
    );
    expect(blocked.status).toBe(429);
    expect(blocked.signedIn).toBe(false);
    const retryAfter = Number(blocked.retryAfter);
    expect(Number.isInteger(retryAfter)).toBe(true);
    expect(retryAfter).toBeGreaterThanOrEqual(1);
    expect(retryAfter).toBeLessThanOrEqual(WINDOW);
    expect(blocked.html).toContain('Too many sign-in attempts');

    // Other accounts are not locked out by someone guessing this one, even from the same address.
    expect((await attempt(DEMO_CREDENTIALS.support.email, DEMO_CREDENTIALS.support.password, ip)).status).toBe(303);

    await signsInAfterTheWindow(email, password, ip);
  });

  it('counts the email in any letter case as the same account', async () => {
    const ip = '203.0.113.2';
    const { email, password } = DEMO_CREDENTIALS.vendor;
    const blocked = await untilRefused(
      () => Promise.all([attempt(email.toUpperCase(), 'wrong-a', ip), attempt(email, 'wrong-b', ip), attempt(`  ${email}`, 'wrong-c', ip)]),
      () => attempt(email, password, ip),
    );
    expect(blocked.status).toBe(429);
    await signsInAfterTheWindow(email, password, ip);
  });

  it('a successful sign-in clears the account counter', async () => {
    const ip = '203.0.113.3';
    const { email, password } = DEMO_CREDENTIALS.newvendor;
    await wrong(email, PER_ACCOUNT - 1, ip);
    expect((await attempt(email, password, ip)).status).toBe(303);
    await wrong(email, PER_ACCOUNT - 1, ip);
    expect((await attempt(email, password, ip)).status).toBe(303);
  });

  it('blocks an address after LOGIN_MAX_ATTEMPTS_PER_IP failures across accounts', async () => {
    const ip = '203.0.113.4';
    const { email, password } = DEMO_CREDENTIALS.support;
    const blocked = await untilRefused(
      () => Promise.all(Array.from({ length: PER_IP }, (_, i) => attempt(`nobody-${i}@example.com`, 'Wrong@12345', ip))),
      () => attempt(email, password, ip),
    );
    expect(blocked.status).toBe(429);
    expect(Number(blocked.retryAfter)).toBeGreaterThanOrEqual(1);
    // Only this address is refused: the same account from another one signs in.
    expect((await attempt(email, password, '203.0.113.5')).status).toBe(303);
    await signsInAfterTheWindow(email, password, ip);
  });
});
