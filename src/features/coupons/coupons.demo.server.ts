/**
 * Demo coupons (issue 18 §4): a platform welcome coupon, a vendor's own flat coupon, one on a
 * vendor's products, and one ended. Two demo orders are placed with them through the storefront's
 * own path (src/app/orders/orders.demo.server.ts), which keeps `used` and the redemptions.
 */
import type { DemoSeed } from '../../lib/db/demo-seeds.server.ts';
import { coupons } from './coupons.tables.ts';

export const seedCoupons: DemoSeed = async (tx, { at, vendorIds, productIds }) => {
  const day = 86_400_000;
  await tx.insert(coupons).values([
    {
      code: 'WELCOME10',
      description: '10 % off a first order, up to ₹ 200',
      kind: 'percent',
      rateBp: 1000,
      maxDiscountPaise: 20000,
      minOrderPaise: 0,
      perCustomerLimit: 1,
      fundedBy: 'platform',
      scope: 'store',
      createdAt: at,
      updatedAt: at,
    },
    {
      code: 'DFH100',
      description: 'Demo Fashion House: ₹ 100 off orders of ₹ 999 or more',
      kind: 'flat',
      amountPaise: 10000,
      minOrderPaise: 99900,
      usageLimit: 500,
      fundedBy: 'vendor',
      vendorId: vendorIds.fashion,
      scope: 'store',
      createdAt: at,
      updatedAt: at,
    },
    {
      code: 'KAVERI15',
      description: 'Kaveri Handlooms: 15 % off its sarees',
      kind: 'percent',
      rateBp: 1500,
      fundedBy: 'vendor',
      vendorId: vendorIds.kaveri,
      scope: 'products',
      scopeIds: [productIds['KVH-SAR-001']].filter((id): id is number => id !== undefined),
      createdAt: at,
      updatedAt: at,
    },
    {
      code: 'MONSOON25',
      description: 'Monsoon sale (ended)',
      kind: 'percent',
      rateBp: 2500,
      maxDiscountPaise: 50000,
      fundedBy: 'platform',
      scope: 'store',
      startsAt: new Date(at.getTime() - 90 * day),
      endsAt: new Date(at.getTime() - 30 * day),
      status: 'inactive',
      createdAt: at,
      updatedAt: at,
    },
  ]);
};
