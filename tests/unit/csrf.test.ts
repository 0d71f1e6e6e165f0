import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { issueCsrfToken, isCsrfTokenValid, maskCsrfToken, unmaskCsrfToken } from '../../src/lib/auth/csrf.server.ts';

const SECRET = 'a'.repeat(48);
const SESSION_A = 'session-a-' + 'x'.repeat(54);
const SESSION_B = 'session-b-' + 'y'.repeat(54);

describe('CSRF tokens', () => {
  it('accepts a token for the session it was issued to', () => {
    const token = issueCsrfToken(SECRET, SESSION_A);
    expect(isCsrfTokenValid(SECRET, SESSION_A, token)).toBe(true);
  });

  it('issues a different token every time', () => {
    expect(issueCsrfToken(SECRET, SESSION_A)).not.toBe(issueCsrfToken(SECRET, SESSION_A));
  });

  it("refuses another session's token", () => {
    const token = issueCsrfToken(SECRET, SESSION_A);
    expect(isCsrfTokenValid(SECRET, SESSION_B, token)).toBe(false);
  });

  it('keeps guest tokens and session tokens apart', () => {
    const guest = issueCsrfToken(SECRET, null);
    expect(isCsrfTokenValid(SECRET, null, guest)).toBe(true);
    expect(isCsrfTokenValid(SECRET, SESSION_A, guest)).toBe(false);
    expect(isCsrfTokenValid(SECRET, null, issueCsrfToken(SECRET, SESSION_A))).toBe(false);
  });

  it('refuses a token signed with another secret', () => {
    const token = issueCsrfToken('b'.repeat(48), SESSION_A);
    expect(isCsrfTokenValid(SECRET, SESSION_A, token)).toBe(false);
  });

  it('refuses tampered tokens', () => {
    const token = issueCsrfToken(SECRET, SESSION_A);
    const [nonce, mac] = token.split('.') as [string, string];
    const flip = (s: string, i: number) => s.slice(0, i) + (s[i] === 'A' ? 'B' : 'A') + s.slice(i + 1);
    expect(isCsrfTokenValid(SECRET, SESSION_A, `${flip(nonce, 0)}.${mac}`)).toBe(false);
    expect(isCsrfTokenValid(SECRET, SESSION_A, `${nonce}.${flip(mac, 3)}`)).toBe(false);
    expect(isCsrfTokenValid(SECRET, SESSION_A, `${nonce}.${mac}.extra`)).toBe(false);
    expect(isCsrfTokenValid(SECRET, SESSION_A, `${nonce}.`)).toBe(false);
    expect(isCsrfTokenValid(SECRET, SESSION_A, `.${mac}`)).toBe(false);
    expect(isCsrfTokenValid(SECRET, SESSION_A, nonce)).toBe(false);
    expect(isCsrfTokenValid(SECRET, SESSION_A, mac.slice(0, -1))).toBe(false);
  });

  it('refuses missing tokens', () => {
    expect(isCsrfTokenValid(SECRET, SESSION_A, '')).toBe(false);
    expect(isCsrfTokenValid(SECRET, SESSION_A, null)).toBe(false);
    expect(isCsrfTokenValid(SECRET, SESSION_A, undefined)).toBe(false);
  });

  it('never accepts a token across two different sessions (property)', () => {
    fc.assert(
      fc.property(fc.string({ minLength: 1 }), fc.string({ minLength: 1 }), (a, b) => {
        fc.pre(a !== b);
        const token = issueCsrfToken(SECRET, a);
        return isCsrfTokenValid(SECRET, a, token) && !isCsrfTokenValid(SECRET, b, token);
      }),
    );
  });

  it('never accepts arbitrary strings (property)', () => {
    fc.assert(fc.property(fc.string(), (junk) => !isCsrfTokenValid(SECRET, SESSION_A, junk)));
  });
});

describe('masked CSRF tokens (BREACH)', () => {
  it('masks a token differently every time, and unmasks to the token', () => {
    const token = issueCsrfToken(SECRET, SESSION_A);
    const a = maskCsrfToken(token);
    const b = maskCsrfToken(token);
    expect(a).not.toBe(b);
    expect(a).not.toContain(token.split('.')[0]);
    expect(unmaskCsrfToken(a)).toBe(token);
    expect(isCsrfTokenValid(SECRET, SESSION_A, unmaskCsrfToken(b))).toBe(true);
  });

  it('passes an unmasked token through, and refuses a damaged mask', () => {
    const token = issueCsrfToken(SECRET, SESSION_A);
    expect(unmaskCsrfToken(token)).toBe(token);
    expect(unmaskCsrfToken(null)).toBeNull();
    expect(unmaskCsrfToken('m.abc')).toBeNull();
    expect(unmaskCsrfToken('m.abcd.ab')).toBeNull();
    expect(unmaskCsrfToken(maskCsrfToken(token) + '.x')).toBeNull();
  });

  it('round-trips any token', () => {
    fc.assert(fc.property(fc.string({ minLength: 1, maxLength: 200 }), (t) => unmaskCsrfToken(maskCsrfToken(t)) === t));
  });
});
