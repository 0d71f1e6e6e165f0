/**
 * The bulk import's engine and runner on an in-memory PGlite with the real migrations: a dry run
 * writes nothing but its report, the import writes products, variants, options, ships-from
 * warehouses, opening stock with its ledger and the summaries, stamps the job, logs one entry; a
 * second run of the same file changes nothing; an edited price and stock update only that variant.
 */
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq, sql } from 'drizzle-orm';
import { useMemoryDatabase } from '../helpers/memory-database.ts';
import { resetConfigForTests } from '../../src/lib/config.server.ts';
import { rowsOf } from '../../src/lib/db/client.server.ts';
import { productImportJobs } from '../../src/features/products/product-import.tables.ts';
import { importDir, importFilePath, kickImportRunner, startImportRunner, stopImportRunner } from '../../src/features/products/product-import-jobs.server.ts';
import type { ImportStockWriter } from '../../src/features/products/product-import.server.ts';
import { adjustStock, openNewLevels } from '../../src/features/inventories/stock.server.ts';

const dataDir = mkdtempSync(join(tmpdir(), 'import-engine-'));
process.env.DATA_DIR = dataDir;
resetConfigForTests();
const memory = useMemoryDatabase(async ({ db }) => {
  for (const statement of [
    `insert into vendors (id, store_name, status) values (1, 'Loom House', 'active')`,
    `insert into states (id, name, code, gst_state_code) values (1, 'Karnataka', 'KA', '29')`,
    `insert into cities (id, state_id, name) values (1, 1, 'Bengaluru')`,
    `insert into pincodes (id, pincode, city_id, state_id) values (1, '560001', 1, 1)`,
    `insert into warehouses (id, vendor_id, name, code, contact_name, contact_phone, address_line1, state_id, city_id, pincode_id)
      values (1, 1, 'Main', 'LH-BLR', 'Desk', '+919000000000', 'MG Road', 1, 1, 1)`,
    `insert into categories (id, name, slug) values (1, 'Clothing', 'clothing')`,
    `insert into sub_categories (id, category_id, name, slug) values (1, 1, 'Kurtas', 'kurtas')`,
    `insert into taxes (id, name, rate_percent, hsn_code) values (1, 'Apparel (GST 5%)', '5.00', '6204')`,
    `insert into product_matrix_groups (id, name) values (1, 'Size')`,
    `insert into product_matrix_values (id, group_id, value, position) values (1, 1, 'S', 0), (2, 1, 'M', 1), (3, 1, 'L', 2)`,
  ])
    await db.execute(sql.raw(statement));
});
afterAll(async () => {
  await stopImportRunner();
  rmSync(dataDir, { recursive: true, force: true });
});

const writeStock: ImportStockWriter = {
  open: (tx, lines, who) => openNewLevels(tx, lines, who),
  correct: async (tx, { variantId, warehouseId, delta, actorUserId, note }) => {
    await adjustStock(tx, { variantId, warehouseId, delta, reason: 'correction', actorUserId, note });
  },
};

beforeAll(() => {
  startImportRunner(memory.database.db, 'pglite', writeStock, { info: () => {}, error: (o, m) => console.error(m, o) });
});

const HEADER = 'handle,name,category,sub_category,tax,option1_name,option1_value,sku,mrp,price,stock:LH-BLR';
const FILE = [
  HEADER,
  'cotton-kurta,Cotton Kurta,Clothing,Kurtas,6204,Size,S,CK-S,1299.00,999.00,4',
  'cotton-kurta,,,,,,M,CK-M,1299.00,999.00,6',
  'linen-kurta,Linen Kurta,Clothing,Kurtas,Apparel (GST 5%),,,LK-1,1999.00,2499.00,1',
  'silk-kurta,Silk Kurta,Clothing,,6204,,,SK-1,2999.00,2499.00,0',
].join('\n');

async function run(content: string, phase: 'dry_run' | 'import' = 'import') {
  const db = memory.database.db;
  const [job] = await db
    .insert(productImportJobs)
    .values({ vendorId: 1, fileName: 'f.csv', fileKind: 'csv', fileBytes: content.length, fileHash: 'x' })
    .returning();
  mkdirSync(importDir(), { recursive: true });
  writeFileSync(importFilePath(job!), content);
  const settle = async () => {
    for (;;) {
      kickImportRunner();
      const [now] = await db.select().from(productImportJobs).where(eq(productImportJobs.id, job!.id));
      if (now!.status === 'done' || now!.status === 'failed') return now!;
      await new Promise((r) => setTimeout(r, 50));
    }
  };
  const dry = await settle();
  if (phase === 'dry_run' || dry.status !== 'done') return { dry, done: dry };
  await db
    .update(productImportJobs)
    .set({
      phase: 'import',
      status: 'queued',
      dryRunCreated: dry.created,
      rowsRead: 0,
      rowsValid: 0,
      rowsError: 0,
      created: 0,
      updated: 0,
      unchanged: 0,
      rowsDone: 0,
      attempts: 0,
    })
    .where(eq(productImportJobs.id, job!.id));
  return { dry, done: await settle() };
}

const query = async <T>(text: string) => rowsOf<T>(await memory.database.db.execute(sql.raw(text)));

