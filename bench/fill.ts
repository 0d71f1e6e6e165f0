/**
 * Fills a database for the benchmark through the product's own code: the same migrations, the
 * same demo accounts (so the bench signs in like a person), India's geography through the same
 * import as `npm run geo:import`, 10,000 brands and 100,000 customers. Deterministic: @faker-js/faker with a fixed
 * seed and fixed dates, so two fills hold the same rows and two runs measure the same data.
 *
 * Run by bench/run.ts, or alone against the configured database:
 *   DATA_DIR=/tmp/bench-data node bench/fill.ts        (PGlite)
 *   DATABASE_URL=postgres://… node bench/fill.ts       (PostgreSQL)
 */
import { fakerEN_IN as faker } from '@faker-js/faker';
import { sql } from 'drizzle-orm';
import { openDatabase, type Db } from '../src/lib/db/client.server.ts';
import { brands } from '../src/features/brands/brand.tables.ts';
import { customers } from '../src/features/customers/customer.tables.ts';
import { seedDemoData } from '../src/app/db/seed.server.ts';
import { syncPermissions } from '../src/lib/permissions/sync.server.ts';
import { fillProducts } from './fill-products.ts';

export const FAKER_SEED = 20_260_115;
export const DEFAULT_BRANDS = 10_000;
/** Issue 14: the customers list is measured over 100,000 customers. */
export const DEFAULT_CUSTOMERS = 100_000;
/** Issue 15: the catalogue is measured at a million products on PostgreSQL, 200,000 on PGlite. */
export const DEFAULT_PRODUCTS = { postgres: 1_000_000, pglite: 200_000 } as const;
/** Rows per INSERT: 1,000 rows × 8 columns stays far below PostgreSQL's 65,535 parameters. */
const CHUNK = 1_000;
const BASE_DATE = Date.parse('2025-01-01T00:00:00.000Z');

export interface FillOptions {
  driver: 'pglite' | 'postgres';
  dataDir?: string;
  url?: string;
  brands?: number;
  customers?: number;
  /** Bench products (bench/fill-products.ts); DEFAULT_PRODUCTS for the driver when not given. */
  products?: number;
  log?: (line: string) => void;
}

export interface FillReport {
  driver: 'pglite' | 'postgres';
  seconds: number;
  steps: { name: string; seconds: number; rows?: number; note?: string }[];
  counts: Record<string, number>;
}

type BrandRow = typeof brands.$inferInsert;

const slugify = (s: string) =>
  s
    .toLowerCase()
    .normalize('NFKD')
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-+|-+$/g, '');

/**
 * The brand rows, the same for a given count. Faker's company names repeat over 10,000 draws, and
 * brand names are unique whatever their case, so a repeat gets a number.
 */
export function brandRows(count: number): BrandRow[] {
  faker.seed(FAKER_SEED);
  const seen = new Set<string>();
  const rows: BrandRow[] = [];
  for (let i = 0; i < count; i++) {
    const base = faker.company.name().replace(/\s+/g, ' ').trim().slice(0, 100);
    let name = base;
    for (let n = 2; seen.has(name.toLowerCase()); n++) name = `${base} ${n}`;
    seen.add(name.toLowerCase());
    // Spread over a year, in a shuffled order, so date sorts and filters see realistic data.
    const created = new Date(BASE_DATE + faker.number.int({ min: 0, max: 365 * 24 * 60 }) * 60_000);
    const updated = new Date(created.getTime() + faker.number.int({ min: 0, max: 30 * 24 * 60 }) * 60_000);
    rows.push({
      name,
      slug: slugify(name) || `brand-${i + 1}`,
      description: faker.datatype.boolean({ probability: 0.7 }) ? faker.company.catchPhrase() : null,
      status: faker.datatype.boolean({ probability: 0.9 }) ? 'active' : 'inactive',
      createdAt: created,
      updatedAt: updated,
    });
  }
  return rows;
}

type CustomerRow = typeof customers.$inferInsert;

/**
 * The customer rows, the same for a given count: Indian names, unique emails (numbered) and
 * unique +91 mobiles (a fixed step through the 6xxxxxxxxx–9xxxxxxxxx range), created over a year.
 */
export function customerRows(count: number): CustomerRow[] {
  faker.seed(FAKER_SEED + 14);
  const rows: CustomerRow[] = [];
  for (let i = 0; i < count; i++) {
    const first = faker.person.firstName();
    const last = faker.person.lastName();
    const created = new Date(BASE_DATE + faker.number.int({ min: 0, max: 365 * 24 * 60 }) * 60_000);
    const blocked = faker.datatype.boolean({ probability: 0.02 });
    rows.push({
      name: `${first} ${last}`,
      email: `${slugify(`${first}.${last}`) || 'customer'}.${i + 1}@example.com`,
      phone: `+91${6_000_000_000 + ((i * 7_919) % 3_999_999_999)}`,
      marketingConsent: faker.datatype.boolean({ probability: 0.6 }),
      status: blocked ? 'blocked' : 'active',
      blockedReason: blocked ? 'Repeated cash-on-delivery refusals' : null,
      blockedAt: blocked ? created : null,
      createdAt: created,
      updatedAt: created,
    });
  }
  return rows;
}

