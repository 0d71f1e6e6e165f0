/**
 * The onboarding form rules: Indian mobile numbers, GSTIN, PAN, pincodes, the state list,
 * and the cross-field checks of the store form.
 */
import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { gstin, gstinCheckCharacter, indianMobile, localMobile, mobileDigits, pan, pincode } from '../../src/lib/india/formats.ts';
import { zodErrors } from '../../src/lib/http/validation.ts';
import { INDIAN_STATES, INDIAN_STATE_NAMES, stateForGstCode } from '../../src/lib/india/states.ts';
import {
  storeDetailsSchema,
  storeSetupSchema,
  verifyPhoneCodeSchema,
  sendPhoneCodeSchema,
} from '../../src/features/vendor-onboarding/vendor-onboarding.schema.ts';

const withCheck = (first14: string) => first14 + gstinCheckCharacter(first14);
const firstMessage = (r: { success: boolean; error?: { issues: { message: string }[] } }) => r.error?.issues[0]?.message;

const goodStore = {
  store_name: 'Asha Crafts',
  gstin: '29ABCPE1234F1Z7',
  pan: 'ABCPE1234F',
  phone: '9876543210',
  address_line: '12 MG Road',
  city_id: 1,
  state: 'Karnataka',
  pincode: '560001',
};

/** The first message per field, as the API answers them. */
function errorsOf(result: ReturnType<typeof storeSetupSchema.safeParse>): Record<string, string> {
  return result.error ? Object.fromEntries(Object.entries(zodErrors(result.error)).map(([k, v]) => [k, v[0]!])) : {};
}

describe('Indian mobile numbers', () => {
  it.each([
    ['9876543210', '+919876543210'],
    ['98765 43210', '+919876543210'],
    ['+91 98765-43210', '+919876543210'],
    ['+919876543210', '+919876543210'],
    ['09876543210', '+919876543210'],
    ['919876543210', '+919876543210'],
    ['(+91) 6000000000', '+916000000000'],
  ])('accepts %s as %s', (input, stored) => {
    expect(indianMobile.parse(input)).toBe(stored);
  });

  it.each(['', '12345', '5876543210', '0876543210', '98765432101', '+1 9876543210', '+9298765 43210', 'nine876543210'])('refuses %j', (input) => {
    const r = indianMobile.safeParse(input);
    expect(r.success).toBe(false);
    expect(firstMessage(r)).toMatch(/mobile number/);
  });

  it('refuses a non-string', () => {
    expect(indianMobile.safeParse(9876543210).success).toBe(false);
  });

  it('stores every 10-digit number starting 6–9 as +91 and the 10 digits', () => {
    fc.assert(
      fc.property(fc.integer({ min: 6, max: 9 }), fc.stringMatching(/^\d{9}$/), (first, rest) => {
        const digits = `${first}${rest}`;
        expect(indianMobile.parse(digits)).toBe(`+91${digits}`);
        expect(localMobile(`+91${digits}`)).toBe(digits);
      }),
    );
  });

  it('never accepts a number starting 0–5', () => {
    fc.assert(
      fc.property(fc.integer({ min: 0, max: 5 }), fc.stringMatching(/^\d{9}$/), (first, rest) => {
        expect(mobileDigits(`${first}${rest}`)).toBeNull();
      }),
    );
  });
});

describe('GSTIN', () => {
  it('normalises case and spaces', () => {
    expect(gstin.parse(' 29abcpe1234f1z7 ')).toBe('29ABCPE1234F1Z7');
    expect(gstin.parse('27 AAAPN 1234C 1ZC')).toBe('27AAAPN1234C1ZC');
  });

  it.each([
    ['', 'Enter the GSTIN.'],
    ['29ABCDE1234F1Z', 'A GSTIN has exactly 15 characters.'],
    ['29ABCDE1234F1Z55', 'A GSTIN has exactly 15 characters.'],
    ['2AABCDE1234F1Z5', 'Enter a valid GSTIN, for example 29ABCPE1234F1Z7.'],
    ['29ABCD11234F1Z5', 'Enter a valid GSTIN, for example 29ABCPE1234F1Z7.'],
    ['29ABCDE1234F0Z5', 'Enter a valid GSTIN, for example 29ABCPE1234F1Z7.'],
    ['29ABCDE1234F1Y5', 'Enter a valid GSTIN, for example 29ABCPE1234F1Z7.'],
    ['29ABCDE1234F1Z-', 'Enter a valid GSTIN, for example 29ABCPE1234F1Z7.'],
  ])('refuses %j', (input, message) => {
    expect(firstMessage(gstin.safeParse(input))).toBe(message);
  });

  it.each(['00', '39', '40', '97', '99'])('refuses the state code %s', (code) => {
    expect(firstMessage(gstin.safeParse(`${code}ABCPE1234F1Z7`))).toBe(`The GSTIN starts with ${code}, which is not an Indian state code.`);
  });

  it('accepts every state code of the list', () => {
    for (const state of INDIAN_STATES) for (const code of state.gstCodes) expect(gstin.safeParse(withCheck(`${code}ABCPE1234F1Z`)).success).toBe(true);
  });
});

describe('PAN', () => {
  it('normalises case and spaces', () => {
    expect(pan.parse('abcpe 1234 f')).toBe('ABCPE1234F');
  });
  it.each([
    ['', 'Enter the PAN.'],
    ['ABCDE1234', 'A PAN has exactly 10 characters.'],
    ['ABCD12345F', 'Enter a valid PAN: 5 letters, 4 digits, 1 letter, for example ABCPE1234F.'],
    ['ABCDE12345', 'Enter a valid PAN: 5 letters, 4 digits, 1 letter, for example ABCPE1234F.'],
  ])('refuses %j', (input, message) => {
    expect(firstMessage(pan.safeParse(input))).toBe(message);
  });
});

