/**
 * Bulk import of products (issue 16), through the real server: the template, a dry run that writes
 * nothing, the import (one activity entry, products traceable to the job), the same file twice, the
 * round trip (export → import changes nothing), vendor isolation, bad files in the one error shape,
 * and a kill -9 during an import (the job resumes after its last committed batch and every row is
 * imported exactly once). On PostgreSQL, two servers on one database: exactly one runs a job, and
 * the other takes over a job whose server died.
 */
import { describe, expect, it } from 'vitest';
import ExcelJS from 'exceljs';
import { useServer } from '../helpers/vitest-server.ts';
import { startServer, type TestServer } from '../helpers/server.ts';
import { signedIn, type HttpClient } from '../helpers/http.ts';
import { expectErrorShape } from '../helpers/assertions.ts';
import type { ImportJobJson } from '../../src/features/products/product-import-format.ts';

// 1 MB for import files: the 413 is tested on this server (the other files are smaller), without a second one.
const app = useServer({ env: { IMPORT_STALL_SECONDS: '2', MAX_IMPORT_BYTES: '1000000' } });

type Job = ImportJobJson;

const HEADER =
  'handle,name,category,sub_category,tax,status,weight_grams,length_mm,width_mm,height_mm,option1_name,option1_value,sku,mrp,price,barcode,stock:DFH-BLR';

/** `products` products of `Size` S and M (two rows each), named with `prefix`. */
function catalogue(prefix: string, products: number): string[] {
  const rows: string[] = [];
  for (let i = 1; i <= products; i++) {
    for (const size of ['S', 'M']) {
      rows.push(
        [
          `${prefix}-${i}`,
          `"${prefix} kurta ${i}, ""cotton"""`,
          'Clothing',
          'Kurtas & Kurtis',
          '6204',
          'draft',
          '400',
          '300',
          '250',
          '40',
          'Size',
          size,
          `${prefix}-${i}-${size}`,
          '1299.00',
          '999.00',
          '',
          '5',
        ].join(','),
      );
    }
  }
  return rows;
}
const csv = (rows: string[], header = HEADER) => `\uFEFF${header}\r\n${rows.join('\r\n')}\r\n`;

async function upload(c: HttpClient, body: string | Uint8Array, options: { name?: string; type?: string; vendor?: number } = {}): Promise<Response> {
  const query = new URLSearchParams({ file_name: options.name ?? 'products.csv', ...(options.vendor ? { vendor_id: String(options.vendor) } : {}) });
  return c.request('POST', `/api/products/imports?${query}`, { body: body as BodyInit, headers: { 'content-type': options.type ?? 'text/csv' } });
}

async function uploadJob(c: HttpClient, body: string | Uint8Array, options: Parameters<typeof upload>[2] = {}): Promise<Job> {
  const res = await upload(c, body, options);
  const json = (await res.json()) as { data: Job };
  expect(res.status, JSON.stringify(json)).toBe(201);
  return json.data;
}

/** Asks for the job until it is no longer queued or running (the page polls the same way). */
async function settled(c: HttpClient, id: number, phase: string, timeoutMs = 120_000): Promise<Job> {
  const until = Date.now() + timeoutMs;
  for (;;) {
    const { status, body } = await c.getJson<{ data: Job }>(`/api/products/imports/${id}`);
    if (status === 200 && body.data.phase === phase && body.data.status !== 'queued' && body.data.status !== 'running') return body.data;
    if (Date.now() > until) throw new Error(`import ${id} did not finish its ${phase}: ${JSON.stringify(body)}`);
    await new Promise((r) => setTimeout(r, 150));
  }
}

async function confirm(c: HttpClient, id: number, json: object = {}): Promise<Response> {
  return c.post(`/api/products/imports/${id}/confirm`, { json });
}

async function productsBySku(c: HttpClient, sku: string) {
  const { body } = await c.getJson<{
    data: { id: number; name: string; vendor_id: number; version: number; price_min_paise: number; stock_available: number }[];
  }>(`/api/products?q=${encodeURIComponent(sku)}`);
  return body.data;
}

