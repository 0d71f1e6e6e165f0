/**
 * Delivery details (add step 3): saving the parcel, handling time and ships-from warehouses of a
 * product, and whether a pincode is served by any delivery zone (docs/products.md, "Delivery details").
 */
import { and, asc, eq, inArray, sql } from 'drizzle-orm';
import type { Db, DbOrTx } from '@/lib/db/client.server.ts';
import { diffRecords, logActivity, type Actor } from '@/lib/activity/activity.server.ts';
import type { Principal } from '@/lib/auth/principal.server.ts';
import { conflict, invalid } from '@/lib/http/errors.ts';
import { warehouses } from '@/features/warehouses/warehouse.tables.ts';
import { deliveryZonePincodes, deliveryZones } from '@/features/delivery-zones/delivery-zone.tables.ts';
import { deliveryPartners } from '@/features/delivery-partners/delivery-partner.tables.ts';
import { pincodes } from '@/features/geography/geography.tables.ts';
import { products, productWarehouses } from './product.tables.ts';
import { STALE_PRODUCT_MESSAGE } from './product-variants.server.ts';
import { productFor } from './product-access.server.ts';
import { serviceabilityMessage, type ProductDeliveryInput, type ServiceabilityAnswer } from './product-delivery.ts';

/** The warehouses a product of this vendor may ship from: the vendor's own active ones. */
export async function warehouseChoices(db: DbOrTx, vendorId: number) {
  return db
    .select({ id: warehouses.id, name: warehouses.name, code: warehouses.code })
    .from(warehouses)
    .where(and(eq(warehouses.vendorId, vendorId), eq(warehouses.isActive, true)))
    .orderBy(asc(warehouses.name), asc(warehouses.id));
}

export interface ProductDeliveryView {
  id: number;
  name: string;
  vendor_id: number;
  version: number;
  weight_grams: number | null;
  length_mm: number | null;
  width_mm: number | null;
  height_mm: number | null;
  handling_days: number;
  warehouse_ids: number[];
}

export async function getProductDelivery(db: DbOrTx, principal: Principal, productId: number): Promise<ProductDeliveryView> {
  const p = await productFor(db, principal, productId);
  const ships = await db
    .select({ id: productWarehouses.warehouseId })
    .from(productWarehouses)
    .where(eq(productWarehouses.productId, productId))
    .orderBy(asc(productWarehouses.warehouseId));
  return {
    id: p.id,
    name: p.name,
    vendor_id: p.vendorId,
    version: p.version,
    weight_grams: p.weightGrams,
    length_mm: p.lengthMm,
    width_mm: p.widthMm,
    height_mm: p.heightMm,
    handling_days: p.handlingDays,
    warehouse_ids: ships.map((w) => w.id),
  };
}

/**
 * PUT /api/products/{id}/delivery: saves step 3, or nothing. Each warehouse must be the product's
 * vendor's own and active (422 naming the list); a stale `version` is a 409.
 */
export async function saveProductDelivery(
  db: Db,
  actor: Actor,
  principal: Principal,
  productId: number,
  input: ProductDeliveryInput,
): Promise<ProductDeliveryView> {
  await db.transaction(async (tx) => {
    const product = await productFor(tx, principal, productId, { action: 'update', lock: true });
    if (product.version !== input.version) throw conflict(STALE_PRODUCT_MESSAGE);
    const allowed = await tx
      .select({ id: warehouses.id })
      .from(warehouses)
      .where(and(inArray(warehouses.id, input.warehouse_ids), eq(warehouses.vendorId, product.vendorId), eq(warehouses.isActive, true)));
    if (allowed.length !== input.warehouse_ids.length) throw invalid({ warehouse_ids: ['Choose among the vendor’s own active warehouses.'] });

    const before = await getProductDelivery(tx, principal, productId);
    await tx
      .update(products)
      .set({
        weightGrams: input.weight_grams,
        lengthMm: input.length_mm,
        widthMm: input.width_mm,
        heightMm: input.height_mm,
        handlingDays: input.handling_days,
        updatedAt: new Date(),
        version: sql`${products.version} + 1`,
      })
      .where(eq(products.id, productId));
    await tx.delete(productWarehouses).where(eq(productWarehouses.productId, productId));
    await tx.insert(productWarehouses).values(input.warehouse_ids.map((warehouseId) => ({ productId, warehouseId })));
    const after = await getProductDelivery(tx, principal, productId);
    const strip = ({ version: _v, id: _i, name: _n, vendor_id: _vendor, ...rest }: ProductDeliveryView) => ({
      ...rest,
      warehouse_ids: [...rest.warehouse_ids].sort((a, b) => a - b),
    });
    await logActivity(tx, actor, {
      area: 'products',
      action: 'update',
      recordId: productId,
      recordName: product.name,
      changes: diffRecords(strip(before), strip(after)),
    });
  });
  return getProductDelivery(db, principal, productId);
}

/**
 * GET /api/products/{id}/serviceability: the active delivery zones covering a pincode. The
 * product is checked (a vendor asks about their own), though zones are the store's, not the product's.
 */
export async function checkServiceability(db: DbOrTx, principal: Principal, productId: number, pincode: string): Promise<ServiceabilityAnswer> {
  await productFor(db, principal, productId);
  const [known] = await db.select({ id: pincodes.id }).from(pincodes).where(eq(pincodes.pincode, pincode)).limit(1);
  const zones = known
    ? await db
        .select({
          id: deliveryZones.id,
          name: deliveryZones.name,
          partner: deliveryPartners.name,
          days_min: deliveryZones.estimatedDaysMin,
          days_max: deliveryZones.estimatedDaysMax,
        })
        .from(deliveryZonePincodes)
        .innerJoin(deliveryZones, eq(deliveryZones.id, deliveryZonePincodes.zoneId))
        .innerJoin(deliveryPartners, eq(deliveryPartners.id, deliveryZones.deliveryPartnerId))
        .where(and(eq(deliveryZonePincodes.pincodeId, known.id), eq(deliveryZones.status, 'active'), eq(deliveryPartners.status, 'active')))
        .orderBy(asc(deliveryZones.estimatedDaysMin), asc(deliveryZones.name))
    : [];
  const answer = { pincode, known: Boolean(known), serviceable: zones.length > 0, zones };
  return { ...answer, message: serviceabilityMessage(answer) };
}
