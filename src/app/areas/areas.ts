/**
 * Every area built on the declaration pattern. Adding an area = adding it here (and its resource
 * in resources.server.ts): the route registry, the menu's pages, the global search, the OpenAPI
 * document and the route × permission matrix test all read this list.
 */
import type { z } from 'zod';
import type { AreaDeclaration, FormDeclaration } from '@/lib/areas/area.ts';
import { globalSettingsForm } from '@/features/global-settings/global-settings.form.ts';
import { brandArea } from '@/features/brands/brand.area.ts';
import { stateArea } from '@/features/geography/state.area.ts';
import { cityArea } from '@/features/geography/city.area.ts';
import { pincodeArea } from '@/features/geography/pincode.area.ts';
import { widgetArea } from '@/features/widgets/widget.area.ts';
import { faqArea } from '@/features/faqs/faq.area.ts';
import { sizeChartArea } from '@/features/size-charts/size-chart.area.ts';
import { categoryArea } from '@/features/categories/category.area.ts';
import { subCategoryArea } from '@/features/categories/sub-category.area.ts';
import { tagArea } from '@/features/tags/tag.area.ts';
import { taxArea } from '@/features/taxes/tax.area.ts';
import { returnPolicyArea } from '@/features/return-policies/return-policy.area.ts';
import { warehouseArea } from '@/features/warehouses/warehouse.area.ts';
import { deliveryPartnerArea } from '@/features/delivery-partners/delivery-partner.area.ts';
import { deliveryZoneArea } from '@/features/delivery-zones/delivery-zone.area.ts';
import { userArea } from '@/features/users/user.area.ts';
import { roleArea } from '@/features/roles/role.area.ts';
import { customerArea } from '@/features/customers/customer.area.ts';
import { customerAddressArea } from '@/features/customers/customer-address.area.ts';
import { productArea } from '@/features/products/product.area.ts';
import { matrixGroupArea } from '@/features/product-matrices/product-matrix-group.area.ts';
import { matrixArea } from '@/features/product-matrices/product-matrix.area.ts';
import { commissionRuleArea } from '@/features/commission/commission-rule.area.ts';
import { ledgerTaxRateArea } from '@/features/earnings/ledger-tax-rate.area.ts';
import { promotionArea } from '@/features/promotions/promotion.area.ts';
import { couponArea } from '@/features/coupons/coupon.area.ts';

export const AREAS: AreaDeclaration[] = [
  brandArea,
  stateArea,
  cityArea,
  pincodeArea,
  categoryArea,
  subCategoryArea,
  tagArea,
  taxArea,
  returnPolicyArea,
  widgetArea,
  faqArea,
  sizeChartArea,
  warehouseArea,
  deliveryPartnerArea,
  deliveryZoneArea,
  userArea,
  roleArea,
  customerArea,
  customerAddressArea,
  productArea,
  matrixGroupArea,
  matrixArea,
  commissionRuleArea,
  ledgerTaxRateArea,
  promotionArea,
  couponArea,
];

export function areaByKey(key: string): AreaDeclaration | undefined {
  return AREAS.find((a) => a.key === key);
}

/** Forms of their own page, not an area's add/edit (one record for the whole store). */
export const FORMS: FormDeclaration[] = [globalSettingsForm];

/** The zod schema the form kit validates with, loaded lazily by the form island. */
export function formSchema(key: string): z.ZodObject {
  const form = areaByKey(key) ?? FORMS.find((f) => f.key === key);
  if (!form) throw new Error(`No form "${key}"`);
  return form.schema;
}
