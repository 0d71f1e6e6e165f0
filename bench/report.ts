/**
 * The bench's results: their shape, the printed tables, the budget checks and the README section.
 */
import type { ImportFigure } from './import.ts';
import type { FillReport } from './fill.ts';
import type { LoadResult } from './load.ts';
import { median, type LighthouseResult, type PageWeight } from './pages.ts';
import { PHONE, type UsableResult } from './usable.ts';

export type Driver = 'pglite' | 'postgres';

export interface LoadFigure {
  key: string;
  path: string;
  connections: number;
  app: LoadResult;
  ceiling: LoadResult;
  /** app ÷ ceiling: below 1 for requests per second, above 1 for latencies. */
  ratio: { rps: number; p50: number; p95: number; p99: number };
}

export interface BenchResults {
  version: 1;
  date: string;
  db: Driver;
  machine: Record<string, string | number>;
  options: { runs: number; seconds: number; brands: number; gzipLevel: number; pinning: boolean };
  fill: FillReport;
  startup: { firstOkMs: number; firstPageMs: number };
  memory: { rssColdMiB: number; rssIdleMiB: number; rssLoadPeakMiB: number | null; rssAfterMiB: number };
  pages: PageWeight[];
  /** Absent in results from before issue 13. */
  usable?: UsableResult[];
  lighthouse: LighthouseResult[];
  load: LoadFigure[];
  /** Issue 16: the bulk import of a 100,000-row file; absent in results from before it. */
  import?: ImportFigure;
  notes: string[];
  checks: Check[];
}

export interface Budgets {
  pageWeight: { zeroJs: string[]; maxGzipKiB: number; referenceGzipKiB: number; lists: string[]; listMaxGzipKiB: number };
  usable: { maxMs: number };
  lighthouse: { minPerformance: number; maxLcpMs: number; maxTbtMs: number; maxCls: number; minAccessibility: number };
  memory: { maxRssMiB: Record<Driver, number> };
  startup: { maxFirstOkMs: number };
  import?: { rows: number; dryRunMs: number; importMs: Record<Driver, number>; maxRssMiB: number };
  api: { brandsP95Ms: Record<Driver, number>; products?: Record<string, number | string> };
}

export interface Check {
  budget: string;
  subject: string;
  value: number;
  limit: string;
  ok: boolean;
}

export const kib = (bytes: number) => bytes / 1024;
const f0 = (n: number | null | undefined) => (n == null || !Number.isFinite(n) ? '–' : n.toFixed(0));
const f1 = (n: number | null | undefined) => (n == null || !Number.isFinite(n) ? '–' : n.toFixed(1));
const f2 = (n: number | null | undefined) => (n == null || !Number.isFinite(n) ? '–' : n.toFixed(2));
const f3 = (n: number | null | undefined) => (n == null || !Number.isFinite(n) ? '–' : n.toFixed(3));

export function pageMark(p: { status: number; planned: boolean; key: string; finalPath: string; path: string }): string {
  if (p.planned) return 'not built yet: 501';
  const marks: string[] = [];
  if (p.status !== 200 && String(p.status) !== p.key) marks.push(String(p.status));
  if (p.finalPath !== p.path) marks.push(`→ ${p.finalPath}`);
  return marks.join(' ');
}

