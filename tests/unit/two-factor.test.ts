/**
 * The pure parts of two-factor sign-in: which TOTP codes are right for now (RFC 6238, ± one step),
 * and how a typed recovery code is read.
 */
import * as OTPAuth from 'otpauth';
import { describe, expect, it } from 'vitest';
import { matchingStep, normaliseRecoveryCode } from '../../src/features/two-factor/two-factor.service.server.ts';

// RFC 6238's SHA-1 test secret ("12345678901234567890"), in base32.
const RFC_SECRET = OTPAuth.Secret.fromLatin1('12345678901234567890').base32;

describe('matchingStep', () => {
  it('follows RFC 6238 (its SHA-1 vectors, last six digits)', () => {
    // T = 59 s → 94287082; T = 1111111109 s → 07081804; T = 1234567890 s → 89005924.
    expect(matchingStep(RFC_SECRET, '287082', 59_000)).toBe(1);
    expect(matchingStep(RFC_SECRET, '081804', 1_111_111_109_000)).toBe(Math.floor(1_111_111_109 / 30));
    expect(matchingStep(RFC_SECRET, '005924', 1_234_567_890_000)).toBe(Math.floor(1_234_567_890 / 30));
  });

  it('accepts the step before and after now (clock drift), and no further', () => {
    const now = 1_700_000_000_000;
    const step = Math.floor(now / 30_000);
    const codeAt = (s: number) => OTPAuth.TOTP.generate({ secret: OTPAuth.Secret.fromBase32(RFC_SECRET), timestamp: s * 30_000 });
    expect(matchingStep(RFC_SECRET, codeAt(step), now)).toBe(step);
    expect(matchingStep(RFC_SECRET, codeAt(step - 1), now)).toBe(step - 1);
    expect(matchingStep(RFC_SECRET, codeAt(step + 1), now)).toBe(step + 1);
    for (const far of [step - 2, step + 2, step - 100]) {
      const code = codeAt(far);
      // (a far step's code may by chance equal a near one's: then it is that near step's code)
      if (![step - 1, step, step + 1].some((s) => codeAt(s) === code)) expect(matchingStep(RFC_SECRET, code, now)).toBeNull();
    }
  });

  it('refuses anything that is not six digits', () => {
    for (const code of ['', '12345', '1234567', 'abcdef', '28708 2', '287082 ']) expect(matchingStep(RFC_SECRET, code, 59_000)).toBeNull();
  });
});

describe('normaliseRecoveryCode', () => {
  it('reads a code the way people copy it: any case, spaces, hyphens, O for 0, I or L for 1', () => {
    expect(normaliseRecoveryCode('ab1c0-de2fg')).toBe('ab1c0de2fg');
    expect(normaliseRecoveryCode(' AB1CO - DE2FG ')).toBe('ab1c0de2fg');
    expect(normaliseRecoveryCode('abIc0-de2fg')).toBe('ab1c0de2fg');
    expect(normaliseRecoveryCode('abLc0-de2fg')).toBe('ab1c0de2fg');
  });
});
