/**
 * An area's own inputs (`input: 'custom'`) are found by name in the app's registry: a name
 * that is missing there would leave the form with "editor is missing" instead of the input.
 */
import { describe, expect, it } from 'vitest';
import { AREAS } from '../../src/app/areas/areas.ts';
import { FIELD_COMPONENTS } from '../../src/app/areas/field-components.ts';

describe("the areas' own inputs", () => {
  const custom = AREAS.flatMap((area) =>
    (area.fields ?? []).filter((f) => f.input === 'custom').map((f) => ({ area: area.key, field: f.name, component: f.custom?.component })),
  );

  it('are declared by the areas that need them (size charts, delivery zones, users, products, matrix groups and matrices, coupons, promotions)', () => {
    expect(custom.map((c) => `${c.area}.${c.field}`).sort()).toEqual([
      'coupons.category_ids',
      'coupons.product_ids',
      'coupons.vendor_ids',
      'delivery-zones.pincodes',
      'product-matrices.value_ids',
      'product-matrix-groups.values',
      'products.tag_ids',
      'promotions.category_ids',
      'promotions.product_ids',
      'promotions.vendor_ids',
      'size-charts.grid',
      'users.role_ids',
    ]);
  });

  it('each name a component of the registry, and the registry holds no unused one', () => {
    for (const c of custom) expect(Object.keys(FIELD_COMPONENTS), `${c.area}.${c.field}`).toContain(c.component);
    expect(Object.keys(FIELD_COMPONENTS).sort()).toEqual([...new Set(custom.map((c) => c.component))].sort());
  });
});
