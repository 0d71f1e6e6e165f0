/**
 * Sign-in limits under a parallel burst (issue 20, item 2): every attempt takes its slot in the
 * counters before its password is checked, so however many attempts arrive at once, at most the
 * limit of them reach the password check in a window; the rest answer 429 with Retry-After.
 *
 * TRUST_PROXY lets each case come from an address of its own (X-Forwarded-For), so the cases don't
 * share the per-IP counter and nothing has to wait a window out. The window is long enough to hold
 * a whole burst, so "per window" here means "in the whole burst".
 */
import { describe, expect, it } from 'vitest';
import { useServer } from '../helpers/vitest-server.ts';
import { DEMO_CREDENTIALS, HttpClient } from '../helpers/http.ts';

const WINDOW = 300;
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

interface Outcome {
  status: number;
  retryAfter: string | null;
  signedIn: boolean;
  password: string;
}

/**
 * Every attempt first loads the form (its own cookie jar and CSRF token), then all the posts are
 * sent at once, so they really are in flight together.
 */
async function burst(attempts: { email: string; password: string; ip: string }[]): Promise<Outcome[]> {
  const clients = await Promise.all(
    attempts.map(async (a) => {
      const client = new HttpClient(() => app.server.url);
      await (await client.get('/auth/login', { headers: { 'x-forwarded-for': a.ip } })).arrayBuffer();
      return client;
    }),
  );
  return Promise.all(
    attempts.map(async (a, i) => {
      const client = clients[i]!;
      const response = await client.post('/auth/login', {
        form: { _token: client.csrfToken!, email: a.email, password: a.password },
        csrf: false,
        headers: { 'x-forwarded-for': a.ip },
      });
      await response.arrayBuffer();
      return { status: response.status, retryAfter: response.headers.get('retry-after'), signedIn: Boolean(client.sessionToken), password: a.password };
    }),
  );
}

/** 39 wrong passwords and the right one in the middle. */
function guesses(email: string, right: string, ip: (i: number) => string) {
  return Array.from({ length: 40 }, (_, i) => ({ email, password: i === 20 ? right : `Wrong@${i}pass`, ip: ip(i) }));
}

function expectLimited(outcomes: Outcome[], limit: number) {
  const count = (status: number) => outcomes.filter((o) => o.status === status).length;
  const checked = count(422) + count(303);
  expect(
    outcomes.map((o) => o.status).every((s) => s === 303 || s === 422 || s === 429),
    JSON.stringify(outcomes.map((o) => o.status)),
  ).toBe(true);
  // At most `limit` attempts reached the password check; all the others were refused before it.
  expect(checked, `checked ${checked}: ${count(422)} × 422, ${count(303)} × 303`).toBeLessThanOrEqual(limit);
  expect(count(429)).toBeGreaterThanOrEqual(outcomes.length - limit);
  for (const o of outcomes.filter((o) => o.status === 429)) {
    expect(o.signedIn).toBe(false);
    const retryAfter = Number(o.retryAfter);
    expect(Number.isInteger(retryAfter)).toBe(true);
    expect(retryAfter).toBeGreaterThanOrEqual(1);
    expect(retryAfter).toBeLessThanOrEqual(WINDOW);
  }
  // Only the right password can have signed in, and only if its slot was within the limit.
  expect(outcomes.filter((o) => o.signedIn).length).toBeLessThanOrEqual(1);
  for (const o of outcomes.filter((o) => o.signedIn)) expect(o.status).toBe(303);
}

describe('POST /auth/login under a parallel burst', () => {
  it('40 attempts at one account from one address: at most the limit reach the password check', async () => {
    const { email, password } = DEMO_CREDENTIALS.vendor;
    expectLimited(await burst(guesses(email, password, () => '203.0.113.10')), Math.min(PER_ACCOUNT, PER_IP));
  });

  it('40 attempts at one account from 40 addresses: the per-account limit holds on its own', async () => {
    const { email, password } = DEMO_CREDENTIALS.admin;
    expectLimited(await burst(guesses(email, password, (i) => `198.51.100.${i + 1}`)), PER_ACCOUNT);
  });

  it('40 attempts from one address at 40 accounts: the per-address limit holds on its own', async () => {
    const attempts = Array.from({ length: 40 }, (_, i) => ({ email: `nobody-${i}@example.com`, password: 'Wrong@12345', ip: '203.0.113.20' }));
    expectLimited(await burst(attempts), PER_IP);
  });

  it('successful sign-ins do not use up the address budget, which counts failures', async () => {
    const ip = '203.0.113.30';
    // More successes from one address than its limit (an office behind one NAT address).
    for (let i = 0; i < PER_IP + 2; i++) {
      const [ok] = await burst([{ ...DEMO_CREDENTIALS.support, ip }]);
      expect(ok!.status).toBe(303);
    }
    // Failures are still counted: the limit's worth of wrong passwords, then 429.
    const wrong = await burst(Array.from({ length: PER_IP + 4 }, (_, i) => ({ email: `someone-${i}@example.com`, password: 'Wrong@12345', ip })));
    expectLimited(wrong, PER_IP);
    const [blocked] = await burst([{ ...DEMO_CREDENTIALS.support, ip }]);
    expect(blocked!.status).toBe(429);
  });
});
