import { describe, expect, it } from 'vitest';
import { formatMoney } from '../../src/app/shell.server.ts';

describe("the top bar's SMS balance", () => {
  it('groups rupees the Indian way with the rupee sign, other currencies with the dollar sign', () => {
    expect(formatMoney({ balance: 1250.5, currency: 'INR' })).toBe('₹1,250.50');
    expect(formatMoney({ balance: 1234567.891, currency: 'inr' })).toBe('₹12,34,567.89');
    expect(formatMoney({ balance: 1234567.5, currency: 'USD' })).toBe('$1,234,567.50');
    expect(formatMoney({ balance: 0, currency: 'INR' })).toBe('₹0.00');
  });
});
