/**
 * The files Node loads itself, outside the Astro bundle: what `node` runs directly (scripts/,
 * bench/, src/server/main.ts) and what drizzle-kit loads (drizzle.config.ts and the table files),
 * with everything they import. Node's type stripping does not read tsconfig paths, so these keep
 * relative imports: scripts/codemods/alias-imports.mjs leaves them, eslint.config.js refuses `@/`
 * in them (and `../` everywhere else in src).
 */
import { existsSync, readFileSync, readdirSync, statSync } from 'node:fs';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';

const root = resolve(dirname(fileURLToPath(import.meta.url)), '..');
const src = join(root, 'src');
const SOURCE = /\.(ts|tsx|mjs|js|astro)$/;
// `from '…'`, `import '…'`, `import('…')`, `export … from '…'`
const SPECIFIER = /(\bfrom\s*|\bimport\s*\(\s*|\bimport\s+)(['"])([^'"\n]+)\2/g;

export function walk(dir, out = []) {
  for (const name of readdirSync(dir)) {
    const path = join(dir, name);
    if (statSync(path).isDirectory()) walk(path, out);
    else if (SOURCE.test(name)) out.push(path);
  }
  return out;
}

function resolveSpecifier(from, specifier) {
  let target;
  if (specifier.startsWith('.')) target = resolve(dirname(from), specifier);
  else if (specifier.startsWith('@/')) target = join(src, specifier.slice(2));
  else return undefined;
  for (const candidate of [target, `${target}.ts`, `${target}.tsx`, join(target, 'index.ts')]) {
    if (existsSync(candidate) && statSync(candidate).isFile()) return candidate;
  }
  return undefined;
}

/** Every file Node loads itself, outside the Astro bundle: the entries and all they import. */
export function nodeLoadedFiles() {
  const entries = [
    ...['scripts', 'bench'].flatMap((dir) => (existsSync(join(root, dir)) ? walk(join(root, dir)) : [])),
    join(src, 'server/main.ts'),
    join(root, 'drizzle.config.ts'),
    // drizzle-kit loads the schema files itself (drizzle.config.ts).
    join(src, 'lib/db/schema.ts'),
    ...walk(join(src, 'features')).filter((file) => file.endsWith('.tables.ts')),
  ];
  const seen = new Set();
  const queue = [...entries];
  while (queue.length) {
    const file = queue.pop();
    if (seen.has(file) || !existsSync(file)) continue;
    seen.add(file);
    for (const match of readFileSync(file, 'utf8').matchAll(SPECIFIER)) {
      const target = resolveSpecifier(file, match[3]);
      if (target) queue.push(target);
    }
  }
  return seen;
}
