/** How customers' email and phone read when masked, and the demo data's PRNG being deterministic. */
import { describe, expect, it } from 'vitest';
import { formatIndianMobile, maskEmail, maskPhone } from '../../src/features/customers/customer-pii.ts';
import { seededRandom } from '../../src/features/customers/customers.demo.server.ts';

describe('customer PII masking', () => {
  it('keeps the first letters and the domain of an email, never the whole local part', () => {
    expect(maskEmail('priya.sharma@example.com')).toBe('pr••••@example.com');
    expect(maskEmail('ab@example.in')).toBe('a••••@example.in');
    expect(maskEmail('x@example.in')).toBe('x••••@example.in');
    expect(maskEmail('')).toBe('');
    expect(maskEmail('not-an-email')).toBe('••••••');
    expect(maskEmail('priya.sharma@example.com')).not.toContain('sharma');
  });

  it('shows only the last four digits of a phone', () => {
    expect(maskPhone('+919876543210')).toBe('+91 ••••• •3210');
    expect(maskPhone('+919876543210')).not.toMatch(/98765/);
    expect(maskPhone(null)).toBe('');
  });

  it('writes a revealed mobile as people read it', () => {
    expect(formatIndianMobile('+919876543210')).toBe('+91 98765 43210');
    expect(formatIndianMobile('080 4000')).toBe('080 4000');
  });
});

describe('demo customers PRNG', () => {
  it('gives the same sequence for the same seed, and another for another seed', () => {
    const a = seededRandom(142026);
    const b = seededRandom(142026);
    const c = seededRandom(7);
    const first = [a(), a(), a()];
    expect([b(), b(), b()]).toEqual(first);
    expect([c(), c(), c()]).not.toEqual(first);
    expect(first.every((n) => n >= 0 && n < 1)).toBe(true);
  });
});
