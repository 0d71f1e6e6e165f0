#!/usr/bin/env node
/**
 * Rewrites `../` imports inside src/ to the `@/` alias (tsconfig `paths`: `@/*` → `src/*`), e.g.
 * `../../lib/http/errors.ts` → `@/lib/http/errors.ts`. Same-folder `./` imports stay.
 *
 * Files that Node runs directly (scripts/, bench/, src/server/main.ts, drizzle.config.ts and
 * its schema files), and every file they import, keep relative paths (an `@/` import in one of them
 * is turned back into a relative path): Node's type stripping does not read tsconfig paths.
 * `--list-node-loaded` prints those files (eslint.config.js refuses `@/` in them).
 *
 * Idempotent: run it again after a merge (`node scripts/codemods/alias-imports.mjs`).
 */
import { readFileSync, writeFileSync } from 'node:fs';
import { dirname, join, relative, resolve, sep } from 'node:path';
import { fileURLToPath } from 'node:url';
import { nodeLoadedFiles, walk } from '../node-loaded-files.mjs';

const root = resolve(dirname(fileURLToPath(import.meta.url)), '../..');
const src = join(root, 'src');
// `from '…'`, `import '…'`, `import('…')`, `export … from '…'`
const SPECIFIER = /(\bfrom\s*|\bimport\s*\(\s*|\bimport\s+)(['"])([^'"\n]+)\2/g;
const nodeLoaded = nodeLoadedFiles();

if (process.argv.includes('--list-node-loaded')) {
  for (const file of [...nodeLoaded].filter((f) => f.startsWith(src + sep)).sort()) console.log(relative(root, file));
} else {
  let changedFiles = 0;
  for (const file of walk(src)) {
    const text = readFileSync(file, 'utf8');
    const next = nodeLoaded.has(file)
      ? // Loaded by Node itself (perhaps only since a merge): back to relative paths.
        text.replace(SPECIFIER, (whole, before, quote, specifier) => {
          if (!specifier.startsWith('@/')) return whole;
          const path = relative(dirname(file), join(src, specifier.slice(2)))
            .split(sep)
            .join('/');
          return `${before}${quote}${path.startsWith('.') ? path : `./${path}`}${quote}`;
        })
      : text.replace(SPECIFIER, (whole, before, quote, specifier) => {
          if (!specifier.startsWith('../')) return whole;
          const target = resolve(dirname(file), specifier);
          if (!target.startsWith(src + sep)) return whole;
          return `${before}${quote}@/${relative(src, target).split(sep).join('/')}${quote}`;
        });
    if (next !== text) {
      writeFileSync(file, next);
      changedFiles++;
    }
  }
  console.log(
    `alias-imports: ${changedFiles} files rewritten; ${[...nodeLoaded].filter((f) => f.startsWith(src + sep)).length} files under src are loaded by Node directly and keep relative imports.`,
  );
}