describe('the template', () => {
  it('gives a CSV and an XLSX with the header, two example products and (XLSX) a Help sheet of the vendor’s names', async () => {
    const vendor = await app.as('vendor');
    const csvText = await (await vendor.get('/api/products/import-template?format=csv')).text();
    const lines = csvText
      .replace(/^\uFEFF/, '')
      .trim()
      .split(/\r\n/);
    expect(lines[0]).toContain('handle,name,description,brand,category');
    expect(lines[0]).toContain('stock:DFH-BLR');
    expect(new Set(lines.slice(1).map((l) => l.split(',')[0])).size).toBe(2);

    const res = await vendor.get('/api/products/import-template?format=xlsx');
    expect(res.headers.get('content-type')).toContain('spreadsheetml');
    const wb = new ExcelJS.Workbook();
    await wb.xlsx.load(Buffer.from(await res.arrayBuffer()) as never);
    expect(wb.worksheets.map((w) => w.name)).toEqual(['Products', 'Help']);
    const help = wb.getWorksheet('Help')!;
    const text: string[] = [];
    help.eachRow((row) => text.push((row.values as unknown[]).slice(1).join(' | ')));
    const all = text.join('\n');
    for (const expected of [
      'handle | yes',
      'Brands',
      'Categories and their sub-categories',
      'Clothing',
      'Taxes (GST slabs)',
      '6204',
      'DFH-BLR',
      'stock:DFH-BLR',
    ])
      expect(all).toContain(expected);
    // Another vendor's warehouse is not this vendor's to use.
    expect(all).not.toContain('KVH-MAA');

    const admin = await app.as('admin');
    await expectErrorShape(await admin.get('/api/products/import-template?format=csv'), 422);
  });
});

describe('dry run, then import', () => {
  it('checks without writing, names each bad row, imports the rest once, logs one entry and marks the products with the job', async () => {
    const vendor = await app.as('vendor');
    const rows = catalogue('dry', 20);
    rows[3] = rows[3]!.replace('1299.00,999.00', '1299.00,1499.00'); // price above MRP (row 5)
    rows[10] = rows[10]!.replace(',Clothing,', ',Toys,'); // unknown category (row 12, and its product's other row)
    rows[11] = rows[11]!.replace(',Clothing,', ',Toys,');
    rows[20] = rows[20]!.replace(',5', ',lots'); // stock not a number (row 22)
    const body = csv(rows);
    const job = await uploadJob(vendor, body);
    const dry = await settled(vendor, job.id, 'dry_run');
    expect(dry).toMatchObject({ status: 'done', rows_read: 40, rows_error: 6, rows_valid: 34, created: 34, updated: 0, unchanged: 0 });
    // Nothing was written.
    expect(await productsBySku(vendor, 'DRY-1-S')).toEqual([]);

    const errors = await vendor.getJson<{ data: { row: number; column: string; message: string }[]; meta: { total: number } }>(
      `/api/products/imports/${job.id}/errors?per_page=10`,
    );
    expect(errors.body.meta.total).toBe(3);
    expect(errors.body.data).toEqual([
      { row: 5, column: 'price', message: '1,499.00 is above the MRP 1,299.00.' },
      { row: 12, column: 'category', message: 'There is no category called “Toys”. Use a name from the template’s lists.' },
      { row: 22, column: 'stock:DFH-BLR', message: 'lots is not a whole number of units from 0 to 10,00,000.' },
    ]);
    // Per row: what each came to, with its SKU; an error row with what is wrong, or why it was left out.
    type RowJson = { row: number; outcome: string; sku: string; errors?: { column: string; message: string }[] };
    const rowsOf = (outcome: string, perPage = 10, page = 1) =>
      vendor.getJson<{ data: RowJson[]; meta: { total: number } }>(`/api/products/imports/${job.id}/rows?outcome=${outcome}&per_page=${perPage}&page=${page}`);
    const created = await rowsOf('created');
    expect(created.body.meta.total).toBe(34);
    expect(created.body.data[0]).toEqual({ row: 2, outcome: 'created', sku: 'DRY-1-S' });
    expect((await rowsOf('created', 10, 4)).body.data.map((r) => r.row)).toEqual([38, 39, 40, 41]);
    const errorRows = await rowsOf('error');
    expect(errorRows.body.meta.total).toBe(6);
    expect(errorRows.body.data.slice(0, 2)).toEqual([
      { row: 4, outcome: 'error', sku: 'DRY-2-S', errors: [] },
      { row: 5, outcome: 'error', sku: 'DRY-2-M', errors: [{ column: 'price', message: '1,499.00 is above the MRP 1,299.00.' }] },
    ]);
    expect((await rowsOf('updated')).body.meta.total).toBe(0);
    await expectErrorShape(await vendor.get(`/api/products/imports/${job.id}/rows?outcome=maybe`), 422);

    const errorFile = await (await vendor.get(`/api/products/imports/${job.id}/error-file`)).text();
    const errorLines = errorFile
      .replace(/^\uFEFF/, '')
      .trim()
      .split(/\r\n/);
    expect(errorLines[0]).toBe(`${HEADER},errors`);
    expect(errorLines).toHaveLength(41);
    expect(errorLines[4]).toMatch(/,"?price: 1,499\.00 is above the MRP 1,299\.00\."?$/);

    const started = await confirm(vendor, job.id);
    expect(started.status).toBe(202);
    const done = await settled(vendor, job.id, 'import');
    expect(done).toMatchObject({ status: 'done', created: 34, updated: 0, unchanged: 0, rows_error: 6, differences: null });
    // The import's own per-row outcomes replace the dry run's.
    expect((await rowsOf('created', 100)).body.meta.total).toBe(34);
    const [made] = await productsBySku(vendor, 'DRY-1-S');
    expect(made).toMatchObject({ name: 'dry kurta 1, "cotton"', price_min_paise: 99900, stock_available: 10 });
    // A product with a bad row is not imported at all.
    expect(await productsBySku(vendor, 'DRY-2-S')).toEqual([]);
    expect(await confirm(vendor, job.id).then((r) => r.status)).toBe(409);

    const admin = await app.as('admin');
    const log = await admin.getJson<{ data: { action: string; record_name: string }[] }>(
      `/api/activity-logs?q=${encodeURIComponent(`Bulk import #${job.id}`)}`,
    );
    expect(log.body.data.filter((e) => e.action === 'bulk-import' && e.record_name.startsWith(`Bulk import #${job.id} (`))).toHaveLength(1);

    // The same file again within a day: asked before importing again; then every row is unchanged.
    const again = await uploadJob(vendor, body);
    expect(again.duplicate_of?.id).toBe(job.id);
    await settled(vendor, again.id, 'dry_run');
    const refused = await confirm(vendor, again.id);
    expect((await expectErrorShape(refused, 409)).message).toMatch(/already imported/);
    expect((await confirm(vendor, again.id, { confirm_duplicate: true })).status).toBe(202);
    expect(await settled(vendor, again.id, 'import')).toMatchObject({ created: 0, updated: 0, unchanged: 34, rows_error: 6 });

    await app.server.withDatabase(async (query) => {
      const traced = await query(`select count(*)::int as n from products where import_job_id = $1`, [job.id]);
      expect(traced[0]!.n).toBe(17);
      const openings = await query(
        `select count(*)::int as n from stock_movements m join stock_levels l on l.id = m.stock_level_id join product_variants v on v.id = l.variant_id where v.sku like 'DRY-%' and m.kind = 'opening'`,
      );
      expect(openings[0]!.n).toBe(34);
    });
  });
});

