/**
 * The server process: `node src/server/main.ts` (what `npm start` runs, with its Node flags).
 *
 * Node's own HTTP server, in front of two handlers, both through their public APIs only
 * (docs/decisions/019-own-server-entry.md):
 *   1. sirv: the built static files (dist/client). For the hashed files under /_astro/ it sends the
 *      brotli or gzip copy the build wrote beside each one (`precompressAssets` in astro.config.mjs),
 *      with a year of immutable caching.
 *   2. The Astro app, built by @astrojs/node in middleware mode (dist/server/entry.mjs exports
 *      `handler`): every page and API route, through src/middleware.ts.
 *
 * Start-up: the configuration is checked here first (a bad variable stops the process, naming it,
 * before anything listens); the app boots the database as it loads (src/app/startup.server.ts,
 * imported by the middleware), and this file asks /api/health once it listens, so that happens now
 * rather than at the first visitor's request.
 *
 * Stopping (SIGTERM, SIGINT, SIGHUP, however often): the listener closes here, so no new connection
 * is taken; the app finishes the requests in flight, closes the database and exits
 * (src/app/startup.server.ts).
 *
 * BO_DIST_DIR names another build to serve (tests and the bench serve private copies).
 */
import { createServer } from 'node:http';
import { isIP } from 'node:net';
import { join, resolve } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import sirv from 'sirv';
import { ConfigError, parseConfig } from '../lib/config.server.ts';

type AppHandler = (req: import('node:http').IncomingMessage, res: import('node:http').ServerResponse) => Promise<void> | void;

let settings: ReturnType<typeof parseConfig>;
try {
  settings = parseConfig(process.env);
} catch (error) {
  if (!(error instanceof ConfigError)) throw error;
  console.error(error.message);
  process.exit(1);
}

const dist = resolve(process.env.BO_DIST_DIR ?? fileURLToPath(new URL('../../dist', import.meta.url)));
const { handler: app } = (await import(pathToFileURL(join(dist, 'server/entry.mjs')).href)) as { handler: AppHandler };

const YEAR_SECONDS = 31_536_000;
const assets = sirv(join(dist, 'client'), {
  dev: false,
  etag: false,
  brotli: true,
  gzip: true,
  // No index.html or .html fallbacks: nothing is prerendered, every page is the app's.
  extensions: [],
  setHeaders(res, pathname) {
    // Hashed names: a changed file gets a new name, so a copy may be kept for a year.
    res.setHeader('cache-control', pathname.startsWith('/_astro/') ? `public, max-age=${YEAR_SECONDS}, immutable` : 'public, max-age=3600');
    res.setHeader('x-content-type-options', 'nosniff');
  },
});

const BAD_URL = JSON.stringify({ message: 'The address of this request is not valid.' });

const server = createServer((req, res) => {
  // A URL that decodeURI() refuses (a lone % or a broken UTF-8 sequence) can't name a page or a file.
  try {
    decodeURI(req.url ?? '/');
  } catch {
    res.writeHead(400, { 'content-type': 'application/json; charset=utf-8', 'content-length': Buffer.byteLength(BAD_URL), 'cache-control': 'no-store' });
    res.end(BAD_URL);
    return;
  }
  assets(req, res, () => app(req, res));
});

// An idle keep-alive connection is kept longer than the clients and proxies in front of it keep
// theirs (load balancers commonly 60 s): with Node's 5-s default, a request sent on a connection
// the server is closing at that moment is reset (ECONNRESET) instead of answered.
server.keepAliveTimeout = 65_000;
server.headersTimeout = 66_000;

server.on('error', (error) => {
  console.error(`The server could not listen on ${settings.HOST}:${settings.PORT}: ${error.message}`);
  process.exit(1);
});

server.listen(settings.PORT, settings.HOST, () => {
  const address = server.address();
  const port = typeof address === 'object' && address ? address.port : settings.PORT;
  const host = settings.HOST;
  const shown = isIP(host) === 6 ? `[${host}]` : host;
  console.log(`Server listening on http://${shown}:${port}`);
  // Open the database now, not at the first visitor's request (a failure there stops the process).
  const local = host === '0.0.0.0' || host === '::' ? '127.0.0.1' : shown;
  fetch(`http://${local}:${port}/api/health`)
    .then((response) => response.arrayBuffer())
    .catch(() => undefined);
});

// The app's own handler (src/app/startup.server.ts) drains and closes the database; here, no new
// connection is taken, and idle keep-alive connections are let go. Should the app not have loaded
// yet, nothing else would end the process: then it ends once the listener has closed.
let closing = false;
for (const signal of ['SIGTERM', 'SIGINT', 'SIGHUP'] as const) {
  process.on(signal, () => {
    if (closing) return;
    closing = true;
    const appStops = process.listenerCount(signal) > 1;
    server.close(() => {
      if (!appStops) process.exit(0);
    });
    server.closeIdleConnections();
  });
}
