// @ts-check
import { defineConfig } from 'astro/config';
import node from '@astrojs/node';
import react from '@astrojs/react';
import tailwindcss from '@tailwindcss/vite';
import { fileURLToPath } from 'node:url';
import { readdirSync, readFileSync, statSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { brotliCompressSync, constants, gzipSync } from 'node:zlib';

process.env.ASTRO_BUILDING ??= process.argv.includes('build') ? '1' : '';

/** Adds the start-up module to the built server's entry: config check and boot at process start. */
function bootAtStartup() {
  const startup = fileURLToPath(new URL('./src/lib/startup.server.ts', import.meta.url));
  return {
    name: 'back-office:boot-at-startup',
    /** @param {string} code @param {string} id */
    transform(code, id) {
      if (/@astrojs[\\/]node[\\/]dist[\\/]server\.js$/.test(id)) return `import ${JSON.stringify(startup)};\n${code}`;
    },
  };
}

/**
 * The built server answers /_astro/* from brotli/gzip copies made here, and sends routes straight to
 * the server-rendered pages (src/lib/http/static-assets.server.ts): the adapter's static handler is
 * wrapped so it asks that module first. Fails the build if the
 * adapter's code no longer looks as expected, rather than silently serving uncompressed files.
 */
function compressedAssets() {
  const serveAsset = fileURLToPath(new URL('./src/lib/http/static-assets.server.ts', import.meta.url));
  const marker = 'function createStaticHandler(app, options, headersMap) {';
  return {
    name: 'back-office:compressed-assets',
    /** @param {string} code @param {string} id */
    transform(code, id) {
      if (!/@astrojs[\\/]node[\\/]dist[\\/]serve-static\.js$/.test(id)) return;
      if (!code.includes(marker) || !code.includes('resolveClientDir')) throw new Error('back-office:compressed-assets: @astrojs/node serve-static.js changed; update astro.config.mjs');
      return (
        `import { beforeStaticFiles as __boBeforeStatic } from ${JSON.stringify(serveAsset)};\n` +
        code.replace(
          marker,
          `function createStaticHandler(app, options, headersMap) {\n  const inner = __boAdapterStaticHandler(app, options, headersMap);\n  const client = resolveClientDir(options);\n  return (req, res, ssr) => __boBeforeStatic(req, res, client, ssr) || inner(req, res, ssr);\n}\nfunction __boAdapterStaticHandler(app, options, headersMap) {`,
        )
      );
    },
  };
}

/**
 * Astro finds a request's page module through `pageMap`, whose entries are `() => import(…)`, and
 * calls the entry on every request. The module is loaded once, but each `import()` still goes
 * through Node's module loader (resolving the specifier, a new promise): about 6 % of the server's
 * CPU for an API request under load (docs/decisions/016-cheaper-list-rows.md). Each entry now keeps
 * the promise of its first call. A build whose page map no longer looks as expected is warned about
 * and left as it is: slower, never wrong.
 */
function memoisedPageImports() {
  const marker = 'export { pageMap };';
  return {
    name: 'back-office:memoised-page-imports',
    enforce: /** @type {const} */ ('post'),
    /** @param {string} code @param {string} id */
    transform(code, id) {
      if (id !== '\0virtual:astro:pages') return;
      if (!code.includes(marker) || !code.includes('const pageMap = new Map(')) {
        // @ts-expect-error `this` is Rollup's plugin context.
        this.warn('back-office:memoised-page-imports: Astro\'s page map changed shape; each request imports its page module again');
        return;
      }
      return code.replace(
        marker,
        'const __boKeptPages = new Map([...pageMap].map(([component, load]) => { let loaded; return [component, () => (loaded ??= load())]; }));\nexport { __boKeptPages as pageMap };',
      );
    },
  };
}

/** Writes `.br` (quality 11) and `.gz` (level 9) next to each text asset of the client build. */
function precompressAssets() {
  /** @type {URL | undefined} */
  let clientDir;
  return {
    name: 'back-office:precompress-assets',
    hooks: {
      /** @param {{ config: { build: { client: URL } } }} options */
      'astro:config:done': ({ config }) => {
        clientDir = config.build.client;
      },
      'astro:build:done': () => {
        if (!clientDir) return;
        const dir = join(fileURLToPath(clientDir), '_astro');
        let names = [];
        try {
          names = readdirSync(dir);
        } catch {
          return;
        }
        for (const name of names) {
          if (!/\.(m?js|css|svg|json|map|txt)$/.test(name)) continue;
          const file = join(dir, name);
          if (!statSync(file).isFile()) continue;
          const bytes = readFileSync(file);
          writeFileSync(file + '.br', brotliCompressSync(bytes, { params: { [constants.BROTLI_PARAM_QUALITY]: 11, [constants.BROTLI_PARAM_SIZE_HINT]: bytes.length } }));
          writeFileSync(file + '.gz', gzipSync(bytes, { level: 9 }));
        }
      },
    },
  };
}

// Server-rendered everywhere: every page depends on the session, so nothing is prerendered.
export default defineConfig({
  output: 'server',
  adapter: node({ mode: 'standalone' }),
  integrations: [react(), precompressAssets()],
  server: { port: Number(process.env.PORT ?? 4321), host: process.env.HOST ?? 'localhost' },
  // The origin check lives in src/middleware.ts (same rule as Astro's checkOrigin, answered in the one
  // error shape), next to the CSRF token check that also covers JSON bodies. See docs/decisions/003-csrf-and-origin.md.
  security: {
    checkOrigin: false,
    csp: {
      directives: ["default-src 'self'", "img-src 'self' data: blob:", "connect-src 'self'", "object-src 'none'", "base-uri 'none'", "form-action 'self'"],
    },
  },
  devToolbar: { enabled: false },
  vite: {
    plugins: [tailwindcss(), bootAtStartup(), compressedAssets(), memoisedPageImports()],
    ssr: { external: ['@electric-sql/pglite', '@node-rs/argon2', 'pg', 'pino', 'nodemailer'] },
  },
});
