/**
 * The route registry: every page and API route declares here who may open it.
 * The middleware enforces it, the matrix test is generated from it, the global
 * search and the 501 "not built yet" pages read it. A file under src/pages with
 * no entry here fails tests/unit/route-registry.test.ts.
 *
 * No server imports: islands read titles from here.
 */
import type { Permission } from '@/lib/permissions/catalogue.ts';
import type { Access, CompiledRoute, Method, RouteDef } from '@/lib/routes/route.ts';
import { AREAS } from '@/app/areas/areas.ts';
import { areaApiRoutes, areaPageRoutes } from '@/lib/areas/area-routes.ts';
import { MENU } from '@/lib/navigation/menu.ts';
import { ORDER_LISTS } from '@/features/orders/order.list.ts';

const perm = (permission: Permission): Access => ({ kind: 'permission', permission });
const AUTH: Access = { kind: 'auth' };
const GUEST: Access = { kind: 'guest' };
const PUBLIC: Access = { kind: 'public' };
const VENDOR: Access = { kind: 'vendor' };
const STAFF: Access = { kind: 'staff' };
const STOREFRONT_READ: Access = { kind: 'storefront', scope: 'read-catalogue' };
const STOREFRONT_WRITE: Access = { kind: 'storefront', scope: 'write-orders' };

function page(pattern: string, access: Access, title: string, extra: Partial<RouteDef> = {}): RouteDef {
  return { pattern, kind: 'page', methods: ['GET'], access, title, ...extra };
}
function api(methods: Method[], pattern: string, access: Access, extra: Partial<RouteDef> = {}): RouteDef {
  return { pattern, kind: 'api', methods, access, ...extra };
}

