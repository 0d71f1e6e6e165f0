/**
 * The layers of docs/architecture.md are enforced by ESLint (eslint.config.js): this lints small
 * files placed, virtually, in each layer with the project's own configuration (ESLint's public
 * `lintText` with a `filePath`), and expects a layer or cycle error exactly where a rule is broken.
 */
import { describe, expect, it } from 'vitest';
import { ESLint } from 'eslint';
import { fileURLToPath } from 'node:url';

const root = fileURLToPath(new URL('../..', import.meta.url));
const eslint = new ESLint({ cwd: root });

/** The rule ids ESLint reports for `code` as if it were the file at `filePath`. */
async function rulesBroken(filePath: string, code: string): Promise<string[]> {
  const [result] = await eslint.lintText(code, { filePath: `${root}/${filePath}` });
  return result!.messages.map((m) => m.ruleId ?? m.message);
}

describe('layers, checked by ESLint', { timeout: 120_000 }, () => {
  it('refuses a lib file that imports a feature, by relative path or by the @/ alias', async () => {
    expect(
      await rulesBroken('src/lib/layer-probe.ts', "import { brandArea } from '../features/brands/brand.area.ts';\nexport const probe = brandArea;\n"),
    ).toContain('import-x/no-restricted-paths');
    expect(
      await rulesBroken('src/lib/layer-probe.ts', "import { brandArea } from '@/features/brands/brand.area.ts';\nexport const probe = brandArea;\n"),
    ).toContain('import-x/no-restricted-paths');
  });

  it('lets the shared schema read the geography tables for foreign keys, and nothing else of a feature; other lib files not even those', async () => {
    const tables = "import { cities } from '../../features/geography/geography.tables.ts';\nexport const probe = cities;\n";
    expect(await rulesBroken('src/lib/db/schema.ts', tables)).not.toContain('import-x/no-restricted-paths');
    expect(
      await rulesBroken('src/lib/db/schema.ts', "import { cityArea } from '../../features/geography/city.area.ts';\nexport const probe = cityArea;\n"),
    ).toContain('import-x/no-restricted-paths');
    expect(await rulesBroken('src/lib/db/layer-probe.ts', tables)).toContain('import-x/no-restricted-paths');
    expect(await rulesBroken('src/lib/layer-probe.ts', tables.replace('../../', '../'))).toContain('import-x/no-restricted-paths');
  });

  it('refuses lib importing the app, and the UI kit importing the app', async () => {
    expect(await rulesBroken('src/lib/layer-probe.ts', "import { AREAS } from '../app/areas/areas.ts';\nexport const probe = AREAS;\n")).toContain(
      'import-x/no-restricted-paths',
    );
    expect(await rulesBroken('src/components/ui/LayerProbe.tsx', "import { AREAS } from '../../app/areas/areas.ts';\nexport const probe = AREAS;\n")).toContain(
      'import-x/no-restricted-paths',
    );
  });

  it("refuses a feature that imports another feature's code, and lets it read that feature's tables", async () => {
    expect(
      await rulesBroken('src/features/tags/layer-probe.ts', "import { brandArea } from '../brands/brand.area.ts';\nexport const probe = brandArea;\n"),
    ).toContain('import-x/no-restricted-paths');
    expect(
      await rulesBroken('src/features/tags/layer-probe.ts', "import { brands } from '@/features/brands/brand.tables.ts';\nexport const probe = brands;\n"),
    ).toEqual([]);
  });

  it('allows the one-way direction: the app imports features, a feature imports lib and the kit', async () => {
    expect(
      await rulesBroken('src/app/layer-probe.ts', "import { brandArea } from '@/features/brands/brand.area.ts';\nexport const probe = brandArea;\n"),
    ).toEqual([]);
    expect(
      await rulesBroken(
        'src/features/tags/layer-probe.ts',
        "import { inSentence } from '@/lib/areas/area.ts';\nimport { buttonClass } from '@/components/ui/styles.ts';\nexport const probe = [inSentence, buttonClass];\n",
      ),
    ).toEqual([]);
  });

  it('asks for the @/ alias instead of ../ inside src', async () => {
    expect(
      await rulesBroken('src/features/tags/layer-probe.ts', "import { inSentence } from '../../lib/areas/area.ts';\nexport const probe = inSentence;\n"),
    ).toEqual(['no-restricted-imports']);
  });

  it('refuses an import cycle', async () => {
    // area-routes.ts imports area.ts; an area.ts that imported area-routes.ts back would close a cycle.
    expect(await rulesBroken('src/lib/areas/area.ts', "import { areaPageRoutes } from './area-routes.ts';\nexport const probe = areaPageRoutes;\n")).toContain(
      'import-x/no-cycle',
    );
  });
});
