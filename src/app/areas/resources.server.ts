/** The server half of every area in areas.ts, by key (a unit test checks the two lists agree). */
import type { Resource } from '@/lib/areas/resource.server.ts';
import { brandResource } from '@/features/brands/brand.resource.server.ts';
import { stateResource } from '@/features/geography/state.resource.server.ts';
import { cityResource } from '@/features/geography/city.resource.server.ts';
import { pincodeResource } from '@/features/geography/pincode.resource.server.ts';
import { widgetResource } from '@/features/widgets/widget.resource.server.ts';
import { faqResource } from '@/features/faqs/faq.resource.server.ts';
import { sizeChartResource } from '@/features/size-charts/size-chart.resource.server.ts';
import { categoryResource } from '@/features/categories/category.resource.server.ts';
import { subCategoryResource } from '@/features/categories/sub-category.resource.server.ts';
import { tagResource } from '@/features/tags/tag.resource.server.ts';
import { taxResource } from '@/features/taxes/tax.resource.server.ts';
import { returnPolicyResource } from '@/features/return-policies/return-policy.resource.server.ts';
import { warehouseResource } from '@/features/warehouses/warehouse.resource.server.ts';
import { deliveryPartnerResource } from '@/features/delivery-partners/delivery-partner.resource.server.ts';
import { deliveryZoneResource } from '@/features/delivery-zones/delivery-zone.resource.server.ts';
import { userResource } from '@/features/users/user.resource.server.ts';
import { roleResource } from '@/features/roles/role.resource.server.ts';
import { customerResource } from '@/features/customers/customer.resource.server.ts';
import { customerAddressResource } from '@/features/customers/customer-address.resource.server.ts';
import { productResource } from '@/features/products/product.resource.server.ts';
import { matrixGroupResource } from '@/features/product-matrices/product-matrix-group.resource.server.ts';
import { matrixResource } from '@/features/product-matrices/product-matrix.resource.server.ts';
import { commissionRuleResource } from '@/features/commission/commission-rule.resource.server.ts';
import { couponResource } from '@/features/coupons/coupon.resource.server.ts';
import { ledgerTaxRateResource } from '@/features/earnings/ledger-tax-rate.resource.server.ts';
import { promotionResource } from '@/features/promotions/promotion.resource.server.ts';

export const RESOURCES: Record<string, Resource> = {
  brands: brandResource as unknown as Resource,
  states: stateResource as unknown as Resource,
  cities: cityResource as unknown as Resource,
  pincodes: pincodeResource as unknown as Resource,
  widgets: widgetResource as unknown as Resource,
  faqs: faqResource as unknown as Resource,
  'size-charts': sizeChartResource as unknown as Resource,
  categories: categoryResource as unknown as Resource,
  'sub-categories': subCategoryResource as unknown as Resource,
  tags: tagResource as unknown as Resource,
  taxes: taxResource as unknown as Resource,
  'return-policies': returnPolicyResource as unknown as Resource,
  warehouses: warehouseResource as unknown as Resource,
  'delivery-partners': deliveryPartnerResource as unknown as Resource,
  'delivery-zones': deliveryZoneResource as unknown as Resource,
  users: userResource as unknown as Resource,
  roles: roleResource as unknown as Resource,
  customers: customerResource as unknown as Resource,
  'customer-addresses': customerAddressResource as unknown as Resource,
  products: productResource as unknown as Resource,
  'product-matrix-groups': matrixGroupResource as unknown as Resource,
  'product-matrices': matrixResource as unknown as Resource,
  'commission-rules': commissionRuleResource as unknown as Resource,
  'ledger-tax-rates': ledgerTaxRateResource as unknown as Resource,
  promotions: promotionResource as unknown as Resource,
  coupons: couponResource as unknown as Resource,
};

export function resourceByKey(key: string | undefined): Resource | undefined {
  return key && Object.hasOwn(RESOURCES, key) ? RESOURCES[key] : undefined;
}