describe('the round trip', () => {
  it('export → import: the dry run finds every row unchanged (CSV and XLSX)', async () => {
    const vendor = await app.as('vendor');
    for (const format of ['csv', 'xlsx'] as const) {
      const exported = await vendor.get(`/api/products/export?format=${format}`);
      expect(exported.status).toBe(200);
      const bytes = new Uint8Array(await exported.arrayBuffer());
      const job = await uploadJob(vendor, bytes, {
        name: `export.${format}`,
        type: format === 'csv' ? 'text/csv' : 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
      });
      const dry = await settled(vendor, job.id, 'dry_run');
      const errors = await vendor.getJson<{ data: unknown[] }>(`/api/products/imports/${job.id}/errors?per_page=100`);
      expect(errors.body.data, format).toEqual([]);
      expect(dry, format).toMatchObject({ status: 'done', rows_error: 0, created: 0, updated: 0 });
      expect(dry.unchanged, format).toBeGreaterThan(15);
    }
  });
});

describe('vendor isolation', () => {
  it('a vendor imports only into their own catalogue; staff name the vendor; another vendor’s job is 404', async () => {
    const vendor = await app.as('vendor');
    const admin = await app.as('admin');
    const [kaveri] = await productsBySku(admin, 'KVH-SAR-001');
    expect(kaveri).toBeTruthy();
    // The vendor's file names Kaveri's SKU and handle, and asks for Kaveri as the vendor: it goes into their own catalogue.
    const row = [
      'kanchipuram-saree-gold',
      'Not Kaveri’s',
      'Clothing',
      '',
      '6204',
      'draft',
      '',
      '',
      '',
      '',
      '',
      '',
      'KVH-SAR-001',
      '100.00',
      '50.00',
      '',
      '',
    ].join(',');
    const job = await uploadJob(vendor, csv([row]), { vendor: kaveri!.vendor_id });
    await settled(vendor, job.id, 'dry_run');
    expect(await confirm(vendor, job.id).then((r) => r.status)).toBe(202);
    expect(await settled(vendor, job.id, 'import')).toMatchObject({ created: 1, rows_error: 0 });
    const after = await productsBySku(admin, 'KVH-SAR-001');
    const theirs = after.find((p) => p.id === kaveri!.id)!;
    expect(theirs).toMatchObject({ name: kaveri!.name, version: kaveri!.version });
    expect(after.filter((p) => p.vendor_id !== kaveri!.vendor_id).map((p) => p.name)).toEqual(['Not Kaveri’s']);

    // Staff must name the vendor, and then import into theirs.
    await expectErrorShape(await upload(admin, csv([row])), 422);
    const staffRow = row.replace('Not Kaveri’s', 'Kaveri by staff').replace(',draft,', ',,');
    const staffJob = await uploadJob(admin, csv([staffRow]), { vendor: kaveri!.vendor_id });
    expect((await settled(admin, staffJob.id, 'dry_run')).updated).toBe(1);
    // The vendor can't see or confirm staff's job for another vendor.
    await expectErrorShape(await vendor.get(`/api/products/imports/${staffJob.id}`), 404);
    await expectErrorShape(await confirm(vendor, staffJob.id), 404);
    await expectErrorShape(await vendor.get(`/api/products/imports/${staffJob.id}/error-file`), 404);
    // Support holds no products:import.
    await expectErrorShape(await upload(await app.as('support'), csv([row])), 403);
  });
});

