/**
 * Compressed static files. `astro build` writes a brotli (`.br`) and a gzip (`.gz`) copy next to each
 * text file under dist/client/_astro/ (see `precompressAssets` in astro.config.mjs); the built
 * server's static handler asks here first (the `back-office:compressed-assets` transform), and falls
 * back to the adapter's own handler (uncompressed) for anything else. The files are hashed and
 * immutable, so each copy is read from disk once and kept in memory (well under 1 MB in all).
 */
import { readFileSync } from 'node:fs';
import type { IncomingMessage, ServerResponse } from 'node:http';
import { join, normalize } from 'node:path';
import { chooseEncoding, type Encoding } from './compression.server.ts';

const TYPES: Record<string, string> = {
  js: 'text/javascript; charset=utf-8',
  mjs: 'text/javascript; charset=utf-8',
  css: 'text/css; charset=utf-8',
  svg: 'image/svg+xml',
  json: 'application/json',
  map: 'application/json',
  txt: 'text/plain; charset=utf-8',
};

const EXTENSION: Record<Encoding, string> = { br: '.br', gzip: '.gz' };
/** Compressed copies read so far. Misses are not remembered: any URL can be asked for. */
const cache = new Map<string, Buffer>();

function compressedCopy(file: string, encoding: Encoding): Buffer | null {
  const key = file + EXTENSION[encoding];
  const cached = cache.get(key);
  if (cached) return cached;
  try {
    const bytes = readFileSync(key);
    cache.set(key, bytes);
    return bytes;
  } catch {
    return null;
  }
}

/**
 * In front of the adapter's static handler: /_astro/<file> from a compressed copy; a path whose last
 * segment has no extension (/api/brands, /brands/listing) straight to the server-rendered routes,
 * as no such file is ever built (it saves two file-system calls per request); anything else to the
 * adapter (false).
 */
export function beforeStaticFiles(req: IncomingMessage, res: ServerResponse, clientDir: string, ssr: () => void): boolean {
  const path = (req.url ?? '/').split(/[?#]/)[0]!;
  if (path.startsWith('/api/') || !path.slice(path.lastIndexOf('/') + 1).includes('.')) {
    if (path !== '/' && !path.endsWith('/')) {
      ssr();
      return true;
    }
  }
  return serveCompressedAsset(req, res, clientDir);
}

/** Answers GET/HEAD /_astro/<file> from a compressed copy; false when the adapter should answer. */
export function serveCompressedAsset(req: IncomingMessage, res: ServerResponse, clientDir: string): boolean {
  if ((req.method !== 'GET' && req.method !== 'HEAD') || !req.url?.startsWith('/_astro/')) return false;
  const path = req.url.split(/[?#]/)[0]!;
  const type = TYPES[path.slice(path.lastIndexOf('.') + 1)];
  if (!type || path.includes('..') || path.includes('%') || path.includes('\\')) return false;
  const encoding = chooseEncoding(req.headers['accept-encoding']);
  if (!encoding) return false;
  const file = normalize(join(clientDir, path));
  if (!file.startsWith(normalize(join(clientDir, '_astro')))) return false;
  const bytes = compressedCopy(file, encoding);
  if (!bytes) return false;
  res.writeHead(200, {
    'content-type': type,
    'content-encoding': encoding,
    'content-length': bytes.length,
    vary: 'Accept-Encoding',
    'cache-control': 'public, max-age=31536000, immutable',
    'x-content-type-options': 'nosniff',
  });
  res.end(req.method === 'HEAD' ? undefined : bytes);
  return true;
}
