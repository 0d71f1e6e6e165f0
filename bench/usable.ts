/**
 * When a page is usable on a low-end phone, cold: Chromium (through playwright-core and the DevTools
 * Protocol) at a 360×740 touch viewport, CPU slowed 4× (Emulation.setCPUThrottlingRate), the
 * network at 400 kbit/s down and up with 400 ms latency (Network.emulateNetworkConditions), the
 * cache off. Issue 13's budget: usable ≤ 2.5 s.
 *
 * "Usable" is when what a person taps works, measured from navigation start:
 * - a list page: the moment its rows are painted, the first row's checkbox is tapped (the first
 *   column filter's button on a list without rows); usable is when that tap has taken effect (the
 *   selection bar shows "1 selected" and the box is ticked; the filter's dialog is open). On
 *   client:intent the tap itself wakes the island, which replays it once hydrated: the figure
 *   includes fetching React. A link or a GET form (sort, pages, search) works from paint.
 * - a form page: the form island has hydrated (its `ssr` mark gone) and a frame has passed, so what
 *   is typed reaches the form and Save submits through it.
 * The JavaScript the page has fetched by then is recorded too.
 */
import { CHROMIUM, CHROMIUM_FLAGS, median } from './pages.ts';
import type { CookieJar } from './server.ts';

export interface UsableTarget {
  key: string;
  path: string;
  kind: 'list' | 'form';
}

export interface UsableRun {
  /** List pages: the first row (or the toolbar) on screen. */
  rowsMs: number | null;
  usableMs: number;
  /** What was tapped (lists) or waited for (forms). */
  control: string;
  scripts: number;
  /** Bytes of JavaScript over the wire (as served, compressed) by the time the page was usable. */
  scriptBytes: number;
}

export interface UsableResult {
  key: string;
  path: string;
  kind: UsableTarget['kind'];
  runs: UsableRun[];
  median: { rowsMs: number | null; usableMs: number; scriptBytes: number };
  error?: string;
}

export const PHONE = { width: 360, height: 740, cpuSlowdown: 4, latencyMs: 400, kbps: 400 };

export async function measureUsable(
  base: string,
  targets: UsableTarget[],
  jar: CookieJar | undefined,
  runs: number,
  log: (line: string) => void,
): Promise<UsableResult[]> {
  const { chromium } = await import('playwright-core');
  const browser = await chromium.launch({ executablePath: CHROMIUM, args: CHROMIUM_FLAGS });
  const out: UsableResult[] = [];
  try {
    for (const t of targets) {
      const result: UsableResult = { key: t.key, path: t.path, kind: t.kind, runs: [], median: { rowsMs: null, usableMs: NaN, scriptBytes: NaN } };
      try {
        for (let i = 0; i < runs; i++) {
          const run = await oneRun(browser, base, t, jar);
          result.runs.push(run);
          log(
            `  usable ${t.key} run ${i + 1}/${runs}: ${run.rowsMs === null ? '' : `rows ${run.rowsMs.toFixed(0)} ms, `}usable ${run.usableMs.toFixed(0)} ms (${run.control})`,
          );
        }
        const rows = result.runs.map((r) => r.rowsMs).filter((x): x is number => x !== null);
        result.median = {
          rowsMs: rows.length ? median(rows) : null,
          usableMs: median(result.runs.map((r) => r.usableMs)),
          scriptBytes: median(result.runs.map((r) => r.scriptBytes)),
        };
      } catch (e) {
        result.error = (e as Error).message.split('\n')[0];
        log(`  usable ${t.key}: ${result.error}`);
      }
      out.push(result);
    }
  } finally {
    await browser.close();
  }
  return out;
}

type Browser = Awaited<ReturnType<(typeof import('playwright-core'))['chromium']['launch']>>;

