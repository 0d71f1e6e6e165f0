/**
 * The sidebar, exactly as the spec's table (§2). Group labels are not given by the
 * spec; ours are in docs/ui-shell.md. A group shows only if one of its items is
 * permitted; the server filters before rendering, so hidden items never reach the page.
 */
import type { Permission } from '@/lib/permissions/catalogue.ts';

export interface MenuItem {
  label: string;
  icon: string;
  route: string;
  permission: Permission;
  /** Shown only to this kind of account (a vendor's own store page); every account by default. */
  audience?: 'vendor' | 'staff';
  /**
   * A count beside the label (the vendors waiting for approval), for those holding `permission`:
   * the shell looks `key` up (src/app/shell.server.ts) and sets `count`.
   */
  badge?: { key: string; permission: Permission; label: string };
  count?: number;
}

/** A badge counts up to this, then reads "99+": the shell counts no further on every page. */
export const MENU_BADGE_CAP = 100;

/** A badge's text: the count, or "99+" from MENU_BADGE_CAP on. */
export const menuBadgeText = (count: number) => (count >= MENU_BADGE_CAP ? `${MENU_BADGE_CAP - 1}+` : String(count));

export interface MenuGroup {
  label: string;
  items: MenuItem[];
}

export const MENU: MenuGroup[] = [
  { label: 'Home', items: [{ label: 'Dashboard', icon: 'layout-dashboard', route: '/dashboard', permission: 'dashboard:view' }] },
  {
    label: 'Products',
    items: [
      {
        label: 'Products',
        icon: 'package',
        route: '/products/listing',
        permission: 'products:list',
        badge: { key: 'products-pending', permission: 'products:approve', label: 'waiting for review' },
      },
      { label: 'Add New Product', icon: 'plus-square', route: '/products/add', permission: 'products:create' },
      { label: 'Bulk Upload', icon: 'upload', route: '/products/bulk-upload', permission: 'products:import' },
      { label: 'Product Size Charts', icon: 'ruler', route: '/products/product-size-charts', permission: 'product-size-chart:list' },
      { label: 'Product Tags', icon: 'tag', route: '/tags/listing', permission: 'tags:list' },
      { label: 'Wishlists', icon: 'heart', route: '/wishlists/listing', permission: 'wishlist:list' },
    ],
  },
  {
    label: 'Orders',
    items: [
      { label: 'Orders', icon: 'shopping-cart', route: '/orders/listing', permission: 'orders:list' },
      { label: 'Pending Orders', icon: 'clock', route: '/pending-orders/listing', permission: 'orders:pending-list' },
      { label: 'Shipped Orders', icon: 'truck', route: '/shipped-orders/listing', permission: 'orders:shipped-list' },
      { label: 'Cancelled', icon: 'x-circle', route: '/cancelled-orders/listing', permission: 'orders:cancelled-list' },
    ],
  },
  {
    label: 'Catalogue',
    items: [
      { label: 'Brands', icon: 'award', route: '/brands/listing', permission: 'brands:list' },
      { label: 'Categories', icon: 'folder', route: '/categories/listing', permission: 'categories:list' },
      { label: 'Sub Categories', icon: 'folder-tree', route: '/sub-categories/listing', permission: 'sub-categories:list' },
      { label: 'Widgets', icon: 'image', route: '/widgets/listing', permission: 'banners:list' },
      { label: 'Return Policies', icon: 'rotate-ccw', route: '/return-policies/listing', permission: 'return-policies:list' },
    ],
  },
  {
    label: 'Stock',
    items: [
      { label: 'Inventories', icon: 'boxes', route: '/inventories/listing', permission: 'inventories:list' },
      { label: 'Product Matrix Groups', icon: 'grid', route: '/product-matrix-groups/listing', permission: 'product-matrix-group:list' },
      { label: 'Product Matrices', icon: 'table', route: '/product-matrices/listing', permission: 'product-matrix-group:list' },
    ],
  },
  {
    label: 'People',
    items: [
      { label: 'Users', icon: 'users', route: '/users/list', permission: 'users:list' },
      {
        label: 'Vendors',
        icon: 'store',
        route: '/vendors/list',
        permission: 'vendors:list',
        badge: { key: 'vendors-pending', permission: 'vendors:approve', label: 'waiting for approval' },
      },
      { label: 'Store details', icon: 'store', route: '/vendor/store-details', permission: 'profile:view-details', audience: 'vendor' },
      { label: 'Customers', icon: 'user', route: '/customers/list', permission: 'customers:list' },
    ],
  },
  {
    label: 'Money',
    items: [
      { label: 'Taxes', icon: 'percent', route: '/taxes/listing', permission: 'taxes:list' },
      { label: 'Payments', icon: 'credit-card', route: '/payments/listing', permission: 'accountings:payment-list' },
      { label: 'Payouts', icon: 'wallet', route: '/payouts/listing', permission: 'accountings:payouts-list' },
      { label: 'Earnings', icon: 'trending-up', route: '/earnings/listing', permission: 'accountings:earning-list' },
      // Not in the spec's menu (issue 18; decision 047): what the marketplace keeps, and the tax rates the ledger applies.
      { label: 'Commission Rules', icon: 'percent', route: '/commission-rules/listing', permission: 'accountings:commission-list' },
      { label: 'Ledger Tax Rates', icon: 'table', route: '/ledger-tax-rates/listing', permission: 'taxes:list' },
    ],
  },
  {
    label: 'Marketing',
    items: [
      { label: 'Coupons', icon: 'ticket', route: '/coupons/listing', permission: 'discounts:list' },
      { label: 'Promotions', icon: 'megaphone', route: '/promotions/listing', permission: 'rbac:list' },
    ],
  },
  {
    label: 'Settings',
    items: [
      { label: 'Delivery Partners', icon: 'truck', route: '/delivery-partners/listing', permission: 'delivery-partners:list' },
      { label: 'RBAC', icon: 'shield', route: '/roles', permission: 'rbac:list' },
      { label: 'Warehouses', icon: 'warehouse', route: '/warehouses', permission: 'warehouse:list' },
      { label: 'Global Settings', icon: 'settings', route: '/global-settings', permission: 'global-settings:create' },
      {
        label: 'Customer Feedback',
        icon: 'message-square',
        route: '/reviews/listing',
        permission: 'reviews:list',
        badge: { key: 'reviews-pending', permission: 'reviews:update', label: 'waiting for moderation' },
      },
      { label: 'FAQs', icon: 'help-circle', route: '/faqs/listing', permission: 'faqs:list' },
    ],
  },
  {
    label: 'Geography',
    items: [
      { label: 'States', icon: 'map', route: '/states/listing', permission: 'states:list' },
      { label: 'Cities', icon: 'building', route: '/cities/listing', permission: 'cities:list' },
      { label: 'Pincodes', icon: 'map-pin', route: '/pincodes/listing', permission: 'pincodes:list' },
      { label: 'Delivery Zones', icon: 'globe', route: '/delivery-zones/listing', permission: 'delivery-zones:list' },
    ],
  },
  { label: 'Logs', items: [{ label: 'Activity Logs', icon: 'history', route: '/activity-logs', permission: 'activity-logs:list' }] },
];

/** The menu a user may see: items they hold the permission for (and meant for their kind of account), and only the groups left non-empty. */
export function visibleMenu(can: (permission: Permission) => boolean, userType: 'staff' | 'vendor' | string = 'staff'): MenuGroup[] {
  return MENU.map((g) => ({ ...g, items: g.items.filter((i) => can(i.permission) && (!i.audience || i.audience === userType)) })).filter(
    (g) => g.items.length > 0,
  );
}
