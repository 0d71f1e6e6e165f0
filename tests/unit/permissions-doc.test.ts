/**
 * docs/permissions.md is generated from the code (`npm run docs:permissions`): this fails when the
 * committed file is out of date, or a permission has no description. Also the permission matrix's
 * shape: every permission is one cell, grouped as the sidebar groups its area.
 */
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { permissionsDoc } from '@/app/permissions/permissions-doc.ts';
import { ALL_PERMISSIONS } from '@/lib/permissions/catalogue.ts';
import { permissionDescription } from '@/lib/permissions/descriptions.ts';
import { describeGrantDiff, grantDiff, matrixShape, OTHER_GROUP } from '@/features/roles/permission-matrix.ts';

describe('docs/permissions.md', () => {
  it('is what `npm run docs:permissions` writes from the code', () => {
    const committed = readFileSync(new URL('../../docs/permissions.md', import.meta.url), 'utf8');
    expect(committed === permissionsDoc(), 'docs/permissions.md is out of date: run `npm run docs:permissions` and commit it').toBe(true);
  });

  it('describes every permission and lists it once', () => {
    const doc = permissionsDoc();
    for (const p of ALL_PERMISSIONS) {
      expect(permissionDescription(p).length, p).toBeGreaterThan(5);
      expect(doc.split(`| \`${p}\` |`).length - 1, p).toBe(1);
    }
  });

  it('keeps the spec’s oddities: Promotions needs rbac:list, Global Settings global-settings:create', () => {
    const doc = permissionsDoc();
    expect(doc).toMatch(/\| `rbac:list` \|[^\n]*Marketing › Promotions/);
    expect(doc).toMatch(/\| `global-settings:create` \|[^\n]*`\/global-settings`/);
  });
});

describe('the permission matrix', () => {
  const shape = matrixShape();

  it('has one cell per permission, rows grouped as the sidebar groups their areas', () => {
    const cells = shape.groups.flatMap((g) => g.rows.flatMap((r) => r.actions.map((a) => `${r.area}:${a}`)));
    expect(cells.sort()).toEqual([...ALL_PERMISSIONS].sort());
    const groupOf = (area: string) => shape.groups.find((g) => g.rows.some((r) => r.area === area))?.label;
    expect(groupOf('brands')).toBe('Catalogue');
    // Promotions borrows rbac:list in the menu; rbac sits with its own page, RBAC.
    expect(groupOf('rbac')).toBe('Settings');
    expect(groupOf('promotions')).toBe('Marketing');
    expect(groupOf('product-size-chart')).toBe('Products');
    expect(shape.groups.at(-1)?.label).toBe(OTHER_GROUP);
    expect(shape.actions.slice(0, 5)).toEqual(['list', 'view', 'create', 'update', 'delete']);
    expect(new Set(shape.actions).size).toBe(shape.actions.length);
  });

  it('computes only the difference, and says it readably', () => {
    const diff = grantDiff(['brands:list', 'tags:list'], ['brands:list', 'brands:delete', 'faqs:list']);
    expect(diff).toEqual({ grant: ['brands:delete', 'faqs:list'], revoke: ['tags:list'] });
    expect(describeGrantDiff({ grant: ['brands:delete'], revoke: [] }, 'Meera')).toBe('granted brands:delete to Meera');
    expect(describeGrantDiff(diff, 'Catalogue editors')).toBe(
      'granted brands:delete, faqs:list to Catalogue editors; revoked tags:list from Catalogue editors',
    );
  });
});
