/**
 * Which sidebar item is the current page's: the item whose route is the path; or else the item
 * whose route the path continues (/products/product-size-charts/3/edit lights Product Size
 * Charts, not Products); or else the first item of the same area (first path segment), so
 * /brands/7/edit lights up Brands, and the spec's singular paths (/widget/3/edit,
 * /warehouse/3/edit) light their plural area.
 */
import type { MenuGroup } from './menu.ts';

export function activeMenuRoute(menu: readonly MenuGroup[], pathname: string): string | undefined {
  const items = menu.flatMap((g) => g.items);
  const path = pathname.length > 1 ? pathname.replace(/\/+$/, '') : pathname;
  const exact = items.find((i) => i.route === path);
  if (exact) return exact.route;
  const within = items.filter((i) => i.route.split('/').length > 2 && path.startsWith(`${i.route}/`)).sort((a, b) => b.route.length - a.route.length)[0];
  if (within) return within.route;
  const area = path.split('/')[1];
  if (!area) return undefined;
  const inArea = (segment: string) => items.find((i) => i.route.split('/')[1] === segment)?.route;
  return inArea(area) ?? inArea(`${area}s`);
}
