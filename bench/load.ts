/**
 * One load measurement, run as its own process so bench/run.ts can pin it to a core of its own
 * (`taskset`): the client must not steal the server's CPU. Prints one JSON line.
 *
 *   node bench/load.ts '{"url":"http://127.0.0.1:5301/api/brands","connections":10,"seconds":10,"headers":{}}'
 *   echo '{…}' | node bench/load.ts -
 *
 * autocannon's own summary has no p95, so every response time is kept and the percentiles are
 * computed here (nearest rank).
 */
import autocannon from 'autocannon';
import { text } from 'node:stream/consumers';

export interface LoadSpec {
  url: string;
  connections: number;
  seconds: number;
  headers?: Record<string, string>;
  /** Requests sent first and not counted (JIT, caches, connection set-up). */
  warmupRequests?: number;
  /** Paths (on `url`'s host) sent in turn instead of `url`'s own: a different request each time. */
  paths?: string[];
}

export interface LoadResult {
  requests: number;
  rps: number;
  p50: number;
  p95: number;
  p99: number;
  max: number;
  non2xx: number;
  errors: number;
  bytesPerResponse: number;
}

export function percentile(sorted: number[], p: number): number {
  if (!sorted.length) return NaN;
  const rank = Math.ceil((p / 100) * sorted.length);
  return sorted[Math.min(sorted.length - 1, Math.max(0, rank - 1))]!;
}

function run(opts: autocannon.Options, onResponse?: (status: number, bytes: number, ms: number) => void): Promise<autocannon.Result> {
  return new Promise((resolve, reject) => {
    const instance = autocannon(opts, (err, result) => (err ? reject(err) : resolve(result)));
    if (onResponse) instance.on('response', (_client: unknown, status: number, bytes: number, ms: number) => onResponse(status, bytes, ms));
  });
}

export async function measure(spec: LoadSpec): Promise<LoadResult> {
  let turn = 0;
  const paths = spec.paths;
  const requests = paths?.length ? [{ setupRequest: (req: autocannon.Request) => ({ ...req, path: paths[turn++ % paths.length]! }) }] : undefined;
  const base = { url: spec.url, headers: spec.headers ?? {}, connections: spec.connections, pipelining: 1, timeout: 10, ...(requests && { requests }) };
  if (spec.warmupRequests) await run({ ...base, amount: spec.warmupRequests });
  const times: number[] = [];
  let non2xx = 0;
  let bytes = 0;
  const started = performance.now();
  const result = await run({ ...base, duration: spec.seconds }, (status, b, ms) => {
    times.push(ms);
    bytes += b;
    if (status < 200 || status > 299) non2xx++;
  });
  const elapsed = (performance.now() - started) / 1000;
  times.sort((a, b) => a - b);
  return {
    requests: times.length,
    rps: times.length / elapsed,
    p50: percentile(times, 50),
    p95: percentile(times, 95),
    p99: percentile(times, 99),
    max: times.at(-1) ?? NaN,
    non2xx,
    errors: result.errors + result.timeouts,
    bytesPerResponse: times.length ? bytes / times.length : 0,
  };
}

if (import.meta.main) {
  // The spec as an argument, or `-` to read it from stdin (bench/run.ts: a long list of paths).
  const arg = process.argv[2] ?? '{}';
  const spec = JSON.parse(arg === '-' ? await text(process.stdin) : arg) as LoadSpec;
  process.stdout.write(JSON.stringify(await measure(spec)) + '\n');
}
