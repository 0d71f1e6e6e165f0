/**
 * `npm run docs:permissions`: writes docs/permissions.md from the code (src/app/permissions/permissions-doc.ts).
 * The app's modules import each other by the `@/` alias, which Node does not read from tsconfig:
 * a small resolve hook maps it to src/ for this run.
 */
import { writeFileSync } from 'node:fs';
import { register } from 'node:module';

const src = new URL('../src/', import.meta.url).href;
const hook = `export async function resolve(specifier, context, next) {
  return next(specifier.startsWith('@/') ? ${JSON.stringify(src)} + specifier.slice(2) : specifier, context);
}`;
register(`data:text/javascript,${encodeURIComponent(hook)}`);

// Loaded by URL, with the hook in place: the app's files keep their `@/` imports (they are not
// Node-loaded files in the sense of scripts/node-loaded-files.mjs, which follows literal specifiers only).
const generator = new URL('../src/app/permissions/permissions-doc.ts', import.meta.url).href;
const { permissionsDoc } = (await import(generator)) as { permissionsDoc: () => string };
const target = new URL('../docs/permissions.md', import.meta.url);
writeFileSync(target, permissionsDoc());
console.log('Wrote docs/permissions.md');
