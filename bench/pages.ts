/**
 * What a person's browser gets: the JavaScript each page loads (Chromium through playwright-core)
 * and Lighthouse's default mobile audit (Moto G Power, 4× CPU slowdown, slow 4G; simulated).
 */
import { spawn } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { gzipSync } from 'node:zlib';
import { pinned, sleep, track, type CookieJar } from './server.ts';

export const CHROMIUM = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';
export const CHROMIUM_FLAGS = [
  '--no-sandbox',
  '--disable-gpu',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
  '--no-first-run',
];
/** zlib's default level, what a reverse proxy's gzip typically sends. */
export const GZIP_LEVEL = 6;

export interface PageTarget {
  /** The name in tables and budgets: a route, or `404` / `403`. */
  key: string;
  path: string;
  /** Who opens it: a guest, or a demo account. */
  as: 'guest' | 'admin' | 'support';
  /** The status the page should answer with. */
  expect: number;
}

export interface ScriptWeight {
  url: string;
  raw: number;
  gzip: number;
}

export interface PageWeight {
  key: string;
  path: string;
  as: PageTarget['as'];
  status: number;
  /** 501: a spec page whose area is not built yet. */
  planned: boolean;
  finalPath: string;
  scripts: ScriptWeight[];
  inline: { count: number; raw: number; gzip: number };
  rawBytes: number;
  gzipBytes: number;
}

const isJs = (type: string | null) => !type || /^(module|text\/javascript|application\/javascript)$/i.test(type);

export async function measurePageWeights(base: string, targets: PageTarget[], jars: Record<string, CookieJar | undefined>): Promise<PageWeight[]> {
  const { chromium } = await import('playwright-core');
  const browser = await chromium.launch({ executablePath: CHROMIUM, args: CHROMIUM_FLAGS });
  const out: PageWeight[] = [];
  try {
    for (const t of targets) {
      const context = await browser.newContext();
      const jar = jars[t.as];
      if (jar) await context.addCookies([...jar].map(([name, value]) => ({ name, value, url: base })));
      const page = await context.newPage();
      const pending: Promise<ScriptWeight>[] = [];
      let lastScriptAt = performance.now();
      page.on('response', (r) => {
        if (r.request().resourceType() !== 'script') return;
        lastScriptAt = performance.now();
        pending.push(
          r.body().then(
            (b) => ({ url: new URL(r.url()).pathname, raw: b.length, gzip: gzipSync(b, { level: GZIP_LEVEL }).length }),
            () => ({ url: new URL(r.url()).pathname, raw: 0, gzip: 0 }),
          ),
        );
      });
      const res = await page.goto(base + t.path, { waitUntil: 'networkidle' });
      // Islands that hydrate when the browser is idle load their chunks later, much later on a busy
      // machine: wait until every island that hydrates by itself has (Astro then drops `ssr`) and no
      // script has arrived for a while. Islands on client:intent (lists) load nothing until a person
      // reaches for them: what they load then is measured by the "usable" figure, not here.
      await page
        .waitForFunction(() => !document.querySelector('astro-island[ssr]:not([client="visible"]):not([client="intent"])'), undefined, { timeout: 15_000 })
        .catch(() => {});
      const quietSince = performance.now();
      while (performance.now() - Math.max(lastScriptAt, quietSince) < 1_500 && performance.now() - quietSince < 15_000) await sleep(250);
      const inlineCode = await page.$$eval('script:not([src])', (els) => els.map((e) => ({ type: e.getAttribute('type'), code: e.textContent ?? '' })));
      const scripts = await Promise.all(pending);
      const inline = inlineCode.filter((s) => isJs(s.type) && s.code.trim());
      const inlineRaw = inline.reduce((n, s) => n + Buffer.byteLength(s.code), 0);
      const inlineGzip = inline.reduce((n, s) => n + gzipSync(s.code, { level: GZIP_LEVEL }).length, 0);
      const status = res?.status() ?? 0;
      out.push({
        key: t.key,
        path: t.path,
        as: t.as,
        status,
        planned: status === 501,
        finalPath: new URL(page.url()).pathname,
        scripts,
        inline: { count: inline.length, raw: inlineRaw, gzip: inlineGzip },
        rawBytes: scripts.reduce((n, s) => n + s.raw, 0) + inlineRaw,
        gzipBytes: scripts.reduce((n, s) => n + s.gzip, 0) + inlineGzip,
      });
      await context.close();
    }
  } finally {
    await browser.close();
  }
  return out;
}

export interface LighthouseFigures {
  performance: number;
  accessibility: number;
  lcpMs: number;
  tbtMs: number;
  cls: number;
  fcpMs: number;
  siMs: number;
  /** Lighthouse's measure of this machine's CPU at the time (higher is faster; a busy machine scores low). */
  benchmarkIndex: number;
}

export interface LighthouseResult {
  key: string;
  path: string;
  runs: LighthouseFigures[];
  median: LighthouseFigures;
  warnings: string[];
  finalPath: string;
}

export function median(values: number[]): number {
  const v = values.filter((x) => Number.isFinite(x)).sort((a, b) => a - b);
  if (!v.length) return NaN;
  const mid = Math.floor(v.length / 2);
  return v.length % 2 ? v[mid]! : (v[mid - 1]! + v[mid]!) / 2;
}