export function evaluate(r: BenchResults, b: Budgets): Check[] {
  const checks: Check[] = [];
  const add = (budget: string, subject: string, value: number, limit: string, ok: boolean) =>
    checks.push({ budget, subject, value, limit, ok: ok && Number.isFinite(value) });
  for (const p of r.pages) {
    if (b.pageWeight.zeroJs.includes(p.key)) add('page JS (gzip KiB)', p.key, kib(p.gzipBytes), '= 0', p.gzipBytes === 0);
    else if (b.pageWeight.lists.includes(p.key))
      add('page JS (gzip KiB)', p.key, kib(p.gzipBytes), `≤ ${b.pageWeight.listMaxGzipKiB}`, kib(p.gzipBytes) <= b.pageWeight.listMaxGzipKiB);
    else add('page JS (gzip KiB)', p.key, kib(p.gzipBytes), `≤ ${b.pageWeight.maxGzipKiB}`, kib(p.gzipBytes) <= b.pageWeight.maxGzipKiB);
  }
  for (const u of r.usable ?? []) add('usable on a slow phone (ms)', u.key, u.median.usableMs, `≤ ${b.usable.maxMs}`, u.median.usableMs <= b.usable.maxMs);
  const l = b.lighthouse;
  for (const x of r.lighthouse) {
    const m = x.median;
    add('Lighthouse performance', x.key, m.performance, `≥ ${l.minPerformance}`, m.performance >= l.minPerformance);
    add('Lighthouse LCP (ms)', x.key, m.lcpMs, `≤ ${l.maxLcpMs}`, m.lcpMs <= l.maxLcpMs);
    add('Lighthouse TBT (ms)', x.key, m.tbtMs, `≤ ${l.maxTbtMs}`, m.tbtMs <= l.maxTbtMs);
    add('Lighthouse CLS', x.key, m.cls, `≤ ${l.maxCls}`, m.cls <= l.maxCls);
    add('Lighthouse accessibility', x.key, m.accessibility, `≥ ${l.minAccessibility}`, m.accessibility >= l.minAccessibility);
  }
  const rssPeak = Math.max(r.memory.rssIdleMiB, r.memory.rssLoadPeakMiB ?? 0, r.memory.rssAfterMiB, r.memory.rssColdMiB);
  add('server RSS (MiB)', r.db, rssPeak, `≤ ${b.memory.maxRssMiB[r.db]}`, rssPeak <= b.memory.maxRssMiB[r.db]);
  const imp = r.import;
  if (imp && b.import) {
    add(
      'bulk import: dry run (ms)',
      `${r.db}, ${imp.rows} rows`,
      imp.error ? NaN : imp.dryRunMs,
      `≤ ${b.import.dryRunMs}`,
      !imp.error && imp.dryRunMs <= b.import.dryRunMs,
    );
    add(
      'bulk import: import (ms)',
      `${r.db}, ${imp.rows} rows`,
      imp.error ? NaN : imp.importMs,
      `≤ ${b.import.importMs[r.db]}`,
      !imp.error && imp.importMs <= b.import.importMs[r.db],
    );
    add('bulk import: server RSS (MiB)', r.db, imp.rssPeakMiB, `≤ ${b.import.maxRssMiB}`, imp.rssPeakMiB <= b.import.maxRssMiB);
  }
  add('start-up to first 200 (ms)', r.db, r.startup.firstOkMs, `≤ ${b.startup.maxFirstOkMs}`, r.startup.firstOkMs <= b.startup.maxFirstOkMs);
  const brands = r.load.find((x) => x.key === 'GET /api/brands' && x.connections === 10);
  if (brands) add('GET /api/brands p95, 10 clients (ms)', r.db, brands.app.p95, `≤ ${b.api.brandsP95Ms[r.db]}`, brands.app.p95 <= b.api.brandsP95Ms[r.db]);
  // Issue 14: the people lists (users, vendors, customers) within the same budget as brands.
  for (const key of ['GET /api/users', 'GET /api/vendors', 'GET /api/customers']) {
    const load = r.load.find((x) => x.key === key && x.connections === 10);
    if (load) add(`${key} p95, 10 clients (ms)`, r.db, load.app.p95, `≤ ${b.api.brandsP95Ms[r.db]}`, load.app.p95 <= b.api.brandsP95Ms[r.db]);
  }
  // Issue 15: the catalogue's reads at a million products, budgeted on PostgreSQL.
  if (r.db === 'postgres') {
    for (const [key, limit] of Object.entries(b.api.products ?? {})) {
      if (key.startsWith('$')) continue;
      const load = r.load.find((x) => x.key === key && x.connections === 10);
      if (load) add(`${key} p95, 10 clients (ms)`, r.db, load.app.p95, `≤ ${limit}`, load.app.p95 <= Number(limit));
    }
  }
  return checks;
}

function table(headers: string[], rows: (string | number)[][], right = new Set<number>()): string {
  const cells = rows.map((r) => r.map(String));
  const widths = headers.map((h, i) => Math.max(h.length, ...cells.map((r) => r[i]!.length)));
  const line = (r: string[]) => r.map((c, i) => (right.has(i) ? c.padStart(widths[i]!) : c.padEnd(widths[i]!))).join('  ');
  return [line(headers), widths.map((w) => '-'.repeat(w)).join('  '), ...cells.map(line)].join('\n');
}

const usableHeading = (runs: number) =>
  `Usable on a slow phone, cold (${PHONE.width}×${PHONE.height}, ${PHONE.cpuSlowdown}× CPU, ${PHONE.kbps} kbit/s, ${PHONE.latencyMs} ms latency; median of ${runs}; ms from navigation start)`;

