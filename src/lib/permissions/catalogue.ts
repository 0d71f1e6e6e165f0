/**
 * Every permission the product knows, as the spec's `area:action` strings (spec §2, §6),
 * plus the CRUD actions each area needs. Seeding writes these into the `permissions` table.
 * No server imports: islands read this too.
 */
export const PERMISSION_AREAS = {
  dashboard: ['view'],
  products: ['list', 'view', 'create', 'update', 'delete', 'import', 'approve'],
  'product-size-chart': ['list', 'create', 'update', 'delete'],
  tags: ['list', 'create', 'update', 'delete'],
  wishlist: ['list'],
  orders: ['list', 'view', 'update', 'pending-list', 'shipped-list', 'cancelled-list'],
  reviews: ['list', 'update', 'delete', 'reply'],
  brands: ['list', 'create', 'update', 'delete'],
  categories: ['list', 'create', 'update', 'delete'],
  'sub-categories': ['list', 'create', 'update', 'delete'],
  banners: ['list', 'create', 'update', 'delete'],
  'return-policies': ['list', 'create', 'update', 'delete'],
  inventories: ['list', 'update'],
  'product-matrix-group': ['list', 'create', 'update', 'delete'],
  users: ['list', 'create', 'update', 'delete', 'impersonate'],
  vendors: ['list', 'update', 'approve', 'view-kyc'],
  customers: ['list', 'view', 'create', 'update', 'view-pii'],
  taxes: ['list', 'create', 'update', 'delete'],
  accountings: [
    'payment-list',
    'payouts-list',
    'payouts-request',
    'payouts-create',
    'payouts-approve',
    'payouts-pay',
    'earning-list',
    'earning-adjust',
    'commission-list',
    'commission-update',
  ],
  discounts: ['list', 'create', 'update', 'delete'],
  promotions: ['list', 'create', 'update', 'delete'],
  rbac: ['list', 'create', 'update', 'delete'],
  'delivery-partners': ['list', 'view', 'create', 'update', 'delete'],
  warehouse: ['list', 'create', 'update', 'delete'],
  'global-settings': ['create'],
  faqs: ['list', 'create', 'update', 'delete'],
  states: ['list', 'create', 'update', 'delete'],
  cities: ['list', 'create', 'update', 'delete'],
  pincodes: ['list', 'create', 'update', 'delete'],
  'delivery-zones': ['list', 'create', 'update', 'delete'],
  'activity-logs': ['list'],
  twilio: ['balance'],
  notifications: ['list'],
  profile: ['view-details'],
} as const satisfies Record<string, readonly string[]>;

export type PermissionArea = keyof typeof PERMISSION_AREAS;
export type Permission = {
  [A in PermissionArea]: `${A}:${(typeof PERMISSION_AREAS)[A][number]}`;
}[PermissionArea];

export const ALL_PERMISSIONS: Permission[] = Object.entries(PERMISSION_AREAS).flatMap(([area, actions]) =>
  actions.map((action) => `${area}:${action}` as Permission),
);

export function isPermission(value: string): value is Permission {
  return (ALL_PERMISSIONS as string[]).includes(value);
}

/** Built-in roles, seeded on every start (their grants can be extended at /roles). */
export const BUILT_IN_ROLES: Record<string, { description: string; permissions: Permission[] | 'all' }> = {
  'Super Admin': { description: 'Every permission, including impersonation.', permissions: 'all' },
  Support: {
    description: 'Customer support: dashboard, orders, customers, feedback and notifications.',
    permissions: [
      'dashboard:view',
      'orders:list',
      'orders:view',
      'orders:pending-list',
      'orders:shipped-list',
      'orders:cancelled-list',
      'customers:list',
      'customers:view',
      'reviews:list',
      'notifications:list',
      'profile:view-details',
    ],
  },
  Vendor: {
    description: 'A store on the marketplace; sees only its own records.',
    permissions: [
      'dashboard:view',
      'products:list',
      'products:view',
      'products:create',
      'products:update',
      'products:delete',
      'products:import',
      'product-size-chart:list',
      'orders:list',
      'orders:view',
      'orders:update',
      'orders:pending-list',
      'orders:shipped-list',
      'orders:cancelled-list',
      'inventories:list',
      'inventories:update',
      'warehouse:list',
      'warehouse:create',
      'warehouse:update',
      'accountings:payment-list',
      'accountings:payouts-list',
      'accountings:payouts-request',
      'accountings:earning-list',
      // Their own coupons (funded by them, for their own products): issue 18 §4.
      'discounts:list',
      'discounts:create',
      'discounts:update',
      'discounts:delete',
      'reviews:list',
      'reviews:reply',
      'notifications:list',
      'profile:view-details',
    ],
  },
};
