/**
 * Migration 0012 adds the foreign keys vendors.city_id → cities and vendors.state_id → states.
 * Before it there were none, so a store may hold the id of a city or state deleted since: the
 * migration nulls those first (the boot backfill fills them again from the names). Run here on an
 * in-memory PGlite with every migration before it, the way the server applies them.
 */
import { readFileSync, readdirSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { PGlite } from '@electric-sql/pglite';
import { pg_trgm } from '@electric-sql/pglite/contrib/pg_trgm';

const dir = fileURLToPath(new URL('../../drizzle', import.meta.url));
const migrations = readdirSync(dir)
  .filter((f) => /^\d{4}_.*\.sql$/.test(f))
  .sort();
const TARGET = '0012_vendors_geography_foreign_keys.sql';

async function apply(db: PGlite, file: string): Promise<void> {
  for (const statement of readFileSync(`${dir}/${file}`, 'utf8').split('--> statement-breakpoint')) if (statement.trim()) await db.exec(statement);
}

describe('migration 0012: foreign keys from vendors to the geography tables', { timeout: 600_000 }, () => {
  it('nulls ids no city or state has, keeps the good ones, then refuses dangling ids and deleting a used city', async () => {
    expect(migrations).toContain(TARGET);
    const db = await PGlite.create({ extensions: { pg_trgm } });
    for (const file of migrations.slice(0, migrations.indexOf(TARGET))) await apply(db, file);
    await db.exec(`
      insert into states (id, name, code, gst_state_code) values (1, 'Karnataka', 'KA', '29');
      insert into cities (id, state_id, name) values (10, 1, 'Bengaluru'), (11, 1, 'Mysuru');
      insert into vendors (id, store_name, city_id, state_id) values (1, 'Good', 10, 1), (2, 'Orphaned city', 999, 1), (3, 'Orphaned state', 10, 77);
    `);
    await apply(db, TARGET);
    const rows = (await db.query<{ id: number; city_id: number | null; state_id: number | null }>('select id, city_id, state_id from vendors order by id'))
      .rows;
    expect(rows).toEqual([
      { id: 1, city_id: 10, state_id: 1 },
      { id: 2, city_id: null, state_id: 1 },
      { id: 3, city_id: 10, state_id: null },
    ]);
    await expect(db.exec('update vendors set city_id = 12345 where id = 1')).rejects.toThrow(/foreign key/);
    await expect(db.exec('delete from cities where id = 10')).rejects.toThrow(/foreign key/);
    await db.exec('delete from cities where id = 11');
    await db.close();
  });
});
