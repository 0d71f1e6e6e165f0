/** Amounts in words on invoices: the Indian system (lakh, crore), paise, and hyphenated tens. */
import { describe, expect, it } from 'vitest';
import { numberInWords, paiseInWords } from '@/lib/money/in-words.ts';

describe('amounts in words', () => {
  it('read whole numbers in lakhs and crores', () => {
    expect(numberInWords(0)).toBe('Zero');
    expect(numberInWords(7)).toBe('Seven');
    expect(numberInWords(42)).toBe('Forty-Two');
    expect(numberInWords(100)).toBe('One Hundred');
    expect(numberInWords(1001)).toBe('One Thousand One');
    expect(numberInWords(123456)).toBe('One Lakh Twenty-Three Thousand Four Hundred Fifty-Six');
    expect(numberInWords(10_000_000)).toBe('One Crore');
    expect(numberInWords(987654321)).toBe('Ninety-Eight Crore Seventy-Six Lakh Fifty-Four Thousand Three Hundred Twenty-One');
    expect(numberInWords(10_000_000_000)).toBe('One Thousand Crore');
  });

  it('say rupees and paise, and "Only"', () => {
    expect(paiseInWords(12345678)).toBe('Rupees One Lakh Twenty-Three Thousand Four Hundred Fifty-Six and Seventy-Eight Paise Only');
    expect(paiseInWords(129900)).toBe('Rupees One Thousand Two Hundred Ninety-Nine Only');
    expect(paiseInWords(5)).toBe('Rupees Zero and Five Paise Only');
    expect(paiseInWords(0n)).toBe('Rupees Zero Only');
  });

  it('refuse a negative amount', () => {
    expect(() => paiseInWords(-1)).toThrow(RangeError);
  });
});