describe('the import engine', { timeout: 120_000 }, () => {
  it('a dry run writes nothing; the import writes each product once with its stock, summaries and job stamp', async () => {
    const { dry, done } = await run(FILE);
    expect(dry).toMatchObject({ status: 'done', rowsRead: 4, rowsValid: 3, rowsError: 1, created: 3 });
    expect(done).toMatchObject({ status: 'done', phase: 'import', rowsRead: 4, rowsValid: 3, rowsError: 1, created: 3, updated: 0, unchanged: 0 });
    const products = await query<{
      slug: string;
      variant_count: number;
      skus: string;
      stock_available: number;
      price_min_paise: number;
      import_job_id: number;
    }>('select slug, variant_count, skus, stock_available, price_min_paise, import_job_id from products order by slug');
    expect(products.map((p) => [p.slug, p.variant_count, p.skus, p.stock_available, Number(p.price_min_paise)])).toEqual([
      ['cotton-kurta', 2, 'CK-S CK-M', 10, 99900],
      ['silk-kurta', 1, 'SK-1', 0, 249900],
    ]);
    expect(new Set(products.map((p) => p.import_job_id))).toEqual(new Set([done.id]));
    const options = await query<{ value_ids: number[] }>('select value_ids from product_options');
    expect(options.map((o) => o.value_ids)).toEqual([[1, 2]]);
    const ledger = await query<{ kind: string; on_hand_after: number; note: string }>(
      'select kind, on_hand_after, note from stock_movements order by on_hand_after',
    );
    expect(ledger).toEqual([
      { kind: 'opening', on_hand_after: 4, note: `Bulk import #${done.id}` },
      { kind: 'opening', on_hand_after: 6, note: `Bulk import #${done.id}` },
    ]);
    const ships = await query<{ n: number }>('select count(*)::int as n from product_warehouses');
    expect(ships[0]!.n).toBe(2);
    const errors = await query<{ row: number; column: string; message: string; phase: string }>(
      'select phase, row, "column", message from product_import_errors order by id',
    );
    expect(errors).toEqual([
      { phase: 'dry_run', row: 4, column: 'price', message: '2,499.00 is above the MRP 1,999.00.' },
      { phase: 'import', row: 4, column: 'price', message: '2,499.00 is above the MRP 1,999.00.' },
    ]);
    const log = await query<{ action: string; record_name: string }>("select action, record_name from activity_logs where action = 'bulk-import'");
    expect(log).toEqual([{ action: 'bulk-import', record_name: `Bulk import #${done.id} (f.csv)` }]);
  });

  it('the same file again changes nothing; an edited price and stock update only that variant, through the ledger', async () => {
    const before = await query<{ version: number; updated_at: string }>("select version, updated_at::text from products where slug = 'silk-kurta'");
    const { done } = await run(FILE);
    expect(done).toMatchObject({ created: 0, updated: 0, unchanged: 3, rowsError: 1 });
    expect(await query("select version, updated_at::text from products where slug = 'silk-kurta'")).toEqual(before);

    const edited = FILE.replace('CK-M,1299.00,999.00,6', 'CK-M,1299.00,899.00,9');
    const { done: again } = await run(edited);
    expect(again).toMatchObject({ created: 0, updated: 1, unchanged: 2 });
    const m = await query<{ price_paise: number; import_job_id: number }>("select price_paise, import_job_id from product_variants where sku = 'CK-M'");
    expect(m).toEqual([{ price_paise: 89900, import_job_id: again.id }]);
    const s = await query<{ import_job_id: number }>("select import_job_id from product_variants where sku = 'CK-S'");
    expect(s[0]!.import_job_id).not.toBe(again.id);
    const ledger = await query<{ kind: string; on_hand_delta: number; on_hand_after: number }>(
      "select kind, on_hand_delta, on_hand_after from stock_movements where kind = 'correction'",
    );
    expect(ledger).toEqual([{ kind: 'correction', on_hand_delta: 3, on_hand_after: 9 }]);
    const kurta = await query<{ price_min_paise: number; stock_available: number }>(
      "select price_min_paise, stock_available from products where slug = 'cotton-kurta'",
    );
    expect(kurta.map((k) => [Number(k.price_min_paise), k.stock_available])).toEqual([[89900, 13]]);
  });

  it('resumes after the last committed batch: rows up to rows_done are read past, the rest written once', async () => {
    const db = memory.database.db;
    const rows = Array.from(
      { length: 600 },
      (_, k) =>
        [`r-${k}`, `R ${k}`, 'Clothing', '', '6204', 'Size', 'S', `R-${k}-S`, '100.00', '90.00', '1'].join(',') +
        '\n' +
        [`r-${k}`, '', '', '', '', '', 'M', `R-${k}-M`, '100.00', '90.00', '1'].join(','),
    );
    const file = `${HEADER}\n${rows.join('\n')}\n`;
    // A first run commits everything; then a job that "stopped" after its first batch (rows 2–501) resumes.
    const { done } = await run(file);
    expect(done).toMatchObject({ created: 1200, rowsError: 0 });
    await db.execute(sql.raw(`delete from products where slug like 'r-%' and substring(slug from 3)::int >= 250`));
    const [job] = await db
      .insert(productImportJobs)
      .values({
        vendorId: 1,
        fileName: 'r.csv',
        fileKind: 'csv',
        fileBytes: file.length,
        fileHash: 'r',
        phase: 'import',
        status: 'queued',
        rowsDone: 501,
        rowsRead: 500,
        created: 500,
      })
      .returning();
    writeFileSync(importFilePath(job!), file);
    let now = job!;
    while (now.status !== 'done' && now.status !== 'failed') {
      kickImportRunner();
      await new Promise((r) => setTimeout(r, 50));
      [now] = (await db.select().from(productImportJobs).where(eq(productImportJobs.id, job!.id))) as [typeof now];
    }
    expect(now).toMatchObject({ status: 'done', rowsRead: 1200, created: 1200, rowsError: 0 });
    const variants = await query<{ n: number }>("select count(*)::int as n from product_variants where sku like 'R-%'");
    expect(variants[0]!.n).toBe(1200);
  });
});