const routeList: RouteDef[] = [
  // Guest layout
  page('/', PUBLIC, 'Home'),
  // The guard rewrites a forbidden page request of any method here (a staff POST to a vendor form).
  page('/403', PUBLIC, 'Access denied', { methods: ['GET', 'POST'] }),
  page('/404', PUBLIC, 'Page not found'),
  { ...page('/auth/login', GUEST, 'Sign in'), methods: ['GET', 'POST'] },
  { ...page('/api/user/reset-password', GUEST, 'Reset password'), methods: ['GET', 'POST'] },
  // Sign-in's second step for accounts with two-factor sign-in on (src/features/two-factor).
  { ...page('/auth/two-factor', GUEST, 'Two-factor sign-in'), methods: ['GET', 'POST'] },

  // Foundation pages
  page('/dashboard', perm('dashboard:view'), 'Dashboard'),
  page('/profile', perm('profile:view-details'), 'Profile', { methods: ['GET', 'POST'] }),
  page('/profile/update-password', AUTH, 'Update Password', { parent: '/profile', methods: ['GET', 'POST'] }),
  page('/profile/list', perm('profile:view-details'), 'Sessions', { parent: '/profile' }),
  // Staff only; reachable (onboarding) while a role requires 2FA that is not on yet.
  page('/profile/two-factor', STAFF, 'Two-factor sign-in', { parent: '/profile', onboarding: true, methods: ['GET', 'POST'] }),
  page('/vendor/store-setup', VENDOR, 'Store setup', { onboarding: true, methods: ['GET', 'POST'] }),
  page('/vendor/mobile-verification', VENDOR, 'Mobile verification', { onboarding: true, methods: ['GET', 'POST'] }),
  page('/vendor/onboarding', VENDOR, 'Onboarding', { onboarding: true, methods: ['GET', 'POST'] }),
  page('/vendor/store-details', VENDOR, 'Store details', { methods: ['GET', 'POST'] }),

  // Spec pages of areas built by later issues
  // Orders (src/features/orders, docs/orders.md): four lists of sub-orders, each with its own API and
  // permission; the details page and its moves (a vendor's own sub-orders only: VENDOR_OWNED).
  ...ORDER_LISTS.flatMap((l) => [
    page(l.declaration.paths.list, perm(l.permission), l.declaration.label),
    api(['GET'], `/api/${l.declaration.key}`, perm(l.permission)),
    api(['GET'], `/api/${l.declaration.key}/export`, perm(l.permission)),
    // "Print invoices and labels" (src/app/orders/order-print.server.ts): reading documents, orders:view.
    ...(l.declaration.bulkDownloads ?? []).map((d) => api(['POST'], `/api/${l.declaration.key}/${d.path}`, perm(d.permission))),
  ]),
  // Pending Orders' bulk confirm and pack (the DataTable's "Set status…").
  api(['POST'], '/api/pending-orders/bulk-status', perm('orders:update')),
  page('/orders/:id/details', perm('orders:view'), 'Order details', { sample: { id: '1' }, parent: '/orders/listing' }),
  api(['GET'], '/api/orders/:id', perm('orders:view'), { sample: { id: '1' } }),
  api(['POST'], '/api/orders/:id/notes', perm('orders:view'), { sample: { id: '999999' } }),
  api(['POST'], '/api/orders/:id/sub-orders/:subId/transitions', perm('orders:update'), { sample: { id: '999999', subId: '999999' } }),
  // Tax invoices, credit notes and shipping labels (src/features/invoices, decision 040): reading them is orders:view.
  api(['GET'], '/api/orders/:id/documents', perm('orders:view'), { sample: { id: '1' } }),
  api(['GET'], '/api/orders/:id/documents/:documentId/pdf', perm('orders:view'), { sample: { id: '1', documentId: '1' } }),
  api(['GET'], '/api/orders/:id/sub-orders/:subId/label', perm('orders:view'), { sample: { id: '1', subId: '1' } }),
  // Storefront API keys: a screen of global settings (staff create, see once, revoke).
  page('/global-settings/storefront-api-keys', perm('global-settings:create'), 'Storefront API keys', { parent: '/global-settings' }),
  api(['GET', 'POST'], '/api/storefront-api-keys', perm('global-settings:create')),
  api(['POST'], '/api/storefront-api-keys/:id/revoke', perm('global-settings:create'), { sample: { id: '999999' } }),
  // The storefront API (docs/orders.md): API keys with a scope, never a session, no CSRF.
  api(['GET'], '/api/storefront/v1/products', STOREFRONT_READ),
  api(['GET'], '/api/storefront/v1/products/:id', STOREFRONT_READ, { sample: { id: '1' } }),
  api(['GET'], '/api/storefront/v1/availability', STOREFRONT_READ, { sampleQuery: 'sku=DFH-KUR-001&pincode=560001' }),
  api(['POST'], '/api/storefront/v1/customers', STOREFRONT_WRITE),
  api(['POST'], '/api/storefront/v1/orders', STOREFRONT_WRITE),
  // Prices a cart as placing would (discounts, delivery charge), writing nothing (docs/money.md "Discounts").
  api(['POST'], '/api/storefront/v1/orders/quote', STOREFRONT_WRITE),
  api(['GET'], '/api/storefront/v1/orders/:number', STOREFRONT_WRITE, { sample: { number: 'OD-2026-999999' } }),
  api(['POST'], '/api/storefront/v1/orders/:number/cancel', STOREFRONT_WRITE, { sample: { number: 'OD-2026-999999' } }),
  api(['POST'], '/api/storefront/v1/orders/:number/return', STOREFRONT_WRITE, { sample: { number: 'OD-2026-999999' } }),
  api(['GET'], '/api/storefront/v1/orders/:number/documents', STOREFRONT_WRITE, { sample: { number: 'OD-2026-999999' } }),
  api(['GET'], '/api/storefront/v1/orders/:number/documents/:documentId/pdf', STOREFRONT_WRITE, { sample: { number: 'OD-2026-999999', documentId: '1' } }),
  // Customer Feedback (src/features/reviews, docs/reviews.md): a vendor sees reviews of their own products only.
  page('/reviews/listing', perm('reviews:list'), 'Customer Feedback'),
  page('/reviews/:id/details', perm('reviews:list'), 'Review details', { sample: { id: '1' }, parent: '/reviews/listing' }),
  api(['GET'], '/api/reviews', perm('reviews:list')),
  api(['GET'], '/api/reviews/export', perm('reviews:list')),
  api(['POST'], '/api/reviews/bulk-status', perm('reviews:update')),
  api(['GET'], '/api/reviews/:id', perm('reviews:list'), { sample: { id: '1' } }),
  api(['POST'], '/api/reviews/:id/moderate', perm('reviews:update'), { sample: { id: '999999' } }),
  api(['PUT'], '/api/reviews/:id/reply', perm('reviews:reply'), { sample: { id: '999999' } }),
  api(['DELETE'], '/api/reviews/:id/reply', perm('reviews:update'), { sample: { id: '999999' } }),
  api(['POST'], '/api/storefront/v1/reviews', STOREFRONT_WRITE),
  api(['GET'], '/api/storefront/v1/products/:id/reviews', STOREFRONT_READ, { sample: { id: '1' } }),
  // Add step 2 (src/features/products/components/ProductImageManager.tsx); POST: the no-JavaScript upload form.
  page('/products/add-images/:id', perm('products:update'), 'Product images', { methods: ['GET', 'POST'], sample: { id: '1' }, parent: '/products/listing' }),
  // Add steps 3 and 4 (src/features/products: product-delivery, variants). Step 3 works without JavaScript (it posts to itself).
  page('/products/add-delivery-details/:id', perm('products:update'), 'Delivery details', {
    sample: { id: '1' },
    parent: '/products/listing',
    methods: ['GET', 'POST'],
  }),
  page('/products/add-pricing-details/:id', perm('products:update'), 'Pricing details', { sample: { id: '1' }, parent: '/products/listing' }),
  // Bulk import (src/features/products/product-import*, docs/products.md "Bulk import"): upload → dry run →
  // confirm → import on one page; a vendor into their own catalogue, staff name the vendor.
  page('/products/bulk-upload', perm('products:import'), 'Bulk Upload'),
  api(['GET', 'POST'], '/api/products/imports', perm('products:import')),
  api(['GET'], '/api/products/imports/:id', perm('products:import'), { sample: { id: '999999' } }),
  api(['GET'], '/api/products/imports/:id/errors', perm('products:import'), { sample: { id: '999999' } }),
  api(['GET'], '/api/products/imports/:id/rows', perm('products:import'), { sample: { id: '999999' } }),
  api(['GET'], '/api/products/imports/:id/error-file', perm('products:import'), { sample: { id: '999999' } }),
  api(['POST'], '/api/products/imports/:id/confirm', perm('products:import'), { sample: { id: '999999' } }),
  api(['GET'], '/api/products/import-template', perm('products:import'), { sampleQuery: 'format=csv&vendor_id=1' }),
  // Stock levels and their ledger (src/features/inventories): a vendor's own only (VENDOR_OWNED).
  page('/inventories/listing', perm('inventories:list'), 'Inventories'),
  page('/inventories/:id/edit', perm('inventories:update'), 'Edit stock level', {
    sample: { id: '1' },
    parent: '/inventories/listing',
    methods: ['GET', 'POST'],
  }),
  api(['GET'], '/api/inventories', perm('inventories:list')),
  api(['POST'], '/api/inventories', perm('inventories:update')),
  api(['GET'], '/api/inventories/export', perm('inventories:list')),
  api(['GET'], '/api/inventories/:id', perm('inventories:list'), { sample: { id: '1' } }),
  api(['PATCH'], '/api/inventories/:id', perm('inventories:update'), { sample: { id: '1' } }),
  api(['POST'], '/api/inventories/:id/adjustments', perm('inventories:update'), { sample: { id: '1' } }),
  api(['GET'], '/api/inventories/:id/movements', perm('inventories:list'), { sample: { id: '1' } }),
  // Vendors and the approval queue (src/features/vendors): staff only; a vendor's own store is /vendor/store-details.
  page('/vendors/list', perm('vendors:list'), 'Vendors'),
  page('/vendors/:id/edit', perm('vendors:update'), 'Edit vendor', { sample: { id: '1' }, parent: '/vendors/list', methods: ['GET', 'POST'] }),
  api(['GET'], '/api/vendors', perm('vendors:list')),
  api(['GET'], '/api/vendors/export', perm('vendors:list')),
  api(['GET'], '/api/vendors/:id', perm('vendors:list'), { sample: { id: '1' } }),
  api(['PUT'], '/api/vendors/:id', perm('vendors:update'), { sample: { id: '1' } }),
  api(['POST'], '/api/vendors/:id/status', perm('vendors:approve'), { sample: { id: '1' } }),
  api(['GET'], '/api/vendors/:id/documents/:doc', perm('vendors:view-kyc'), { sample: { id: '1', doc: '999999' } }),
  // Customers (src/features/customers): the list, add, edit and details pages come from the area (areas.ts).
  api(['POST'], '/api/customers/:id/reveal', perm('customers:view-pii'), { sample: { id: '1' } }),
  api(['POST'], '/api/customers/:id/block', perm('customers:update'), { sample: { id: '1' } }),
  api(['POST'], '/api/customers/:id/unblock', perm('customers:update'), { sample: { id: '1' } }),
  // Payments and refunds (src/features/payments, decisions 042–043): a vendor sees those of their own sub-orders' orders.
  page('/payments/listing', perm('accountings:payment-list'), 'Payments'),
  api(['GET'], '/api/payments', perm('accountings:payment-list')),
  api(['GET'], '/api/payments/export', perm('accountings:payment-list')),
  // Razorpay's webhook: server to server, the body's signature authenticates it; no session, no CSRF.
  api(['POST'], '/api/webhooks/razorpay', { kind: 'webhook', provider: 'razorpay' }),
  // Roles and grants (src/features/roles): /roles, /roles/add and /roles/:id/edit come with the area (AREAS).
  page('/permissions/:id', perm('rbac:update'), 'Role permissions', { sample: { id: '1' }, parent: '/roles' }),
  page('/user/permissions/:user', perm('rbac:update'), 'User permissions', { sample: { user: '1' }, parent: '/users/list' }),
  api(['GET'], '/api/permissions/:id', perm('rbac:list'), { sample: { id: '1' } }),
  // Sample: the Support role (an empty difference changes nothing); Super Admin's grants answer 403.
  api(['POST'], '/api/permissions/:id', perm('rbac:update'), { sample: { id: '2' } }),
  api(['GET'], '/api/user/permissions/:user', perm('rbac:list'), { sample: { user: '1' } }),
  api(['POST'], '/api/user/permissions/:user', perm('rbac:update'), { sample: { user: '1' } }),
  // Payouts (src/features/payouts, docs/money.md "Payouts"): a vendor's own only; steps by staff only.
  page('/payouts/listing', perm('accountings:payouts-list'), 'Payouts'),
  page('/payouts/:id/details', perm('accountings:payouts-list'), 'Payout details', {
    sample: { id: '1' },
    parent: '/payouts/listing',
    methods: ['GET', 'POST'],
  }),
  page('/payouts/add', perm('accountings:payouts-create'), 'Create payout', { parent: '/payouts/listing', methods: ['GET', 'POST'] }),
  page('/payouts/quick-withdraw', perm('accountings:payouts-request'), 'Quick Withdraw', { parent: '/payouts/listing', methods: ['GET', 'POST'] }),
  page('/payouts/bank-file', perm('accountings:payouts-pay'), 'Bank file', { parent: '/payouts/listing', methods: ['GET', 'POST'] }),
  api(['GET'], '/api/payouts', perm('accountings:payouts-list')),
  api(['POST'], '/api/payouts', perm('accountings:payouts-create')),
  api(['GET'], '/api/payouts/export', perm('accountings:payouts-list')),
  api(['GET', 'POST'], '/api/payouts/quick-withdraw', perm('accountings:payouts-request')),
  api(['POST'], '/api/payouts/bank-file', perm('accountings:payouts-pay')),
  api(['POST'], '/api/payouts/bank-result', perm('accountings:payouts-pay')),
  api(['GET'], '/api/payouts/:id', perm('accountings:payouts-list'), { sample: { id: '1' } }),
  api(['POST'], '/api/payouts/:id/transitions', STAFF, { sample: { id: '999999' } }),
  // The earnings ledger (src/features/earnings, docs/money.md): a vendor's own entries, balances and statements only.
  page('/earnings/listing', perm('accountings:earning-list'), 'Earnings'),
  api(['GET'], '/api/earnings', perm('accountings:earning-list')),
  api(['GET'], '/api/earnings/export', perm('accountings:earning-list')),
  api(['GET'], '/api/earnings/balances', perm('accountings:earning-list')),
  api(['GET'], '/api/earnings/statement', perm('accountings:earning-list'), { sampleQuery: 'month=2026-01&vendor_id=1&format=json' }),
  page('/earnings/adjustments/add', perm('accountings:earning-adjust'), 'Add adjustment', { parent: '/earnings/listing', methods: ['GET', 'POST'] }),
  api(['POST'], '/api/earnings/adjustments', perm('accountings:earning-adjust')),
  // Product matrix groups and matrices (src/features/product-matrices): pages and API come from AREAS;
  // the product form reads the active groups here (products:update, vendors included).
  api(['GET'], '/api/product-matrix-groups/choices', perm('products:update')),
  // Wishlists (src/features/wishlists): customers' lists, read-only for staff.
  page('/wishlists/listing', perm('wishlist:list'), 'Wishlists'),
  page('/wishlists/:wishlist', perm('wishlist:list'), 'Wishlist', { sample: { wishlist: '1' }, parent: '/wishlists/listing' }),
  api(['GET'], '/api/wishlists', perm('wishlist:list')),
  api(['GET'], '/api/wishlists/export', perm('wishlist:list')),
  api(['GET'], '/api/wishlists/:id', perm('wishlist:list'), { sample: { id: '1' } }),

  // The spec's calls (§7)
  api(['GET', 'POST'], '/api/user', AUTH, { onboarding: true }),
  api(['POST'], '/logout', AUTH, { onboarding: true }),
  api(['POST'], '/api/user-password', AUTH, { onboarding: true }),
  api(['POST'], '/api/user/account-deletion', PUBLIC),
  api(['POST'], '/api/impersonate/:id', perm('users:impersonate'), { sample: { id: '2' } }),
  // Users (src/features/users): the area's pages and list API come from AREAS; these are its row actions and invitation page.
  api(['POST'], '/api/users/:id/resend-invitation', perm('users:update'), { sample: { id: '999999' } }),
  api(['POST'], '/api/users/:id/sign-out-everywhere', perm('users:update'), { sample: { id: '999999' } }),
  api(['POST'], '/api/users/:id/reset-two-factor', perm('users:update'), { sample: { id: '999999' } }),
  { ...page('/auth/invitation', GUEST, 'Accept invitation'), methods: ['GET', 'POST'] },
  api(['POST'], '/api/impersonate-leave', AUTH, { onboarding: true }),
  api(['POST'], '/api/impersonate-check', AUTH, { onboarding: true }),

  // Foundation APIs
  api(['GET'], '/api/health', PUBLIC),
  api(['GET'], '/api/openapi.json', STAFF),
  page('/api/docs', STAFF, 'API reference'),
  api(['GET'], '/api/search', AUTH),
  // Live updates of one tab (server-sent events); each event only to whom may see it (src/app/realtime).
  api(['GET'], '/api/events', AUTH, { stream: true }),
  api(['GET'], '/api/activity/mine', AUTH, { onboarding: true }),
  api(['GET'], '/api/user/sessions', AUTH),
  api(['GET', 'PUT'], '/api/user/notification-preferences', perm('profile:view-details')),
  api(['DELETE'], '/api/user/sessions/:id', AUTH, { sample: { id: 'unknown' } }),
  api(['POST'], '/api/vendor/store-setup', VENDOR, { onboarding: true }),
  api(['POST'], '/api/vendor/phone/send-code', VENDOR, { onboarding: true }),
  api(['POST'], '/api/vendor/phone/verify', VENDOR, { onboarding: true }),
  api(['GET'], '/api/vendor/onboarding', VENDOR, { onboarding: true }),
  api(['POST'], '/api/vendor/onboarding/complete', VENDOR, { onboarding: true }),
  api(['POST'], '/api/vendor/onboarding/submit', VENDOR, { onboarding: true }),
  api(['GET', 'PUT'], '/api/vendor/kyc', VENDOR, { onboarding: true }),
  api(['POST'], '/api/vendor/kyc/documents', VENDOR, { onboarding: true }),
  api(['GET', 'PUT'], '/api/vendor/store-details', VENDOR),
  // The product status workflow (product-transitions.ts): the owner's moves and the reviewers' decisions.
  ...(['submit', 'activate', 'deactivate', 'archive', 'restore'] as const).map((action) =>
    api(['POST'], `/api/products/:id/${action}`, perm('products:update'), { sample: { id: '999999' } }),
  ),
  ...(['approve', 'reject'] as const).map((action) => api(['POST'], `/api/products/:id/${action}`, perm('products:approve'), { sample: { id: '999999' } })),
  // Product images (src/features/products/product-images.server.ts): add, reorder, alt text, option value, delete.
  api(['GET'], '/api/products/:id/images', perm('products:view'), { sample: { id: '1' } }),
  api(['POST', 'PATCH'], '/api/products/:id/images', perm('products:update'), { sample: { id: '1' } }),
  api(['DELETE'], '/api/products/:id/images/:imageId', perm('products:update'), { sample: { id: '1', imageId: '999999' } }),
  api(['GET'], '/api/products/:id/delivery', perm('products:view'), { sample: { id: '1' } }),
  api(['PUT'], '/api/products/:id/delivery', perm('products:update'), { sample: { id: '1' } }),
  api(['GET'], '/api/products/:id/serviceability', perm('products:update'), { sample: { id: '1' }, sampleQuery: 'pincode=560001' }),
  api(['GET'], '/api/products/:id/variants', perm('products:view'), { sample: { id: '1' } }),
  api(['PUT'], '/api/products/:id/variants', perm('products:update'), { sample: { id: '1' } }),
  // Vendors as choices in staff pickers (a warehouse's owner); the vendors area comes later.
  api(['GET'], '/api/vendors/options', STAFF),
  // An address's pincode → its city and state (the form kit's address fill): reference data, for anyone signed in.
  api(['GET'], '/api/pincodes/lookup', AUTH, { sampleQuery: 'code=560001' }),
  api(['GET'], '/uploads/:file', AUTH, { sample: { file: 'missing.png' } }),
  api(['GET'], '/uploads/products/:product/:file', AUTH, { sample: { product: '1', file: 'missing.webp' } }),
  // Review photos: a published review's are public (the storefront shows them); others as the review (reviews.server.ts photoVisibleTo).
  api(['GET'], '/uploads/reviews/:product/:file', PUBLIC, { sample: { product: '1', file: 'missing.webp' } }),

  // Activity log: read-only, no method but GET exists (src/features/activity-logs)
  page('/activity-logs', perm('activity-logs:list'), 'Activity Logs'),
  api(['GET'], '/api/activity-logs', perm('activity-logs:list')),

  // Global settings: one record for the store (src/features/global-settings)
  page('/global-settings', perm('global-settings:create'), 'Global Settings'),
  api(['GET', 'PUT'], '/api/global-settings', perm('global-settings:create')),

  // Notifications: the signed-in user's own (src/features/notifications)
  page('/notifications', perm('notifications:list'), 'Notifications'),
  api(['GET'], '/api/notifications', perm('notifications:list')),
  api(['GET'], '/api/notifications/unread-count', perm('notifications:list')),
  api(['POST'], '/api/notifications/read', perm('notifications:list')),
  api(['POST'], '/api/notifications/unread', perm('notifications:list')),

  // Areas built on the declaration pattern (src/app/areas/areas.ts)
  // An area's add, edit, details and scoped pages sit under its list in the breadcrumb.
  ...AREAS.flatMap((area) => areaPageRoutes(area).map((r) => (r.pattern === area.paths.list ? r : { ...r, parent: area.paths.list }))),
  // The products export is one vendor's catalogue in the import's format: staff name the vendor (vendor_id).
  ...AREAS.flatMap(areaApiRoutes).map((r) => (r.pattern === '/api/products/export' ? { ...r, sampleQuery: 'vendor_id=1' } : r)),
];

