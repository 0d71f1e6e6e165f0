/**
 * HTTP compression for the server's own answers (pages and JSON), chosen from Accept-Encoding:
 * brotli, else gzip, else none. A listing page is ~140 KB of HTML and ~15 KB compressed; on a
 * phone's connection that is most of the time to first paint (docs/decisions/012-measured-performance.md).
 *
 * Compressed pages must not carry a secret that is the same from response to response, or an
 * attacker who can inject text and watch sizes can guess it (BREACH): the CSRF token written into
 * pages is masked afresh for every response (maskCsrfToken in src/lib/auth/csrf.server.ts).
 * Static files under /_astro/ are compressed at build time instead, and served by src/server/main.ts.
 */
import { constants, createBrotliCompress, createGzip } from 'node:zlib';
import { Readable } from 'node:stream';

export type Encoding = 'br' | 'gzip';

/** Below this size (when the size is known) compressing costs more than it saves. */
const MIN_BYTES = 1024;
const COMPRESSIBLE = /^(text\/html|application\/json|text\/csv|text\/plain)\b/i;

/** The best encoding the client accepts (q=0 refuses one), or null. */
export function chooseEncoding(acceptEncoding: string | null | undefined): Encoding | null {
  if (!acceptEncoding) return null;
  const q = new Map<string, number>();
  for (const part of acceptEncoding.toLowerCase().split(',')) {
    const [name, ...params] = part.trim().split(';');
    if (!name) continue;
    const qp = params.map((p) => p.trim()).find((p) => p.startsWith('q='));
    const value = qp ? Number(qp.slice(2)) : 1;
    q.set(name.trim(), Number.isFinite(value) ? value : 0);
  }
  const weight = (name: string) => q.get(name) ?? (q.has('*') ? q.get('*')! : 0);
  if (weight('br') > 0) return 'br';
  if (weight('gzip') > 0) return 'gzip';
  return null;
}

function appendVary(headers: Headers): void {
  const vary = headers.get('vary');
  if (!vary) headers.set('vary', 'Accept-Encoding');
  else if (!/\baccept-encoding\b/i.test(vary) && vary.trim() !== '*') headers.set('vary', `${vary}, Accept-Encoding`);
}

/**
 * The response as it is, saying that it depends on Accept-Encoding. Its headers are changed in place
 * (a response made here is mutable); only a response with immutable headers (a redirect, a fetched
 * one) is copied.
 */
function withVary(response: Response): Response {
  try {
    appendVary(response.headers);
    return response;
  } catch {
    const headers = new Headers(response.headers);
    appendVary(headers);
    return new Response(response.body, { status: response.status, statusText: response.statusText, headers });
  }
}

/** The response compressed as a stream (pages keep streaming), or unchanged when it should not be. */
export function compressResponse(request: Request, response: Response): Response {
  if (request.method === 'HEAD' || !response.body) return response;
  if (response.status < 200 || response.status === 204 || response.status === 206 || response.status === 304) return response;
  if (response.headers.has('content-encoding') || response.headers.get('cache-control')?.includes('no-transform')) return response;
  if (!COMPRESSIBLE.test(response.headers.get('content-type') ?? '')) return response;
  const length = response.headers.get('content-length');
  if (length !== null && Number(length) < MIN_BYTES) return response;
  const encoding = chooseEncoding(request.headers.get('accept-encoding'));
  if (!encoding) return withVary(response);
  const headers = new Headers(response.headers);
  appendVary(headers);
  // Dynamic answers: a fast setting (brotli 4 is about gzip 6 in time, and smaller).
  const compressor =
    encoding === 'br'
      ? createBrotliCompress({ params: { [constants.BROTLI_PARAM_QUALITY]: 4, [constants.BROTLI_PARAM_MODE]: constants.BROTLI_MODE_TEXT } })
      : createGzip({ level: 6 });
  const source = Readable.fromWeb(response.body as import('node:stream/web').ReadableStream<Uint8Array>);
  source.on('error', (e) => compressor.destroy(e));
  const body = Readable.toWeb(source.pipe(compressor)) as unknown as ReadableStream<Uint8Array>;
  headers.delete('content-length');
  headers.set('content-encoding', encoding);
  return new Response(body, { status: response.status, statusText: response.statusText, headers });
}
