/**
 * The demo records of each area, added once to an empty database after the accounts, brands,
 * products and geography (seed.server.ts). Each area keeps its own in `<area>.demo.server.ts`
 * and registers it here; the order is the order of dependencies (categories before
 * sub-categories, delivery partners before zones).
 */
import type { DemoSeed } from '../../lib/db/demo-seeds.server.ts';
import { seedCategories } from '../../features/categories/categories.demo.server.ts';
import { seedTags } from '../../features/tags/tags.demo.server.ts';
import { seedTaxes } from '../../features/taxes/taxes.demo.server.ts';
import { seedReturnPolicies } from '../../features/return-policies/return-policies.demo.server.ts';
import { seedWidgets } from '../../features/widgets/widget.demo.server.ts';
import { seedFaqs } from '../../features/faqs/faq.demo.server.ts';
import { seedSizeCharts } from '../../features/size-charts/size-chart.demo.server.ts';
import { seedWarehouses } from '../../features/warehouses/warehouses.demo.server.ts';
import { seedInventories } from '../../features/inventories/inventories.demo.server.ts';
import { seedDelivery } from '../../features/delivery-zones/delivery.demo.server.ts';
import { seedCustomers } from '../../features/customers/customers.demo.server.ts';
import { seedProductCatalogue, seedVariedProduct } from '../../features/products/products.demo.server.ts';
import { seedProductMatrices } from '../../features/product-matrices/product-matrices.demo.server.ts';
import { seedWishlists } from '../../features/wishlists/wishlists.demo.server.ts';
import { seedPendingVendor } from '../../features/vendors/vendors.demo.server.ts';
import { seedOrders } from '../orders/orders.demo.server.ts';
import { seedCoupons } from '../../features/coupons/coupons.demo.server.ts';
import { seedReviews } from '../../features/reviews/reviews.demo.server.ts';
import { seedPayouts } from '../payouts/payouts.demo.server.ts';
import { seedPromotions } from '../../features/promotions/promotions.demo.server.ts';

export const DEMO_SEEDS: DemoSeed[] = [
  seedCategories,
  seedTags,
  seedTaxes,
  seedReturnPolicies,
  seedWidgets,
  seedFaqs,
  seedSizeCharts,
  seedWarehouses,
  seedProductCatalogue,
  seedProductMatrices,
  // After the option groups and the warehouses: a kurta in sizes and colours.
  seedVariedProduct,
  // After the warehouses and every demo product: stock sits in the vendors' own.
  seedInventories,
  seedDelivery,
  seedCustomers,
  // After the customers and the products (the products issue's demo catalogue included).
  seedWishlists,
  seedPendingVendor,
  // Before the orders: two demo orders are placed with them.
  seedCoupons,
  // Last: placed through the storefront's code path, over the customers, stock and delivery zones.
  seedOrders,
  // After the orders: reviews on their delivered lines.
  seedReviews,
  // After the orders: the stores' verified bank accounts and a payout history (Kaveri Handlooms).
  seedPayouts,
  // After the orders (placed without them) and the catalogue: a festive sale to come.
  seedPromotions,
];
