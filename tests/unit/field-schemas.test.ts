/**
 * The schema pieces many areas share, and the forms built with them: percentages with two decimals
 * (floating point must not refuse 18.01), blank meaning "not set" or "missing", HSN/SAC codes, and
 * what the form kit derives from the return-policy and tax schemas (defaults, required fields,
 * the cross-field rule on the client).
 */
import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { optionalPercent, optionalRecordId, percent, requiredPercent } from '../../src/lib/areas/field-schemas.ts';
import { hsnKind, hsnSacCode } from '../../src/lib/india/formats.ts';
import { formView, validate } from '../../src/components/form/form-state.ts';
import { returnPolicyArea, returnPolicySchema } from '../../src/features/return-policies/return-policy.area.ts';
import { taxArea } from '../../src/features/taxes/tax.area.ts';

const errorOf = (schema: z.ZodType, value: unknown) => {
  const r = schema.safeParse(value);
  return r.success ? null : r.error.issues[0]!.message;
};

describe('percentages', () => {
  it('take 0–100 with at most two decimals, including values floating point rounds badly', () => {
    for (const ok of ['0', '0.25', '18.01', '0.29', '2.55', '100', 12.5]) expect(percent.parse(ok), String(ok)).toBe(Number(ok));
    expect(errorOf(percent, '12.345')).toBe('At most 2 decimal places.');
    expect(errorOf(percent, '100.01')).toBe('At most 100.');
    expect(errorOf(percent, '-0.01')).toBe('At least 0.');
  });

  it('read blank as "not set" when optional, and as missing when required (never as 0)', () => {
    expect(optionalPercent.parse('')).toBeNull();
    expect(optionalPercent.parse(undefined)).toBeNull();
    expect(optionalPercent.parse('7')).toBe(7);
    const rate = z.strictObject({ rate: requiredPercent('Enter the rate.') });
    for (const blank of [{}, { rate: '' }, { rate: null }]) expect(errorOf(rate, blank), JSON.stringify(blank)).toBe('Enter the rate.');
    expect(rate.parse({ rate: '0' })).toEqual({ rate: 0 });
  });

  it('reads a blank optional reference as null', () => {
    const brand = optionalRecordId('Choose a brand.');
    expect(brand.parse('')).toBeNull();
    expect(brand.parse('12')).toBe(12);
    expect(errorOf(brand, 'x')).toBe('Choose a brand.');
  });
});

describe('HSN and SAC codes', () => {
  it('accept HSN of 4, 6 or 8 digits and SAC of 6 digits starting 99, dropping dots and spaces', () => {
    expect(hsnSacCode.parse('6204')).toBe('6204');
    expect(hsnSacCode.parse('6204.42 90')).toBe('62044290');
    expect(hsnSacCode.parse('996812')).toBe('996812');
    expect([hsnKind('996812'), hsnKind('6204')]).toEqual(['sac', 'hsn']);
  });

  it('say what is wrong with one message', () => {
    expect(hsnSacCode.safeParse('').error?.issues.map((i) => i.message)).toEqual(['Enter the HSN or SAC code.']);
    expect(errorOf(hsnSacCode, '620')).toBe('An HSN code has 4, 6 or 8 digits, for example 6204 or 62044290.');
    expect(hsnSacCode.parse('0101')).toBe('0101'); // chapter 01: live animals
    expect(errorOf(hsnSacCode, '0012')).toBe('An HSN code starts with its chapter, 01 to 98.');
    expect(errorOf(hsnSacCode, '9968')).toBe('A SAC (services) code has exactly 6 digits starting with 99, for example 996812.');
    expect(errorOf(hsnSacCode, '62A4')).toBe('Use digits only: an HSN code has 4, 6 or 8 digits, a SAC code 6 digits starting with 99.');
  });
});

describe('forms built on them', () => {
  it('start a yes/no select on its default and mark what is required', () => {
    const policy = formView(returnPolicyArea);
    expect(policy.defaults).toMatchObject({ is_returnable: 'true', status: 'active', brand_id: '', return_window_days: '' });
    expect(policy.fields.filter((f) => f.required).map((f) => f.name)).toEqual(['title']);
    expect(
      formView(taxArea)
        .fields.filter((f) => f.required)
        .map((f) => f.name),
    ).toEqual(['name', 'rate_percent', 'hsn_code']);
  });

  it('check the return window against "returns accepted" in the browser as the API does', () => {
    const fields = returnPolicyArea.fields!;
    const check = (values: Record<string, string>) => validate(returnPolicySchema, fields, { values: { title: 'T', ...values }, files: {}, removed: {} });
    expect(check({ is_returnable: 'true', return_window_days: '' }).return_window_days).toEqual([
      'Enter how many days after delivery a return may be asked for: 1 to 365.',
    ]);
    expect(check({ is_returnable: 'false', return_window_days: '3' }).return_window_days).toEqual([
      'A policy without returns has no return window: leave it blank.',
    ]);
    expect(check({ is_returnable: 'false', return_window_days: '' })).toEqual({});
    expect(check({ is_returnable: 'true', return_window_days: '30', brand_id: '' })).toEqual({});
  });
});
