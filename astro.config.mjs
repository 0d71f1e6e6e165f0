// @ts-check
import { defineConfig } from 'astro/config';
import node from '@astrojs/node';
import react from '@astrojs/react';
import tailwindcss from '@tailwindcss/vite';
import { fileURLToPath } from 'node:url';
import { readdirSync, readFileSync, statSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { brotliCompressSync, constants, gzipSync } from 'node:zlib';
import { createHash } from 'node:crypto';
import { EARLY_CLICKS_SCRIPT } from './src/components/layout/early-clicks.ts';

process.env.ASTRO_BUILDING ??= process.argv.includes('build') ? '1' : '';

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
          writeFileSync(
            file + '.br',
            brotliCompressSync(bytes, { params: { [constants.BROTLI_PARAM_QUALITY]: 11, [constants.BROTLI_PARAM_SIZE_HINT]: bytes.length } }),
          );
          writeFileSync(file + '.gz', gzipSync(bytes, { level: 9 }));
        }
      },
    },
  };
}

/**
 * `client:intent` (src/lib/hydration/intent-directive.ts): hydrate an island when a person reaches for
 * it, holding and replaying what they did meanwhile (docs/decisions/029-hydrate-on-intent.md).
 */
function intentDirective() {
  return {
    name: 'back-office:client-intent',
    hooks: {
      /** @param {{ addClientDirective: (directive: { name: string; entrypoint: string | URL }) => void }} options */
      'astro:config:setup': ({ addClientDirective }) => {
        addClientDirective({ name: 'intent', entrypoint: fileURLToPath(new URL('./src/lib/hydration/intent-directive.ts', import.meta.url)) });
      },
    },
  };
}

// Server-rendered everywhere: every page depends on the session, so nothing is prerendered.
export default defineConfig({
  output: 'server',
  // Middleware mode: the built app is a request handler; src/server/main.ts is the server around it
  // (static files, start-up, stopping), so nothing of the adapter's own server needs changing.
  adapter: node({ mode: 'middleware' }),
  integrations: [react(), intentDirective(), precompressAssets()],
  server: { port: Number(process.env.PORT ?? 4321), host: process.env.HOST ?? 'localhost' },
  // The origin check lives in src/middleware.ts (same rule as Astro's checkOrigin, answered in the one
  // error shape), next to the CSRF token check that also covers JSON bodies. See docs/decisions/003-csrf-and-origin.md.
  security: {
    checkOrigin: false,
    csp: {
      directives: ["default-src 'self'", "img-src 'self' data: blob:", "connect-src 'self'", "object-src 'none'", "base-uri 'none'", "form-action 'self'"],
      // The app layout's inline first script (early-clicks.ts) is not Astro's to hash: allowed by its own.
      scriptDirective: { hashes: [`sha256-${createHash('sha256').update(EARLY_CLICKS_SCRIPT).digest('base64')}`] },
    },
  },
  devToolbar: { enabled: false },
  vite: {
    plugins: [tailwindcss()],
    // The icon sprite is referenced by <use href>, which needs a URL of its own (never a data: URL).
    build: { assetsInlineLimit: (file) => (file.endsWith('/icons.svg') ? false : undefined) },
    // PDFKit reads its own data files beside its code; bwip-js's encoder is large: both load from node_modules.
    ssr: { external: ['@electric-sql/pglite', '@node-rs/argon2', 'pg', 'pino', 'nodemailer', 'pdfkit', 'bwip-js'] },
    environments: {
      client: {
        build: {
          rolldownOptions: {
            output: {
              // Fewer, larger chunks where each request costs a round trip (400 ms on a slow phone
              // network), decision 029: React, its scheduler, the JSX runtime and Astro's React client
              // arrive as one file, cached across pages, instead of five. Grouping the kit as well was
              // measured and left out: shared chunks mix the shell's scripts (loaded on every page
              // before anything is touched) with islands' code, so pages loaded more, not less.
              codeSplitting: {
                groups: [{ name: 'react', test: /node_modules[\\/](react|react-dom|scheduler|@astrojs[\\/]react)[\\/]/, priority: 20 }],
              },
            },
          },
        },
      },
    },
  },
});