export function printResults(r: BenchResults, b: Budgets): string {
  const out: string[] = [];
  const ref = b.pageWeight.referenceGzipKiB;
  out.push(`\n=== ${r.db === 'pglite' ? 'PGlite' : 'PostgreSQL'} — ${r.date} — ${r.machine.cpu} (${r.machine.cores} cores), Node ${r.machine.node}`);
  out.push(
    `Fill: ${r.fill.seconds.toFixed(1)} s (${Object.entries(r.fill.counts)
      .map(([k, v]) => `${v} ${k}`)
      .join(', ')})`,
  );
  out.push(
    `Start-up: first 200 ${f0(r.startup.firstOkMs)} ms (/api/health), first page ${f0(r.startup.firstPageMs)} ms (/auth/login). ` +
      `RSS: cold ${f0(r.memory.rssColdMiB)} MiB, idle ${f0(r.memory.rssIdleMiB)} MiB, under load ${f0(r.memory.rssLoadPeakMiB)} MiB, after ${f0(r.memory.rssAfterMiB)} MiB`,
  );
  if (r.pages.length) {
    out.push('\nJavaScript per page (every script the page loads, gzip level ' + r.options.gzipLevel + ')');
    out.push(
      table(
        ['page', 'as', 'status', 'scripts', 'raw KiB', 'gzip KiB', `vs ${ref} KiB`, 'note'],
        r.pages.map((p) => [
          p.key,
          p.as,
          p.status,
          p.scripts.length + p.inline.count,
          f1(kib(p.rawBytes)),
          f1(kib(p.gzipBytes)),
          `${kib(p.gzipBytes) - ref >= 0 ? '+' : ''}${f1(kib(p.gzipBytes) - ref)}`,
          pageMark(p),
        ]),
        new Set([2, 3, 4, 5, 6]),
      ),
    );
  }
  if (r.usable?.length) {
    out.push(`\n${usableHeading(r.options.runs)}`);
    out.push(
      table(
        ['page', 'rows ms', 'usable ms', 'JS by then KiB', 'what was tapped or waited for', 'note'],
        r.usable.map((u) => [u.key, f0(u.median.rowsMs), f0(u.median.usableMs), f1(kib(u.median.scriptBytes)), u.runs[0]?.control ?? '', u.error ?? '']),
        new Set([1, 2, 3]),
      ),
    );
  }
  if (r.lighthouse.length) {
    out.push(`\nLighthouse (mobile defaults, median of ${r.options.runs})`);
    out.push(
      table(
        ['page', 'perf', 'LCP ms', 'TBT ms', 'CLS', 'FCP ms', 'a11y', 'CPU index', 'note'],
        r.lighthouse.map((x) => [
          x.key,
          f0(x.median.performance),
          f0(x.median.lcpMs),
          f0(x.median.tbtMs),
          f3(x.median.cls),
          f0(x.median.fcpMs),
          f0(x.median.accessibility),
          f0(x.median.benchmarkIndex),
          x.warnings.length ? `${x.warnings.length} warning(s)` : '',
        ]),
        new Set([1, 2, 3, 4, 5, 6, 7]),
      ),
    );
  }
  if (r.load.length) {
    out.push(
      `\nServer (${r.options.seconds} s each; ceiling = bare node:http answering the same bytes from memory${r.options.pinning ? '; server on core 0, client on core 1' : ''})`,
    );
    out.push(
      table(
        ['endpoint', 'clients', 'req/s', 'p50 ms', 'p95 ms', 'p99 ms', 'ceiling req/s', 'ceiling p95', 'req/s ratio', 'p95 ratio', 'non-2xx'],
        r.load.map((x) => [
          x.key,
          x.connections,
          f0(x.app.rps),
          f2(x.app.p50),
          f2(x.app.p95),
          f2(x.app.p99),
          f0(x.ceiling.rps),
          f2(x.ceiling.p95),
          f3(x.ratio.rps),
          f1(x.ratio.p95),
          x.app.non2xx + x.app.errors,
        ]),
        new Set([1, 2, 3, 4, 5, 6, 7, 8, 9, 10]),
      ),
    );
  }
  for (const n of r.notes) out.push(`note: ${n}`);
  const failed = r.checks.filter((c) => !c.ok);
  out.push(`\nBudgets: ${r.checks.length - failed.length} kept, ${failed.length} broken`);
  for (const c of failed)
    out.push(
      `  BROKEN ${c.budget} — ${c.subject}: ${c.value == null || !Number.isFinite(c.value) ? 'not measured' : Number.isInteger(c.value) ? c.value : c.value.toFixed(2)} (budget ${c.limit})`,
    );
  return out.join('\n');
}

