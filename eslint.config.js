/**
 * ESLint: typescript-eslint's recommended rules (without type information, so it stays fast), and
 * the layers of docs/architecture.md, enforced:
 *
 *   lib  →  kit (src/components/{ui,data-table,form})  →  features  →  app  →  page parts, pages
 *
 * Each layer imports only layers to its left (and itself); a feature imports no other feature,
 * except that feature's tables (`*.tables.ts`: the database is one schema, so foreign keys and
 * "still used by" checks read across areas). No import cycles anywhere. Decision 021.
 * `npm run lint` runs this and `prettier --check`; `npm test` counts it as one runner.
 */
import { readdirSync } from 'node:fs';
import { join, relative } from 'node:path';
import tseslint from 'typescript-eslint';
import astro from 'eslint-plugin-astro';
import { importX, createNodeResolver } from 'eslint-plugin-import-x';
import { createTypeScriptImportResolver } from 'eslint-import-resolver-typescript';
import { nodeLoadedFiles } from './scripts/node-loaded-files.mjs';

const root = import.meta.dirname;
const features = readdirSync(join(root, 'src/features'), { withFileTypes: true })
  .filter((entry) => entry.isDirectory())
  .map((entry) => entry.name);

/** Files under src that Node loads itself (scripts, the server entry, drizzle-kit): relative imports only. */
const nodeLoaded = [...nodeLoadedFiles()].map((file) => relative(root, file)).filter((file) => file.startsWith('src/'));

/** The bottom layer, src/lib: every file of it but the shared schema (src/lib/db/schema.ts), which may read areas' tables for foreign keys. */
const LIB_BUT_SCHEMA = ['src/lib/*.*', 'src/lib/!(db)/**', 'src/lib/db/!(schema).*', 'src/lib/db/*/**'];
const KIT = ['src/components/ui/**', 'src/components/data-table/**', 'src/components/form/**'];
const FEATURES = 'src/features/**';
const APP = 'src/app/**';
const PAGE_PARTS = ['src/components/area-pages/**', 'src/components/layout/**', 'src/layouts/**'];
const PAGES = ['src/pages/**', 'src/middleware.*', 'src/server/**'];

/** Every layer above `layer`, as import-x `from` globs. */
const above = {
  lib: [...KIT, FEATURES, APP, ...PAGE_PARTS, ...PAGES],
  kit: [FEATURES, APP, ...PAGE_PARTS, ...PAGES],
  features: [APP, ...PAGE_PARTS, ...PAGES],
  app: [...PAGE_PARTS, ...PAGES],
  pageParts: ['src/pages/**', 'src/middleware.*', 'src/server/**'],
};

const layerZones = [
  {
    target: LIB_BUT_SCHEMA,
    from: above.lib,
    message: 'src/lib is the bottom layer: it imports nothing of the kit, features, app or pages (docs/architecture.md).',
  },
  // The shared schema's foreign keys (vendors.city_id → cities) read the areas' tables, as features' tables do.
  {
    target: 'src/lib/db/schema.ts',
    from: above.lib,
    except: ['**/geography.tables.ts'],
    message: 'src/lib/db/schema.ts imports only other areas’ *.tables.ts, for foreign keys (docs/architecture.md).',
  },
  {
    target: KIT,
    from: above.kit,
    message: 'The UI kit (components/ui, data-table, form) is used by features: it imports only lib and the kit (docs/architecture.md).',
  },
  {
    target: FEATURES,
    from: above.features,
    message: 'A feature imports lib and the kit only; the app and pages put features together (docs/architecture.md).',
  },
  { target: APP, from: above.app, message: 'src/app (the composition root) is imported by pages, not the other way round (docs/architecture.md).' },
  { target: PAGE_PARTS, from: above.pageParts, message: 'Page parts (area pages, layout) are used by pages, not the other way round (docs/architecture.md).' },
  // One zone per feature: no other feature, except its tables.
  ...features.map((feature) => ({
    target: `src/features/${feature}/**`,
    from: [`src/features/!(${feature})/**`],
    except: ['**/*.tables.ts'],
    message:
      "Features do not import each other (only another area's *.tables.ts); put what two features share in src/lib, or compose them in src/app (docs/architecture.md).",
  })),
];

export default tseslint.config(
  {
    ignores: [
      'dist/**',
      '.astro/**',
      'node_modules/**',
      'data/**',
      'drizzle/**',
      'coverage/**',
      'test-results/**',
      'playwright-report/**',
      '.tmp/**',
      'bench/results/**',
      // A running bench's copy of the build.
      'bench/.build/**',
      'public/**',
    ],
  },
  ...tseslint.configs.recommended,
  ...astro.configs['flat/base'],
  {
    files: ['**/*.{js,mjs,ts,tsx,astro}'],
    plugins: { 'import-x': importX },
    settings: {
      'import-x/resolver-next': [createTypeScriptImportResolver({ project: join(root, 'tsconfig.json') }), createNodeResolver()],
      'import-x/extensions': ['.js', '.mjs', '.ts', '.tsx', '.astro'],
      'import-x/parsers': { '@typescript-eslint/parser': ['.ts', '.tsx'], 'astro-eslint-parser': ['.astro'] },
    },
    rules: {
      'import-x/no-cycle': ['error', { ignoreExternal: true }],
      'import-x/no-restricted-paths': ['error', { basePath: root, zones: layerZones }],
      // `_`-prefixed names are kept on purpose (a destructured field left out of a copy).
      '@typescript-eslint/no-unused-vars': [
        'error',
        { argsIgnorePattern: '^_', varsIgnorePattern: '^_', destructuredArrayIgnorePattern: '^_', caughtErrors: 'none' },
      ],
    },
  },
  {
    // Inside src, the @/ alias instead of ../../../ (scripts/codemods/alias-imports.mjs rewrites them).
    files: ['src/**/*.{ts,tsx,astro}'],
    ignores: nodeLoaded,
    rules: {
      'no-restricted-imports': [
        'error',
        { patterns: [{ regex: '^\\.\\./', message: 'Inside src, import by the @/ alias (@/lib/…), not ../ (decision 021).' }] },
      ],
    },
  },
  {
    // Node's type stripping does not read tsconfig paths: these files are run or loaded by Node itself.
    files: nodeLoaded,
    rules: {
      'no-restricted-imports': [
        'error',
        { patterns: [{ regex: '^@/', message: 'Node loads this file directly (scripts/node-loaded-files.mjs): relative imports only.' }] },
      ],
    },
  },
  {
    // Test helpers read answers of any shape as JSON; the assertions then check the shape.
    files: ['tests/**'],
    rules: { '@typescript-eslint/no-explicit-any': 'off' },
  },
);