describe('bad files', () => {
  it('answers in the one error shape, never a 500, and fails a job with a reason a vendor understands', async () => {
    const vendor = await app.as('vendor');
    await expectErrorShape(await upload(vendor, ''), 422);
    await expectErrorShape(await upload(vendor, 'handle\n', { type: 'image/png' }), 415);
    // CSRF stays on: without the token the upload is refused.
    const noToken = await vendor.request('POST', '/api/products/imports', { body: csv([]), headers: { 'content-type': 'text/csv' }, csrf: false });
    expect([403, 419]).toContain(noToken.status);

    const failed = async (body: string | Uint8Array, pattern: RegExp) => {
      const job = await uploadJob(vendor, body);
      const dry = await settled(vendor, job.id, 'dry_run');
      expect(dry.status).toBe('failed');
      expect(dry.error).toMatch(pattern);
    };
    await failed(Buffer.concat([Buffer.from(`${HEADER}\nx,Caf`), Buffer.from([0xe9]), Buffer.from(',Clothing\n')]), /not UTF-8/);
    await failed('handle,name,colour\nx,y,z\n', /doesn’t know: “colour”/);
    await failed('\uFEFF\r\n', /empty/);
    const notZip = await upload(vendor, new Uint8Array([0x50, 0x4b, 0x03, 0x04, 1, 2, 3]), { name: 'x.xlsx', type: 'application/octet-stream' });
    expect((await expectErrorShape(notZip, 422)).message).toMatch(/XLSX/);
  });

  it('refuses a file over MAX_IMPORT_BYTES with a 413, and keeps nothing of it', async () => {
    const vendor = await app.as('vendor');
    const res = await upload(vendor, csv(catalogue('big', 5000)));
    expect((await expectErrorShape(res, 413)).message).toMatch(/import limit/);
  });
});

