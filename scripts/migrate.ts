/** `npm run db:migrate`: applies pending migrations (the server also does this at start-up). */
import { config } from '../src/lib/config.server.ts';
import { openDatabase } from '../src/lib/db/client.server.ts';

try {
  const c = config();
  const database = await openDatabase({ driver: c.driver, dataDir: c.dataDir, url: c.DATABASE_URL });
  await database.close();
  console.log(`Migrations applied (${c.driver}).`);
} catch (e) {
  console.error((e as Error).message);
  process.exit(1);
}
