/**
 * `npm run admin:create -- --email you@example.com --name "Your Name"` creates a Super Admin.
 * The password comes from --password, the ADMIN_PASSWORD variable, or a prompt.
 * For the embedded database, stop the server first (one process per data folder).
 */
import { parseArgs } from 'node:util';
import { createInterface } from 'node:readline/promises';
import { eq, sql } from 'drizzle-orm';
import { config } from '../src/lib/config.server.ts';
import { openDatabase } from '../src/lib/db/client.server.ts';
import { syncPermissions } from '../src/lib/permissions/sync.server.ts';
import { roles, userRoles, users } from '../src/lib/db/schema.ts';
import { hashPassword, passwordProblem } from '../src/lib/auth/password.server.ts';
import { logActivity, SYSTEM_ACTOR } from '../src/lib/activity/activity.server.ts';

const { values } = parseArgs({ options: { email: { type: 'string' }, name: { type: 'string' }, password: { type: 'string' } } });

async function ask(question: string): Promise<string> {
  if (!process.stdin.isTTY) return '';
  const rl = createInterface({ input: process.stdin, output: process.stdout });
  const answer = await rl.question(question);
  rl.close();
  return answer.trim();
}

function die(message: string): never {
  console.error(message);
  process.exit(1);
}

const email = (values.email ?? (await ask('Email: '))).toLowerCase();
const name = values.name ?? (await ask('Name: '));
const password = values.password ?? process.env.ADMIN_PASSWORD ?? (await ask('Password: '));
if (!/^[^@\s]+@[^@\s]+\.[^@\s]+$/.test(email)) die('Give a valid --email.');
if (!name) die('Give a --name.');
const problem = passwordProblem(password);
if (problem) die(problem);

let database;
try {
  const c = config();
  database = await openDatabase({ driver: c.driver, dataDir: c.dataDir, url: c.DATABASE_URL });
} catch (e) {
  die((e as Error).message);
}
const db = database.db;
try {
  await db.transaction(async (tx) => {
    await syncPermissions(tx);
    const [existing] = await tx
      .select({ id: users.id })
      .from(users)
      .where(sql`lower(${users.email}) = ${email}`)
      .limit(1);
    if (existing) throw new Error(`A user with the email ${email} already exists.`);
    const [role] = await tx.select().from(roles).where(eq(roles.name, 'Super Admin')).limit(1);
    const [user] = await tx
      .insert(users)
      .values({ name, email, passwordHash: await hashPassword(password), userType: 'staff' })
      .returning();
    await tx.insert(userRoles).values({ userId: user!.id, roleId: role!.id });
    await logActivity(tx, SYSTEM_ACTOR, { area: 'users', action: 'create', recordId: user!.id, after: { name, email, role: 'Super Admin' } });
  });
  console.log(`Created the Super Admin ${email}. Sign in at /auth/login.`);
} catch (e) {
  await database.close();
  die((e as Error).message);
}
await database.close();
