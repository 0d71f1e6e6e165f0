/**
 * Start-up: check the configuration, open the database (applying migrations), sync the
 * permission catalogue, and add demo data to an empty database when DEMO_DATA allows. The demo
 * data is the app's (every area's records), so the app passes it in: src/app/startup.server.ts.
 */
import { config } from './config.server.ts';
import { openDatabase, type Database, type Db } from './db/client.server.ts';
import { syncPermissions } from './permissions/sync.server.ts';
import { settings } from './db/schema.ts';
import { scheduleMaintenance } from './maintenance.server.ts';
import { logger } from './log.server.ts';

let booting: Promise<Database> | undefined;
let current: Database | undefined;

/** Adds the demo data to an empty database; answers whether it did. */
export type DemoDataSeeder = (db: Db) => Promise<boolean>;

export function boot(seedDemoData: DemoDataSeeder): Promise<Database> {
  booting ??= (async () => {
    const c = config();
    const database = await openDatabase({ driver: c.driver, dataDir: c.dataDir, url: c.DATABASE_URL });
    await database.db.transaction(async (tx) => {
      await syncPermissions(tx);
      await tx
        .insert(settings)
        .values({ key: 'sms.balance', value: { balance: 0, currency: 'INR' } })
        .onConflictDoNothing();
    });
    if (c.demoData) await seedDemoData(database.db);
    current = database;
    scheduleMaintenance(database.db, (err) => logger().error({ err }, 'maintenance failed'));
    return database;
  })();
  return booting;
}

/** The database, once boot() has finished (the middleware awaits it on every request). */
export function db(): Db {
  if (!current) throw new Error('The database is not open yet: await boot() first.');
  return current.db;
}

export async function shutdown(): Promise<void> {
  await current?.close();
  current = undefined;
  booting = undefined;
}
