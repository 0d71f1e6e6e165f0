/**
 * Everything the app layout needs from the server, in one call per page: the current user,
 * the sidebar already filtered by permission (hidden groups never reach the HTML), the
 * impersonation banner, the theme, the menu state kept in the `layout` cookie, and the
 * breadcrumb.
 */
import type { AstroCookies } from 'astro';
import { db } from '@/lib/boot.server.ts';
import { visibleMenu, type MenuGroup } from '@/lib/navigation/menu.ts';
import { activeMenuRoute } from '@/lib/navigation/active-item.ts';
import { breadcrumbFor, type Crumb } from '@/lib/navigation/breadcrumb.ts';
import { breadcrumbParents, samplePath } from '@/app/routes/registry.ts';
import { accessPermissions, type RouteDef } from '@/lib/routes/route.ts';
import { sql, type SQL } from 'drizzle-orm';
import { rowsOf } from '@/lib/db/client.server.ts';
import { currentUser, type CurrentUser } from '@/features/profile/current-user.server.ts';
import { unreadNotificationCountSql } from '@/lib/notifications/unread.server.ts';
import { pendingVendorCountSql } from '@/features/vendors/vendors.service.server.ts';
import { pendingReviewCountSql } from '@/features/products/product-review.service.server.ts';
import { pendingFeedbackCountSql } from '@/features/reviews/reviews.server.ts';
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
  const p = locals.principal!;
  const visible = visibleMenu(locals.can, p.user.userType);
  const counts = await shellCounts(visible, locals);
  const user = await currentUser(db(), locals, { unread: counts.unread });
  const menu = visible.map((g) => ({
    ...g,
    items: g.items.map((i) => (i.badge && counts.badges.has(i.badge.key) ? { ...i, count: counts.badges.get(i.badge.key)! } : i)),
  }));
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
const BADGE_COUNTS: Record<string, () => SQL<number>> = {
  'vendors-pending': pendingVendorCountSql,
  'products-pending': () => pendingReviewCountSql(MENU_BADGE_CAP),
  'reviews-pending': () => pendingFeedbackCountSql(MENU_BADGE_CAP),
};

/**
 * Every count the shell shows (the bell's unread notifications and the sidebar's badges) in one
 * statement: each is a round trip to the database otherwise, on every page.
 */
async function shellCounts(menu: MenuGroup[], locals: Pick<App.Locals, 'can' | 'principal'>): Promise<{ unread: number; badges: Map<string, number> }> {
  const keys = [
    ...new Set(menu.flatMap((g) => g.items.flatMap((i) => (i.badge && locals.can(i.badge.permission) && BADGE_COUNTS[i.badge.key] ? [i.badge.key] : [])))),
  ];
  const values = [
    sql`${unreadNotificationCountSql(locals.principal!.user.id)} as unread`,
    ...keys.map((key, n) => sql`${BADGE_COUNTS[key]!()} as ${sql.identifier(`badge_${n}`)}`),
  ];
  const [row] = rowsOf<Record<string, number | string>>(await db().execute(sql`select ${sql.join(values, sql`, `)}`));
  return { unread: Number(row?.unread ?? 0), badges: new Map(keys.map((key, n) => [key, Number(row?.[`badge_${n}`] ?? 0)])) };
}

/**
 * The counts the shell shows, for the live updates (src/app/realtime): the bell's unread count and
 * the sidebar badges this person sees, read with the shell's own statement and rules.
 */
export async function liveShellCounts(
  principal: NonNullable<App.Locals['principal']>,
  can: App.Locals['can'],
): Promise<{ unread: number; badges: Record<string, number> }> {
  const counts = await shellCounts(visibleMenu(can, principal.user.userType), { can, principal });
  return { unread: counts.unread, badges: Object.fromEntries(counts.badges) };
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
      return accessPermissions(route.access).every((p) => locals.can(p));
    case 'storefront':
    case 'webhook':
      return false;
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

/**
 * Made once: `toLocaleString` with options builds a new formatter on every call (a third of a
 * millisecond, on every page's top bar).
 */
const AMOUNT_FORMATS = {
  inr: new Intl.NumberFormat('en-IN', { minimumFractionDigits: 2, maximumFractionDigits: 2 }),
  other: new Intl.NumberFormat('en-US', { minimumFractionDigits: 2, maximumFractionDigits: 2 }),
};

/** ₹1,250.50 (Indian grouping for rupees), $1,250.50 otherwise. */
export function formatMoney({ balance, currency }: { balance: number; currency: string }): string {
  const amount = AMOUNT_FORMATS[currency.toUpperCase() === 'INR' ? 'inr' : 'other'].format(balance);
  return `${currencySymbol(currency)}${amount}`;
}
