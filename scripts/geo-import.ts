/**
 * `npm run geo:import`: loads India's states, cities and pincodes from the committed
 * data-sources/india-geography.json.gz into the configured database (DATA_DIR or DATABASE_URL).
 * Adds only what is missing, in one transaction: running it again changes nothing.
 */
import { config } from '../src/lib/config.server.ts';
import { openDatabase } from '../src/lib/db/client.server.ts';
import { geographyFilePath, importGeography, readGeographyFile } from '../src/features/geography/geo-import.server.ts';

try {
  const c = config();
  const started = performance.now();
  const path = geographyFilePath();
  const file = readGeographyFile(path);
  const database = await openDatabase({ driver: c.driver, dataDir: c.dataDir, url: c.DATABASE_URL });
  try {
    const counts = await database.db.transaction((tx) => importGeography(tx, { file }));
    const seconds = ((performance.now() - started) / 1000).toFixed(1);
    console.log(`Geography from ${path} (${file.source.package} ${file.source.version}; ${file.source.attribution})`);
    for (const [name, n] of Object.entries(counts))
      console.log(`  ${name.padEnd(9)} ${String(n.added).padStart(6)} added, ${String(n.total).padStart(6)} in the database`);
    console.log(`Done in ${seconds} s (${c.driver}).`);
  } finally {
    await database.close();
  }
} catch (e) {
  console.error((e as Error).message);
  process.exit(1);
}