async function cdp(wsUrl: string, method: string, params: unknown): Promise<void> {
  const ws = new WebSocket(wsUrl);
  await new Promise((resolve, reject) => {
    ws.onopen = resolve;
    ws.onerror = () => reject(new Error(`CDP: cannot connect to ${wsUrl}`));
  });
  try {
    await new Promise<void>((resolve, reject) => {
      ws.onmessage = (e) => {
        const msg = JSON.parse(String(e.data)) as { id?: number; error?: { message: string } };
        if (msg.id !== 1) return;
        if (msg.error) reject(new Error(`CDP ${method}: ${msg.error.message}`));
        else resolve();
      };
      ws.send(JSON.stringify({ id: 1, method, params }));
    });
  } finally {
    ws.close();
  }
}

/**
 * A fresh Chromium (its own profile) per page, so one page's cookies never reach another; the
 * session cookie is set over CDP before the first run, and Lighthouse keeps cookies between runs.
 */
async function withChromium<T>(debugPort: number, fn: (wsUrl: string) => Promise<T>): Promise<T> {
  const profile = mkdtempSync(join(tmpdir(), 'bench-chromium-'));
  const [cmd, args] = pinned(1, CHROMIUM, [
    ...CHROMIUM_FLAGS,
    '--headless=new',
    `--remote-debugging-port=${debugPort}`,
    `--user-data-dir=${profile}`,
    'about:blank',
  ]);
  const child = track(spawn(cmd, args, { stdio: 'ignore' }));
  try {
    let wsUrl = '';
    for (let i = 0; i < 300 && !wsUrl; i++) {
      try {
        const res = await fetch(`http://127.0.0.1:${debugPort}/json/version`);
        wsUrl = ((await res.json()) as { webSocketDebuggerUrl: string }).webSocketDebuggerUrl;
      } catch {
        await sleep(100);
      }
    }
    if (!wsUrl) throw new Error(`Chromium did not open its debugging port ${debugPort}`);
    return await fn(wsUrl);
  } finally {
    const gone = new Promise((r) => child.once('exit', r));
    child.kill('SIGTERM');
    await Promise.race([gone, sleep(5_000)]);
    child.kill('SIGKILL');
    rmSync(profile, { recursive: true, force: true });
  }
}

export async function runLighthouse(
  base: string,
  targets: PageTarget[],
  jars: Record<string, CookieJar | undefined>,
  runs: number,
  debugPort: number,
  log: (line: string) => void,
): Promise<LighthouseResult[]> {
  const { default: lighthouse } = await import('lighthouse');
  const out: LighthouseResult[] = [];
  for (const t of targets) {
    const result = await withChromium(debugPort, async (wsUrl) => {
      const jar = jars[t.as];
      if (jar) await cdp(wsUrl, 'Storage.setCookies', { cookies: [...jar].map(([name, value]) => ({ name, value, url: base })) });
      const figures: LighthouseFigures[] = [];
      const warnings = new Set<string>();
      let finalPath = t.path;
      for (let i = 0; i < runs; i++) {
        const r = await lighthouse(base + t.path, {
          port: debugPort,
          output: 'json',
          logLevel: 'error',
          onlyCategories: ['performance', 'accessibility'],
          // 403, 404 and 501 pages are real pages: audit them instead of stopping at the status.
          ignoreStatusCode: true,
        });
        if (!r) throw new Error(`Lighthouse returned nothing for ${t.path}`);
        const lhr = r.lhr;
        if (lhr.runtimeError) warnings.add(`${lhr.runtimeError.code}: ${lhr.runtimeError.message}`);
        // The status warning is expected on the 403, 404 and 501 pages audited on purpose.
        for (const w of lhr.runWarnings) if (!/\(Status code: (403|404|501)\)/.test(String(w))) warnings.add(String(w));
        finalPath = new URL(lhr.finalDisplayedUrl).pathname;
        const num = (id: string) => lhr.audits[id]?.numericValue ?? NaN;
        const score = (id: string) => (lhr.categories[id]?.score ?? NaN) * 100;
        figures.push({
          performance: score('performance'),
          accessibility: score('accessibility'),
          lcpMs: num('largest-contentful-paint'),
          tbtMs: num('total-blocking-time'),
          cls: num('cumulative-layout-shift'),
          fcpMs: num('first-contentful-paint'),
          siMs: num('speed-index'),
          benchmarkIndex: lhr.environment.benchmarkIndex,
        });
        log(`  lighthouse ${t.key} run ${i + 1}/${runs}: performance ${figures.at(-1)!.performance.toFixed(0)}, LCP ${figures.at(-1)!.lcpMs.toFixed(0)} ms`);
      }
      return { figures, warnings: [...warnings], finalPath };
    });
    const keys = Object.keys(result.figures[0]!) as (keyof LighthouseFigures)[];
    const med = Object.fromEntries(keys.map((k) => [k, median(result.figures.map((f) => f[k]))])) as unknown as LighthouseFigures;
    out.push({ key: t.key, path: t.path, runs: result.figures, median: med, warnings: result.warnings, finalPath: result.finalPath });
  }
  return out;
}
