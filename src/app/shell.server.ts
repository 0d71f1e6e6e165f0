/**
 * Everything the app layout needs from the server, in one call per page: the current user,
 * the sidebar already filtered by permission (hidden groups never reach the HTML), the
 * impersonation banner, the theme, the menu state kept in the `layout` cookie, and the
 * breadcrumb.
 */
import type { AstroCookies } from 'astro';
import { db } from '@/lib/boot.server.ts';
import { currentUser, type CurrentUser } from '@/features/profile/current-user.server.ts';
import { visibleMenu, type MenuGroup } from '@/lib/navigation/menu.ts';
import { activeMenuRoute } from '@/lib/navigation/active-item.ts';
import { breadcrumbFor, type Crumb } from '@/lib/navigation/breadcrumb.ts';
import { breadcrumbParents, samplePath } from '@/app/routes/registry.ts';
import type { RouteDef } from '@/lib/routes/route.ts';
import { pendingVendorCount } from '@/features/vendors/vendors.service.server.ts';
import { pendingReviewCount } from '@/features/products/product-review.service.server.ts';
import { MENU_BADGE_CAP } from '@/lib/navigation/menu.ts';
import { effectiveSurface, type ThemeConfig } from '@/lib/theme/theme.ts';
import { LAYOUT_COOKIE, parseLayoutCookie, type PersistedLayout } from '@/lib/stores/layout.ts';

export interface ShellData {
  user: CurrentUser;
  menu: MenuGroup[];
  activeRoute: string | undefined;
  /** Who is being impersonated, while an administrator acts as them. */
  impersonating: { name: string; email: string } | null;
  theme: ThemeConfig;
  surface: ReturnType<typeof effectiveSurface>;
  layout: PersistedLayout;
  /** Every crumb but the last links to a page this user can open. */
  breadcrumb: Crumb[];
  /** Permission-driven top-bar features. */
  show: { smsBalance: boolean; notifications: boolean; profile: boolean };
}

interface ShellContext {
  locals: App.Locals;
  url: URL;
  cookies: AstroCookies;
}

export async function loadShell({ locals, url, cookies }: ShellContext, breadcrumb?: string[]): Promise<ShellData> {
  const user = await currentUser(db(), locals);
  const p = locals.principal!;
  const menu = await withBadges(visibleMenu(locals.can, p.user.userType), locals);
  return {
    user,
    menu,
    activeRoute: activeMenuRoute(menu, url.pathname),
    impersonating: locals.session?.impersonatedUserId ? { name: p.user.name, email: p.user.email } : null,
    theme: locals.theme,
    surface: effectiveSurface(locals.theme),
    layout: parseLayoutCookie(cookies.get(LAYOUT_COOKIE)?.value),
    breadcrumb: crumbsFor(locals, url.pathname, breadcrumb),
    show: {
      smsBalance: locals.can('twilio:balance'),
      notifications: locals.can('notifications:list'),
      profile: locals.can('profile:view-details'),
    },
  };
}

/**
 * The sidebar's counts (MenuItem.badge), each read only for those who may see it, on every page:
 * a count that can grow long stops at MENU_BADGE_CAP (drawn "99+", Sidebar.astro).
 */
const BADGE_COUNTS: Record<string, () => Promise<number>> = {
  'vendors-pending': () => pendingVendorCount(db()),
  'products-pending': () => pendingReviewCount(db(), { upTo: MENU_BADGE_CAP }),
};

async function withBadges(menu: MenuGroup[], locals: App.Locals): Promise<MenuGroup[]> {
  return Promise.all(
    menu.map(async (g) => ({
      ...g,
      items: await Promise.all(
        g.items.map(async (i) =>
          i.badge && locals.can(i.badge.permission) && BADGE_COUNTS[i.badge.key] ? { ...i, count: await BADGE_COUNTS[i.badge.key]!() } : i,
        ),
      ),
    })),
  );
}

/** Whether this user may open the page (the guard's rule), so a crumb never links to a 403. */
function mayOpen(locals: App.Locals, route: RouteDef): boolean {
  const user = locals.principal?.user;
  if (!user || route.planned) return false;
  switch (route.access.kind) {
    case 'public':
    case 'auth':
      return true;
    case 'guest':
      return false;
    case 'vendor':
      return user.userType === 'vendor';
    case 'staff':
      return user.userType === 'staff';
    case 'permission':
      return locals.can(route.access.permission);
  }
}

/**
 * The route's configured trail (spec §2), its parents as links; a parent this user may not open, or
 * one not built yet, is left out rather than shown as text that looks like a link. A page that
 * names its own trail (the error pages) or a path outside the registry gets plain text.
 */
function crumbsFor(locals: App.Locals, pathname: string, own: string[] | undefined): Crumb[] {
  const route = locals.route;
  if (own || !route?.breadcrumb) return breadcrumbFor(pathname, own).map((label) => ({ label }));
  const parents = breadcrumbParents(route)
    .filter((p) => mayOpen(locals, p.route))
    .map((p) => ({ label: p.label, href: samplePath(p.route) }));
  return [...parents, { label: route.breadcrumb.at(-1)! }];
}

/** Spec §2: the rupee sign for INR, otherwise the dollar sign. */
export function currencySymbol(currency: string): string {
  return currency.toUpperCase() === 'INR' ? '₹' : '$';
}

/** ₹1,250.50 (Indian grouping for rupees), $1,250.50 otherwise. */
export function formatMoney({ balance, currency }: { balance: number; currency: string }): string {
  const inr = currency.toUpperCase() === 'INR';
  const amount = balance.toLocaleString(inr ? 'en-IN' : 'en-US', { minimumFractionDigits: 2, maximumFractionDigits: 2 });
  return `${currencySymbol(currency)}${amount}`;
}