/** The README's "## Performance" section, from the latest results of each database. */
/** The results' note on where PostgreSQL ran during the load (pinPostgres in bench/server.ts). */
export function databasePinningNote(pinning: { pinned: boolean; why?: string }): string {
  return pinning.pinned
    ? 'PostgreSQL ran on core 1, with the load client, during the load measurements: not on the server’s core'
    : `PostgreSQL was not pinned during the load (${pinning.why}): it shared the server’s core`;
}
const isDatabasePinningNote = (note: string) => note.startsWith('PostgreSQL ran on core') || note.startsWith('PostgreSQL was not pinned');

export function readmeSection(results: BenchResults[], b: Budgets): string {
  const by = (db: Driver) => results.find((r) => r.db === db);
  const pg = by('postgres');
  const lite = by('pglite');
  const first = lite ?? pg!;
  const cols = [lite, pg].filter(Boolean) as BenchResults[];
  const name = (r: BenchResults) => (r.db === 'pglite' ? 'PGlite' : 'PostgreSQL');
  const load = (r: BenchResults, key: string, c: number) => r.load.find((x) => x.key === key && x.connections === c);
  const lines: string[] = [];
  lines.push('## Performance');
  lines.push('');
  lines.push(
    `\`npm run bench\` fills a separate database (${first.options.brands.toLocaleString('en')} brands and India's geography, generated with a fixed seed), starts the built server and measures it; ` +
      '`npm run bench -- --check` fails when a budget in `bench/budgets.json` is broken. Results: `bench/results/`. ' +
      `Latest run: ${cols.map((r) => `${name(r)} ${r.date.slice(0, 10)}`).join(', ')}, on ${first.machine.cpu}, ${first.machine.cores} cores shared with other work, ` +
      `${first.machine.memoryGiB} GiB, ${first.machine.os}, Node ${first.machine.node}, ${first.machine.chromium}${pg ? `, ${pg.machine.postgres}` : ''}. ` +
      `Load average during the runs: ${cols.map((r) => `${name(r)} ${r.machine.loadAverageAtStart}–${r.machine.loadAverageAtEnd ?? '?'}`).join(', ')}` +
      `${cols.some((r) => r.lighthouse.length) ? `; Lighthouse CPU index (benchmarkIndex, higher is faster): ${cols.map((r) => `${name(r)} ${f0(median(r.lighthouse.map((l) => l.median.benchmarkIndex)))}`).join(', ')}` : ''}. ` +
      'Timings on a shared, busy machine vary from run to run; the ratios to the bare `node:http` ceiling vary less.' +
      (first.options.pinning ? ' The server runs on core 0, the load client and the browser on core 1.' : '') +
      (pg
        ? pg.notes
            .filter(isDatabasePinningNote)
            .map((n) => ` ${n}.`)
            .join('')
        : ''),
  );
  lines.push('');
  lines.push(`| Server | ${cols.map(name).join(' | ')} | Budget |`);
  lines.push(`| --- | ${cols.map(() => '---:').join(' | ')} | --- |`);
  const row = (label: string, cell: (r: BenchResults) => string, budget: string) => lines.push(`| ${label} | ${cols.map(cell).join(' | ')} | ${budget} |`);
  row('Fill (brands + geography)', (r) => `${f1(r.fill.seconds)} s`, '');
  row('Start-up: spawn → first 200', (r) => `${f0(r.startup.firstOkMs)} ms`, `≤ ${b.startup.maxFirstOkMs} ms`);
  row(
    'RSS idle / under load',
    (r) => `${f0(r.memory.rssIdleMiB)} / ${f0(r.memory.rssLoadPeakMiB)} MiB`,
    `≤ ${b.memory.maxRssMiB.pglite} MiB PGlite, ≤ ${b.memory.maxRssMiB.postgres} MiB PostgreSQL`,
  );
  if (cols.some((r) => r.import)) {
    const imp = (r: BenchResults) => r.import;
    const bi = b.import;
    row(
      `Bulk import of ${(bi?.rows ?? 100000).toLocaleString('en-IN')} rows (CSV): dry run / import`,
      (r) => (imp(r) ? (imp(r)!.error ? `failed: ${imp(r)!.error}` : `${f1(imp(r)!.dryRunMs / 1000)} s / ${f1(imp(r)!.importMs / 1000)} s`) : '–'),
      bi ? `dry run ≤ ${bi.dryRunMs / 1000} s; import ≤ ${bi.importMs.postgres / 1000} s PostgreSQL, ≤ ${bi.importMs.pglite / 1000} s PGlite` : '',
    );
    row('Bulk import: server RSS peak', (r) => (imp(r) ? `${f0(imp(r)!.rssPeakMiB)} MiB` : '–'), bi ? `≤ ${bi.maxRssMiB} MiB` : '');
  }
  for (const key of [...new Set(cols.flatMap((r) => r.load.map((x) => x.key)))]) {
    for (const c of [1, 10]) {
      const budget = key === 'GET /api/brands' && c === 10 ? `p95 ≤ ${b.api.brandsP95Ms.pglite} ms PGlite, ≤ ${b.api.brandsP95Ms.postgres} ms PostgreSQL` : '';
      row(
        `${key}, ${c} client${c > 1 ? 's' : ''}: req/s (× ceiling), p50 / p95 / p99 ms`,
        (r) => {
          const x = load(r, key, c);
          return x ? `${f0(x.app.rps)} (${f3(x.ratio.rps)}), ${f1(x.app.p50)} / ${f1(x.app.p95)} / ${f1(x.app.p99)}` : '–';
        },
        budget,
      );
    }
  }
  lines.push('');
  lines.push(
    `| Page | JS gzip (raw) KiB | vs ${b.pageWeight.referenceGzipKiB} KiB | ${cols.map((r) => `Lighthouse ${name(r)}: perf, LCP, TBT, CLS, a11y`).join(' | ')} |`,
  );
  lines.push(`| --- | ---: | ---: | ${cols.map(() => '---').join(' | ')} |`);
  for (const p of cols.find((r) => r.pages.length)?.pages ?? []) {
    const budget = b.pageWeight.zeroJs.includes(p.key) ? 0 : b.pageWeight.lists.includes(p.key) ? b.pageWeight.listMaxGzipKiB : b.pageWeight.maxGzipKiB;
    const mark = pageMark(p);
    const lh = cols.map((r) => {
      const x = r.lighthouse.find((l) => l.key === p.key)?.median;
      return x ? `${f0(x.performance)}, ${f1(x.lcpMs / 1000)} s, ${f0(x.tbtMs)} ms, ${f3(x.cls)}, ${f0(x.accessibility)}` : '–';
    });
    const over = kib(p.gzipBytes) - b.pageWeight.referenceGzipKiB;
    lines.push(
      `| ${p.key}${mark ? ` (${mark})` : ''} | ${f1(kib(p.gzipBytes))} (${f1(kib(p.rawBytes))}) of ≤ ${budget} | ${over >= 0 ? '+' : ''}${f1(over)} | ${lh.join(' | ')} |`,
    );
  }
  const usable = cols.find((r) => r.usable?.length)?.usable ?? [];
  if (usable.length) {
    lines.push('');
    lines.push(`${usableHeading(first.options.runs)}: rows on screen, and a tap then on the first row's checkbox (a list) taken effect, or the form hydrated.`);
    lines.push('');
    lines.push(`| Page | Rows | Usable (budget ≤ ${b.usable.maxMs / 1000} s) | JS fetched by then, KiB over the wire |`);
    lines.push('| --- | ---: | ---: | ---: |');
    for (const u of usable)
      lines.push(
        `| ${u.key} | ${u.median.rowsMs === null ? '–' : `${f1(u.median.rowsMs / 1000)} s`} | ${f1(u.median.usableMs / 1000)} s | ${f1(kib(u.median.scriptBytes))} |`,
      );
  }
  lines.push('');
  lines.push(
    `Lighthouse budgets: performance ≥ ${b.lighthouse.minPerformance}, LCP ≤ ${b.lighthouse.maxLcpMs / 1000} s, TBT ≤ ${b.lighthouse.maxTbtMs} ms, CLS ≤ ${b.lighthouse.maxCls}, accessibility ≥ ${b.lighthouse.minAccessibility} ` +
      `(default mobile settings, median of ${first.options.runs} runs). The ${b.pageWeight.referenceGzipKiB} KiB column is Alex Russell's 2024 budget for a markup-based site on a 75th-percentile phone.`,
  );
  const broken = cols.flatMap((r) =>
    r.checks
      .filter((c) => !c.ok)
      .map(
        (c) =>
          `${name(r)}: ${c.budget} — ${c.subject} ${c.value == null || !Number.isFinite(c.value) ? 'not measured' : Number.isInteger(c.value) ? c.value : c.value.toFixed(2)} (budget ${c.limit})`,
      ),
  );
  lines.push('');
  lines.push(broken.length ? `Budgets broken in the latest run:\n\n${broken.map((x) => `- ${x}`).join('\n')}` : 'Every budget was kept in the latest run.');
  // The reasons are written by people, so they live outside this generated section.
  lines.push('');
  lines.push('Why a budget is broken, what was measured and what comes next: [docs/performance.md](docs/performance.md).');
  return lines.join('\n');
}