/**
 * Spec §2: "the current route's configured breadcrumb". Every signed-in page gets one: the trail of
 * its parents, then its own crumb, named as the sidebar names it ("Pending Orders", "Product Size
 * Charts") or else by its title. Pages that name their own trail keep it.
 */
const menuLabels = new Map(MENU.flatMap((group) => group.items.map((item) => [item.route, item.label] as const)));
const pageByPattern = new Map(routeList.filter((r) => r.kind === 'page').map((r) => [r.pattern, r] as const));
const hasBreadcrumb = (r: RouteDef) => r.kind === 'page' && r.access.kind !== 'public' && r.access.kind !== 'guest';

export const crumbLabel = (r: RouteDef): string => menuLabels.get(r.pattern) ?? r.title ?? r.pattern;

/** The pages above this one, nearest last. */
function parentsOf(r: RouteDef): RouteDef[] {
  const trail: RouteDef[] = [];
  for (let at = r.parent; at !== undefined;) {
    const parent = pageByPattern.get(at);
    if (!parent) throw new Error(`Route ${r.pattern}: parent ${at} is not a page of the registry`);
    if (trail.includes(parent) || parent === r) throw new Error(`Route ${r.pattern}: its parents loop`);
    trail.unshift(parent);
    at = parent.parent;
  }
  return trail;
}

