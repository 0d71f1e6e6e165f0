import { describe, it, expect } from 'vitest';
import { breadcrumbFor } from '../../src/lib/navigation/breadcrumb.ts';
import { activeMenuRoute } from '../../src/lib/navigation/active-item.ts';
import { MENU } from '../../src/lib/navigation/menu.ts';

describe('breadcrumbFor (spec §2)', () => {
  it('uses the configured breadcrumb when there is one', () => {
    expect(breadcrumbFor('/profile/update-password', ['Profile', 'Update Password'])).toEqual(['Profile', 'Update Password']);
  });

  it('falls back to the path when the configured breadcrumb is empty or missing', () => {
    expect(breadcrumbFor('/dashboard', [])).toEqual(['Dashboard']);
    expect(breadcrumbFor('/dashboard', undefined)).toEqual(['Dashboard']);
    expect(breadcrumbFor('/dashboard', null)).toEqual(['Dashboard']);
  });

  it('drops numeric segments and capitalises the others', () => {
    expect(breadcrumbFor('/orders/42/details')).toEqual(['Orders', 'Details']);
    expect(breadcrumbFor('/brands/7/edit')).toEqual(['Brands', 'Edit']);
  });

  it('keeps segments that only contain digits among other characters', () => {
    expect(breadcrumbFor('/wishlists/wl-12')).toEqual(['Wishlists', 'Wl-12']);
    expect(breadcrumbFor('/orders/12a')).toEqual(['Orders', '12a']);
  });

  it('capitalises only the first letter, as the spec says', () => {
    expect(breadcrumbFor('/pending-orders/listing')).toEqual(['Pending-orders', 'Listing']);
  });

  it('ignores empty segments and trailing slashes', () => {
    expect(breadcrumbFor('//products//listing/')).toEqual(['Products', 'Listing']);
    expect(breadcrumbFor('/')).toEqual([]);
  });

  it('decodes escaped segments and survives malformed ones', () => {
    expect(breadcrumbFor('/caf%C3%A9')).toEqual(['Café']);
    expect(breadcrumbFor('/bad%E0%A4%A')).toEqual(['Bad%E0%A4%A']);
  });

  it('does not mutate the configured array', () => {
    const configured = ['A'];
    breadcrumbFor('/x', configured).push('B');
    expect(configured).toEqual(['A']);
  });
});

describe('activeMenuRoute', () => {
  it('matches the exact route first', () => {
    expect(activeMenuRoute(MENU, '/products/add')).toBe('/products/add');
    expect(activeMenuRoute(MENU, '/pending-orders/listing')).toBe('/pending-orders/listing');
  });

  it('falls back to the first item of the same area', () => {
    expect(activeMenuRoute(MENU, '/brands/7/edit')).toBe('/brands/listing');
    expect(activeMenuRoute(MENU, '/products/edit/3')).toBe('/products/listing');
    expect(activeMenuRoute(MENU, '/products/product-size-charts/3/edit')).toBe('/products/product-size-charts');
    expect(activeMenuRoute(MENU, '/products/product-size-charts/add')).toBe('/products/product-size-charts');
    expect(activeMenuRoute(MENU, '/widget/3/edit')).toBe('/widgets/listing');
    expect(activeMenuRoute(MENU, '/warehouse/3/edit')).toBe('/warehouses');
  });

  it('finds nothing for pages outside the menu', () => {
    expect(activeMenuRoute(MENU, '/profile')).toBeUndefined();
    expect(activeMenuRoute(MENU, '/')).toBeUndefined();
  });
});

describe('configured breadcrumbs (registry)', async () => {
  const { routes, breadcrumbParents } = await import('../../src/app/routes/registry.ts');
  const signedInPages = routes.filter((r) => r.kind === 'page' && r.access.kind !== 'public' && r.access.kind !== 'guest');

  it('configures a trail for every signed-in page, ending with the menu label or the title', () => {
    const menuLabel = new Map(MENU.flatMap((g) => g.items.map((i) => [i.route, i.label])));
    for (const route of signedInPages) {
      expect(route.breadcrumb, route.pattern).toBeDefined();
      expect(route.breadcrumb!.at(-1), route.pattern).toBe(menuLabel.get(route.pattern) ?? route.title);
    }
  });

  it('names pages as the spec menu does', () => {
    const crumbs = (pattern: string) => routes.find((r) => r.pattern === pattern && r.kind === 'page')?.breadcrumb;
    expect(crumbs('/pending-orders/listing')).toEqual(['Pending Orders']);
    expect(crumbs('/global-settings')).toEqual(['Global Settings']);
    expect(crumbs('/products/product-size-charts')).toEqual(['Product Size Charts']);
    expect(crumbs('/products/product-size-charts/:id/edit')).toEqual(['Product Size Charts', 'Edit size chart']);
    expect(crumbs('/profile/update-password')).toEqual(['Profile', 'Update Password']);
    expect(crumbs('/warehouse/:id/edit')?.[0]).toBe('Warehouses');
  });

  it('links every crumb but the last to a page without parameters, one per step of the trail', () => {
    for (const route of signedInPages) {
      const parents = breadcrumbParents(route);
      expect(
        parents.map((p) => p.label),
        route.pattern,
      ).toEqual(route.breadcrumb!.slice(0, -1));
      for (const parent of parents) {
        expect(parent.route.kind, route.pattern).toBe('page');
        expect(parent.route.pattern, route.pattern).not.toContain(':');
      }
    }
  });
});