describe('pincode', () => {
  it('accepts 6 digits not starting with 0', () => {
    expect(pincode.parse('560001')).toBe('560001');
    expect(pincode.parse('560 001')).toBe('560001');
  });
  it.each([
    ['', 'Enter the pincode.'],
    ['012345', 'A pincode does not start with 0.'],
    ['56001', 'A pincode has exactly 6 digits.'],
    ['5600011', 'A pincode has exactly 6 digits.'],
    ['56000A', 'A pincode has exactly 6 digits.'],
  ])('refuses %j', (input, message) => {
    expect(firstMessage(pincode.safeParse(input))).toBe(message);
  });
  it('accepts exactly the strings of 6 digits with a first digit 1–9', () => {
    fc.assert(
      fc.property(fc.stringMatching(/^[0-9A-Za-z]{0,8}$/), (s) => {
        expect(pincode.safeParse(s).success).toBe(/^[1-9]\d{5}$/.test(s));
      }),
    );
  });
});

describe('the states list', () => {
  it('holds the 28 states and 8 union territories, once each', () => {
    expect(INDIAN_STATES).toHaveLength(36);
    expect(INDIAN_STATES.filter((s) => s.kind === 'state')).toHaveLength(28);
    expect(INDIAN_STATES.filter((s) => s.kind === 'union-territory')).toHaveLength(8);
    expect(new Set(INDIAN_STATE_NAMES).size).toBe(36);
    expect(new Set(INDIAN_STATES.map((s) => s.code)).size).toBe(36);
  });
  it('gives every GST state code to one state only', () => {
    const codes = INDIAN_STATES.flatMap((s) => s.gstCodes);
    expect(new Set(codes).size).toBe(codes.length);
    expect(stateForGstCode('29')?.name).toBe('Karnataka');
    expect(stateForGstCode('36')?.name).toBe('Telangana');
    expect(stateForGstCode('37')?.name).toBe('Andhra Pradesh');
    expect(stateForGstCode('07')?.name).toBe('Delhi');
  });
});

describe('store setup form', () => {
  it('accepts good input and outputs the stored forms', () => {
    expect(storeSetupSchema.parse({ ...goodStore, store_name: '  Asha Crafts ', gstin: '29abcpe1234f1z7', pan: 'abcpe1234f', phone: '098765 43210' })).toEqual({
      ...goodStore,
      phone: '+919876543210',
    });
  });

  it('reports every missing field by name', () => {
    const errors = errorsOf(storeSetupSchema.safeParse({}));
    expect(Object.keys(errors).sort()).toEqual(['address_line', 'city_id', 'gstin', 'pan', 'phone', 'pincode', 'state', 'store_name']);
    expect(errors.store_name).toBe('Enter the store name.');
    expect(errors.state).toBe('Choose a state or union territory.');
  });

  it('limits the store name to 120 characters', () => {
    expect(storeSetupSchema.safeParse({ ...goodStore, store_name: 'x'.repeat(120) }).success).toBe(true);
    expect(errorsOf(storeSetupSchema.safeParse({ ...goodStore, store_name: 'x'.repeat(121) })).store_name).toBe(
      'The store name can be at most 120 characters.',
    );
    expect(errorsOf(storeSetupSchema.safeParse({ ...goodStore, store_name: '   ' })).store_name).toBe('Enter the store name.');
  });

  it('only takes a state from the list', () => {
    expect(errorsOf(storeSetupSchema.safeParse({ ...goodStore, state: 'Atlantis' })).state).toBe('Choose a state or union territory.');
  });

  it('requires the GSTIN to contain the PAN', () => {
    expect(errorsOf(storeSetupSchema.safeParse({ ...goodStore, pan: 'ZZZZZ9999Z' })).gstin).toMatch(/GSTIN and the PAN do not match/);
  });

  it('requires the store to be in the state of the GST registration', () => {
    expect(errorsOf(storeSetupSchema.safeParse({ ...goodStore, state: 'Tamil Nadu' })).state).toBe(
      'This GSTIN is registered in Karnataka; the store address must be in the same state.',
    );
    expect(storeSetupSchema.safeParse({ ...goodStore, gstin: '37ABCPE1234F1ZA', state: 'Andhra Pradesh' }).success).toBe(true);
    expect(storeSetupSchema.safeParse({ ...goodStore, gstin: '28ABCPE1234F1Z9', state: 'Andhra Pradesh' }).success).toBe(true);
  });

  it('refuses unknown fields', () => {
    expect(errorsOf(storeSetupSchema.safeParse({ ...goodStore, status: 'approved' })).status).toBe('This field is not allowed.');
  });

  it('store details also need the version the form was loaded with', () => {
    expect(storeDetailsSchema.safeParse(goodStore).success).toBe(false);
    expect(storeDetailsSchema.parse({ ...goodStore, version: '3' }).version).toBe(3);
    expect(storeDetailsSchema.safeParse({ ...goodStore, version: '0' }).success).toBe(false);
    expect(storeDetailsSchema.safeParse({ ...goodStore, version: 'abc' }).success).toBe(false);
  });
});

describe('phone verification forms', () => {
  it('sends to a normalised number', () => {
    expect(sendPhoneCodeSchema.parse({ phone: '98200 12345' })).toEqual({ phone: '+919820012345' });
  });
  it('takes a 6-digit code, spaces allowed', () => {
    expect(verifyPhoneCodeSchema.parse({ code: '123 456' })).toEqual({ code: '123456' });
    for (const bad of ['', '12345', '1234567', 'abcdef', '12345a']) {
      expect(firstMessage(verifyPhoneCodeSchema.safeParse({ code: bad }))).toBe('Enter the 6-digit code from the SMS.');
    }
  });
});
