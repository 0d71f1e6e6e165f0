/**
 * POST /api/user-password can't be used to guess the current password (issue 20, item 5): the
 * per-account limit (LOGIN_MAX_ATTEMPTS_PER_ACCOUNT in LOGIN_WINDOW_SECONDS) applies, each attempt
 * counted before the password is checked; reaching it ends the session that was guessing (logged
 * in the activity log) and answers 429 with Retry-After; past it, 429 without a check. The window
 * is long enough for the whole file, so nothing waits it out.
 */
import { describe, expect, it } from 'vitest';
import { useServer } from '../helpers/vitest-server.ts';
import { DEMO_CREDENTIALS, HttpClient } from '../helpers/http.ts';
import { expectErrorShape } from '../helpers/assertions.ts';

const WINDOW = 300;
const LIMIT = 3;
const app = useServer({ env: { LOGIN_WINDOW_SECONDS: String(WINDOW), LOGIN_MAX_ATTEMPTS_PER_ACCOUNT: String(LIMIT) } });

const change = (client: HttpClient, current: string, next = 'Changed@2026pass') =>
  client.post('/api/user-password', { json: { current_password: current, password: next, password_confirmation: next } });

/** The account's activity-log entries of one action (read by an administrator, as the list page does). */
async function activity(action: string, recordId: number): Promise<{ record_id: string | null; action: string }[]> {
  const admin = await app.as('admin');
  const equals = (value: string) => ({ operator: 'and', constraints: [{ matchMode: 'equals', value }] });
  const filters = { area: equals('profile'), action: equals(action), record_id: equals(String(recordId)) };
  const { status, body } = await admin.getJson(`/api/activity-logs?${new URLSearchParams({ filters: JSON.stringify(filters) })}`);
  expect(status, JSON.stringify(body)).toBe(200);
  return body.data;
}

describe('POST /api/user-password: guessing the current password', () => {
  it('answers 422 below the limit; reaching it ends the session (429, Retry-After, logged), the next request is 401', async () => {
    const guesser = await app.as('vendor');
    const other = await app.as('vendor');
    const userId = (await guesser.getJson('/api/user')).body.id as number;

    for (let i = 1; i < LIMIT; i++) {
      const wrong = await expectErrorShape(await change(guesser, `Wrong@${i}pass`), 422);
      expect(wrong.errors?.current_password).toEqual(['The current password is not correct.']);
    }
    const last = await change(guesser, `Wrong@${LIMIT}pass`);
    const retryAfter = Number(last.headers.get('retry-after'));
    const body = await expectErrorShape(last, 429);
    expect(body.message).toMatch(/signed out/i);
    expect(Number.isInteger(retryAfter)).toBe(true);
    expect(retryAfter).toBeGreaterThanOrEqual(1);
    expect(retryAfter).toBeLessThanOrEqual(WINDOW);

    // The guessing session is over.
    expect((await guesser.getJson('/api/user')).status).toBe(401);
    const ended = await activity('session-ended', userId);
    expect(ended).toHaveLength(1);
    expect(await activity('password-change-failed', userId)).toHaveLength(LIMIT);

    // The account's other session stays, but the limit is the account's: past it, 429 without
    // checking the password, even the right one.
    const blocked = await change(other, DEMO_CREDENTIALS.vendor.password);
    expect(Number(blocked.headers.get('retry-after'))).toBeGreaterThanOrEqual(1);
    expect((await expectErrorShape(blocked, 429)).message).toMatch(/Too many wrong current passwords/);
    expect((await other.getJson('/api/user')).status).toBe(200);
    expect(await activity('password-change-failed', userId)).toHaveLength(LIMIT);

    // Nothing was changed: the owner still signs in with the password they have.
    expect((await app.client().submitLogin(DEMO_CREDENTIALS.vendor.email, DEMO_CREDENTIALS.vendor.password)).status).toBe(303);
  });

  it('a parallel burst of 40 wrong guesses: at most the limit are checked, no change, the session ends', async () => {
    const guesser = await app.as('support');
    const statuses = await Promise.all(
      Array.from({ length: 40 }, async (_, i) => {
        const response = await change(guesser, `Wrong@${i}pass`);
        await response.arrayBuffer();
        return response.status;
      }),
    );
    const count = (s: number) => statuses.filter((x) => x === s).length;
    expect(count(422), JSON.stringify(statuses)).toBeLessThanOrEqual(LIMIT);
    expect(count(429)).toBeGreaterThanOrEqual(1);
    expect(count(200)).toBe(0);
    // Requests that arrive after the session ended are refused before the endpoint (401, or 419
    // when the CSRF token was bound to the ended session).
    expect(
      statuses.every((s) => [422, 429, 401, 419].includes(s)),
      JSON.stringify(statuses),
    ).toBe(true);
    expect((await guesser.getJson('/api/user')).status).toBe(401);
    expect((await app.client().submitLogin(DEMO_CREDENTIALS.support.email, DEMO_CREDENTIALS.support.password)).status).toBe(303);
  });

  it('the right password below the limit still changes it, and clears the count', async () => {
    const { email, password } = DEMO_CREDENTIALS.newvendor;
    const client = await app.as('newvendor');
    await expectErrorShape(await change(client, 'Wrong@1pass'), 422);
    expect((await change(client, password, 'Changed@2026pass')).status).toBe(200);
    // Counted afresh: LIMIT - 1 wrong guesses answer 422 again.
    for (let i = 1; i < LIMIT; i++) await expectErrorShape(await change(client, `Wrong@${i}pass`, 'Other@2026pass'), 422);
    expect((await change(client, 'Changed@2026pass', password)).status).toBe(200);
    expect((await app.client().submitLogin(email, password)).status).toBe(303);
  });
});
