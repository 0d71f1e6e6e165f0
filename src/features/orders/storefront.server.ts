/**
 * What the storefront API reads (issue 17 §1): the catalogue (active products of active vendors,
 * their active variants, prices in paise, what is available), availability by pincode, and an
 * order's status as the customer may see it. No internal notes, costs or other customers' data.
 */
import { and, asc, eq, gt, inArray, sql } from 'drizzle-orm';
import { z } from 'zod';
import type { DbOrTx } from '@/lib/db/client.server.ts';
import { notFound } from '@/lib/http/errors.ts';
import { logActivity, type Actor } from '@/lib/activity/activity.server.ts';
import { vendors } from '@/lib/db/schema.ts';
import { pincode as pincodeSchema } from '@/lib/india/formats.ts';
import { products, productVariants } from '@/features/products/product.tables.ts';
import { stockLevels } from '@/features/inventories/inventory.tables.ts';
import { warehouses } from '@/features/warehouses/warehouse.tables.ts';
import { pincodeIs, pincodes } from '@/features/geography/geography.tables.ts';
import { deliveryZones, deliveryZonePincodes } from '@/features/delivery-zones/delivery-zone.tables.ts';
import { deliveryPartners } from '@/features/delivery-partners/delivery-partner.tables.ts';
import { taxes } from '@/features/taxes/tax.tables.ts';
import { orderDiscounts, orders, orderLines, subOrders } from './orders.tables.ts';
import { statusLabel } from './order-status.ts';
import { upsertCustomer } from './order-pricing.server.ts';
import type { CustomerInput } from './order.schema.ts';

export const catalogueQuerySchema = z.strictObject({
  after: z.coerce.number('after is a product id.').int().min(0).max(2_147_483_647).default(0),
  limit: z.coerce.number('limit is 1 to 100.').int().min(1, 'limit is 1 to 100.').max(100, 'limit is 1 to 100.').default(20),
});

export const availabilityQuerySchema = z.strictObject({
  sku: z
    .string('Give the SKU.')
    .trim()
    .min(1, 'Give the SKU.')
    .max(64)
    .transform((v) => v.toUpperCase()),
  pincode: pincodeSchema,
});

const onSale = and(eq(products.status, 'active'), eq(vendors.status, 'active'));

/** Available units per variant: on hand − reserved over the vendor's active warehouses. */
async function availableByVariant(db: DbOrTx, variantIds: number[]): Promise<Map<number, number>> {
  if (!variantIds.length) return new Map();
  const rows = await db
    .select({ variantId: stockLevels.variantId, available: sql<number>`sum(${stockLevels.onHand} - ${stockLevels.reserved})::int` })
    .from(stockLevels)
    .innerJoin(warehouses, eq(warehouses.id, stockLevels.warehouseId))
    .where(and(inArray(stockLevels.variantId, variantIds), eq(warehouses.isActive, true)))
    .groupBy(stockLevels.variantId);
  return new Map(rows.map((r) => [r.variantId, Number(r.available)]));
}

async function productsWithVariants(db: DbOrTx, where: ReturnType<typeof and>, limit: number) {
  const rows = await db
    .select({
      id: products.id,
      name: products.name,
      slug: products.slug,
      description: products.description,
      vendorId: products.vendorId,
      vendorName: vendors.storeName,
      hsnCode: taxes.hsnCode,
      taxRate: taxes.ratePercent,
      priceMode: taxes.priceMode,
    })
    .from(products)
    .innerJoin(vendors, eq(vendors.id, products.vendorId))
    .leftJoin(taxes, eq(taxes.id, products.taxId))
    .where(where)
    .orderBy(asc(products.id))
    .limit(limit);
  const variants = rows.length
    ? await db
        .select({
          id: productVariants.id,
          productId: productVariants.productId,
          sku: productVariants.sku,
          mrpPaise: productVariants.mrpPaise,
          pricePaise: productVariants.pricePaise,
          optionValues: sql<
            string | null
          >`(select string_agg(v.value, ' / ' order by o.ord) from unnest("product_variants"."option_value_ids") with ordinality as o(id, ord) join product_matrix_values v on v.id = o.id)`,
        })
        .from(productVariants)
        .where(
          and(
            inArray(
              productVariants.productId,
              rows.map((r) => r.id),
            ),
            eq(productVariants.status, 'active'),
          ),
        )
        .orderBy(asc(productVariants.productId), asc(productVariants.position), asc(productVariants.id))
    : [];
  const available = await availableByVariant(
    db,
    variants.map((v) => v.id),
  );
  return rows.map((p) => ({
    id: p.id,
    name: p.name,
    slug: p.slug,
    description: p.description,
    vendor: { id: p.vendorId, name: p.vendorName },
    hsn_code: p.hsnCode,
    gst_rate_percent: p.taxRate,
    prices_include_tax: p.priceMode !== 'exclusive',
    variants: variants
      .filter((v) => v.productId === p.id)
      .map((v) => ({
        id: v.id,
        sku: v.sku,
        options: v.optionValues ?? '',
        mrp_paise: Number(v.mrpPaise),
        price_paise: Number(v.pricePaise),
        available: Math.max(0, available.get(v.id) ?? 0),
      })),
  }));
}

/** A page of the catalogue, by product id after `after` (a keyset: stable while products are added). */
export async function listCatalogue(db: DbOrTx, query: z.infer<typeof catalogueQuerySchema>) {
  const data = await productsWithVariants(db, and(onSale, gt(products.id, query.after)), query.limit + 1);
  const more = data.length > query.limit;
  const page = more ? data.slice(0, query.limit) : data;
  return { data: page, meta: { next_after: more ? page[page.length - 1]!.id : null } };
}