describe('kill -9 during an import', () => {
  it('resumes after the last committed batch on restart and imports every row exactly once', async () => {
    const server = app.server;
    const vendor = await app.as('vendor');
    const products = 1500;
    const job = await uploadJob(vendor, csv(catalogue('crash', products)));
    const dry = await settled(vendor, job.id, 'dry_run');
    expect(dry, JSON.stringify(dry)).toMatchObject({ status: 'done', created: products * 2 });
    expect((await confirm(vendor, job.id)).status).toBe(202);
    // Kill it once the first batch has committed and before the last.
    for (;;) {
      const { body } = await vendor.getJson<{ data: Job }>(`/api/products/imports/${job.id}`);
      if (body.data.phase === 'import' && body.data.rows_read > 0) {
        expect(body.data.status, 'the import finished before it could be killed: make the file larger').toBe('running');
        break;
      }
      await new Promise((r) => setTimeout(r, 50));
    }
    await server.killHard();
    await server.start();
    const again = await signedIn(() => server.url, 'vendor');
    const done = await settled(again, job.id, 'import', 180_000);
    expect(done).toMatchObject({ status: 'done', created: products * 2, rows_error: 0, differences: null });
    await server.withDatabase(async (query) => {
      const variants = await query(`select count(*)::int as n from product_variants where sku like 'CRASH-%'`);
      expect(variants[0]!.n).toBe(products * 2);
      const openings = await query(
        `select count(*)::int as n, count(distinct l.variant_id)::int as variants from stock_movements m join stock_levels l on l.id = m.stock_level_id join product_variants v on v.id = l.variant_id where v.sku like 'CRASH-%'`,
      );
      expect(openings[0]).toMatchObject({ n: products * 2, variants: products * 2 });
      const logged = await query(`select count(*)::int as n from activity_logs where action = 'bulk-import' and record_name like $1`, [
        `Bulk import #${job.id} %`,
      ]);
      expect(logged[0]!.n).toBe(1);
    });
  });
});

describe.runIf(process.env.BO_TEST_DB === 'postgres')('two servers on one PostgreSQL database', () => {
  it('exactly one runs a job; when it dies the other takes the job over and finishes it exactly once', async () => {
    const first = app.server;
    let second: TestServer | undefined;
    try {
      // The second server shares the first's data folder, as servers share DATA_DIR/uploads (the import files) in production.
      second = await startServer({
        dataDir: first.dataDir,
        driver: 'postgres',
        env: { DATABASE_URL: first.databaseUrl, DEMO_DATA: 'false', IMPORT_STALL_SECONDS: '2' },
      });
      const vendor = await signedIn(() => first.url, 'vendor');
      const products = 1500;
      const job = await uploadJob(vendor, csv(catalogue('twin', products)));
      expect(await settled(vendor, job.id, 'dry_run')).toMatchObject({ status: 'done', created: products * 2 });
      // Both servers looked for work every 2 s while it ran: one claim only (a second would have counted).
      const claims = await first.withDatabase((q) => q(`select attempts from product_import_jobs where id = $1`, [job.id]));
      expect(claims[0]!.attempts).toBe(1);
      expect((await confirm(vendor, job.id)).status).toBe(202);
      // Find which server runs it, once it has committed a batch, and kill that one.
      let runner: string | undefined;
      for (;;) {
        const rows = await first.withDatabase((q) => q(`select claimed_by, rows_done, status from product_import_jobs where id = $1`, [job.id]));
        if (rows[0]!.status === 'running' && Number(rows[0]!.rows_done) > 0) {
          runner = String(rows[0]!.claimed_by);
          break;
        }
        expect(rows[0]!.status).not.toBe('done');
        await new Promise((r) => setTimeout(r, 50));
      }
      const victim = runner.split(':')[1] === String(first.pid) ? first : second;
      const survivor = victim === first ? second : first;
      await victim.killHard();
      const watcher = await signedIn(() => survivor.url, 'vendor');
      const done = await settled(watcher, job.id, 'import', 180_000);
      expect(
        done,
        `${JSON.stringify(done)}\n${survivor
          .output()
          .split('\n')
          .filter((l) => /import/.test(l))
          .slice(-5)
          .join('\n')}`,
      ).toMatchObject({
        status: 'done',
        created: products * 2,
        rows_error: 0,
      });
      // The first server's handle queries the shared database directly (PostgreSQL), whichever server died.
      await first.withDatabase(async (query) => {
        const variants = await query(`select count(*)::int as n from product_variants where sku like 'TWIN-%'`);
        expect(variants[0]!.n).toBe(products * 2);
        const openings = await query(
          `select count(*)::int as n from stock_movements m join stock_levels l on l.id = m.stock_level_id join product_variants v on v.id = l.variant_id where v.sku like 'TWIN-%'`,
        );
        expect(openings[0]!.n).toBe(products * 2);
      });
      if (victim === first) await first.start();
    } finally {
      await second?.dispose();
    }
  });
});
