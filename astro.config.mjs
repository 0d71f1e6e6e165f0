// @ts-check
import { defineConfig } from 'astro/config';
import node from '@astrojs/node';
import react from '@astrojs/react';
import tailwindcss from '@tailwindcss/vite';
import { fileURLToPath } from 'node:url';

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

// Server-rendered everywhere: every page depends on the session, so nothing is prerendered.
export default defineConfig({
  output: 'server',
  adapter: node({ mode: 'standalone' }),
  integrations: [react()],
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
    plugins: [tailwindcss(), bootAtStartup()],
    ssr: { external: ['@electric-sql/pglite', '@node-rs/argon2', 'pg', 'pino', 'nodemailer'] },
  },
});