export async function catalogueProduct(db: DbOrTx, id: number) {
  const [p] = await productsWithVariants(db, and(onSale, eq(products.id, id)), 1);
  if (!p) throw notFound('That product is not on sale.');
  return p;
}

/** Can this SKU reach this pincode, how many can be had, and how soon. */
export async function availability(db: DbOrTx, query: z.infer<typeof availabilityQuerySchema>) {
  const [variant] = await db
    .select({ id: productVariants.id, sku: productVariants.sku })
    .from(productVariants)
    .innerJoin(products, eq(products.id, productVariants.productId))
    .innerJoin(vendors, eq(vendors.id, productVariants.vendorId))
    .where(and(eq(productVariants.sku, query.sku), eq(productVariants.status, 'active'), onSale))
    .limit(1);
  if (!variant) throw notFound(`${query.sku} is not on sale.`);
  const [place] = await db
    .select({ id: pincodes.id })
    .from(pincodes)
    .where(and(pincodeIs(query.pincode), eq(pincodes.isServiceable, true)))
    .limit(1);
  const zones = place
    ? await db
        .select({ cod: deliveryPartners.codSupported, min: deliveryZones.estimatedDaysMin, max: deliveryZones.estimatedDaysMax })
        .from(deliveryZonePincodes)
        .innerJoin(deliveryZones, eq(deliveryZones.id, deliveryZonePincodes.zoneId))
        .innerJoin(deliveryPartners, eq(deliveryPartners.id, deliveryZones.deliveryPartnerId))
        .where(and(eq(deliveryZonePincodes.pincodeId, place.id), eq(deliveryZones.status, 'active'), eq(deliveryPartners.status, 'active')))
    : [];
  const available = Math.max(0, (await availableByVariant(db, [variant.id])).get(variant.id) ?? 0);
  const serviceable = zones.length > 0;
  return {
    sku: variant.sku,
    pincode: query.pincode,
    serviceable,
    cod_available: zones.some((z) => z.cod),
    available,
    can_order: serviceable && available > 0,
    delivery_days: serviceable ? { min: Math.min(...zones.map((z) => z.min)), max: Math.min(...zones.map((z) => z.max)) } : null,
  };
}

/** POST /customers: the storefront's customer, by email or phone (never a duplicate). */
export async function storefrontUpsertCustomer(db: DbOrTx, actor: Actor, input: CustomerInput) {
  return db.transaction(async (tx) => {
    const { id, created } = await upsertCustomer(tx, input);
    await logActivity(tx, actor, {
      area: 'customers',
      action: created ? 'created' : 'updated',
      recordId: id,
      recordName: input.name,
      after: { name: input.name, email: input.email, phone: input.phone, via: 'storefront' },
    });
    return { id, created, name: input.name, email: input.email, phone: input.phone };
  });
}

/** An order's number → its id, or 404. */
export async function orderIdByNumber(db: DbOrTx, number: string): Promise<number> {
  const [o] = await db.select({ id: orders.id }).from(orders).where(eq(orders.number, number.toUpperCase())).limit(1);
  if (!o) throw notFound('That order does not exist.');
  return o.id;
}

/** What the customer may see of their order: states, parcels and tracking, lines and totals. */
export async function storefrontOrder(db: DbOrTx, orderId: number) {
  const [o] = await db.select().from(orders).where(eq(orders.id, orderId)).limit(1);
  if (!o) throw notFound('That order does not exist.');
  const subs = await db.select().from(subOrders).where(eq(subOrders.orderId, orderId)).orderBy(asc(subOrders.id));
  const lines = await db.select().from(orderLines).where(eq(orderLines.orderId, orderId)).orderBy(asc(orderLines.id));
  const discounts = await db.select().from(orderDiscounts).where(eq(orderDiscounts.orderId, orderId)).orderBy(asc(orderDiscounts.id));
  return {
    number: o.number,
    status: o.status,
    status_label: statusLabel(o.status),
    placed_at: o.placedAt.toISOString(),
    payment_method: o.paymentMethod,
    coupon_code: o.couponCode,
    shipping_address: o.shippingAddress,
    billing_address: o.billingAddress,
    items_paise: o.itemsPaise,
    discount_paise: o.discountPaise,
    taxable_paise: o.taxablePaise,
    tax_paise: o.taxPaise,
    /** The delivery charge and what promotions took off it (the marketplace's own charge). */
    shipping_paise: o.shippingPaise,
    shipping_discount_paise: o.shippingDiscountPaise,
    total_paise: o.totalPaise,
    discounts: discounts.map((d) => ({
      kind: d.kind,
      name: d.name,
      amount_paise: d.amountPaise,
      shipping_discount_paise: d.shippingDiscountPaise,
      reason: d.reason,
    })),
    sub_orders: subs.map((s) => ({
      number: s.number,
      status: s.status,
      status_label: statusLabel(s.status),
      awb: s.awb,
      tracking_url: s.trackingUrl,
      shipped_at: s.shippedAt?.toISOString() ?? null,
      delivered_at: s.deliveredAt?.toISOString() ?? null,
      total_paise: s.totalPaise,
      lines: lines
        .filter((l) => l.subOrderId === s.id)
        .map((l) => ({
          sku: l.sku,
          product_name: l.productName,
          options: l.optionValues ?? '',
          quantity: l.quantity,
          unit_price_paise: l.unitPricePaise,
          discount_paise: l.discountPaise,
          tax_rate_bp: l.taxRateBp,
          taxable_paise: l.taxablePaise,
          cgst_paise: l.cgstPaise,
          sgst_paise: l.sgstPaise,
          igst_paise: l.igstPaise,
          total_paise: l.totalPaise,
        })),
    })),
  };
}