const compiled: CompiledRoute[] = routeList.map((r) => ({
  ...r,
  ...(hasBreadcrumb(r) && !r.breadcrumb ? { breadcrumb: [...parentsOf(r).map(crumbLabel), crumbLabel(r)] } : {}),
  segments: r.pattern.split('/').filter(Boolean),
}));

export const routes: readonly CompiledRoute[] = compiled;

/**
 * The declarations a path could match, by its segment count and first segment, in declaration
 * order: every request is matched (the middleware's permission check), and scanning all few
 * hundred declarations each time was a visible part of a list request's CPU.
 */
const candidatesByShape = new Map<string, CompiledRoute[]>();
const shapeKey = (length: number, first: string) => `${length}\u0000${first}`;
for (const route of compiled) {
  const length = route.segments.length;
  const first = route.segments[0] ?? '';
  // A `:param` first segment matches anything: it joins every literal's list of its length, and the catch-all.
  const firsts = first.startsWith(':')
    ? [':', ...new Set(compiled.filter((r) => r.segments.length === length && !r.segments[0]?.startsWith(':')).map((r) => r.segments[0] ?? ''))]
    : [first];
  for (const f of firsts) {
    const key = shapeKey(length, f);
    candidatesByShape.set(key, [...(candidatesByShape.get(key) ?? []), route]);
  }
}
const candidatesFor = (parts: string[]) =>
  candidatesByShape.get(shapeKey(parts.length, parts[0] ?? '')) ?? candidatesByShape.get(shapeKey(parts.length, ':')) ?? [];

