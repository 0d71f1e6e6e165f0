/**
 * The KYC identifiers of src/lib/india/formats.ts: the GSTIN's check character, the PAN's holder
 * type, IFSC, bank account numbers, and a GSTIN agreeing with the vendor's PAN and state.
 */
import { describe, expect, it } from 'vitest';
import {
  GSTIN_EXAMPLE,
  PAN_EXAMPLE,
  bankAccountNumber,
  gstEnrolmentNumber,
  gstin,
  gstinAgreement,
  gstinCheckCharacter,
  ifsc,
  pan,
} from '../../src/lib/india/formats.ts';

const firstMessage = (r: { success: boolean; error?: { issues: { message: string }[] } }) => r.error?.issues[0]?.message;

describe('GSTIN check character', () => {
  it('matches published registrations', () => {
    // A GSTIN published on a real invoice.
    expect(gstinCheckCharacter('27AAPFU0939F1Z')).toBe('V');
  });

  it('accepts the form’s own example and refuses the old one with a wrong check character', () => {
    expect(gstin.safeParse(GSTIN_EXAMPLE).success).toBe(true);
    expect(firstMessage(gstin.safeParse('29ABCDE1234F1Z5'))).toMatch(/PAN|check character/);
    expect(firstMessage(gstin.safeParse('29ABCPE1234F1Z5'))).toMatch(/check character/);
  });

  it('catches every single-character typo in the last place', () => {
    for (const c of '0123456789ABCDEFGHIJKLMNOPQRSTUVWXYZ') {
      const candidate = GSTIN_EXAMPLE.slice(0, 14) + c;
      expect(gstin.safeParse(candidate).success).toBe(candidate === GSTIN_EXAMPLE);
    }
  });

  it('refuses an embedded PAN with a wrong holder type', () => {
    expect(firstMessage(gstin.safeParse('29ABCDE1234F1ZW'))).toMatch(/4th character/);
  });
});

describe('PAN holder type', () => {
  it.each(['P', 'C', 'H', 'F', 'A', 'T', 'B', 'L', 'J', 'G'])('accepts %s', (t) => {
    expect(pan.safeParse(`ABC${t}E1234F`).success).toBe(true);
  });
  it.each(['D', 'E', 'K', 'X', 'Z'])('refuses %s', (t) => {
    expect(firstMessage(pan.safeParse(`ABC${t}E1234F`))).toMatch(/4th character of a PAN is the holder type/);
  });
  it('the example is valid', () => expect(pan.parse(PAN_EXAMPLE)).toBe(PAN_EXAMPLE));
});

describe('IFSC', () => {
  it('normalises and accepts', () => expect(ifsc.parse(' hdfc0001234 ')).toBe('HDFC0001234'));
  it.each([
    ['HDFC1001234', /zero/],
    ['HDF00001234', /zero/],
    ['HDFC000123', /11 characters/],
    ['', /Enter the IFSC/],
  ])('refuses %j', (input, message) => expect(firstMessage(ifsc.safeParse(input))).toMatch(message));
});

describe('bank account number and enrolment number', () => {
  it('accepts 9 to 18 digits, spaces dropped', () => expect(bankAccountNumber.parse('1234 5678 9012')).toBe('123456789012'));
  it('refuses letters and short numbers', () => {
    expect(bankAccountNumber.safeParse('12345678').success).toBe(false);
    expect(bankAccountNumber.safeParse('12345678A').success).toBe(false);
  });
  it('an enrolment number starts with a state code', () => {
    expect(gstEnrolmentNumber.safeParse('291234567890ABC').success).toBe(true);
    expect(gstEnrolmentNumber.safeParse('991234567890ABC').success).toBe(false);
  });
});

describe('gstinAgreement', () => {
  it('is empty when PAN and state agree', () => {
    expect(gstinAgreement({ gstin: GSTIN_EXAMPLE, pan: PAN_EXAMPLE, state: 'Karnataka' })).toEqual({});
  });
  it('names the PAN mismatch and the state mismatch', () => {
    const errors = gstinAgreement({ gstin: GSTIN_EXAMPLE, pan: 'ABCPE9999F', state: 'Kerala' });
    expect(errors.gstin).toMatch(/do not match/);
    expect(errors.state).toMatch(/registered in Karnataka/);
  });
});
