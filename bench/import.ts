/**
 * The bulk import's figures (issue 16 §3): a CSV of `rows` rows (products of four sizes each, so
 * 100,000 rows are 25,000 products) for one bench store, uploaded through the API as staff, then its
 * dry run and its import timed from the answer of each call until the job says done, with the
 * server's RSS sampled throughout. The file is written once, under the bench's work folder.
 */
import { createWriteStream } from 'node:fs';
import { readFile } from 'node:fs/promises';
import { join } from 'node:path';
import { once } from 'node:events';
import { cookieHeader, sampleRss, sleep, type CookieJar } from './server.ts';

export interface ImportFigure {
  rows: number;
  products: number;
  fileMiB: number;
  uploadMs: number;
  dryRunMs: number;
  importMs: number;
  /** The job's own counts after the import. */
  created: number;
  errors: number;
  rssPeakMiB: number;
  error?: string;
}

const SIZES = ['S', 'M', 'L', 'XL'];

/** Writes the file: handle, name, category, tax, Size, SKU, prices and stock in the store's warehouse. */
async function writeFile(path: string, rows: number, warehouseCode: string): Promise<number> {
  const out = createWriteStream(path);
  const write = async (line: string) => {
    if (!out.write(line)) await once(out, 'drain');
  };
  await write(`handle,name,category,sub_category,tax,status,weight_grams,option1_name,option1_value,sku,mrp,price,stock:${warehouseCode}\r\n`);
  const products = Math.ceil(rows / SIZES.length);
  let written = 0;
  for (let p = 1; p <= products && written < rows; p++) {
    for (const size of SIZES) {
      if (written >= rows) break;
      const mrp = 999 + (p % 50) * 20;
      await write(
        `bench-import-${p},Bench Import Kurta ${p},Clothing,Kurtas & Kurtis,6204,draft,400,Size,${size},BI-${p}-${size},${mrp}.00,${mrp - 100}.00,${p % 20}\r\n`,
      );
      written++;
    }
  }
  out.end();
  await once(out, 'finish');
  return products;
}

interface Job {
  id: number;
  phase: string;
  status: string;
  error: string | null;
  created: number;
  rows_error: number;
}

export async function measureImport(
  base: string,
  jar: CookieJar,
  serverPid: number,
  work: string,
  rows: number,
  log: (line: string) => void,
): Promise<ImportFigure> {
  const headers = () => ({
    cookie: cookieHeader(jar),
    origin: base,
    'x-xsrf-token': decodeURIComponent(jar.get('XSRF-TOKEN') ?? ''),
    accept: 'application/json',
  });
  const getJson = async <T>(path: string): Promise<T> => (await (await fetch(base + path, { headers: headers() })).json()) as T;
  // A bench store with its warehouse (bench/fill-products.ts), or the demo's store when the fill made no bench stores (--products 0).
  const find = async (q: string) =>
    (await getJson<{ data: { value: number; label: string }[] }>(`/api/vendors/options?q=${encodeURIComponent(q)}`)).data.find((v) => v.label === q);
  const bench = await find('Bench Store 7');
  const demo = bench ? undefined : await find('Demo Fashion House');
  const vendor = bench ?? demo;
  if (!vendor) throw new Error('no store to import into (neither Bench Store 7 nor Demo Fashion House)');
  const warehouseCode = bench ? `BW-${bench.value}` : 'DFH-BLR';
  const path = join(work, `import-${rows}.csv`);
  const products = await writeFile(path, rows, warehouseCode);
  const body = await readFile(path);
  log(
    `  import: ${rows.toLocaleString('en-IN')} rows (${products.toLocaleString('en-IN')} products, ${(body.byteLength / 2 ** 20).toFixed(1)} MiB) for ${vendor.label}…`,
  );
  const rss = sampleRss(serverPid);
  const figure: ImportFigure = {
    rows,
    products,
    fileMiB: body.byteLength / 2 ** 20,
    uploadMs: 0,
    dryRunMs: 0,
    importMs: 0,
    created: 0,
    errors: 0,
    rssPeakMiB: 0,
  };
  const waitFor = async (id: number, phase: string): Promise<Job> => {
    for (;;) {
      const { data } = await getJson<{ data: Job }>(`/api/products/imports/${id}`);
      if (data.phase === phase && data.status !== 'queued' && data.status !== 'running') return data;
      await sleep(100);
    }
  };
  try {
    let t = performance.now();
    const res = await fetch(`${base}/api/products/imports?file_name=bench.csv&vendor_id=${vendor.value}`, {
      method: 'POST',
      headers: { ...headers(), 'content-type': 'text/csv' },
      body,
    });
    const uploaded = (await res.json()) as { data: Job; message: string };
    if (res.status !== 201) throw new Error(`upload answered ${res.status}: ${uploaded.message}`);
    figure.uploadMs = performance.now() - t;
    t = performance.now();
    const dry = await waitFor(uploaded.data.id, 'dry_run');
    figure.dryRunMs = performance.now() - t;
    if (dry.status !== 'done') throw new Error(`the dry run failed: ${dry.error}`);
    log(`    dry run ${(figure.dryRunMs / 1000).toFixed(1)} s`);
    t = performance.now();
    const confirm = await fetch(`${base}/api/products/imports/${uploaded.data.id}/confirm`, {
      method: 'POST',
      headers: { ...headers(), 'content-type': 'application/json' },
      body: '{}',
    });
    if (confirm.status !== 202) throw new Error(`confirm answered ${confirm.status}: ${await confirm.text()}`);
    const done = await waitFor(uploaded.data.id, 'import');
    figure.importMs = performance.now() - t;
    if (done.status !== 'done') throw new Error(`the import failed: ${done.error}`);
    figure.created = done.created;
    figure.errors = done.rows_error;
    log(`    import ${(figure.importMs / 1000).toFixed(1)} s, ${done.created} created, ${done.rows_error} rows with errors`);
  } catch (error) {
    figure.error = (error as Error).message;
    log(`    ${figure.error}`);
  } finally {
    figure.rssPeakMiB = rss.stop();
  }
  return figure;
}
