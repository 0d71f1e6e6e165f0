/**
 * The build changes no dependency's code: no Vite plugin of astro.config.mjs rewrites a file under
 * node_modules (or a virtual module of Astro's). Such patches break silently when a dependency is
 * upgraded; the project uses public APIs instead (docs/decisions/019-own-server-entry.md).
 *
 * Every transform hook is run over real files of the packages the server is built from, and over
 * Astro's virtual modules; each must leave them as they are.
 */
import { readdirSync, readFileSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import config from '../../astro.config.mjs';

const ROOT = join(import.meta.dirname, '../..');

type Hook = ((this: unknown, code: string, id: string) => unknown) | { handler: (this: unknown, code: string, id: string) => unknown };
interface Plugin {
  name?: string;
  transform?: Hook;
}

function plugins(): Plugin[] {
  const flat = (list: unknown): Plugin[] => (Array.isArray(list) ? list.flatMap(flat) : list && typeof list === 'object' ? [list as Plugin] : []);
  return flat(config.vite?.plugins ?? []);
}

/** JavaScript files of a package folder, a few levels deep. */
function filesOf(dir: string, depth = 2): string[] {
  const out: string[] = [];
  for (const name of readdirSync(dir)) {
    const path = join(dir, name);
    if (statSync(path).isDirectory()) {
      if (depth > 0) out.push(...filesOf(path, depth - 1));
    } else if (/\.(m?js)$/.test(name)) out.push(path);
  }
  return out;
}

const DEPENDENCY_FILES = [
  ...filesOf(join(ROOT, 'node_modules/@astrojs/node/dist')),
  ...filesOf(join(ROOT, 'node_modules/astro/dist/core/app')),
  ...filesOf(join(ROOT, 'node_modules/drizzle-orm/pg-core'), 0),
];
const VIRTUAL_MODULES = ['\0virtual:astro:pages', '\0virtual:astro-node:config', '\0virtual:astro:middleware', '\0astro:middleware'];
const context = {
  warn() {},
  error: (e: unknown) => {
    throw e;
  },
  meta: {},
  getModuleInfo: () => null,
};

describe('the build', () => {
  it('has transform hooks to check, and real dependency files to run them over', () => {
    expect(plugins().length).toBeGreaterThan(0);
    expect(DEPENDENCY_FILES.some((f) => f.endsWith('@astrojs/node/dist/server.js'))).toBe(true);
    expect(DEPENDENCY_FILES.some((f) => f.endsWith('@astrojs/node/dist/serve-static.js'))).toBe(true);
  });

  it('rewrites no file of a dependency and no virtual module of Astro', async () => {
    const patched: string[] = [];
    for (const plugin of plugins()) {
      const hook = typeof plugin.transform === 'function' ? plugin.transform : plugin.transform?.handler;
      if (!hook) continue;
      const inputs: [string, string][] = [
        ...DEPENDENCY_FILES.map((f): [string, string] => [readFileSync(f, 'utf8'), f]),
        ...VIRTUAL_MODULES.map((id): [string, string] => ['export { pageMap };\nconst pageMap = new Map([]);', id]),
      ];
      for (const [code, id] of inputs) {
        let result: unknown;
        try {
          result = await hook.call(context, code, id);
        } catch {
          continue; // a hook that can't run here changes nothing here either
        }
        const changed =
          typeof result === 'string'
            ? result !== code
            : result && typeof result === 'object' && 'code' in result
              ? (result as { code: string }).code !== code
              : false;
        if (changed) patched.push(`${plugin.name ?? '(unnamed plugin)'} rewrites ${id.replace(ROOT, '')}`);
      }
    }
    expect(patched).toEqual([]);
  });
});
