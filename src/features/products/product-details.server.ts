/**
 * Everything about one product for its details page (/products/:id/details): the product with
 * its vendor, brand and category names, images, variants with their option values and stock per
 * warehouse, the status history and the product's activity entries. A vendor reads only their own
 * products (another's is null, so "not found") and is the only one who sees cost prices.
 */
import { and, asc, desc, eq, inArray } from 'drizzle-orm';
import type { DbOrTx } from '@/lib/db/client.server.ts';
import { activityLogs, users, vendors } from '@/lib/db/schema.ts';
import type { Principal } from '@/lib/auth/principal.server.ts';
import { vendorScope } from '@/lib/permissions/scope.server.ts';
import { vendorName } from '@/lib/vendors/vendor-name.server.ts';
import { brands } from '@/features/brands/brand.tables.ts';
import { categories, subCategories } from '@/features/categories/category.tables.ts';
import { productMatrixGroups, productMatrixValues } from '@/features/product-matrices/product-matrix.tables.ts';
import { stockLevels } from '@/features/inventories/inventory.tables.ts';
import { warehouses } from '@/features/warehouses/warehouse.tables.ts';
import { productImages, products, productStatusEvents, productVariants } from './product.tables.ts';

/** How many of the product's activity entries the page shows (the newest); the activity log has them all. */
export const DETAILS_ACTIVITY_LIMIT = 50;

export interface ProductDetails {
  id: number;
  vendorId: number;
  vendorName: string;
  vendorStatus: string;
  name: string;
  slug: string;
  description: string;
  brand: string | null;
  category: string | null;
  subCategory: string | null;
  status: string;
  rejectionReason: string | null;
  submittedAt: Date | null;
  reviewedAt: Date | null;
  version: number;
  createdAt: Date;
  updatedAt: Date;
  images: { id: number; alt: string; src: string; width: number; height: number }[];
  variants: {
    id: number;
    sku: string;
    options: { group: string; value: string }[];
    mrpPaise: number;
    pricePaise: number;
    /** Null for staff: a vendor's cost is the vendor's own business. */
    costPaise: number | null;
    status: string;
    barcode: string | null;
    stock: { warehouse: string; onHand: number; reserved: number; available: number }[];
  }[];
  events: { from: string | null; to: string; reason: string | null; actor: string | null; at: Date }[];
  activity: { id: number; action: string; actor: string | null; at: Date; changes: Record<string, [unknown, unknown]> | null }[];
}

/** The 480-px WebP copy the image pipeline writes beside each upload (`<path>-480.webp`). */
export const imageSrc = (path: string, width = 480) => `/uploads/${path}-${width}.webp`;

export async function productDetails(db: DbOrTx, principal: Principal, id: number): Promise<ProductDetails | null> {
  const [p] = await db
    .select({
      product: products,
      vendorName: vendorName(vendors.id, vendors.storeName),
      vendorStatus: vendors.status,
      brand: brands.name,
      category: categories.name,
      subCategory: subCategories.name,
    })
    .from(products)
    .innerJoin(vendors, eq(vendors.id, products.vendorId))
    .leftJoin(brands, eq(brands.id, products.brandId))
    .leftJoin(categories, eq(categories.id, products.categoryId))
    .leftJoin(subCategories, eq(subCategories.id, products.subCategoryId))
    .where(and(eq(products.id, id), vendorScope(principal, 'products', products)))
    .limit(1);
  if (!p) return null;

  const [images, variants, events, activity] = await Promise.all([
    db.select().from(productImages).where(eq(productImages.productId, id)).orderBy(asc(productImages.position), asc(productImages.id)),
    db.select().from(productVariants).where(eq(productVariants.productId, id)).orderBy(asc(productVariants.position), asc(productVariants.id)),
    db
      .select({
        from: productStatusEvents.fromStatus,
        to: productStatusEvents.toStatus,
        reason: productStatusEvents.reason,
        actor: users.name,
        at: productStatusEvents.createdAt,
      })
      .from(productStatusEvents)
      .leftJoin(users, eq(users.id, productStatusEvents.actorUserId))
      .where(eq(productStatusEvents.productId, id))
      .orderBy(desc(productStatusEvents.createdAt), desc(productStatusEvents.id)),
    db
      .select({ id: activityLogs.id, action: activityLogs.action, actor: users.name, at: activityLogs.at, changes: activityLogs.changes })
      .from(activityLogs)
      .leftJoin(users, eq(users.id, activityLogs.actorId))
      .where(and(eq(activityLogs.area, 'products'), eq(activityLogs.recordId, String(id))))
      .orderBy(desc(activityLogs.at), desc(activityLogs.id))
      .limit(DETAILS_ACTIVITY_LIMIT),
  ]);

  const valueIds = [...new Set(variants.flatMap((v) => v.optionValueIds))];
  const variantIds = variants.map((v) => v.id);
  const [values, stock] = await Promise.all([
    valueIds.length
      ? db
          .select({ id: productMatrixValues.id, value: productMatrixValues.value, group: productMatrixGroups.name })
          .from(productMatrixValues)
          .innerJoin(productMatrixGroups, eq(productMatrixGroups.id, productMatrixValues.groupId))
          .where(inArray(productMatrixValues.id, valueIds))
      : [],
    variantIds.length
      ? db
          .select({ variantId: stockLevels.variantId, warehouse: warehouses.name, onHand: stockLevels.onHand, reserved: stockLevels.reserved })
          .from(stockLevels)
          .innerJoin(warehouses, eq(warehouses.id, stockLevels.warehouseId))
          .where(inArray(stockLevels.variantId, variantIds))
          .orderBy(asc(warehouses.name))
      : [],
  ]);
  const valueById = new Map(values.map((v) => [v.id, v]));
  const seesCost = principal.user.userType === 'vendor';

  const product = p.product;
  return {
    id: product.id,
    vendorId: product.vendorId,
    vendorName: p.vendorName,
    vendorStatus: p.vendorStatus,
    name: product.name,
    slug: product.slug,
    description: product.description,
    brand: p.brand,
    category: p.category,
    subCategory: p.subCategory,
    status: product.status,
    rejectionReason: product.rejectionReason,
    submittedAt: product.submittedAt,
    reviewedAt: product.reviewedAt,
    version: product.version,
    createdAt: product.createdAt,
    updatedAt: product.updatedAt,
    images: images.map((i) => ({ id: i.id, alt: i.alt, src: imageSrc(i.path), width: i.width, height: i.height })),
    variants: variants.map((v) => ({
      id: v.id,
      sku: v.sku,
      options: v.optionValueIds.flatMap((vid) => {
        const found = valueById.get(vid);
        return found ? [{ group: found.group, value: found.value }] : [];
      }),
      mrpPaise: v.mrpPaise,
      pricePaise: v.pricePaise,
      costPaise: seesCost ? v.costPaise : null,
      status: v.status,
      barcode: v.barcode,
      stock: stock
        .filter((s) => s.variantId === v.id)
        .map((s) => ({ warehouse: s.warehouse, onHand: s.onHand, reserved: s.reserved, available: s.onHand - s.reserved })),
    })),
    events,
    activity: activity.map((a) => ({ ...a, id: Number(a.id) })),
  };
}
