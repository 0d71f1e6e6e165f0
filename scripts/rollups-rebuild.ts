/** `npm run rollups:rebuild`: recomputes the dashboard's daily roll-ups from the source tables (decision 050). */
import { config } from '../src/lib/config.server.ts';
import { openDatabase } from '../src/lib/db/client.server.ts';
import { rebuildRollups } from '../src/app/dashboard/rollups.server.ts';

try {
  const c = config();
  const database = await openDatabase({ driver: c.driver, dataDir: c.dataDir, url: c.DATABASE_URL });
  const started = performance.now();
  await rebuildRollups(database.db);
  await database.close();
  console.log(`Roll-ups rebuilt in ${Math.round(performance.now() - started)} ms.`);
} catch (e) {
  console.error((e as Error).message);
  process.exit(1);
}
