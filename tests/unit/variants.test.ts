import { describe, expect, it } from 'vitest';
import {
  defaultSkuPattern,
  generateVariantCombinations,
  isValidBarcode,
  isValidSku,
  MAX_VARIANTS,
  normaliseSku,
  productCode,
  proposeSku,
  VariantGridError,
} from '../../src/features/products/variants.ts';
import { variantGridSchema } from '../../src/features/products/variants.schema.ts';

const size = {
  groupId: 1,
  values: [
    { id: 11, value: 'S' },
    { id: 12, value: 'M' },
  ],
};
const colour = {
  groupId: 2,
  values: [
    { id: 21, value: 'Red' },
    { id: 22, value: 'Navy Blue' },
  ],
};

describe('generateVariantCombinations', () => {
  it('gives every combination, the first group slowest', () => {
    expect(generateVariantCombinations([size, colour]).map((c) => c.values.join('/'))).toEqual(['S/Red', 'S/Navy Blue', 'M/Red', 'M/Navy Blue']);
    expect(generateVariantCombinations([size, colour])[3]!.valueIds).toEqual([12, 22]);
  });

  it('gives one combination of no values for a product without options', () => {
    expect(generateVariantCombinations([])).toEqual([{ valueIds: [], values: [] }]);
  });

  it('skips a group with no values chosen rather than emptying the grid', () => {
    expect(generateVariantCombinations([size, { groupId: 3, values: [] }])).toHaveLength(2);
  });

  it('refuses a fourth group and a grid past the cap, saying why', () => {
    const g = (id: number, n: number) => ({ groupId: id, values: Array.from({ length: n }, (_, i) => ({ id: id * 100 + i, value: `V${i}` })) });
    expect(() => generateVariantCombinations([g(1, 1), g(2, 1), g(3, 1), g(4, 1)])).toThrow(VariantGridError);
    expect(() => generateVariantCombinations([g(1, 5), g(2, 5), g(3, 5)])).toThrow(/125 combinations.*100/);
    expect(generateVariantCombinations([g(1, 10), g(2, 10)])).toHaveLength(MAX_VARIANTS);
  });
});

describe('SKUs', () => {
  it('normalises to upper-case letters, digits and -_.', () => {
    expect(normaliseSku('  kur red/m  ')).toBe('KUR-REDM');
    expect(normaliseSku('a--b__c..d')).toBe('A-B__C..D');
    expect(normaliseSku('-x-')).toBe('X');
    expect(normaliseSku('₹€')).toBe('');
  });

  it('says which SKUs are valid', () => {
    expect(isValidSku('DFH-KUR-001')).toBe(true);
    expect(isValidSku('A.B_C')).toBe(true);
    expect(isValidSku('')).toBe(false);
    expect(isValidSku('-A')).toBe(false);
    expect(isValidSku('lower')).toBe(false);
    expect(isValidSku('A'.repeat(41))).toBe(false);
  });

  it('makes a short product code from the name', () => {
    expect(productCode('Cotton Kurta, Indigo')).toBe('COTKURIND');
    expect(productCode('Saree')).toBe('SAREE');
    expect(productCode('Handloom')).toBe('HANDLO');
  });

  it('proposes a SKU from the pattern, a token per group', () => {
    const product = { name: 'Cotton Kurta' };
    const options = [
      { group: 'Size', value: 'M' },
      { group: 'Colour', value: 'Navy Blue' },
    ];
    expect(proposeSku('{PRODUCT}-{SIZE}-{COLOUR}', { product, options })).toBe('COTKUR-M-NAVY-BLUE');
    expect(proposeSku('kur-{colour}-{size}', { product, options })).toBe('KUR-NAVY-BLUE-M');
    // A token no group has is left out, with its separator.
    expect(proposeSku('{PRODUCT}-{MATERIAL}-{SIZE}', { product, options })).toBe('COTKUR-M');
    expect(proposeSku(defaultSkuPattern(['Size', 'Colour']), { product, options })).toBe('COTKUR-M-NAVY-BLUE');
    expect(defaultSkuPattern(['Fabric type'])).toBe('{PRODUCT}-{FABRIC_TYPE}');
    const long = proposeSku('{PRODUCT}-{SIZE}-' + 'X'.repeat(60), { product, options });
    expect(long.length).toBeLessThanOrEqual(40);
    expect(isValidSku(long)).toBe(true);
  });
});

describe('isValidBarcode (GTIN check digit)', () => {
  it('accepts known good EAN-13, UPC-A and EAN-8 codes', () => {
    expect(isValidBarcode('4006381333931')).toBe(true);
    expect(isValidBarcode('036000291452')).toBe(true);
    expect(isValidBarcode('96385074')).toBe(true);
  });

  it('refuses a wrong check digit, wrong lengths and non-digits', () => {
    expect(isValidBarcode('4006381333932')).toBe(false);
    expect(isValidBarcode('036000291453')).toBe(false);
    expect(isValidBarcode('96385075')).toBe(false);
    expect(isValidBarcode('400638133393')).toBe(false);
    expect(isValidBarcode('40063813339311')).toBe(false);
    expect(isValidBarcode('40063813339a1')).toBe(false);
    expect(isValidBarcode('')).toBe(false);
  });
});

describe('variantGridSchema', () => {
  const row = (extra: Record<string, unknown> = {}) => ({ option_value_ids: [11], sku: 'kur-s', mrp: '1,299', price: 999_00, ...extra });
  const grid = (variants: unknown[], extra: Record<string, unknown> = {}) => ({
    version: 1,
    options: [{ group_id: 1, value_ids: [11, 12] }],
    variants,
    ...extra,
  });
  const errors = (input: unknown) => {
    const r = variantGridSchema.safeParse(input);
    return r.success ? {} : Object.fromEntries(r.error.issues.map((i) => [i.path.join('.'), i.message]));
  };

  it('reads rupees typed and paise sent, and upper-cases the SKU', () => {
    const r = variantGridSchema.parse(grid([row()]));
    expect(r.variants[0]).toMatchObject({ sku: 'KUR-S', mrp: 129_900, price: 99_900, opening_stock: [] });
  });

  it('names the row and field of each mistake', () => {
    // Row checks come first; the grid's own (price ≤ MRP, duplicates) once every row reads.
    const e = errors(grid([row({ price: '' }), row({ option_value_ids: [12], sku: 'x', mrp: null, barcode: '4006381333932' })]));
    expect(e['variants.0.price']).toBe('Enter a price.');
    expect(e['variants.1.mrp']).toBe('Enter the MRP.');
    expect(e['variants.1.barcode']).toMatch(/check digit/);
    expect(errors(grid([row({ price: '1,300' })]))['variants.0.price']).toMatch(/more than the MRP/);
    expect(errors(grid([row({ option_value_ids: [13] })]))['variants.0.option_value_ids.0']).toMatch(/not one of the chosen values/);
    expect(errors(grid([row(), row({ option_value_ids: [12] })]))['variants.1.sku']).toBe('SKU KUR-S is also on row 1.');
    expect(errors(grid([row(), row({ sku: 'other' })]))['variants.1.option_value_ids']).toMatch(/Row 1 has the same options/);
  });

  it('refuses more than three groups and an empty grid', () => {
    const four = [1, 2, 3, 4].map((g) => ({ group_id: g, value_ids: [g] }));
    expect(errors(grid([row()], { options: four })).options).toMatch(/at most 3/);
    expect(errors(grid([])).variants).toMatch(/at least one variant/);
  });
});