/** Every method any declaration of this pattern answers: the `Allow` header of a 405. */
export function allowedMethods(pattern: string): Method[] {
  const methods = new Set<Method>();
  for (const route of compiled) if (route.pattern === pattern) route.methods.forEach((m) => methods.add(m));
  return [...methods];
}

/**
 * Matches a path (and method) to its declaration. Literal segments win over `:params`; among
 * declarations of the same path, the one listing the method wins (an area's GET and POST on one
 * path need different permissions). No method match → the path's first entry, which answers 405.
 */
export function matchRoute(pathname: string, method?: string): { route: CompiledRoute; params: Record<string, string> } | undefined {
  const parts = pathname.replace(/\/+$/, '').split('/').filter(Boolean);
  const want = method === 'HEAD' ? 'GET' : method;
  let best: { route: CompiledRoute; params: Record<string, string>; score: number } | undefined;
  for (const route of candidatesFor(parts)) {
    const params: Record<string, string> = {};
    let score = 0;
    let ok = true;
    for (let i = 0; i < parts.length; i++) {
      const seg = route.segments[i]!;
      if (seg.startsWith(':')) {
        try {
          params[seg.slice(1)] = decodeURIComponent(parts[i]!);
        } catch {
          ok = false;
          break;
        }
      } else if (seg === parts[i]) score += 2;
      else {
        ok = false;
        break;
      }
    }
    if (!ok) continue;
    if (want && route.methods.includes(want as Method)) score += 1;
    if (!best || score > best.score) best = { route, params, score };
  }
  return best && { route: best.route, params: best.params };
}

/** Fills `:params` with the route's sample values. */
export function samplePath(route: RouteDef): string {
  return route.pattern.replace(/:(\w+)/g, (_, name: string) => route.sample?.[name] ?? '1');
}

/** A crumb before the current page's: its text, and the page it opens. */
export interface CrumbLink {
  label: string;
  route: CompiledRoute;
}

/** The parents of a route whose crumbs link up the trail (the current page's own crumb is not among them). */
export function breadcrumbParents(route: RouteDef): CrumbLink[] {
  if (route.breadcrumb && !route.parent) return [];
  return parentsOf(route).map((parent) => ({ label: crumbLabel(parent), route: compiled.find((c) => c.pattern === parent.pattern && c.kind === 'page')! }));
}

export function routeTitle(pathname: string): string | undefined {
  return matchRoute(pathname)?.route.title;
}
