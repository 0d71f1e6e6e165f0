/**
 * Loads India's geography (the committed data-sources/india-geography.json.gz) into the database:
 * `npm run geo:import` and the demo data both call importGeography. It only adds what is missing,
 * so running it again changes nothing, and an operator's edits (a pincode made unserviceable, a
 * renamed city, a pincode moved to another city) are never overwritten.
 */
import { existsSync, readFileSync } from 'node:fs';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { gunzipSync } from 'node:zlib';
import { sql } from 'drizzle-orm';
import { rowsOf, type DbOrTx } from '../../lib/db/client.server.ts';
import { cities, pincodes, states } from './geography.tables.ts';
import { logActivity, SYSTEM_ACTOR, type Actor } from '../../lib/activity/activity.server.ts';
import { INDIAN_STATES } from '../../lib/india/states.ts';
import { GEOGRAPHY_FILE } from './geo-file.ts';
import type { GeographyFile } from './geo-normalise.ts';

/** Rows per INSERT. */
const CHUNK = 5_000;

/** Finds the data file from the project folder, the source tree or the built server (dist/server/…). */
export function geographyFilePath(): string {
  const candidates = [process.env.GEOGRAPHY_FILE, join(process.cwd(), GEOGRAPHY_FILE)];
  let dir = dirname(fileURLToPath(import.meta.url));
  for (let i = 0; i < 6; i++) {
    candidates.push(join(dir, GEOGRAPHY_FILE));
    dir = resolve(dir, '..');
  }
  const found = candidates.find((c) => c && existsSync(c));
  if (!found) throw new Error(`The geography data file ${GEOGRAPHY_FILE} was not found; run from the project folder or set GEOGRAPHY_FILE.`);
  return found;
}

export function readGeographyFile(path = geographyFilePath()): GeographyFile {
  const file = JSON.parse(gunzipSync(readFileSync(path)).toString('utf8')) as GeographyFile;
  if (!file || typeof file.states !== 'object') throw new Error(`${path} is not a geography data file.`);
  return file;
}

export interface ImportCounts {
  states: { added: number; total: number };
  cities: { added: number; total: number };
  pincodes: { added: number; total: number };
}

async function total(db: DbOrTx, table: typeof states | typeof cities | typeof pincodes): Promise<number> {
  const [row] = await db.select({ n: sql<number>`count(*)::int` }).from(table);
  return Number(row?.n ?? 0);
}

/**
 * Adds every state, city and pincode of the file that the database lacks, in bulk. Pass a
 * transaction to make it all-or-nothing (the script and the demo seed do). `at` dates new rows
 * (the demo data uses a fixed date).
 */
export async function importGeography(db: DbOrTx, options: { file?: GeographyFile; at?: Date; actor?: Actor } = {}): Promise<ImportCounts> {
  const file = options.file ?? readGeographyFile();
  const at = options.at ?? new Date();
  const dates = { createdAt: at, updatedAt: at };

  // The 36 states and union territories come from the one shared list, whatever the file holds.
  const addedStates = await db
    .insert(states)
    .values(INDIAN_STATES.map((s) => ({ name: s.name, code: s.code, gstStateCode: s.gstCodes[0], isUnionTerritory: s.kind === 'union-territory', ...dates })))
    .onConflictDoNothing()
    .returning({ id: states.id });
  const stateIds = new Map((await db.select({ id: states.id, code: states.code }).from(states)).map((s) => [s.code, s.id]));
  for (const code of Object.keys(file.states)) {
    if (!stateIds.has(code)) throw new Error(`The data file names state code "${code}", which is not one of India's states.`);
  }

  const cityRows = Object.entries(file.states).flatMap(([code, cityMap]) =>
    Object.keys(cityMap).map((name) => ({ stateId: stateIds.get(code)!, name, ...dates })),
  );
  let addedCities = 0;
  for (let i = 0; i < cityRows.length; i += CHUNK) {
    addedCities += (
      await db
        .insert(cities)
        .values(cityRows.slice(i, i + CHUNK))
        .onConflictDoNothing()
        .returning({ id: cities.id })
    ).length;
  }
  const cityKey = (stateId: number, name: string) => `${stateId}|${name.toLowerCase()}`;
  const cityIds = new Map(
    (await db.select({ id: cities.id, stateId: cities.stateId, name: cities.name }).from(cities)).map((c) => [cityKey(c.stateId, c.name), c.id]),
  );

  const pincodeRows = Object.entries(file.states).flatMap(([code, cityMap]) => {
    const stateId = stateIds.get(code)!;
    return Object.entries(cityMap).flatMap(([name, list]) =>
      list.map(([pincode, offices]) => ({
        pincode,
        city_id: cityIds.get(cityKey(stateId, name))!,
        state_id: stateId,
        offices: offices.join(', '),
        n: offices.length,
      })),
    );
  });
  let addedPincodes = 0;
  for (let i = 0; i < pincodeRows.length; i += CHUNK) {
    addedPincodes += await insertPincodes(db, pincodeRows.slice(i, i + CHUNK), at);
  }

  const counts: ImportCounts = {
    states: { added: addedStates.length, total: await total(db, states) },
    cities: { added: addedCities, total: await total(db, cities) },
    pincodes: { added: addedPincodes, total: await total(db, pincodes) },
  };
  if (addedStates.length + addedCities + addedPincodes > 0) {
    // Fresh statistics after a bulk load, so the planner picks the indexes (PGlite has no autovacuum).
    await db.execute(sql`analyze ${states}, ${cities}, ${pincodes}`);
    await logActivity(db, options.actor ?? SYSTEM_ACTOR, {
      area: 'pincodes',
      action: 'import',
      changes: {
        states: [counts.states.total - counts.states.added, counts.states.total],
        cities: [counts.cities.total - counts.cities.added, counts.cities.total],
        pincodes: [counts.pincodes.total - counts.pincodes.added, counts.pincodes.total],
        source: [null, `${file.source.package} ${file.source.version}`],
      },
    });
  }
  return counts;
}

type PincodeRow = { pincode: string; city_id: number; state_id: number; offices: string; n: number };

/**
 * One statement per chunk, the rows as one JSON parameter: PGlite parses a single parameter far
 * faster than thousands, and PostgreSQL does the conflict checks in one pass.
 */
async function insertPincodes(db: DbOrTx, rows: PincodeRow[], at: Date): Promise<number> {
  const result = await db.execute(sql`
    with added as (
      insert into ${pincodes} (pincode, city_id, state_id, post_office_count, post_offices, created_at, updated_at)
      select r.pincode, r.city_id, r.state_id, r.n, r.offices, ${at}, ${at}
      from json_to_recordset(${JSON.stringify(rows)}::json) as r(pincode text, city_id int, state_id int, offices text, n int)
      on conflict do nothing
      returning 1
    )
    select count(*)::int as n from added`);
  return Number(rowsOf<{ n: number }>(result)[0]?.n ?? 0);
}