async function count(db: Db, table: string): Promise<number> {
  const result = (await db.execute(sql.raw(`select count(*)::int as n from ${table}`))) as unknown as { rows?: { n: number }[] } | { n: number }[];
  const rows = Array.isArray(result) ? result : (result.rows ?? []);
  return Number(rows[0]?.n ?? 0);
}

/** Loads the geography through the product's importer, when this version of the product has one. */
async function importGeographyIfAvailable(db: Db): Promise<{ rows?: number; note?: string }> {
  let mod: typeof import('../src/features/geography/geo-import.server.ts');
  try {
    mod = await import('../src/features/geography/geo-import.server.ts');
  } catch (e) {
    return { note: `no geography importer in this version (${(e as Error).message.split('\n')[0]})` };
  }
  // The demo data already imports it; the importer only adds what is missing, so this is cheap then.
  const counts = await db.transaction((tx) => mod.importGeography(tx, { at: new Date(BASE_DATE) }));
  return {
    rows: counts.pincodes.added + counts.cities.added + counts.states.added,
    note: `${counts.states.total} states, ${counts.cities.total} cities, ${counts.pincodes.total} pincodes`,
  };
}

export async function fill(options: FillOptions): Promise<FillReport> {
  const log = options.log ?? (() => {});
  const started = performance.now();
  const steps: FillReport['steps'] = [];
  const step = async <T extends { rows?: number; note?: string } | void>(name: string, fn: () => Promise<T>) => {
    const t = performance.now();
    const r = (await fn()) ?? {};
    const seconds = (performance.now() - t) / 1000;
    steps.push({ name, seconds, ...(r as object) });
    log(`  fill: ${name} ${seconds.toFixed(1)} s${(r as { note?: string }).note ? ` (${(r as { note?: string }).note})` : ''}`);
  };

  let database!: Awaited<ReturnType<typeof openDatabase>>;
  await step('open and migrate', async () => {
    database = await openDatabase({ driver: options.driver, dataDir: options.dataDir, url: options.url });
  });
  const db = database.db;
  try {
    await step('permissions and demo accounts', async () => {
      await db.transaction((tx) => syncPermissions(tx));
      const added = await seedDemoData(db);
      return { note: added ? 'demo data added' : 'users already present' };
    });
    await step('geography', () => importGeographyIfAvailable(db));
    await step('brands', async () => {
      const wanted = options.brands ?? DEFAULT_BRANDS;
      const existing = await count(db, 'brands');
      // Demo brands are already there; the fake ones come on top, all in one transaction.
      const rows = brandRows(wanted);
      await db.transaction(async (tx) => {
        for (let i = 0; i < rows.length; i += CHUNK) {
          await tx
            .insert(brands)
            .values(rows.slice(i, i + CHUNK))
            .onConflictDoNothing();
        }
      });
      await db.execute(sql`analyze`);
      const now = await count(db, 'brands');
      return { rows: now - existing, note: `${now} brands in the database` };
    });
    await step('customers', async () => {
      const existing = await count(db, 'customers').catch(() => -1);
      if (existing < 0) return { note: 'no customers table in this version' };
      // Demo customers are already there; the generated ones come on top (a repeat is skipped).
      const rows = customerRows(options.customers ?? DEFAULT_CUSTOMERS);
      await db.transaction(async (tx) => {
        for (let i = 0; i < rows.length; i += CHUNK) {
          await tx
            .insert(customers)
            .values(rows.slice(i, i + CHUNK))
            .onConflictDoNothing();
        }
      });
      await db.execute(sql`analyze customers`);
      const now = await count(db, 'customers');
      return { rows: now - existing, note: `${now} customers in the database` };
    });
    await step('products', async () => {
      const existing = await count(db, 'product_variants').catch(() => -1);
      if (existing < 0) return { note: 'no product variants in this version' };
      return fillProducts(db, options.products ?? DEFAULT_PRODUCTS[options.driver], log);
    });
    const counts: Record<string, number> = {};
    for (const table of ['users', 'brands', 'customers', 'products', 'product_variants', 'states', 'cities', 'pincodes', 'activity_logs']) {
      counts[table] = await count(db, table).catch(() => -1);
    }
    await step('close', () => database.close());
    return { driver: options.driver, seconds: (performance.now() - started) / 1000, steps, counts };
  } catch (e) {
    await database.close().catch(() => {});
    throw e;
  }
}

if (import.meta.main) {
  const { config } = await import('../src/lib/config.server.ts');
  const c = config();
  const brandsArg = process.argv.indexOf('--brands');
  const customersArg = process.argv.indexOf('--customers');
  const productsArg = process.argv.indexOf('--products');
  const report = await fill({
    driver: c.driver,
    dataDir: c.dataDir,
    url: c.DATABASE_URL,
    brands: brandsArg > 0 ? Number(process.argv[brandsArg + 1]) : DEFAULT_BRANDS,
    customers: customersArg > 0 ? Number(process.argv[customersArg + 1]) : DEFAULT_CUSTOMERS,
    products: productsArg > 0 ? Number(process.argv[productsArg + 1]) : undefined,
    log: (line) => console.log(line),
  });
  // bench/run.ts runs this file as a child process (a clean environment of its own) and reads this line.
  console.log(`BENCH_FILL_REPORT ${JSON.stringify(report)}`);
}
