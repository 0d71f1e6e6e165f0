/** `npm run db:seed`: adds the demo data to an empty database, whatever DEMO_DATA says. */
import { config } from '../src/lib/config.server.ts';
import { openDatabase } from '../src/lib/db/client.server.ts';
import { seedDemoData } from '../src/app/db/seed.server.ts';
import { syncPermissions } from '../src/lib/permissions/sync.server.ts';

try {
  const c = config();
  const database = await openDatabase({ driver: c.driver, dataDir: c.dataDir, url: c.DATABASE_URL });
  await database.db.transaction((tx) => syncPermissions(tx));
  const added = await seedDemoData(database.db);
  await database.close();
  console.log(added ? 'Demo data added.' : 'The database already has users: nothing added.');
} catch (e) {
  console.error((e as Error).message);
  process.exit(1);
}
