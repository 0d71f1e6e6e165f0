/**
 * Which sidebar item is the current page's: the item whose route is the path, or else the
 * first item of the same area (first path segment), so /brands/7/edit lights up Brands.
 */
import type { MenuGroup } from './menu.ts';

export function activeMenuRoute(menu: readonly MenuGroup[], pathname: string): string | undefined {
  const items = menu.flatMap((g) => g.items);
  const path = pathname.length > 1 ? pathname.replace(/\/+$/, '') : pathname;
  const exact = items.find((i) => i.route === path);
  if (exact) return exact.route;
  const area = path.split('/')[1];
  if (!area) return undefined;
  return items.find((i) => i.route.split('/')[1] === area)?.route;
}