async function oneRun(browser: Browser, base: string, t: UsableTarget, jar: CookieJar | undefined): Promise<UsableRun> {
  const context = await browser.newContext({ viewport: { width: PHONE.width, height: PHONE.height }, hasTouch: true, isMobile: true, deviceScaleFactor: 2 });
  try {
    if (jar) await context.addCookies([...jar].map(([name, value]) => ({ name, value, url: base })));
    const page = await context.newPage();
    const cdp = await context.newCDPSession(page);
    await cdp.send('Network.enable');
    await cdp.send('Network.setCacheDisabled', { cacheDisabled: true });
    const bytesPerSecond = (PHONE.kbps * 1000) / 8;
    await cdp.send('Network.emulateNetworkConditions', {
      offline: false,
      latency: PHONE.latencyMs,
      downloadThroughput: bytesPerSecond,
      uploadThroughput: bytesPerSecond,
    });
    await cdp.send('Emulation.setCPUThrottlingRate', { rate: PHONE.cpuSlowdown });
    const scripts = new Map<string, number>();
    cdp.on('Network.responseReceived', (e) => {
      if (e.type === 'Script') scripts.set(e.requestId, 0);
    });
    cdp.on('Network.loadingFinished', (e) => {
      if (scripts.has(e.requestId)) scripts.set(e.requestId, e.encodedDataLength);
    });
    const now = () => page.evaluate(() => performance.now());
    const weight = () => ({ scripts: scripts.size, scriptBytes: [...scripts.values()].reduce((n, b) => n + b, 0) });
    await page.goto(base + t.path, { waitUntil: 'commit', timeout: 60_000 });

    if (t.kind === 'form') {
      // performance.now() counts from navigation start; the island drops `ssr` once hydrated.
      // Checked once per frame: true in the first frame after hydration.
      const at = await page.waitForFunction(
        () => {
          const island = document.querySelector('main form')?.closest('astro-island');
          return island && !island.hasAttribute('ssr') ? performance.now() : false;
        },
        undefined,
        { timeout: 60_000, polling: 'raf' },
      );
      return { rowsMs: null, usableMs: (await at.jsonValue()) as number, control: 'form hydrated', ...weight() };
    }

    const rowBox = page.locator('tbody tr input[type="checkbox"]').first();
    const filterButton = page.getByRole('button', { name: /^Filter / }).first();
    await page.locator('tbody tr, [role="button"][aria-label^="Filter "], button[aria-label^="Filter "]').first().waitFor({ timeout: 60_000 });
    const rowsMs = await now();
    const hasRows = (await rowBox.count()) > 0;
    const control = hasRows ? rowBox : filterButton;
    // A person's tap where the control is drawn: no waiting for it to be enabled or hydrated.
    const box = await control.boundingBox();
    if (!box) throw new Error(`${t.path}: the ${hasRows ? 'row checkbox' : 'filter button'} is not on screen`);
    await page.touchscreen.tap(box.x + box.width / 2, box.y + box.height / 2);
    const done = hasRows
      ? () => {
          const ticked = (document.querySelector('tbody tr input[type="checkbox"]') as HTMLInputElement | null)?.checked;
          return ticked && /(^|\D)1 selected/.test(document.querySelector('main')?.textContent ?? '') ? performance.now() : false;
        }
      : () => (document.querySelector('[role="dialog"]') ? performance.now() : false);
    const at = await page.waitForFunction(done, undefined, { timeout: 60_000, polling: 50 }).catch(async (e: Error) => {
      const state = await page.evaluate(() => ({
        url: location.pathname,
        text: document.querySelector('main')?.textContent?.slice(0, 200),
        ready: !!document.querySelector('[data-ready]'),
      }));
      throw new Error(`${e.message.split('\n')[0]} ${JSON.stringify(state)}`);
    });
    return { rowsMs, usableMs: (await at.jsonValue()) as number, control: hasRows ? 'row checkbox → "1 selected"' : 'filter button → dialog', ...weight() };
  } finally {
    await context.close();
  }
}
